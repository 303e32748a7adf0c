import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { schema } from '../../platform/db/index.ts';
import { jsonCalls, mailsTo } from '../../../test/calls.ts';
import { appWithCompanies, createCompanyFixture } from '../../../test/harness.ts';

const { t, a, b, smp } = appWithCompanies({ a: 'A', b: 'B' }, { platformAdmin: true });
const { call } = jsonCalls(t);
let adminA: string;
let smpToken: string;

const newUser = (email: string, roles: string[] | string = ['ROLE_CFT_USER']) => ({
  firstName: 'Neu',
  lastName: 'Person',
  email,
  password: 'start123',
  roles,
});

beforeAll(async () => {
  adminA = await t.login(a.users.admin.email);
  smpToken = await t.login(smp.email);
});

describe('user lists', () => {
  it('own-company lists only the own company, paginated with hydra shape', async () => {
    const res = await call('GET', '/api/users/own-company?page=1&limit=2&order[email]=asc', adminA);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body['hydra:totalItems']).toBe(5);
    expect(body['hydra:member']).toHaveLength(2);
    expect(body['hydra:member'][0].email).toBe('admin@a.test');
    expect(body['hydra:member'].every((u: { companyId: string }) => u.companyId === a.id)).toBe(true);
    expect(JSON.stringify(body)).not.toContain('password');
  });

  it('the global list is for the platform admin only', async () => {
    expect((await t.call({ method: 'GET', url: '/api/users', token: adminA })).statusCode).toBe(403);
    const all = (await t.call({ method: 'GET', url: '/api/users?search=b.test', token: smpToken })).json();
    expect(all['hydra:totalItems']).toBe(5);
  });

  it('rejects unknown query parameters and oversized limits', async () => {
    expect(
      (await t.call({ method: 'GET', url: '/api/users/own-company?foo=1', token: adminA })).statusCode,
    ).toBe(400);
    expect(
      (await t.call({ method: 'GET', url: '/api/users/own-company?limit=1000', token: adminA })).statusCode,
    ).toBe(400);
  });
});

describe('creating users', () => {
  it('creates a user with grantable roles (roles may come as a JSON string)', async () => {
    const res = await call(
      'POST',
      '/api/users',
      adminA,
      newUser('neu1@a.test', JSON.stringify(['ROLE_CFT_USER', 'ROLE_CFC_READ_ONLY'])),
    );
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      email: 'neu1@a.test',
      roles: ['ROLE_CFT_USER', 'ROLE_CFC_READ_ONLY'],
      companyId: a.id,
    });
    const token = await t.login('neu1@a.test', 'start123');
    const me = (await t.call({ method: 'GET', url: '/api/users/me', token })).json();
    expect(me.routes).toContain('/system/mappings');
  });

  it('refuses roles the caller may not grant', async () => {
    const cftAdmin = await t.login(a.users.cftAdmin.email);
    const res = await call('POST', '/api/users', cftAdmin, newUser('neu2@a.test', ['ROLE_CFC_USER']));
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('roleNotGrantable');
    const smpRole = await call('POST', '/api/users', adminA, newUser('neu3@a.test', ['ROLE_SMP_ADMIN']));
    expect(smpRole.json().message).toBe('roleNotGrantable');
    const ok = await call('POST', '/api/users', cftAdmin, newUser('neu2@a.test', ['ROLE_CFT_READ_ONLY']));
    expect(ok.statusCode).toBe(201);
  });

  it('answers EmailExists for an address in use in any company', async () => {
    const res = await call('POST', '/api/users', adminA, newUser(b.users.user.email));
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('EmailExists');
  });

  it('does not let a company admin create a user in another company', async () => {
    const res = await call('POST', '/api/users', adminA, { ...newUser('x@b.test'), companyId: b.id });
    expect(res.statusCode).toBe(404);
  });
});

describe('changing users', () => {
  it('lets a user change the own name and password (with the current password)', async () => {
    const token = await t.login(a.users.user.email);
    const noCurrent = await t.call({
      method: 'PATCH',
      url: `/api/users/${a.users.user.id}`,
      token,
      headers: { 'content-type': 'application/merge-patch+json' },
      payload: JSON.stringify({ password: 'changed-1' }),
    });
    expect(noCurrent.statusCode).toBe(401);
    const res = await t.call({
      method: 'PATCH',
      url: `/api/users/${a.users.user.id}`,
      token,
      headers: { 'content-type': 'application/merge-patch+json' },
      payload: JSON.stringify({ firstName: 'Ulla', currentPassword: 'test-password', password: 'changed-1' }),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().firstName).toBe('Ulla');
    expect(await t.login(a.users.user.email, 'changed-1')).toBeTruthy();
  });

  it('does not let a user change another user or the own roles', async () => {
    const token = await t.login(a.users.external.email);
    const other = await call('PATCH', `/api/users/${a.users.readonly.id}`, token, { firstName: 'X' });
    expect(other.statusCode).toBe(403);
    const roles = await call('PATCH', `/api/users/${a.users.external.id}`, token, {
      roles: ['ROLE_CFT_ADMIN'],
    });
    expect(roles.statusCode).toBe(403);
    expect(roles.json().message).toBe('roleNotGrantable');
    const own = await call('PATCH', `/api/users/${a.users.external.id}`, token, { lastName: 'Extern' });
    expect(own.statusCode).toBe(200);
    expect(own.json().lastName).toBe('Extern');
  });

  it('keeps the last admin: no own role change and no deletion while other users exist', async () => {
    const roleChange = await call('PATCH', `/api/users/${a.users.admin.id}`, adminA, {
      roles: ['ROLE_CFT_ADMIN'],
    });
    expect(roleChange.statusCode).toBe(409);
    expect(roleChange.json().message).toBe('OnlyAdminCannotChangeRole');
    const del = await t.call({ method: 'DELETE', url: `/api/users/${a.users.admin.id}`, token: adminA });
    expect(del.statusCode).toBe(409);
    expect(del.json().message).toBe('LastAdminOfCompanyButUsersExist');
  });

  it('deletes a user (status 3): the account cannot log in and its sessions end', async () => {
    const victimToken = await t.login(a.users.readonly.email);
    const res = await t.call({ method: 'DELETE', url: `/api/users/${a.users.readonly.id}`, token: adminA });
    expect(res.statusCode).toBe(200);
    const [row] = await t.ctx.db.select().from(schema.users).where(eq(schema.users.id, a.users.readonly.id));
    expect(row.status).toBe(3);
    expect((await t.call({ method: 'GET', url: '/api/users/me', token: victimToken })).statusCode).toBe(401);
    const login = await t.loginAttempt(a.users.readonly.email);
    expect(login.json().message).toBe('userDeleted');
  });
});

describe('sole user', () => {
  it('answers OnlyAdminOfCompany on delete and deletes user and company together', async () => {
    const solo = await call('POST', '/api/companies', smpToken, {
      company: { name: 'Solo GmbH', street: 'Weg 1', zipcode: '12345', city: 'Solo', country: 'DE' },
      user: { firstName: 'Sol', lastName: 'O', email: 'solo@solo.test', password: 'solo-pass' },
      module: ['cft'],
    });
    expect(solo.statusCode).toBe(201);
    const token = await t.login('solo@solo.test', 'solo-pass');
    const me = (await t.call({ method: 'GET', url: '/api/users/me', token })).json();
    const del = await t.call({ method: 'DELETE', url: `/api/users/${me.id}`, token });
    expect(del.json().message).toBe('OnlyAdminOfCompany');
    const both = await call('POST', '/api/delete-user-and-company', token, { userId: me.id });
    expect(both.statusCode).toBe(200);
    const [company] = await t.ctx.db
      .select()
      .from(schema.companies)
      .where(eq(schema.companies.id, me.company.id));
    expect(company.deletedAt).not.toBeNull();
    expect((await t.call({ method: 'GET', url: '/api/users/me', token })).statusCode).toBe(401);
  });

  it('refuses delete-user-and-company while other users exist', async () => {
    const res = await call('POST', '/api/delete-user-and-company', adminA, { userId: a.users.admin.id });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('notSoleUser');
  });
});

describe('own settings', () => {
  it('saves language, intro, release notes, preferences and session config', async () => {
    const token = await t.login(a.users.cftAdmin.email);
    const id = a.users.cftAdmin.id;
    expect((await call('POST', `/api/users/${id}/set-language`, token, { language: 'en' })).statusCode).toBe(
      200,
    );
    expect(
      (await t.call({ method: 'PATCH', url: `/api/users/${id}/intro-shown`, token, payload: {} })).statusCode,
    ).toBe(200);
    expect(
      (await call('POST', `/api/users/${id}/release-notes-shown`, token, { version: '2.9.0' })).statusCode,
    ).toBe(200);
    const prefs = await call('PATCH', '/api/user-preferences', token, { emailNotificationDelay: '1h' });
    expect(prefs.json()).toMatchObject({ language: 'en', emailNotificationDelay: '1h' });
    await call('PATCH', '/api/session-config', token, { tourStartDate: '2026-01-01' });
    const me = (await t.call({ method: 'GET', url: '/api/users/me', token })).json();
    expect(me).toMatchObject({
      introShown: true,
      releaseNotesShown: '2.9.0',
      sessionConfig: { tourStartDate: '2026-01-01' },
    });
    expect(me.userPreference.language).toBe('en');
  });

  it('refuses to set the language of another user', async () => {
    const token = await t.login(a.users.cftAdmin.email);
    const res = await call('POST', `/api/users/${a.users.admin.id}/set-language`, token, { language: 'en' });
    expect(res.statusCode).toBe(403);
    const bad = await call('POST', `/api/users/${a.users.cftAdmin.id}/set-language`, token, {
      language: 'fr',
    });
    expect(bad.statusCode).toBe(400);
  });
});

describe('user groups and access rights', () => {
  it('keeps a user in one group at most', async () => {
    const g1 = await call('POST', '/api/user-groups/create', adminA, {
      name: 'Disposition',
      activeModules: ['cft'],
      users: [a.users.user.id],
    });
    expect(g1.statusCode).toBe(201);
    const g2 = await call('POST', '/api/user-groups/create', adminA, {
      name: 'Nachhaltigkeit',
      activeModules: ['cfc'],
      users: [a.users.user.id],
      rights: { cft: { shipperFilters: ['Kunde A'] } },
    });
    expect(g2.json().users.map((u: { id: string }) => u.id)).toEqual([a.users.user.id]);
    const list = (
      await t.call({ method: 'GET', url: '/api/user-groups?order[name]=asc', token: adminA })
    ).json();
    expect(
      list['hydra:member'].map((g: { name: string; users: unknown[] }) => [g.name, g.users.length]),
    ).toEqual([
      ['Disposition', 0],
      ['Nachhaltigkeit', 1],
    ]);
    const forGroups = (await t.call({ method: 'GET', url: '/api/users/for-groups', token: adminA })).json();
    expect(forGroups['hydra:member'].find((u: { id: string }) => u.id === a.users.user.id).groupId).toBe(
      g2.json().id,
    );
    const dup = await call('POST', '/api/user-groups/create', adminA, { name: 'disposition' });
    expect(dup.json().message).toBe('groupNameExists');
  });

  it('refuses users of another company as group members and writes nothing', async () => {
    const res = await call('POST', '/api/user-groups/create', adminA, {
      name: 'Fremd',
      users: [b.users.user.id],
    });
    expect(res.statusCode).toBe(404);
    const rows = await t.ctx.db.select().from(schema.userGroups).where(eq(schema.userGroups.name, 'Fremd'));
    expect(rows).toHaveLength(0);
  });

  it('replaces and deletes access rights of a group', async () => {
    const group = (
      await call('POST', '/api/user-groups/create', adminA, { name: 'CFC Team', activeModules: ['cfc'] })
    ).json();
    const one = await call('POST', '/api/access-rights', adminA, {
      groupId: group.id,
      businessUnit: 'Werk Nord',
      accessRights: ['read'],
    });
    expect(one.statusCode).toBe(201);
    const replaced = await call('POST', `/api/access-rights/${group.id}`, adminA, {
      rights: [{ businessUnit: 'Werk Süd', report: '2025', accessRights: ['read', 'write'] }],
    });
    expect(replaced.json()['hydra:member'].map((r: { businessUnit: string }) => r.businessUnit)).toEqual([
      'Werk Süd',
    ]);
    await t.call({ method: 'DELETE', url: `/api/access-rights/${group.id}`, token: adminA });
    const left = (
      await t.call({ method: 'GET', url: `/api/access-rights?groupId=${group.id}`, token: adminA })
    ).json();
    expect(left['hydra:totalItems']).toBe(0);
    const del = await t.call({ method: 'DELETE', url: `/api/user-groups/${group.id}`, token: adminA });
    expect(del.statusCode).toBe(200);
  });
});

describe('credentials of other users (issue 12 F1)', () => {
  const patch = (token: string, id: string, payload: Record<string, unknown>) =>
    t.call({
      method: 'PATCH',
      url: `/api/users/${id}`,
      token,
      headers: { 'content-type': 'application/merge-patch+json' },
      payload: JSON.stringify(payload),
    });

  it('refuses password and e-mail changes of others to every module admin', async () => {
    const f = await createCompanyFixture(t.ctx, 'F1');
    const adminF = await t.login(f.users.admin.email);
    const moduleAdmins: { role: string; id: string; email: string }[] = [];
    for (const role of ['ROLE_CFT_ADMIN', 'ROLE_CFC_ADMIN', 'ROLE_TAX_ADMIN', 'ROLE_CSRD_ADMIN']) {
      const email = `${role.toLowerCase()}@f1.test`;
      const res = await call('POST', '/api/users', adminF, newUser(email, [role]));
      expect(res.statusCode).toBe(201);
      moduleAdmins.push({ role, id: res.json().id, email });
    }
    for (const m of moduleAdmins) {
      const token = await t.login(m.email, 'start123');
      const targets = [f.users.admin, f.users.user, f.users.readonly, ...moduleAdmins.filter((o) => o !== m)];
      for (const target of targets) {
        const password = await patch(token, target.id, { password: 'taken-over-1' });
        expect([m.role, target.email, password.statusCode, password.json().message]).toEqual([
          m.role,
          target.email,
          403,
          'noRights',
        ]);
        const email = await patch(token, target.id, { email: `evil-${m.role.toLowerCase()}@f1.test` });
        expect([m.role, target.email, email.statusCode]).toEqual([m.role, target.email, 403]);
      }
      // The profile of the company admin is not theirs to change either.
      expect((await patch(token, f.users.admin.id, { lastName: 'Gekapert' })).statusCode).toBe(403);
    }
    const rows = await t.ctx.db.select().from(schema.users).where(eq(schema.users.companyId, f.id));
    expect(rows.some((r) => r.email.startsWith('evil-') || r.lastName === 'Gekapert')).toBe(false);
    expect(await t.login(f.users.admin.email)).toBeTruthy();
    expect(await t.login(f.users.user.email)).toBeTruthy();
  });

  it('lets a module admin manage only the roles of their module', async () => {
    const f = await createCompanyFixture(t.ctx, 'F1b');
    const token = await t.login(f.users.cftAdmin.email);
    const own = await patch(token, f.users.external.id, {
      roles: ['ROLE_CFT_READ_ONLY'],
      firstName: 'Extern',
    });
    expect(own.statusCode).toBe(200);
    expect(own.json().roles).toEqual(['ROLE_CFT_READ_ONLY']);
    const other = await patch(token, f.users.user.id, { roles: ['ROLE_CFT_USER'] });
    expect(other.statusCode).toBe(403);
    expect(other.json().message).toBe('roleNotGrantable');
    const admin = await patch(token, f.users.admin.id, {
      roles: ['ROLE_COMPANY_ADMIN', 'ROLE_CFC_ADMIN', 'ROLE_TAX_ADMIN', 'ROLE_CSRD_ADMIN'],
    });
    expect(admin.statusCode).toBe(403);
    expect(admin.json().message).toBe('noRights');
    // Group membership is the company admin's: module admins cannot move users between groups.
    const group = await call('POST', '/api/user-groups/create', token, {
      name: 'Eigene',
      activeModules: ['cft'],
      users: [f.users.admin.id],
    });
    expect(group.statusCode).toBe(403);
  });

  it('lets the company admin and the platform admin set credentials of users whose roles they grant', async () => {
    const f = await createCompanyFixture(t.ctx, 'F1c');
    const adminF = await t.login(f.users.admin.email);
    const victimSession = await t.login(f.users.user.email);
    const pw = await patch(adminF, f.users.user.id, { password: 'vom-admin-1', email: 'user-neu@f1c.test' });
    expect(pw.statusCode).toBe(200);
    expect(pw.json().email).toBe('user-neu@f1c.test');
    expect(await t.login('user-neu@f1c.test', 'vom-admin-1')).toBeTruthy();
    expect((await t.call({ method: 'GET', url: '/api/users/me', token: victimSession })).statusCode).toBe(
      401,
    );

    // A company admin without the CFC admin role cannot take over a CFC user.
    const narrow = await call(
      'POST',
      '/api/users',
      adminF,
      newUser('narrow@f1c.test', ['ROLE_COMPANY_ADMIN', 'ROLE_CFT_ADMIN']),
    );
    const narrowToken = await t.login('narrow@f1c.test', 'start123');
    expect((await patch(narrowToken, f.users.readonly.id, { password: 'vom-admin-2' })).statusCode).toBe(403);
    expect((await patch(narrowToken, f.users.external.id, { password: 'vom-admin-2' })).statusCode).toBe(200);
    expect((await patch(narrowToken, f.users.admin.id, { email: 'chef@f1c.test' })).statusCode).toBe(403);
    expect((await patch(adminF, narrow.json().id, { password: 'vom-admin-3' })).statusCode).toBe(200);

    expect((await patch(smpToken, f.users.admin.id, { password: 'vom-smp-123' })).statusCode).toBe(200);
    expect(await t.login(f.users.admin.email, 'vom-smp-123')).toBeTruthy();
  });
});

describe('own credentials (issue 12 F5)', () => {
  const patchOwn = (token: string, id: string, payload: Record<string, unknown>) =>
    t.call({ method: 'PATCH', url: `/api/users/${id}`, token, payload });
  const linkTo = async (address: string) => {
    const mails = await mailsTo(t, address);
    return mails.map((m) => /\/confirm-email\?token=([A-Za-z0-9_%-]+)/.exec(m.text)?.[1]).filter(Boolean);
  };

  it('a password change ends the other sessions and keeps the current one', async () => {
    const f = await createCompanyFixture(t.ctx, 'F5a');
    const phone = await t.login(f.users.user.email);
    const laptop = await t.login(f.users.user.email);
    const common = await patchOwn(laptop, f.users.user.id, {
      currentPassword: 'test-password',
      password: 'Password1',
    });
    expect(common.statusCode).toBe(422);
    expect(common.json().message).toBe('passwordTooCommon');
    const res = await patchOwn(laptop, f.users.user.id, {
      currentPassword: 'test-password',
      password: 'neues-pw-2026',
    });
    expect(res.statusCode).toBe(200);
    expect((await t.call({ method: 'GET', url: '/api/users/me', token: laptop })).statusCode).toBe(200);
    expect((await t.call({ method: 'GET', url: '/api/users/me', token: phone })).statusCode).toBe(401);
  });

  it('a new own e-mail needs the current password and counts once the link sent to it is followed', async () => {
    const f = await createCompanyFixture(t.ctx, 'F5b');
    const token = await t.login(f.users.readonly.email);
    const id = f.users.readonly.id;
    const noPassword = await patchOwn(token, id, { email: 'neu@f5b.test' });
    expect(noPassword.statusCode).toBe(401);
    const wrong = await patchOwn(token, id, { email: 'neu@f5b.test', currentPassword: 'falsch' });
    expect(wrong.statusCode).toBe(401);
    const taken = await patchOwn(token, id, { email: f.users.admin.email, currentPassword: 'test-password' });
    expect(taken.json().message).toBe('EmailExists');

    const first = await patchOwn(token, id, { email: 'zuerst@f5b.test', currentPassword: 'test-password' });
    const res = await patchOwn(token, id, { email: 'neu@f5b.test', currentPassword: 'test-password' });
    expect([first.statusCode, res.statusCode]).toEqual([200, 200]);
    expect(res.json().email).toBe(f.users.readonly.email);
    const notices = await mailsTo(t, f.users.readonly.email);
    expect(notices.map((m) => m.text).join()).toContain('neu@f5b.test');
    expect(await linkTo(f.users.readonly.email)).toEqual([]);
    const [older] = await linkTo('zuerst@f5b.test');
    const [link] = await linkTo('neu@f5b.test');
    expect(link).toBeTruthy();
    // Until the link is followed, the old address is the login name.
    expect(await t.login(f.users.readonly.email)).toBeTruthy();

    const confirm = (tokenValue: string) =>
      t.call({
        method: 'POST',
        url: '/api/users/email-change/confirm',
        payload: { token: decodeURIComponent(tokenValue) },
      });
    expect((await confirm(link as string)).statusCode).toBe(200);
    expect(await t.login('neu@f5b.test')).toBeTruthy();
    const reuse = await confirm(link as string);
    expect(reuse.statusCode).toBe(400);
    expect(reuse.json().message).toBe('emailChangeInvalid');
    // The earlier link ended with the confirmation of the later one.
    expect((await confirm(older as string)).json().message).toBe('emailChangeInvalid');
    const bogus = await confirm('x'.repeat(43));
    expect(bogus.json().message).toBe('emailChangeInvalid');
  });
});
