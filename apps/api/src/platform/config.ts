import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { z } from 'zod';

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('localhost'),
  APP_URL: z.string().url().optional(),
  DATABASE_URL: z.string().optional(),
  READ_DATABASE_URL: z.string().optional(),
  JOB_LEASE_MS: z.coerce.number().int().min(100).optional(),
  JOB_HEARTBEAT_MS: z.coerce.number().int().min(50).optional(),
  DATA_DIR: z.string().default('./data'),
  SESSION_SECRET: z.string().min(32).optional(),
  EXCHANGE_SECRET_KEY: z.string().min(32).optional(),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Klimadesk <no-reply@klimadesk.local>'),
  SUPPORT_EMAIL: z.string().default('support@klimadesk.local'),
  NODE_ENV: z.string().optional(),
  // Unset: demo data except in production (NODE_ENV=production), where only SEED_DEMO=1 seeds it.
  SEED_DEMO: z.enum(['0', '1']).optional(),
  DEMO_PASSWORD: z.string().min(6).default('demo-password'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WORKER: z.enum(['0', '1']).default('1'),
  MAINTENANCE_PASSWORD: z.string().optional(),
  MAINTENANCE_UNTIL: z.string().optional(),
  WEB_DIST: z.string().optional(),
  RATE_LIMIT_PER_IP_PER_MINUTE: z.coerce.number().int().min(1).optional(),
  RATE_LIMIT_LOGIN_FAILURES: z.coerce.number().int().min(1).optional(),
  TRUST_PROXY: z.string().optional(),
  AUTH_CACHE: z.enum(['0', '1']).default('1'),
  DASHBOARD_CACHE: z.enum(['0', '1']).default('1'),
  ROUTING_URL: z.string().optional(),
  ROUTING_PROFILE: z.string().optional(),
  ROUTING_RAIL_URL: z.string().optional(),
  GEO_DATA_DIR: z.string().optional(),
  FACTOR_DATA_DIR: z.string().optional(),
  ADMIN_PASSWORD: z.string().optional(),
  IMPORT_TIMEOUT_SECONDS: z.coerce
    .number()
    .positive()
    .default(30 * 60),
  IMPORT_MEMORY_CHARS: z.coerce.number().int().positive().optional(),
});

export type Config = {
  port: number;
  host: string;
  appUrl: string;
  databaseUrl: string | null;
  /**
   * A PostgreSQL streaming replica of DATABASE_URL: dashboards, lists, exports and statements read
   * from it (`AppContext.readDb`); null reads everything from the primary (docs/scaling.md).
   */
  readDatabaseUrl: string | null;
  /** The job lease and its heartbeat (platform/jobs.ts); unset: the defaults there. Tests shorten them. */
  jobLease: { leaseMs?: number; heartbeatMs?: number };
  dataDir: string;
  sessionSecret: string;
  smtpUrl: string | null;
  mailFrom: string;
  supportEmail: string;
  /** NODE_ENV=production: no demo data unless SEED_DEMO=1 asks for it. */
  production: boolean;
  seedDemo: boolean;
  demoPassword: string;
  logLevel: string;
  runWorker: boolean;
  maintenance: { password: string; until: string | null } | null;
  webDist: string | null;
  /** Overrides of the login and registration limits (benchmarks, load tests). */
  rateLimits: { perIpPerMinute?: number; loginFailuresPerAccount?: number };
  /** An import running longer than this is rolled back and marked `mapping_timed_out`. */
  importTimeoutSeconds: number;
  /**
   * Characters of checked rows an import keeps in memory before it stages them in the database
   * (default `KEPT_CHARS`, about 150,000 rows); tests set it low to stage small files.
   */
  importMemoryChars: number | null;
  /**
   * Fastify's trustProxy: whether (true), how many hops (a number) or which addresses (a list) of
   * reverse proxies to believe in X-Forwarded-For, so per-IP limits see the client's address.
   */
  trustProxy: boolean | number | string;
  /**
   * Keep session checks in the process between requests (PostgreSQL only; emptied through
   * LISTEN/NOTIFY, see platform/auth/auth-cache.ts). AUTH_CACHE=0 reads every one.
   */
  sessionCache: boolean;
  /** Keep dashboard answers per company stats version (decision 0020). DASHBOARD_CACHE=0 computes every one. */
  dashboardCache: boolean;
  /** Cookies are Secure unless the app is served from localhost over plain http. */
  secureCookies: boolean;
  /** OSRM servers for road (ROUTING_URL, ROUTING_PROFILE) and rail (ROUTING_RAIL_URL); unset: the estimate. */
  routing: RoutingConfig;
  /** GEO_DATA_DIR: UN/LOCODE and postal code files for the geo import; FACTOR_DATA_DIR: factor files. */
  geoDataDir: string | null;
  factorDataDir: string | null;
  /** ADMIN_PASSWORD: the password `npm run create-admin` takes instead of asking. */
  adminPassword: string | null;
  /**
   * EXCHANGE_SECRET_KEY: the key material that encrypts partner connection secrets at rest
   * (exchange module); unset: derived from the session secret.
   */
  exchangeSecretKey: string;
};

export type RoutingConfig = { roadUrl: string | null; roadProfile: string; railUrl: string | null };

/** Reads the environment once; unset secrets are generated and kept in the data folder. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const e = envSchema.parse(env);
  const dataDir = resolve(e.DATA_DIR);
  const appUrl = (e.APP_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, '');
  return {
    port: e.PORT,
    host: e.HOST,
    appUrl,
    databaseUrl: e.DATABASE_URL || null,
    readDatabaseUrl: (e.DATABASE_URL && e.READ_DATABASE_URL) || null,
    jobLease: {
      ...(e.JOB_LEASE_MS ? { leaseMs: e.JOB_LEASE_MS } : {}),
      ...(e.JOB_HEARTBEAT_MS ? { heartbeatMs: e.JOB_HEARTBEAT_MS } : {}),
    },
    dataDir,
    sessionSecret: e.SESSION_SECRET ?? persistedSecret(dataDir),
    exchangeSecretKey: e.EXCHANGE_SECRET_KEY ?? e.SESSION_SECRET ?? persistedSecret(dataDir),
    smtpUrl: e.SMTP_URL || null,
    mailFrom: e.MAIL_FROM,
    supportEmail: e.SUPPORT_EMAIL,
    production: e.NODE_ENV === 'production',
    seedDemo: e.SEED_DEMO ? e.SEED_DEMO === '1' : e.NODE_ENV !== 'production',
    demoPassword: e.DEMO_PASSWORD,
    logLevel: e.LOG_LEVEL,
    runWorker: e.WORKER === '1',
    maintenance: e.MAINTENANCE_PASSWORD
      ? { password: e.MAINTENANCE_PASSWORD, until: e.MAINTENANCE_UNTIL ?? null }
      : null,
    webDist: e.WEB_DIST ?? null,
    rateLimits: {
      ...(e.RATE_LIMIT_PER_IP_PER_MINUTE ? { perIpPerMinute: e.RATE_LIMIT_PER_IP_PER_MINUTE } : {}),
      ...(e.RATE_LIMIT_LOGIN_FAILURES ? { loginFailuresPerAccount: e.RATE_LIMIT_LOGIN_FAILURES } : {}),
    },
    importTimeoutSeconds: e.IMPORT_TIMEOUT_SECONDS,
    importMemoryChars: e.IMPORT_MEMORY_CHARS ?? null,
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    sessionCache: e.AUTH_CACHE === '1',
    dashboardCache: e.DASHBOARD_CACHE === '1',
    secureCookies: !/^http:\/\/(localhost|127\.0\.0\.1)(:\d+)?$/.test(appUrl),
    routing: {
      roadUrl: e.ROUTING_URL || null,
      roadProfile: e.ROUTING_PROFILE || 'driving',
      railUrl: e.ROUTING_RAIL_URL || null,
    },
    geoDataDir: e.GEO_DATA_DIR || null,
    factorDataDir: e.FACTOR_DATA_DIR || null,
    adminPassword: e.ADMIN_PASSWORD || null,
  };
}

/** TRUST_PROXY: `true`/`false`, a hop count, or comma-separated addresses or CIDR ranges. */
export function parseTrustProxy(value: string | undefined): boolean | number | string {
  const v = value?.trim() ?? '';
  if (v === '' || v === 'false' || v === '0') return false;
  if (v === 'true') return true;
  if (/^\d+$/.test(v)) return Number(v);
  return v;
}

function persistedSecret(dataDir: string): string {
  const file = join(dataDir, 'session-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
