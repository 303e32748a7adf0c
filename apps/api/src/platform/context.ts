import { type Logger, consoleLogger } from './log.ts';
import type { Config } from './config.ts';
import { type Db, type DbHandle, openDb } from './db/index.ts';
import { JobQueue } from './jobs.ts';
import { Mailer } from './mail.ts';
import { KeyedLimiter } from './auth/rate-limit.ts';

export type RateLimits = {
  /** Requests per minute and IP on login, registration and reset. */
  perIpPerMinute: number;
  /** Failed logins per account before a 15-minute lock. */
  loginFailuresPerAccount: number;
  /** Reset e-mails per account and hour. */
  resetsPerAccount: number;
};

export type AppContext = {
  config: Config;
  db: Db;
  dbKind: DbHandle['kind'];
  jobs: JobQueue;
  mailer: Mailer;
  limits: RateLimits;
  loginLimiter: KeyedLimiter;
  resetLimiter: KeyedLimiter;
  close: () => Promise<void>;
};

export const DEFAULT_LIMITS: RateLimits = {
  perIpPerMinute: 20,
  loginFailuresPerAccount: 5,
  resetsPerAccount: 3,
};

/** Opens the database (running migrations) and wires the queue and mailer around it. */
export async function createContext(
  config: Config,
  options: { log?: Logger; handle?: DbHandle; limits?: Partial<RateLimits>; pollMs?: number } = {},
): Promise<AppContext> {
  const handle =
    options.handle ??
    (await openDb(
      config.databaseUrl ? { url: config.databaseUrl } : { dataDir: `${config.dataDir}/pglite` },
    ));
  const log = options.log ?? consoleLogger;
  const jobs = new JobQueue(handle.db, log, options.pollMs);
  const mailer = new Mailer(handle.db, jobs, config.mailFrom, config.smtpUrl, log);
  const limits = { ...DEFAULT_LIMITS, ...config.rateLimits, ...options.limits };
  return {
    config,
    db: handle.db,
    dbKind: handle.kind,
    jobs,
    mailer,
    limits,
    loginLimiter: new KeyedLimiter(limits.loginFailuresPerAccount, 15 * 60_000),
    resetLimiter: new KeyedLimiter(limits.resetsPerAccount, 3600_000),
    close: async () => {
      await jobs.stop();
      await handle.close();
    },
  };
}
