/**
 * Impersonation holds only while its admin could still start it (issue 32): a session in which an
 * admin acts as another user ends at once when the admin's password changes, the admin loses the
 * role that allowed it or is deleted; and an admin may act only as users whose every role they
 * could grant. The two-process case is in sessions.processes.integration.test.ts.
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Role } from '@klimadesk/contract';
import { appWithCompanies, createFixtureUser, PASSWORD } from '../../../test/harness.ts';
import { AUTH_CHANNEL } from '../../platform/auth/auth-cache.ts';
import { notifyAuthChannel } from '../../platform/auth/sessions.ts';

const { t, a, smp } = appWithCompanies({ a: 'Imp32' }, { platformAdmin: true });

// With the session caches on (TEST_AUTH_CACHE=1), settles the notifications of a write made
// straight in the database, as a write request does.
const settle = async () => t.ctx.authChannel?.sync((p) => notifyAuthChannel(t.ctx.db, AUTH_CHANNEL, p));
const me = (token: string) => t.call({ method: 'GET', url: '/api/users/me', token });
const addVehicle = (token: string, plate: string) =>
  t.call({
    method: 'POST',
    url: '/api/vehicles',
    token,
    payload: {
      licensePlate: plate,
      glecVehicleType: 'road_in_tractor_30_60t_diesel',
      fuelInformation: [{ consumption: '29,5', unitFuelConsumption: 'L', fuelType: 'diesel' }],
    },
  });
const patchUser = (token: string, id: string, body: object) =>
  t.call({
    method: 'PATCH',
    url: `/api/users/${id}`,
    token,
    headers: { 'content-type': 'application/merge-patch+json' },
    payload: JSON.stringify(body),
  });
const impersonate = (token: string, username: string) =>
  t.call({ method: 'POST', url: '/api/impersonate', token, payload: { username } });

const FULL_ADMIN: Role[] = [
  'ROLE_COMPANY_ADMIN',
  'ROLE_CFT_ADMIN',
  'ROLE_CFC_ADMIN',
  'ROLE_TAX_ADMIN',
  'ROLE_CSRD_ADMIN',
];
let n = 0;

/**
 * A fresh admin X of company A acting as the company's freight user V: X's sign-in and the token T
 * of the impersonation, checked to work (GET /users/me 200, a vehicle written 201).
 */
async function impersonation() {
  const x = await createFixtureUser(t.ctx, a.id, `x${++n}@imp32.test`, FULL_ADMIN);
  const own = await t.login(x.email);
  const res = await impersonate(own, a.users.user.email);
  expect(res.statusCode).toBe(200);
  const token: string = res.json().token;
  expect((await me(token)).json().impersonator).toEqual({ id: x.id, email: x.email });
  expect((await addVehicle(token, `B-IM ${n}0`)).statusCode).toBe(201);
  return { x, own, token };
}

/** The impersonation session is over: refused on reads and writes with the session code. */
async function expectEnded(token: string) {
  const read = await me(token);
  expect(read.statusCode).toBe(401);
  expect(read.json().code).toBe(50100);
  expect((await addVehicle(token, `B-IM ${n}1`)).statusCode).toBe(401);
}

describe('an impersonation ends with its admin', () => {
  it('when another admin changes the admin’s password', async () => {
    const { x, token } = await impersonation();
    const admin = await t.login(a.users.admin.email);
    expect((await patchUser(admin, x.id, { password: 'changed-by-admin-32' })).statusCode).toBe(200);
    await expectEnded(token);
  });

  it('when the admin changes the own password', async () => {
    const { x, own, token } = await impersonation();
    const change = await patchUser(own, x.id, { currentPassword: PASSWORD, password: 'changed-by-self-32' });
    expect(change.statusCode).toBe(200);
    await expectEnded(token);
    // The session that changed the password stays.
    expect((await me(own)).statusCode).toBe(200);
  });

  it('when the admin is demoted to read-only', async () => {
    const { x, token } = await impersonation();
    const admin = await t.login(a.users.admin.email);
    const demote = await patchUser(admin, x.id, { roles: ['ROLE_CFT_READ_ONLY'] });
    expect(demote.statusCode).toBe(200);
    await expectEnded(token);
    // Granting the role again does not bring the ended session back.
    expect((await patchUser(admin, x.id, { roles: FULL_ADMIN })).statusCode).toBe(200);
    expect((await me(token)).statusCode).toBe(401);
  });

  it('when the admin is deleted', async () => {
    const { x, token } = await impersonation();
    const admin = await t.login(a.users.admin.email);
    expect((await t.call({ method: 'DELETE', url: `/api/users/${x.id}`, token: admin })).statusCode).toBe(
      200,
    );
    await expectEnded(token);
  });

  it('when the admin’s row changes by any other way (the session check asks again)', async () => {
    const demoted = await impersonation();
    await t.ctx.db.execute(
      sql`update users set roles = '["ROLE_CFT_READ_ONLY"]'::jsonb where id = ${demoted.x.id}`,
    );
    await settle();
    await expectEnded(demoted.token);
    const inactive = await impersonation();
    await t.ctx.db.execute(sql`update users set status = 2 where id = ${inactive.x.id}`);
    await settle();
    await expectEnded(inactive.token);
  });

  it('keeps the platform admin’s impersonation while the platform admin keeps the role', async () => {
    const own = await t.login(smp.email);
    const res = await impersonate(own, a.users.readonly.email);
    expect(res.statusCode).toBe(200);
    const token = res.json().token;
    await t.ctx.db.execute(sql`update users set first_name = 'Renamed' where id = ${smp.id}`);
    await settle();
    expect((await me(token)).statusCode).toBe(200);
  });
});

describe('impersonation only of users whose roles the admin could grant', () => {
  it('refuses a company admin without taxonomy roles acting as a taxonomy admin', async () => {
    const x = await createFixtureUser(t.ctx, a.id, 'freight-admin@imp32.test', [
      'ROLE_COMPANY_ADMIN',
      'ROLE_CFT_ADMIN',
    ]);
    const taxAdmin = await createFixtureUser(t.ctx, a.id, 'tax-admin@imp32.test', ['ROLE_TAX_ADMIN']);
    const own = await t.login(x.email);
    const refused = await impersonate(own, taxAdmin.email);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('impersonationNotAllowed');
    // The freight user with taxonomy, CFC and CSRD roles is beyond this admin as well.
    expect((await impersonate(own, a.users.user.email)).json().message).toBe('impersonationNotAllowed');
    // A user with freight roles only is within the admin's rights.
    const allowed = await impersonate(own, a.users.external.email);
    expect(allowed.statusCode).toBe(200);
    const token = allowed.json().token;
    expect((await me(token)).statusCode).toBe(200);
    // Once that user gains a role the admin could not grant, the impersonation ends.
    const admin = await t.login(a.users.admin.email);
    const grant = await patchUser(admin, a.users.external.id, {
      roles: ['ROLE_CFT_READ_ONLY_EXTERNAL', 'ROLE_TAX_READ_ONLY'],
    });
    expect(grant.statusCode).toBe(200);
    expect((await me(token)).statusCode).toBe(401);
  });

  it('lets an admin holding every role of the user act as them', async () => {
    const own = await t.login(a.users.admin.email);
    expect((await impersonate(own, a.users.readonly.email)).statusCode).toBe(200);
  });
});
