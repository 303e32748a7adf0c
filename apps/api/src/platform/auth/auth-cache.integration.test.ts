/**
 * The session cache of an API process on PostgreSQL: session checks are served from it, and every
 * change that could end or alter a session empties the entries concerned before the next request
 * (migration 0025's triggers notify on `kd_auth`). The cache needs a server to listen on, so this
 * runs on PostgreSQL only; the two-process case is sessions.processes.integration.test.ts.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseUrl, withDatabase } from '../../../test/databases.ts';
import {
  type CompanyFixture,
  type TestApp,
  createCompanyFixture,
  createTestApp,
} from '../../../test/harness.ts';
import { bookTariff } from '../../../test/calls.ts';
import { rowsOf } from '../db/index.ts';
import { AUTH_CHANNEL, AuthChannel, listenForAuthChanges } from './auth-cache.ts';
import { type SessionRow, notifyAuthChannel } from './sessions.ts';

const quiet = { warn: () => {} };
const ADMIN_ROLES = [
  'ROLE_COMPANY_ADMIN',
  'ROLE_CFT_ADMIN',
  'ROLE_CFC_ADMIN',
  'ROLE_TAX_ADMIN',
  'ROLE_CSRD_ADMIN',
];

describe.skipIf(!testDatabaseUrl)('caches of the session checks (PostgreSQL)', () => {
  let t: TestApp;
  let a: CompanyFixture;
  let channel: AuthChannel;
  let cache: NonNullable<TestApp['ctx']['sessionCache']>;
  let listener: { close: () => Promise<void> };
  const me = (token: string) => t.call({ method: 'GET', url: '/api/users/me', token });
  // Settles the notifications of writes made straight in the database, as a write request does.
  const settle = () => channel.sync((p) => notifyAuthChannel(t.ctx.db, AUTH_CHANNEL, p));

  beforeAll(async () => {
    t = await createTestApp();
    a = await createCompanyFixture(t.ctx, 'Cache');
    const [{ db }] = rowsOf<{ db: string }>(await t.ctx.db.execute(sql`select current_database() as db`));
    channel = new AuthChannel();
    cache = channel.cache<SessionRow>();
    listener = await listenForAuthChanges(withDatabase(testDatabaseUrl as string, db), channel, quiet);
    t.ctx.authChannel = channel;
    t.ctx.sessionCache = cache;
  });

  afterAll(async () => {
    await listener?.close();
    await t?.close();
  });

  it('serves a repeated session check from the cache', async () => {
    const token = await t.login(a.users.user.email);
    expect((await me(token)).statusCode).toBe(200);
    expect(cache.size).toBeGreaterThan(0);
    // With the sessions trigger off, a revocation reaches no process: the cached check still
    // answers, which shows the request did not read the session.
    await t.ctx.db.execute(sql`alter table sessions disable trigger kd_auth_sessions`);
    try {
      await t.ctx.db.execute(sql`update sessions set revoked_at = now() where user_id = ${a.users.user.id}`);
      await settle();
      expect((await me(token)).statusCode).toBe(200);
    } finally {
      await t.ctx.db.execute(sql`alter table sessions enable trigger kd_auth_sessions`);
    }
    // The trigger on: the next change notifies, and the session is read (revoked) again.
    await t.ctx.db.execute(sql`update sessions set revoked_at = now() where user_id = ${a.users.user.id}`);
    await settle();
    expect((await me(token)).statusCode).toBe(401);
  });

  it('ends a session at once on logout', async () => {
    const token = await t.login(a.users.user.email);
    expect((await me(token)).statusCode).toBe(200);
    expect((await t.call({ method: 'POST', url: '/api/logout', token })).statusCode).toBeLessThan(300);
    const after = await me(token);
    expect(after.statusCode).toBe(401);
    expect(after.json().code).toBe(50100);
  });

  it('applies a role change to the next request of the user', async () => {
    const admin = await t.login(a.users.admin.email);
    const token = await t.login(a.users.cftAdmin.email);
    expect((await me(token)).json().roles).toEqual(['ROLE_CFT_ADMIN']);
    const change = await t.call({
      method: 'PATCH',
      url: `/api/users/${a.users.cftAdmin.id}`,
      token: admin,
      headers: { 'content-type': 'application/merge-patch+json' },
      payload: JSON.stringify({ roles: ['ROLE_CFT_READ_ONLY'] }),
    });
    expect(change.statusCode).toBe(200);
    expect((await me(token)).json().roles).toEqual(['ROLE_CFT_READ_ONLY']);
    // The access check of a write uses the new roles as well.
    expect((await t.call({ method: 'POST', url: '/api/mappings', token, payload: {} })).statusCode).toBe(403);
  });

  it('drops the sessions of a deleted company and of a user moved out of the company state', async () => {
    const token = await t.login(a.users.readonly.email);
    expect((await me(token)).statusCode).toBe(200);
    await t.ctx.db.execute(sql`update users set status = 2 where id = ${a.users.readonly.id}`);
    await settle();
    expect((await me(token)).statusCode).toBe(401);
    await t.ctx.db.execute(sql`update users set status = 1 where id = ${a.users.readonly.id}`);
    await settle();
    expect((await me(token)).statusCode).toBe(200);
    await t.ctx.db.execute(sql`update companies set deleted_at = now() where id = ${a.id}`);
    await settle();
    expect((await me(token)).statusCode).toBe(401);
    await t.ctx.db.execute(sql`update companies set deleted_at = null where id = ${a.id}`);
    await settle();
  });

  it('drops a cached impersonation when its admin’s row changes (issue 32)', async () => {
    const admin = await t.login(a.users.admin.email);
    const res = await t.call({
      method: 'POST',
      url: '/api/impersonate',
      token: admin,
      payload: { username: a.users.external.email },
    });
    expect(res.statusCode).toBe(200);
    const token = res.json().token;
    expect((await me(token)).statusCode).toBe(200);
    expect(cache.size).toBeGreaterThan(0);
    // Only the admin's row changes (no session is revoked): the notification on the admin's row
    // must drop the cached check, which then finds the admin without the role that allowed it.
    await t.ctx.db.execute(
      sql`update users set roles = '["ROLE_CFT_READ_ONLY"]'::jsonb where id = ${a.users.admin.id}`,
    );
    try {
      await settle();
      expect((await me(token)).statusCode).toBe(401);
    } finally {
      await t.ctx.db.execute(
        sql`update users set roles = ${JSON.stringify(ADMIN_ROLES)}::jsonb where id = ${a.users.admin.id}`,
      );
      await settle();
    }
  });

  it('keeps /users/me current: the user, the company and its bookings', async () => {
    const token = await t.login(a.users.admin.email);
    const first = (await me(token)).json();
    // A CSRD booking includes the VSME report (decision 0017).
    expect(first.company.modules).toEqual(['cft', 'cfc', 'tax', 'csrd', 'vsme']);
    // Served from the caches now; each change below must reach the next answer.
    await t.ctx.db.execute(sql`update users set first_name = 'Renamed' where id = ${a.users.admin.id}`);
    await settle();
    expect((await me(token)).json().firstName).toBe('Renamed');
    await t.ctx.db.execute(sql`update companies set name = 'Umbenannt GmbH' where id = ${a.id}`);
    await settle();
    expect((await me(token)).json().company.name).toBe('Umbenannt GmbH');
    const [group] = rowsOf<{ id: string }>(
      await t.ctx.db.execute(
        sql`insert into user_groups (company_id, name) values (${a.id}, 'Disposition') returning id`,
      ),
    );
    await t.ctx.db.execute(
      sql`insert into user_group_members (company_id, group_id, user_id) values (${a.id}, ${group.id}, ${a.users.admin.id})`,
    );
    await settle();
    expect((await me(token)).json().groupId).toBe(group.id);
    await bookTariff(
      t,
      a.id,
      { module: 'cfc', type: 'default', isFreeOfCharge: false, name: 'CFC' },
      { beginDate: '2020-01-01' },
    );
    await settle();
    expect((await me(token)).json().company.modules).toEqual(['cfc']);
    // A tariff's change concerns every company that books it.
    await t.ctx.db.execute(sql`update tariffs set module = 'tax' where module = 'cfc'`);
    await settle();
    expect((await me(token)).json().company.modules).toEqual(['tax']);
  });

  it('keeps nothing while its connection is lost and listens again after reconnecting', async () => {
    const token = await t.login(a.users.user.email);
    expect((await me(token)).statusCode).toBe(200);
    expect(cache.size).toBeGreaterThan(0);
    await t.ctx.db.execute(
      sql`select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and query = 'listen kd_auth'`,
    );
    for (let i = 0; i < 100 && channel.listening; i++) await new Promise((r) => setTimeout(r, 20));
    expect(channel.listening).toBe(false);
    expect(cache.size).toBe(0);
    expect((await me(token)).statusCode).toBe(200);
    expect(cache.size).toBe(0);
    // The listener reconnects on its own (after a second) and the cache fills again.
    for (let i = 0; i < 200 && !channel.listening; i++) await new Promise((r) => setTimeout(r, 50));
    expect(channel.listening).toBe(true);
    expect((await me(token)).statusCode).toBe(200);
    expect(cache.size).toBeGreaterThan(0);
  });

  it('reads every session check again while nobody listens', async () => {
    const token = await t.login(a.users.external.email);
    expect((await me(token)).statusCode).toBe(200);
    channel.setListening(false);
    try {
      expect(cache.size).toBe(0);
      await t.ctx.db.execute(sql`alter table sessions disable trigger kd_auth_sessions`);
      await t.ctx.db.execute(
        sql`update sessions set revoked_at = now() where user_id = ${a.users.external.id}`,
      );
      expect((await me(token)).statusCode).toBe(401);
      expect(cache.size).toBe(0);
    } finally {
      await t.ctx.db.execute(sql`alter table sessions enable trigger kd_auth_sessions`);
      channel.setListening(true);
    }
  });
});
