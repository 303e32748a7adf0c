import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jsonCalls } from '../../../test/calls.ts';
import { type TestApp, createCompanyFixture, createTestApp } from '../../../test/harness.ts';
import { type CapturedMail, linkIn, mailText, startSmtp } from '../../../test/smtp.ts';

let smtp: Awaited<ReturnType<typeof startSmtp>>;
let t: TestApp;

async function deliveredTo(address: string): Promise<CapturedMail[]> {
  await t.ctx.jobs.drain();
  return smtp.mails.filter((m) => m.to.includes(address));
}

const person = (email: string, roles: string[], extra: Record<string, unknown> = {}) => ({
  firstName: 'Ines',
  lastName: 'Eingeladen',
  email,
  roles,
  ...extra,
});

beforeAll(async () => {
  smtp = await startSmtp();
  t = await createTestApp({ env: { SMTP_URL: smtp.url } });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

describe('inviting users by e-mail (issue 37, real SMTP server)', () => {
  it('creates the user without a password, mails the link, and the user sets their own', async () => {
    const f = await createCompanyFixture(t.ctx, 'Invite');
    const { call } = jsonCalls(t);
    const admin = await t.login(f.users.admin.email);
    const res = await call(
      'POST',
      '/api/users',
      admin,
      person('ines@invite.test', ['ROLE_CFT_USER'], { language: 'en' }),
    );
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ email: 'ines@invite.test', roles: ['ROLE_CFT_USER'] });
    // Nobody can sign in before the link is followed: the account is not confirmed yet.
    expect((await t.loginAttempt('ines@invite.test', 'anything-at-all')).statusCode).toBe(401);

    const [mail] = await deliveredTo('ines@invite.test');
    const text = mailText(mail.raw);
    expect(text).toContain('Klimadesk: Invitation to your account');
    expect(text).toContain('admin Invite created a Klimadesk account for you at Firma Invite GmbH');
    expect(text).toContain('valid for 7 days');
    const token = linkIn(mail.raw, /http:\/\/localhost:3000\/reset-password\/[A-Za-z0-9_-]+/)
      .split('/')
      .pop() as string;

    const set = await t.call({
      method: 'POST',
      url: `/api/reset-password/${token}`,
      payload: { password: 'mein-eigenes-pw-37' },
    });
    expect(set.statusCode).toBe(200);
    const token2 = await t.login('ines@invite.test', 'mein-eigenes-pw-37');
    const me = (await t.call({ method: 'GET', url: '/api/users/me', token: token2 })).json();
    expect(me).toMatchObject({ email: 'ines@invite.test', roles: ['ROLE_CFT_USER'] });
    // The link works once.
    const again = await t.call({
      method: 'POST',
      url: `/api/reset-password/${token}`,
      payload: { password: 'noch-ein-pw-3737' },
    });
    expect(again.json().message).toBe('resetTokenInvalid');
  });

  it('writes the invitation in German by default and still accepts a password set by the admin', async () => {
    const f = await createCompanyFixture(t.ctx, 'Invite-de');
    const { call } = jsonCalls(t);
    const admin = await t.login(f.users.admin.email);
    expect(
      (await call('POST', '/api/users', admin, person('de@invite.test', ['ROLE_CFC_USER']))).statusCode,
    ).toBe(201);
    const [mail] = await deliveredTo('de@invite.test');
    expect(mailText(mail.raw)).toContain('Link Ihr Passwort fest');

    const direct = await call(
      'POST',
      '/api/users',
      admin,
      person('direkt@invite.test', ['ROLE_CFC_USER'], { password: 'start-1234' }),
    );
    expect(direct.statusCode).toBe(201);
    expect(await t.login('direkt@invite.test', 'start-1234')).toBeTruthy();
    expect(await deliveredTo('direkt@invite.test')).toHaveLength(0);
  });
});

describe('one role per module (issue 37)', () => {
  it('refuses two roles of one module on create and change, with the catalogue error', async () => {
    const f = await createCompanyFixture(t.ctx, 'Roles');
    const { call } = jsonCalls(t);
    const admin = await t.login(f.users.admin.email);
    for (const roles of [
      ['ROLE_CFT_USER', 'ROLE_CFT_READ_ONLY'],
      ['ROLE_CSRD_ADMIN', 'ROLE_CFC_USER', 'ROLE_CSRD_READ_ONLY'],
      ['ROLE_CFT_READ_ONLY', 'ROLE_CFT_READ_ONLY_EXTERNAL'],
    ]) {
      const res = await call(
        'POST',
        '/api/users',
        admin,
        person('zwei@roles.test', roles, { password: 'start-1234' }),
      );
      expect([roles, res.statusCode, res.json().message]).toEqual([roles, 422, 'oneRolePerModule']);
    }
    const change = await call('PATCH', `/api/users/${f.users.user.id}`, admin, {
      roles: ['ROLE_TAX_USER', 'ROLE_TAX_READ_ONLY'],
    });
    expect(change.statusCode).toBe(422);
    expect(change.json()).toMatchObject({ message: 'oneRolePerModule', detail: { module: 'tax' } });
    // One role in each of several modules is fine.
    const ok = await call(
      'POST',
      '/api/users',
      admin,
      person('eins@roles.test', ['ROLE_CFT_USER', 'ROLE_CFC_READ_ONLY', 'ROLE_TAX_ADMIN'], {
        password: 'start-1234',
      }),
    );
    expect(ok.statusCode).toBe(201);
    const user = (await call('GET', `/api/users/${f.users.user.id}`, admin)).json();
    expect(user.roles).toEqual(['ROLE_CFT_USER', 'ROLE_CFC_USER', 'ROLE_TAX_USER', 'ROLE_CSRD_USER']);
  });
});

describe('PATCH /api/user-preferences/{id} (seed 000 §7)', () => {
  it('changes the own preferences by the user id, as a merge patch, and nobody else’s', async () => {
    const f = await createCompanyFixture(t.ctx, 'Prefs');
    const token = await t.login(f.users.user.email);
    const res = await t.call({
      method: 'PATCH',
      url: `/api/user-preferences/${f.users.user.id}`,
      token,
      headers: { 'content-type': 'application/merge-patch+json' },
      payload: JSON.stringify({ emailNotificationDelay: '1d', csrdLastReportId: 'r-17' }),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      emailNotificationDelay: '1d',
      csrdLastReportId: 'r-17',
      language: 'de',
    });
    const me = (await t.call({ method: 'GET', url: '/api/users/me', token })).json();
    expect(me.userPreference).toMatchObject({ emailNotificationDelay: '1d', csrdLastReportId: 'r-17' });

    const { call } = jsonCalls(t);
    const other = await call('PATCH', `/api/user-preferences/${f.users.admin.id}`, token, { language: 'en' });
    expect(other.statusCode).toBe(403);
    const foreign = await createCompanyFixture(t.ctx, 'Prefs-other');
    const elsewhere = await call('PATCH', `/api/user-preferences/${foreign.users.user.id}`, token, {
      language: 'en',
    });
    expect(elsewhere.statusCode).toBe(404);
    const bad = await call('PATCH', `/api/user-preferences/${f.users.user.id}`, token, {
      emailNotificationDelay: '2y',
    });
    expect(bad.statusCode).toBe(400);
  });
});
