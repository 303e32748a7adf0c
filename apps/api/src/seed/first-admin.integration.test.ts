/**
 * Production start and the first platform administrator (issue 32): no demo data or demo login
 * under NODE_ENV=production unless SEED_DEMO=1, and `npm run create-admin` as the way in.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, createCompanyFixture, createFixtureUser, createTestApp } from '../../test/harness.ts';
import { freshDatabase, testDatabaseUrl, withDatabase } from '../../test/databases.ts';
import { openDb, schema } from '../platform/db/index.ts';
import { DEMO_LOGINS } from './demo.ts';
import { demoPolicy } from './demo-policy.ts';
import { FirstAdminError, createPlatformAdmin } from './first-admin.ts';

const root = join(import.meta.dirname, '../../../..');
const ADMIN_PASSWORD = 'Grüne-Logistik-2026!';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** Runs a script of the API with this environment; answers its exit code and output. */
function run(script: string, args: string[], env: Record<string, string>) {
  return new Promise<{ code: number | null; out: string }>((resolve) => {
    const child = spawn(process.execPath, [join(root, 'apps/api/src', script), ...args], {
      env: { ...process.env, LOG_LEVEL: 'warn', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    child.on('exit', (code) => resolve({ code, out }));
  });
}

describe('createPlatformAdmin', () => {
  it('creates a platform administrator with an argon2id hash who signs in to the platform screens', async () => {
    const result = await createPlatformAdmin(t.ctx.db, {
      email: 'chefin@betreiber.test',
      password: ADMIN_PASSWORD,
      firstName: 'Clara',
      lastName: 'Chefin',
    });
    expect(result.companyCreated).toBe(true);
    const [row] = await t.ctx.db.select().from(schema.users).where(eq(schema.users.id, result.userId));
    expect(row.passwordHash).toMatch(/^\$argon2id\$/);
    expect(row.roles).toEqual(['ROLE_SMP_ADMIN']);
    const [company] = await t.ctx.db
      .select()
      .from(schema.companies)
      .where(eq(schema.companies.id, result.companyId));
    expect(company).toMatchObject({ isPlatform: true, name: 'Klimadesk' });

    const token = await t.login('chefin@betreiber.test', ADMIN_PASSWORD);
    const me = (await t.call({ method: 'GET', url: '/api/users/me', token })).json();
    expect(me.roles).toEqual(['ROLE_SMP_ADMIN']);
    expect(me.home).toBe('/smp-admin/customers');
    const companies = await t.call({ method: 'GET', url: '/api/companies', token });
    expect(companies.statusCode).toBe(200);

    // A second administrator joins the same platform company.
    const second = await createPlatformAdmin(t.ctx.db, {
      email: 'vertretung@betreiber.test',
      password: ADMIN_PASSWORD,
    });
    expect(second).toMatchObject({ companyId: result.companyId, companyCreated: false });
  });

  it('refuses a taken address, a malformed one, a short and a common password', async () => {
    const attempt = (email: string, password: string) => createPlatformAdmin(t.ctx.db, { email, password });
    await expect(attempt('chefin@betreiber.test', ADMIN_PASSWORD)).rejects.toThrow(/exists/);
    await expect(attempt('keine-adresse', ADMIN_PASSWORD)).rejects.toThrow(FirstAdminError);
    await expect(attempt('neu@betreiber.test', 'kurz-1234')).rejects.toThrow(/12 characters/);
    await expect(attempt('neu@betreiber.test', 'UNBELIEVABLE')).rejects.toThrow(/common/);
    const users = await t.ctx.db
      .select()
      .from(schema.users)
      .where(eq(schema.users.email, 'neu@betreiber.test'));
    expect(users).toHaveLength(0);
  });
});

describe('npm run create-admin', () => {
  // Child processes that open (and on PGlite create) a database: minutes on a busy machine.
  it(
    'takes the password from ADMIN_PASSWORD, never prints it, and refuses a second run',
    { timeout: 300_000 },
    async () => {
      const dataDir = mkdtempSync(join(tmpdir(), 'klimadesk-admin-'));
      // On PostgreSQL the command writes into a fresh database; else into its own embedded one.
      const fresh = testDatabaseUrl ? await freshDatabase() : null;
      const env: Record<string, string> = {
        DATA_DIR: dataDir,
        ADMIN_PASSWORD,
        DATABASE_URL: fresh ? withDatabase(testDatabaseUrl as string, fresh.name) : '',
      };
      try {
        const first = await run('create-admin.ts', ['root@betreiber.test', '--first-name', 'Rita'], env);
        expect(first.code).toBe(0);
        expect(first.out).toContain('Platform administrator root@betreiber.test created');
        expect(first.out).not.toContain(ADMIN_PASSWORD);
        const again = await run('create-admin.ts', ['root@betreiber.test'], env);
        expect(again.code).toBe(1);
        expect(again.out).toContain('exists');
        expect(again.out).not.toContain(ADMIN_PASSWORD);
        // Without a password and without a terminal it asks for one instead of creating anything.
        const { ADMIN_PASSWORD: _p, ...noPassword } = env;
        const none = await run('create-admin.ts', ['other@betreiber.test'], {
          ...noPassword,
          ADMIN_PASSWORD: '',
        });
        expect(none.code).toBe(1);
        expect(none.out).toContain('ADMIN_PASSWORD');

        const handle = fresh ?? (await openDb({ dataDir: join(dataDir, 'pglite'), migrate: false }));
        try {
          const rows = await handle.db
            .select()
            .from(schema.users)
            .where(eq(schema.users.email, 'root@betreiber.test'));
          expect(rows).toHaveLength(1);
          expect(rows[0]).toMatchObject({ firstName: 'Rita', roles: ['ROLE_SMP_ADMIN'], isVerified: true });
          expect(rows[0].passwordHash).toMatch(/^\$argon2id\$/);
          const others = await handle.db
            .select()
            .from(schema.users)
            .where(eq(schema.users.email, 'other@betreiber.test'));
          expect(others).toHaveLength(0);
        } finally {
          if (!fresh) await handle.close();
        }
      } finally {
        await fresh?.close();
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
  );
});

describe('demo data and production', () => {
  it('production refuses to serve demo logins it did not ask for, and warns when asked', async () => {
    expect(await demoPolicy(t.ctx.db, { production: true, seedDemo: false })).toEqual({
      warning: null,
      refusal: null,
    });
    // A database that once started with demo data: its logins are there.
    const demo = await createCompanyFixture(t.ctx, 'Demo');
    await createFixtureUser(t.ctx, demo.id, DEMO_LOGINS[0].email, ['ROLE_SMP_ADMIN']);
    expect(await demoPolicy(t.ctx.db, { production: false, seedDemo: false })).toEqual({
      warning: null,
      refusal: null,
    });
    const refused = await demoPolicy(t.ctx.db, { production: true, seedDemo: false });
    expect(refused.refusal).toContain(DEMO_LOGINS[0].email);
    expect(refused.refusal).toContain('npm run create-admin');
    const asked = await demoPolicy(t.ctx.db, { production: true, seedDemo: true });
    expect(asked.refusal).toBeNull();
    expect(asked.warning).toMatch(/^WARNING: SEED_DEMO=1 with NODE_ENV=production/);
  });

  it('a production start has no demo data and no demo login', { timeout: 300_000 }, async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'klimadesk-prod-'));
    const port = await freePort();
    let output = '';
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      NODE_ENV: 'production',
      DATABASE_URL: '',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      WORKER: '0',
      LOG_LEVEL: 'warn',
    };
    delete env.SEED_DEMO;
    const child: ChildProcess = spawn(process.execPath, [join(root, 'apps/api/src/main.ts')], {
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout?.on('data', (d) => (output += d));
    child.stderr?.on('data', (d) => (output += d));
    try {
      const base = `http://127.0.0.1:${port}`;
      for (let i = 0; ; i++) {
        if (child.exitCode !== null) throw new Error(`the server ended: ${output}`);
        if (
          await fetch(`${base}/health`).then(
            (r) => r.ok,
            () => false,
          )
        )
          break;
        if (i > 600) throw new Error('the server did not start');
        await new Promise((r) => setTimeout(r, 200));
      }
      for (const login of DEMO_LOGINS) {
        const res = await fetch(`${base}/api/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ username: login.email, password: 'demo-password' }),
        });
        expect(res.status).toBe(401);
      }
      expect(output).not.toContain('Demo logins');
      expect(output).not.toContain('demo-password');
    } finally {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

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
