/**
 * The limit store: the same rules kept in memory and in the `rate_limits` table, and on PostgreSQL
 * one limit for every app instance on the database (issue 32).
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../config.ts';
import { type AppContext, type RateLimits, createContext } from '../context.ts';
import { type DbHandle, openDb, rowsOf } from '../db/index.ts';
import { freshDatabase, testDatabaseUrl, withDatabase } from '../../../test/databases.ts';
import { createCompanyFixture } from '../../../test/harness.ts';
import { type LimitStore, MemoryLimitStore, PgLimitStore } from './limit-store.ts';

let handle: DbHandle & { name: string };
beforeAll(async () => {
  handle = await freshDatabase();
});
afterAll(() => handle.close());

const stores: [string, () => LimitStore][] = [
  ['memory', () => new MemoryLimitStore()],
  ['table', () => new PgLimitStore(handle.db)],
];

describe.each(stores)('the %s store', (kind, make) => {
  const key = (name: string) => `${kind}:${name}`;

  it('counts hits in a fixed window that opens with the first hit', async () => {
    const store = make();
    expect(await store.hit(key('w'), 60_000, 1_000)).toEqual({ count: 1, lastAt: 1_000, expiresAt: 61_000 });
    expect(await store.hit(key('w'), 60_000, 30_000)).toEqual({
      count: 2,
      lastAt: 30_000,
      expiresAt: 61_000,
    });
    expect(await store.get(key('w'), 60_999)).toMatchObject({ count: 2 });
    expect(await store.get(key('w'), 61_000)).toBeNull();
    expect(await store.hit(key('w'), 60_000, 61_000)).toEqual({
      count: 1,
      lastAt: 61_000,
      expiresAt: 121_000,
    });
  });

  it('counts back-off tries only when the wait is over, and takes one back on release', async () => {
    const store = make();
    const backoff = { free: 2, maxDelayMs: 4_000 };
    const k = key('b');
    expect(await store.attempt(k, backoff, 86_400_000, 0)).toBe(0);
    expect(await store.attempt(k, backoff, 86_400_000, 0)).toBe(0);
    expect(await store.attempt(k, backoff, 86_400_000, 200)).toBe(800);
    expect(await store.attempt(k, backoff, 86_400_000, 1_000)).toBe(0);
    expect(await store.attempt(k, backoff, 86_400_000, 1_000)).toBe(2_000);
    expect(await store.get(k, 1_000)).toMatchObject({ count: 3, lastAt: 1_000 });
    await store.release(k);
    expect(await store.attempt(k, backoff, 86_400_000, 2_000)).toBe(0);
    // The wait never exceeds the cap, however long the streak.
    for (let at = 10_000; at < 100_000; at += 4_000)
      expect(await store.attempt(k, backoff, 86_400_000, at)).toBe(0);
    expect(await store.attempt(k, backoff, 86_400_000, 98_000)).toBe(4_000);
  });

  it('keeps a mark for its window and deletes on request', async () => {
    const store = make();
    await store.mark(key('m'), 1_000, 0);
    expect(await store.get(key('m'), 999)).toMatchObject({ count: 1 });
    expect(await store.get(key('m'), 1_000)).toBeNull();
    await store.mark(key('m'), 1_000, 5_000);
    await store.delete(key('m'));
    expect(await store.get(key('m'), 5_001)).toBeNull();
  });

  it('lets exactly the free tries through when they arrive at once', async () => {
    const store = make();
    const backoff = { free: 5, maxDelayMs: 60_000 };
    const waits = await Promise.all(
      Array.from({ length: 40 }, () => store.attempt(key('burst'), backoff, 86_400_000, 1_000)),
    );
    expect(waits.filter((w) => w === 0)).toHaveLength(5);
    expect(waits.filter((w) => w > 0)).toHaveLength(35);
  });
});

describe('the table', () => {
  it('sweeps expired rows after a write', async () => {
    const store = new PgLimitStore(handle.db);
    await store.mark('sweep:old', 1_000, 0);
    await store.mark('sweep:new', 10_000_000, 0);
    // The first write of a store sweeps; later ones only every few minutes.
    await store.hit('sweep:trigger', 60_000, 5_000);
    const keys = rowsOf<{ key: string }>(
      await handle.db.execute(sql`select key from rate_limits where key like 'sweep:%' order by key`),
    ).map((r) => r.key);
    expect(keys).toEqual(['sweep:new', 'sweep:trigger']);
  });
});

/** A second app on the same database, as a second API process would be. */
async function instance(h: DbHandle, limits: Partial<RateLimits>) {
  const config = loadConfig({
    DATA_DIR: mkdtempSync(join(tmpdir(), 'klimadesk-data-')),
    SEED_DEMO: '0',
    LOG_LEVEL: 'silent',
    APP_URL: 'http://localhost:3000',
    SESSION_SECRET: 'test-secret-test-secret-test-secret-0123',
    TRUST_PROXY: 'true',
  });
  const ctx = await createContext(config, { handle: h, limits });
  const app = await buildApp(ctx, { logger: false });
  await app.ready();
  return { ctx, app };
}

describe.runIf(testDatabaseUrl)('two app instances on one PostgreSQL database', () => {
  type Instance = Awaited<ReturnType<typeof instance>>;
  let second: DbHandle;
  let a: Instance;
  let b: Instance;
  beforeAll(async () => {
    second = await openDb({
      url: withDatabase(testDatabaseUrl as string, handle.name),
      migrate: false,
      poolSize: 5,
    });
    const limits = {
      perIpPerMinute: 4,
      loginFailuresPerAccount: 2,
      loginFailuresPerAccountAnyAddress: 4,
      registrationsPerIpPerHour: 2,
      resetsPerAccount: 1,
    };
    a = await instance(handle, limits);
    b = await instance(second, limits);
  });
  afterAll(async () => {
    await a.app.close();
    await b.app.close();
    await second.close();
  });

  const login = (app: Instance, email: string, password: string, client: string) =>
    app.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'x-forwarded-for': client },
      payload: { username: email, password },
    });

  it('keeps the counters in the table, not in the processes', () => {
    expect(a.ctx.limitStore).toBeInstanceOf(PgLimitStore);
    expect(b.ctx.limitStore).toBeInstanceOf(PgLimitStore);
  });

  it('shares the per-IP request limit of the login', async () => {
    const codes: number[] = [];
    // Another account each time, so that only the per-IP limit can refuse.
    const apps = [a, b, a, b, a, b];
    for (const [i, app] of apps.entries()) {
      codes.push((await login(app, `x${i}@y.test`, 'whatever', '198.51.100.77')).statusCode);
    }
    expect(codes).toEqual([401, 401, 401, 401, 429, 429]);
  });

  it('shares the account’s login back-off across instances and rotating addresses', async () => {
    const f = await createCompanyFixture(a.ctx as AppContext, 'Shared');
    const email = f.users.user.email;
    const codes: number[] = [];
    for (let i = 0; i < 6; i++) {
      codes.push((await login(i % 2 ? b : a, email, 'wrong-pass', `203.0.113.${i + 1}`)).statusCode);
    }
    // Four free failures over both instances, then the account waits, whichever instance answers.
    expect(codes).toEqual([401, 401, 401, 401, 429, 429]);
    const right = await login(a, email, 'test-password', '203.0.113.50');
    expect(right.statusCode).toBe(429);
    expect((await login(b, email, 'test-password', '203.0.113.51')).statusCode).toBe(429);
  });

  it('shares the registration limit per IP and the reset limit per account', async () => {
    const register = (app: Instance, n: number) =>
      app.app.inject({
        method: 'POST',
        url: '/api/companies/registration',
        headers: { 'x-forwarded-for': '198.51.100.90' },
        payload: {
          salutation: 'mr',
          firstName: 'Rolf',
          lastName: 'Rund',
          email: `rolf${n}@rund.test`,
          password: 'sicher-genug-1',
          company: { name: `Rund ${n} GmbH`, street: 'Weg 1', zipcode: '12345', city: 'Ort', country: 'DE' },
          isCarrier: false,
          department: 'sustainability',
          position: 'head',
          marketingConsent: false,
          acceptTerms: true,
        },
      });
    expect((await register(a, 1)).statusCode).toBe(201);
    expect((await register(b, 2)).statusCode).toBe(201);
    expect((await register(a, 3)).statusCode).toBe(429);
    expect((await register(b, 4)).statusCode).toBe(429);
    // Reset mails are limited where the job runs: any instance's worker.
    expect(await a.ctx.resetLimiter.take('someone@x.test')).toBe(true);
    expect(await b.ctx.resetLimiter.take('someone@x.test')).toBe(false);
  });
});
