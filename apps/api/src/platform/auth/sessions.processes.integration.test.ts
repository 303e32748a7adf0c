/**
 * Revocation across processes: two API servers on one PostgreSQL database, a session made on one
 * and ended (logout, role change, password change, deletion) through the other. Each process keeps
 * session checks in its session cache, which the notifications on `kd_auth` empty, so the other
 * process must answer the next request accordingly. PGlite belongs to one process: PostgreSQL only.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '@klimadesk/contract';
import { testDatabaseUrl, withDatabase } from '../../../test/databases.ts';
import {
  type CompanyFixture,
  PASSWORD,
  type TestApp,
  createCompanyFixture,
  createFixtureUser,
  createTestApp,
} from '../../../test/harness.ts';
import { BUILTIN_VERSION } from '../../modules/locations/builtin.ts';
import { markDataset } from '../../modules/locations/locations.repository.ts';
import { rowsOf } from '../db/index.ts';

const root = join(import.meta.dirname, '../../../../..');

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
    s.on('error', reject);
  });
}

type Server = { port: number; child: ChildProcess };

async function startServer(databaseUrl: string, dataDir: string): Promise<Server> {
  const port = await freePort();
  const child = spawn(process.execPath, [join(root, 'apps/api/src/main.ts')], {
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SEED_DEMO: '0',
      WORKER: '0',
      LOG_LEVEL: 'warn',
      SESSION_SECRET: 'test-secret-test-secret-test-secret-0123',
      RATE_LIMIT_PER_IP_PER_MINUTE: '100000',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (let i = 0; i < 600; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/health`)).ok) return { port, child };
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill();
  throw new Error('API process did not start');
}

async function stopServer(s: Server | undefined): Promise<void> {
  if (!s || s.child.exitCode !== null) return;
  const exited = new Promise((r) => s.child.once('exit', r));
  s.child.kill('SIGTERM');
  await exited;
}

async function call(s: Server, method: string, path: string, token?: string, body?: unknown) {
  const res = await fetch(`http://127.0.0.1:${s.port}${path}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/merge-patch+json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, json: (await res.json().catch(() => null)) as Record<string, unknown> | null };
}

async function login(s: Server, email: string, password = PASSWORD): Promise<string> {
  const res = await fetch(`http://127.0.0.1:${s.port}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: email, password }),
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { token: string }).token;
}

describe.skipIf(!testDatabaseUrl)('session revocation across two API processes (PostgreSQL)', () => {
  let t: TestApp;
  let a: CompanyFixture;
  let one: Server;
  let two: Server;
  const dataDir = mkdtempSync(join(tmpdir(), 'klimadesk-two-'));

  beforeAll(async () => {
    t = await createTestApp();
    a = await createCompanyFixture(t.ctx, 'Two');
    // The built-in locations count as loaded, so neither process spends the test loading them.
    await markDataset(t.ctx.db, 'builtin', BUILTIN_VERSION, 0);
    const [{ db }] = rowsOf<{ db: string }>(await t.ctx.db.execute(sql`select current_database() as db`));
    const url = withDatabase(testDatabaseUrl as string, db);
    [one, two] = await Promise.all([startServer(url, dataDir), startServer(url, dataDir)]);
  }, 120_000);

  afterAll(async () => {
    await Promise.all([stopServer(one), stopServer(two)]);
    await t?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('ends a session in the other process at once on logout', async () => {
    const token = await login(one, a.users.user.email);
    expect((await call(two, 'GET', '/api/users/me', token)).status).toBe(200);
    expect((await call(one, 'POST', '/api/logout', token)).status).toBeLessThan(300);
    const after = await call(two, 'GET', '/api/users/me', token);
    expect(after.status).toBe(401);
    expect(after.json?.code).toBe(50100);
  });

  it('applies a role change made in one process to the next request in the other', async () => {
    const admin = await login(one, a.users.admin.email);
    const token = await login(two, a.users.cftAdmin.email);
    // The access check runs before validation: an empty new mapping is a validation error for a
    // CFT admin and a refusal for a read-only user.
    const write = async () => (await call(two, 'POST', '/api/mappings', token, {})).status;
    expect(await write()).toBe(400);
    const change = await call(one, 'PATCH', `/api/users/${a.users.cftAdmin.id}`, admin, {
      roles: ['ROLE_CFT_READ_ONLY'],
    });
    expect(change.status).toBe(200);
    const me = await call(two, 'GET', '/api/users/me', token);
    expect(me.json?.roles).toEqual(['ROLE_CFT_READ_ONLY']);
    expect(await write()).toBe(403);
  });

  it('ends the other sessions of a user who changed the password, in every process', async () => {
    const stays = await login(one, a.users.user.email);
    const ends = await login(two, a.users.user.email);
    const change = await call(one, 'PATCH', `/api/users/${a.users.user.id}`, stays, {
      currentPassword: PASSWORD,
      password: 'changed-across-1',
    });
    expect(change.status).toBe(200);
    expect((await call(two, 'GET', '/api/users/me', ends)).status).toBe(401);
    expect((await call(two, 'GET', '/api/users/me', stays)).status).toBe(200);
  });

  describe('an impersonation ends in the other process with its admin (issue 32)', () => {
    const ADMIN: Role[] = [
      'ROLE_COMPANY_ADMIN',
      'ROLE_CFT_ADMIN',
      'ROLE_CFC_ADMIN',
      'ROLE_TAX_ADMIN',
      'ROLE_CSRD_ADMIN',
    ];
    let n = 0;
    const addVehicle = async (s: Server, token: string) =>
      (
        await fetch(`http://127.0.0.1:${s.port}/api/vehicles`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: JSON.stringify({
            licensePlate: `B-TP ${++n}`,
            glecVehicleType: 'road_in_tractor_30_60t_diesel',
            fuelInformation: [{ consumption: '29,5', unitFuelConsumption: 'L', fuelType: 'diesel' }],
          }),
        })
      ).status;

    /** Admin X signs in on process one and acts as the freight user; the token works on process two. */
    async function impersonation() {
      const x = await createFixtureUser(t.ctx, a.id, `imp${++n}@two.test`, ADMIN);
      const own = await login(one, x.email);
      const res = await fetch(`http://127.0.0.1:${one.port}/api/impersonate`, {
        method: 'POST',
        headers: { authorization: `Bearer ${own}`, 'content-type': 'application/json' },
        body: JSON.stringify({ username: a.users.user.email }),
      });
      expect(res.status).toBe(200);
      const token = ((await res.json()) as { token: string }).token;
      // Process two now holds the session check in its cache.
      expect((await call(two, 'GET', '/api/users/me', token)).status).toBe(200);
      expect(await addVehicle(two, token)).toBe(201);
      return { x, own, token };
    }

    async function expectEnded(token: string) {
      const after = await call(two, 'GET', '/api/users/me', token);
      expect(after.status).toBe(401);
      expect(after.json?.code).toBe(50100);
      expect(await addVehicle(two, token)).toBe(401);
    }

    it('when the admin’s password is changed', async () => {
      const { x, token } = await impersonation();
      const admin = await login(one, a.users.admin.email);
      const change = await call(one, 'PATCH', `/api/users/${x.id}`, admin, { password: 'changed-imp-32' });
      expect(change.status).toBe(200);
      await expectEnded(token);
    });

    it('when the admin is demoted to read-only', async () => {
      const { x, token } = await impersonation();
      const admin = await login(one, a.users.admin.email);
      const change = await call(one, 'PATCH', `/api/users/${x.id}`, admin, { roles: ['ROLE_CFT_READ_ONLY'] });
      expect(change.status).toBe(200);
      await expectEnded(token);
    });

    it('when the admin is deleted', async () => {
      const { x, token } = await impersonation();
      const admin = await login(one, a.users.admin.email);
      expect((await call(one, 'DELETE', `/api/users/${x.id}`, admin)).status).toBe(200);
      await expectEnded(token);
    });

    it('when the admin’s row is changed straight in the database', async () => {
      const { x, token } = await impersonation();
      // No session is revoked: only the notification on the admin's row reaches process two.
      await t.ctx.db.execute(
        sql`update users set roles = '["ROLE_CFT_READ_ONLY"]'::jsonb where id = ${x.id}`,
      );
      let status = 200;
      // The notification travels to the other process; it must arrive, not be missed.
      for (let i = 0; i < 50 && status === 200; i++) {
        status = (await call(two, 'GET', '/api/users/me', token)).status;
        if (status === 200) await new Promise((r) => setTimeout(r, 20));
      }
      await expectEnded(token);
    });
  });

  it('ends the sessions of a deleted user in the other process', async () => {
    const admin = await login(two, a.users.admin.email);
    const victim = await login(one, a.users.readonly.email);
    expect((await call(two, 'DELETE', `/api/users/${a.users.readonly.id}`, admin)).status).toBe(200);
    expect((await call(one, 'GET', '/api/users/me', victim)).status).toBe(401);
  });
});
