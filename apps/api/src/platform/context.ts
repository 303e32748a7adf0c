import { type Logger, consoleLogger } from './log.ts';
import type { Config } from './config.ts';
import { type Db, type DbHandle, openDb } from './db/index.ts';
import { JobQueue } from './jobs.ts';
import { Mailer } from './mail.ts';
import { KeyedLimiter, LoginThrottle } from './auth/rate-limit.ts';
import { type LimitStore, MemoryLimitStore, PgLimitStore } from './auth/limit-store.ts';
import { type AuthCache, AuthChannel, listenForAuthChanges } from './auth/auth-cache.ts';
import type { SessionRow } from './auth/sessions.ts';

export type RateLimits = {
  /** Requests per minute and IP on login, registration and reset. */
  perIpPerMinute: number;
  /** Failed logins per account and IP before the exponential back-off starts. */
  loginFailuresPerAccount: number;
  /** Failed logins per account, from any address that never signed in to it, before its back-off starts. */
  loginFailuresPerAccountAnyAddress: number;
  /** Reset e-mails per account and hour. */
  resetsPerAccount: number;
  /** Registrations per IP and hour. */
  registrationsPerIpPerHour: number;
  /** Support and company-admin messages per user and hour (three times as many per IP). */
  messagesPerUserPerHour: number;
};

export type AppContext = {
  config: Config;
  db: Db;
  /**
   * Where dashboards, lists, exports and statements read: the replica of READ_DATABASE_URL, else
   * `db`. Writes and reads that must see the caller's own writes use `db`.
   */
  readDb: Db;
  dbKind: DbHandle['kind'];
  jobs: JobQueue;
  mailer: Mailer;
  limits: RateLimits;
  /** The counters of the limits: shared through PostgreSQL, in the process on PGlite. */
  limitStore: LimitStore;
  loginThrottle: LoginThrottle;
  resetLimiter: KeyedLimiter;
  registrationLimiter: KeyedLimiter;
  /** Keys `user:<id>` and `ip:<address>`. */
  messageLimiter: KeyedLimiter;
  /**
   * The channel that keeps the caches of the session checks current, and the session checks'
   * own cache; null on PGlite, in the worker and with AUTH_CACHE=0.
   */
  authChannel: AuthChannel | null;
  sessionCache: AuthCache<SessionRow> | null;
  close: () => Promise<void>;
};

export const DEFAULT_LIMITS: RateLimits = {
  perIpPerMinute: 20,
  loginFailuresPerAccount: 5,
  loginFailuresPerAccountAnyAddress: 20,
  resetsPerAccount: 3,
  registrationsPerIpPerHour: 10,
  messagesPerUserPerHour: 10,
};

/** The limiters over one store; `now` is injected by tests. */
export function createLimiters(limits: RateLimits, store: LimitStore, now: () => number = Date.now) {
  return {
    limitStore: store,
    loginThrottle: new LoginThrottle(
      store,
      {
        freeFailures: limits.loginFailuresPerAccount,
        accountFreeFailures: limits.loginFailuresPerAccountAnyAddress,
        maxDelayMs: 15 * 60_000,
      },
      now,
    ),
    resetLimiter: new KeyedLimiter(store, 'reset', limits.resetsPerAccount, 3600_000, now),
    registrationLimiter: new KeyedLimiter(
      store,
      'registration',
      limits.registrationsPerIpPerHour,
      3600_000,
      now,
    ),
    messageLimiter: new KeyedLimiter(store, 'message', limits.messagesPerUserPerHour, 3600_000, now),
  };
}

/** Opens the database (running migrations) and wires the queue and mailer around it. */
export async function createContext(
  config: Config,
  options: {
    log?: Logger;
    handle?: DbHandle;
    /** The replica's pool (tests); unset: opened from READ_DATABASE_URL when that is set. */
    readHandle?: DbHandle;
    limits?: Partial<RateLimits>;
    pollMs?: number;
    now?: () => number;
    /** The worker serves no requests and needs no session cache. */
    serveRequests?: boolean;
  } = {},
): Promise<AppContext> {
  const handle =
    options.handle ??
    (await openDb(
      config.databaseUrl ? { url: config.databaseUrl } : { dataDir: `${config.dataDir}/pglite` },
    ));
  const readHandle =
    options.readHandle ??
    (config.readDatabaseUrl && handle.kind === 'postgres'
      ? await openDb({ url: config.readDatabaseUrl, migrate: false })
      : null);
  const log = options.log ?? consoleLogger;
  const jobs = new JobQueue(handle.db, log, options.pollMs, config.jobLease);
  const mailer = new Mailer(handle.db, jobs, config.mailFrom, config.smtpUrl, log);
  const limits = { ...DEFAULT_LIMITS, ...config.rateLimits, ...options.limits };
  // The cache listens on a connection of its own, so it needs the server's URL (not only a pool).
  const cacheUrl =
    handle.kind === 'postgres' && config.sessionCache && options.serveRequests !== false
      ? config.databaseUrl
      : null;
  const authChannel = cacheUrl ? new AuthChannel() : null;
  const listener = cacheUrl && authChannel ? await listenForAuthChanges(cacheUrl, authChannel, log) : null;
  return {
    config,
    db: handle.db,
    readDb: readHandle?.db ?? handle.db,
    dbKind: handle.kind,
    jobs,
    mailer,
    limits,
    // PGlite serves one process, so its counters stay in memory; PostgreSQL may serve many.
    ...createLimiters(
      limits,
      handle.kind === 'postgres' ? new PgLimitStore(handle.db) : new MemoryLimitStore(),
      options.now,
    ),
    authChannel,
    sessionCache: authChannel?.cache<SessionRow>() ?? null,
    close: async () => {
      await listener?.close();
      await jobs.stop();
      await readHandle?.close();
      await handle.close();
    },
  };
}
