import { afterAll, beforeAll } from 'vitest';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import type { Role } from '@klimadesk/contract';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/platform/config.ts';
import { type AppContext, type RateLimits, createContext } from '../src/platform/context.ts';
import { hashPassword } from '../src/platform/auth/passwords.ts';
import { insertCompany } from '../src/modules/companies/companies.repository.ts';
import { insertUser } from '../src/modules/users/users.repository.ts';
import { freshDatabase, testDatabaseUrl, withDatabase } from './databases.ts';
import { AuthChannel, listenForAuthChanges } from '../src/platform/auth/auth-cache.ts';

export const PASSWORD = 'test-password';

export type TestApp = {
  app: FastifyInstance;
  ctx: AppContext;
  /** A request with an optional bearer token; JSON bodies are sent as JSON. */
  call: (options: InjectOptions & { token?: string }) => Promise<LightMyRequestResponse>;
  /** A login request as sent by the login form; the answer as it is. */
  loginAttempt: (email: string, password?: string) => Promise<LightMyRequestResponse>;
  /** A session token of the user; throws when the login fails. */
  login: (email: string, password?: string) => Promise<string>;
  close: () => Promise<void>;
};

const silent = { info: () => {}, warn: () => {}, error: process.env.TEST_DEBUG ? console.error : () => {} };

export async function createTestApp(
  options: { env?: Record<string, string>; limits?: Partial<RateLimits>; now?: () => number } = {},
): Promise<TestApp> {
  const handle = await freshDatabase();
  const config = loadConfig({
    DATA_DIR: mkdtempSync(join(tmpdir(), 'klimadesk-data-')),
    SEED_DEMO: '0',
    LOG_LEVEL: 'silent',
    APP_URL: 'http://localhost:3000',
    SESSION_SECRET: 'test-secret-test-secret-test-secret-0123',
    ...options.env,
  });
  const ctx = await createContext(config, {
    handle,
    log: silent,
    limits: {
      perIpPerMinute: 100_000,
      loginFailuresPerAccount: 1000,
      loginFailuresPerAccountAnyAddress: 100_000,
      resetsPerAccount: 1000,
      registrationsPerIpPerHour: 1000,
      messagesPerUserPerHour: 1000,
      ...options.limits,
    },
    now: options.now,
  });
  // TEST_AUTH_CACHE=1 runs a PostgreSQL suite with the caches of the session checks on, as an API
  // process has them; tests that write straight into the database then see notification delays.
  const listener =
    process.env.TEST_AUTH_CACHE === '1' && handle.kind === 'postgres'
      ? await listenWithCaches(ctx, handle.name)
      : null;
  const app = await buildApp(ctx, { logger: process.env.TEST_DEBUG ? { level: 'error' } : false });
  await app.ready();
  const call: TestApp['call'] = ({ token, headers, ...rest }) =>
    app.inject({
      ...rest,
      headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
    });
  const loginAttempt = (email: string, password = PASSWORD) =>
    call({ method: 'POST', url: '/api/login', payload: { username: email, password } });
  const login = async (email: string, password = PASSWORD) => {
    const res = await loginAttempt(email, password);
    if (res.statusCode !== 200) throw new Error(`login of ${email} failed: ${res.statusCode} ${res.body}`);
    return res.json<{ token: string }>().token;
  };
  return {
    app,
    ctx,
    call,
    loginAttempt,
    login,
    close: async () => {
      await app.close();
      await listener?.close();
      await ctx.close();
    },
  };
}

/** A test app of its own (other limits, clock or settings) for one test; closed after it, also when it fails. */
export async function withTestApp(
  options: Parameters<typeof createTestApp>[0],
  run: (app: TestApp) => Promise<void>,
): Promise<void> {
  const app = await createTestApp(options);
  try {
    await run(app);
  } finally {
    await app.close();
  }
}

export type CompanyFixture = {
  id: string;
  users: Record<'admin' | 'user' | 'readonly' | 'external' | 'cftAdmin', { id: string; email: string }>;
};

const ROLE_SETS: Record<keyof CompanyFixture['users'], Role[]> = {
  admin: ['ROLE_COMPANY_ADMIN', 'ROLE_CFT_ADMIN', 'ROLE_CFC_ADMIN', 'ROLE_TAX_ADMIN', 'ROLE_CSRD_ADMIN'],
  user: ['ROLE_CFT_USER', 'ROLE_CFC_USER', 'ROLE_TAX_USER', 'ROLE_CSRD_USER'],
  readonly: ['ROLE_CFT_READ_ONLY', 'ROLE_CFC_READ_ONLY', 'ROLE_TAX_READ_ONLY', 'ROLE_CSRD_READ_ONLY'],
  external: ['ROLE_CFT_READ_ONLY_EXTERNAL'],
  cftAdmin: ['ROLE_CFT_ADMIN'],
};

let hashCache: Promise<string> | null = null;

export type CompanyOptions = {
  isBasic?: boolean;
  modules?: string[];
  /** A paying professional company: no trial limits (imports, exports, API keys). */
  isPayingCustomer?: boolean;
};

/** A company with one user per role, all with PASSWORD. */
export async function createCompanyFixture(
  ctx: AppContext,
  key: string,
  options: CompanyOptions = {},
): Promise<CompanyFixture> {
  hashCache ??= hashPassword(PASSWORD);
  const passwordHash = await hashCache;
  const company = await insertCompany(ctx.db, {
    name: `Firma ${key} GmbH`,
    street: 'Teststraße 1',
    zipcode: '10115',
    city: 'Berlin',
    country: 'DE',
    isBasic: options.isBasic ?? false,
    unlocked: !(options.isBasic ?? false),
    modules: options.modules ?? ['cft', 'cfc', 'tax', 'csrd'],
    initialModule: 'cft',
    isPayingCustomer: options.isPayingCustomer ?? false,
  });
  const users = {} as CompanyFixture['users'];
  for (const [name, roles] of Object.entries(ROLE_SETS) as [keyof CompanyFixture['users'], Role[]][]) {
    const email = `${name}@${key}.test`.toLowerCase();
    const row = await insertUser(ctx.db, {
      companyId: company.id,
      email,
      passwordHash,
      firstName: name,
      lastName: key,
      roles,
      isVerified: true,
    });
    users[name] = { id: row.id, email };
  }
  return { id: company.id, users };
}

/** A further user of a company with these roles and PASSWORD. */
export async function createFixtureUser(
  ctx: AppContext,
  companyId: string,
  email: string,
  roles: Role[],
): Promise<{ id: string; email: string }> {
  hashCache ??= hashPassword(PASSWORD);
  const row = await insertUser(ctx.db, {
    companyId,
    email,
    passwordHash: await hashCache,
    firstName: email.split('@')[0],
    lastName: 'Test',
    roles,
    isVerified: true,
  });
  return { id: row.id, email };
}

export async function createPlatformAdmin(
  ctx: AppContext,
): Promise<{ id: string; email: string; companyId: string }> {
  hashCache ??= hashPassword(PASSWORD);
  const company = await insertCompany(ctx.db, {
    name: 'Plattform',
    street: 'Plattformweg 1',
    zipcode: '10117',
    city: 'Berlin',
    country: 'DE',
    isPlatform: true,
    isBasic: false,
    modules: ['cft', 'cfc', 'tax', 'csrd'],
  });
  const email = 'smp@platform.test';
  const row = await insertUser(ctx.db, {
    companyId: company.id,
    email,
    passwordHash: await hashCache,
    firstName: 'Platform',
    lastName: 'Admin',
    roles: ['ROLE_SMP_ADMIN'],
    isVerified: true,
  });
  return { id: row.id, email, companyId: company.id };
}

export type CompanySpec = { key: string } & CompanyOptions;

export type FileFixture<N extends string> = {
  t: TestApp;
  /** The platform admin, when asked for with `platformAdmin: true`. */
  smp: { id: string; email: string; companyId: string };
} & Record<N, CompanyFixture>;

/**
 * One test app and companies for a whole test file: made before its first test, closed after its
 * last. Companies are named by the file's variable and made from a key (`{ a: 'A' }` gives the
 * users `admin@a.test`, …). The returned objects are filled in place in `beforeAll`, so they can be
 * destructured at the top of the file and read inside hooks and tests registered after this call.
 */
export function appWithCompanies<N extends string>(
  companies: Record<N, string | CompanySpec>,
  options: { env?: Record<string, string>; platformAdmin?: boolean } = {},
): FileFixture<N> {
  const fixture = { t: {} as TestApp, smp: {} } as FileFixture<N>;
  const specs = Object.entries(companies) as [N, string | CompanySpec][];
  for (const [name] of specs) (fixture as Record<N, CompanyFixture>)[name] = {} as CompanyFixture;
  beforeAll(async () => {
    Object.assign(fixture.t, await createTestApp({ env: options.env }));
    for (const [name, spec] of specs) {
      const { key, ...rest } = typeof spec === 'string' ? { key: spec } : spec;
      Object.assign(fixture[name], await createCompanyFixture(fixture.t.ctx, key, rest));
    }
    if (options.platformAdmin) Object.assign(fixture.smp, await createPlatformAdmin(fixture.t.ctx));
  });
  afterAll(() => fixture.t.close());
  return fixture;
}

/**
 * Puts the company's external read-only user in a user group whose access right shows only these
 * shippers' shipments (made by the company admin); answers the creating request's response.
 */
export async function limitExternalToShippers(t: TestApp, company: CompanyFixture, shippers: string[]) {
  const admin = await t.login(company.users.admin.email);
  return t.call({
    method: 'POST',
    url: '/api/user-groups/create',
    token: admin,
    payload: {
      name: `Kunde ${shippers.join(', ')}`,
      rights: { cft: { shipperFilters: shippers } },
      users: [company.users.external.id],
    },
  });
}

async function listenWithCaches(ctx: AppContext, database: string) {
  const channel = new AuthChannel();
  ctx.authChannel = channel;
  ctx.sessionCache = channel.cache();
  return listenForAuthChanges(withDatabase(testDatabaseUrl as string, database), channel, silent);
}
