import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../config.ts';
import { type AppContext, createContext } from '../context.ts';
import { type DbHandle, openDb, rowsOf } from './index.ts';
import { freshDatabase, testDatabaseUrl, withDatabase } from '../../../test/databases.ts';
import { PASSWORD, createCompanyFixture } from '../../../test/harness.ts';

// Runs with a streaming replica of the TEST_DATABASE_URL server (scripts/pg-replica.sh prints its
// URL): a database made on the primary appears on the replica, which the app reads as READ_DATABASE_URL.
const replicaUrl = process.env.TEST_REPLICA_URL || null;

const ROW = {
  departureDate: '2026-03-02',
  glecTransportType: 'road_in_12_20t_diesel',
  weight: 1000,
  distance: 120,
};

describe.skipIf(!replicaUrl || !testDatabaseUrl)('read replica (READ_DATABASE_URL)', () => {
  let primary: DbHandle & { name: string };
  let replica: DbHandle;
  let ctx: AppContext;
  let app: Awaited<ReturnType<typeof buildApp>>;
  let replicaAdmin: pg.Client;
  let token: string;
  let paused = false;

  const call = (method: 'GET' | 'POST', url: string, payload?: unknown) =>
    app.inject({
      method,
      url,
      headers: { authorization: `Bearer ${token}` },
      ...(payload ? { payload } : {}),
    });

  /** Waits until the replica has replayed everything the primary has written so far. */
  async function caughtUp(): Promise<void> {
    const [{ lsn }] = rowsOf<{ lsn: string }>(
      await ctx.db.execute(sql`select pg_current_wal_lsn()::text lsn`),
    );
    for (let i = 0; i < 1200; i++) {
      const r = await replicaAdmin.query('select pg_last_wal_replay_lsn() >= $1::pg_lsn ok', [lsn]);
      if (r.rows[0].ok) return;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error('the replica did not catch up');
  }

  beforeAll(async () => {
    primary = await freshDatabase();
    replicaAdmin = new pg.Client({ connectionString: replicaUrl! });
    await replicaAdmin.connect();
    // The new database reaches the replica with the WAL; connect once it is there.
    for (let i = 0; ; i++) {
      const r = await replicaAdmin.query('select 1 from pg_database where datname = $1', [primary.name]);
      if (r.rowCount) break;
      if (i > 1200) throw new Error('the test database did not reach the replica');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    replica = await openDb({ url: withDatabase(replicaUrl!, primary.name), migrate: false, poolSize: 3 });
    const config = loadConfig({
      DATA_DIR: mkdtempSync(join(tmpdir(), 'klimadesk-data-')),
      SEED_DEMO: '0',
      LOG_LEVEL: 'silent',
      SESSION_SECRET: 'test-secret-test-secret-test-secret-0123',
    });
    const silent = { info: () => {}, warn: () => {}, error: () => {} };
    ctx = await createContext(config, { handle: primary, readHandle: replica, log: silent });
    app = await buildApp(ctx, { logger: false });
    await app.ready();
    const company = await createCompanyFixture(ctx, 'Replica', { isPayingCustomer: true });
    await caughtUp();
    const login = await app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: company.users.admin.email, password: PASSWORD },
    });
    token = login.json<{ token: string }>().token;
  }, 120_000);

  afterAll(async () => {
    if (paused) await replicaAdmin.query('select pg_wal_replay_resume()');
    await replicaAdmin?.end();
    await app?.close();
    await ctx?.close();
  });

  it(
    'reads lists and dashboards from the replica and writes to the primary',
    { timeout: 90_000 },
    async () => {
      const inRecovery = async (db: AppContext['db']) =>
        rowsOf<{ r: boolean }>(await db.execute(sql`select pg_is_in_recovery() r`))[0].r;
      expect(await inRecovery(ctx.readDb)).toBe(true);
      expect(await inRecovery(ctx.db)).toBe(false);
      const push = await call('POST', '/api/imports/tours-shipments', {
        rows: [{ ...ROW, tourReference: 'R-1', shipmentReference: 'RS-1' }],
      });
      expect(push.statusCode).toBe(201);
      await ctx.jobs.drain();
      await caughtUp();
      const list = await call('GET', '/api/shipments');
      expect(list.statusCode).toBe(200);
      expect(list.json()['hydra:totalItems']).toBe(1);
    },
  );

  it('keeps read-your-writes paths on the primary while the replica lags', { timeout: 90_000 }, async () => {
    await replicaAdmin.query('select pg_wal_replay_pause()');
    paused = true;
    // A login while the replica is behind: the new session is checked on the primary.
    const company = await createCompanyFixture(ctx, 'Lagging', { isPayingCustomer: true });
    const login = await app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: company.users.admin.email, password: PASSWORD },
    });
    expect(login.statusCode).toBe(200);
    const own = login.json<{ token: string }>().token;
    const me = await app.inject({
      method: 'GET',
      url: '/api/users/me',
      headers: { authorization: `Bearer ${own}` },
    });
    expect(me.statusCode).toBe(200);

    const push = await call('POST', '/api/imports/tours-shipments', {
      rows: [
        { ...ROW, tourReference: 'R-2', shipmentReference: 'RS-2' },
        { ...ROW, tourReference: 'R-2', shipmentReference: 'RS-3' },
      ],
    });
    expect(push.statusCode).toBe(201);
    // The import job reads and writes the primary only, whatever the replica's lag.
    await ctx.jobs.drain();
    const task = await call('GET', `/api/mapping-import-tasks/${push.json().id}`);
    expect(task.json()).toMatchObject({ status: 'success', imported: 2 });
    const tour = await call('GET', '/api/tours?search=R-2');
    // The list reads the replica, which has not replayed the import yet.
    expect(tour.json()['hydra:totalItems']).toBe(0);
    expect((await call('GET', '/api/shipments')).json()['hydra:totalItems']).toBe(1);
    const range = 'departureDate[after]=2026-03-01&departureDate[before]=2026-03-31';
    const stats = await call('GET', `/api/dashboard-tour-stats?${range}`);
    expect(stats.json()).toMatchObject({ shipments: 1 });

    await replicaAdmin.query('select pg_wal_replay_resume()');
    paused = false;
    await caughtUp();
    expect((await call('GET', '/api/shipments')).json()['hydra:totalItems']).toBe(3);
    expect((await call('GET', '/api/tours?search=R-2')).json()['hydra:totalItems']).toBe(1);
    expect((await call('GET', `/api/dashboard-tour-stats?${range}`)).json()).toMatchObject({ shipments: 3 });
  });
});
