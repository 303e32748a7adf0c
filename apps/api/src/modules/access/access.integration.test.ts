import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema } from '../../platform/db/index.ts';
import {
  type CompanyFixture,
  type TestApp,
  createCompanyFixture,
  createPlatformAdmin,
  createTestApp,
} from '../../../test/harness.ts';

let t: TestApp;
let a: CompanyFixture;
let b: CompanyFixture;
let smp: { id: string; email: string };

beforeAll(async () => {
  t = await createTestApp();
  a = await createCompanyFixture(t.ctx, 'A');
  b = await createCompanyFixture(t.ctx, 'B');
  smp = await createPlatformAdmin(t.ctx);
});
afterAll(() => t.close());

describe('POST /api/login', () => {
  it('answers a token that works as bearer and sets a strict HttpOnly cookie', async () => {
    const res = await t.call({
      method: 'POST',
      url: '/api/login',
      payload: { username: a.users.admin.email, password: 'test-password' },
    });
    expect(res.statusCode).toBe(200);
    const { token } = res.json<{ token: string }>();
    expect(token.length).toBeGreaterThan(30);
    const cookie = String(res.headers['set-cookie']);
    expect(cookie).toContain('kd_session=');
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('SameSite=Strict');
    const me = await t.call({ method: 'GET', url: '/api/users/me', token });
    expect(me.statusCode).toBe(200);
    expect(me.json().email).toBe(a.users.admin.email);
    const viaCookie = await t.call({
      method: 'GET',
      url: '/api/users/me',
      headers: { cookie: `kd_session=${token}` },
    });
    expect(viaCookie.json().id).toBe(a.users.admin.id);
  });

  it('accepts the e-mail in any case', async () => {
    const token = await t.login(a.users.user.email.toUpperCase());
    expect(token).toBeTruthy();
  });

  it('refuses a wrong password with 401 and code 50100', async () => {
    const res = await t.call({
      method: 'POST',
      url: '/api/login',
      payload: { username: a.users.admin.email, password: 'nope-nope' },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ code: 50100, message: 'invalidCredentials' });
    const unknown = await t.call({
      method: 'POST',
      url: '/api/login',
      payload: { username: 'nobody@x.test', password: 'nope-nope' },
    });
    expect(unknown.json().message).toBe('invalidCredentials');
  });

  it('answers notVerified (403) before the e-mail is confirmed', async () => {
    await t.ctx.db
      .update(schema.users)
      .set({ isVerified: false })
      .where(eq(schema.users.id, b.users.cftAdmin.id));
    const res = await t.call({
      method: 'POST',
      url: '/api/login',
      payload: { username: b.users.cftAdmin.email, password: 'test-password' },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('notVerified');
    await t.ctx.db
      .update(schema.users)
      .set({ isVerified: true })
      .where(eq(schema.users.id, b.users.cftAdmin.id));
  });

  it('answers userDeleted (403) for status 3 and refuses a user without roles', async () => {
    await t.ctx.db.update(schema.users).set({ status: 3 }).where(eq(schema.users.id, b.users.external.id));
    const res = await t.call({
      method: 'POST',
      url: '/api/login',
      payload: { username: b.users.external.email, password: 'test-password' },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('userDeleted');
    await t.ctx.db
      .update(schema.users)
      .set({ status: 1, roles: [] })
      .where(eq(schema.users.id, b.users.external.id));
    const noRoles = await t.call({
      method: 'POST',
      url: '/api/login',
      payload: { username: b.users.external.email, password: 'test-password' },
    });
    expect(noRoles.statusCode).toBe(403);
    expect(noRoles.json().message).toBe('noRoles');
  });

  it('records successful and failed logins in the action log', async () => {
    const rows = await t.ctx.db
      .select()
      .from(schema.userActionLogs)
      .where(eq(schema.userActionLogs.userId, a.users.admin.id));
    expect(rows.some((r) => r.action === 'login' && r.status === 'success')).toBe(true);
    expect(rows.some((r) => r.action === 'login' && r.status === 'failure')).toBe(true);
  });
});

describe('POST /api/logout', () => {
  it('ends the session: the token then answers 401 / 50100', async () => {
    const token = await t.login(a.users.user.email);
    const out = await t.call({ method: 'POST', url: '/api/logout', token });
    expect(out.statusCode).toBe(200);
    const me = await t.call({ method: 'GET', url: '/api/users/me', token });
    expect(me.statusCode).toBe(401);
    expect(me.json()).toEqual({ code: 50100, message: 'sessionInvalid' });
  });

  it('answers 401 without a session', async () => {
    const res = await t.call({ method: 'GET', url: '/api/users/me' });
    expect(res.statusCode).toBe(401);
  });
});

describe('GET /api/users/me', () => {
  it('returns the route list computed from roles, basic flag and module', async () => {
    const admin = (
      await t.call({ method: 'GET', url: '/api/users/me', token: await t.login(a.users.admin.email) })
    ).json();
    expect(admin.company).toMatchObject({ id: a.id, isBasic: false });
    expect(admin.module).toBe('cft');
    expect(admin.routes).toContain('/companymanagement/users');
    expect(admin.routes).toContain('/dashboard/shipment');
    expect(admin.home).toBe('/dashboard/shipment');
    expect(admin.userPreference.language).toBe('de');
    const ro = (
      await t.call({ method: 'GET', url: '/api/users/me', token: await t.login(a.users.readonly.email) })
    ).json();
    expect(ro.home).toBe('/dashboard/tour');
    expect(ro.routes).not.toContain('/companymanagement/users');
    expect(ro.routes).not.toContain('/system/mappings');
    const ext = (
      await t.call({ method: 'GET', url: '/api/users/me', token: await t.login(a.users.external.email) })
    ).json();
    expect(ext.routes.filter((r: string) => r.startsWith('/dashboard'))).toEqual(['/dashboard/tour']);
    const cfc = (
      await t.call({
        method: 'GET',
        url: '/api/users/me?module=cfc',
        token: await t.login(a.users.user.email),
      })
    ).json();
    expect(cfc.module).toBe('cfc');
    expect(cfc.home).toBe('/cfc/home');
  });
});

describe('rate limits', () => {
  it('locks an account after repeated failed logins, even with the right password', async () => {
    const limited = await createTestApp({ limits: { loginFailuresPerAccount: 3 } });
    try {
      const f = await createCompanyFixture(limited.ctx, 'R');
      for (let i = 0; i < 3; i++) {
        const res = await limited.call({
          method: 'POST',
          url: '/api/login',
          payload: { username: f.users.user.email, password: 'wrong-pass' },
        });
        expect(res.statusCode).toBe(401);
      }
      const locked = await limited.call({
        method: 'POST',
        url: '/api/login',
        payload: { username: f.users.user.email, password: 'test-password' },
      });
      expect(locked.statusCode).toBe(429);
      expect(locked.json().message).toBe('tooManyRequests');
      // Another account is not affected.
      expect(await limited.login(f.users.admin.email)).toBeTruthy();
    } finally {
      await limited.close();
    }
  });

  it('limits login requests per IP', async () => {
    const limited = await createTestApp({ limits: { perIpPerMinute: 2 } });
    try {
      const codes: number[] = [];
      for (let i = 0; i < 3; i++) {
        const res = await limited.call({
          method: 'POST',
          url: '/api/login',
          payload: { username: 'x@y.test', password: 'whatever' },
        });
        codes.push(res.statusCode);
      }
      expect(codes).toEqual([401, 401, 429]);
    } finally {
      await limited.close();
    }
  });
});

describe('impersonation', () => {
  it('lets a company admin act as a user of the own company and return', async () => {
    const adminToken = await t.login(a.users.admin.email);
    const res = await t.call({
      method: 'POST',
      url: '/api/impersonate',
      token: adminToken,
      payload: { username: a.users.user.email },
    });
    expect(res.statusCode).toBe(200);
    const impToken = res.json().token;
    const me = (await t.call({ method: 'GET', url: '/api/users/me', token: impToken })).json();
    expect(me.email).toBe(a.users.user.email);
    expect(me.impersonator).toEqual({ id: a.users.admin.id, email: a.users.admin.email });

    // A write while impersonating is logged with both identities.
    await t.call({
      method: 'POST',
      url: '/api/user-preferences',
      token: impToken,
      payload: { isEmailNotificationEnabled: false },
    });
    const [logged] = await t.ctx.db
      .select()
      .from(schema.userActionLogs)
      .where(eq(schema.userActionLogs.action, 'createUserPreferences'));
    expect(logged).toMatchObject({ userEmail: a.users.user.email, impersonatorEmail: a.users.admin.email });

    const back = await t.call({ method: 'POST', url: '/api/stop-impersonating', token: impToken });
    expect(back.statusCode).toBe(200);
    const backToken = back.json().token;
    expect((await t.call({ method: 'GET', url: '/api/users/me', token: backToken })).json().email).toBe(
      a.users.admin.email,
    );
    // The impersonation session is over.
    expect((await t.call({ method: 'GET', url: '/api/users/me', token: impToken })).statusCode).toBe(401);
  });

  it('ends the session when the original user was deleted meanwhile', async () => {
    const f = await createCompanyFixture(t.ctx, 'Imp');
    const adminToken = await t.login(f.users.admin.email);
    const imp = await t.call({
      method: 'POST',
      url: '/api/impersonate',
      token: adminToken,
      payload: { username: f.users.user.email },
    });
    await t.ctx.db.update(schema.users).set({ status: 3 }).where(eq(schema.users.id, f.users.admin.id));
    const back = await t.call({ method: 'POST', url: '/api/stop-impersonating', token: imp.json().token });
    expect(back.statusCode).toBe(401);
    expect(back.json().message).toBe('sessionInvalid');
  });

  it('does not let a company admin impersonate a user of another company', async () => {
    const adminToken = await t.login(a.users.admin.email);
    const res = await t.call({
      method: 'POST',
      url: '/api/impersonate',
      token: adminToken,
      payload: { username: b.users.user.email },
    });
    expect(res.statusCode).toBe(404);
  });

  it('lets the platform admin impersonate anyone; users without admin roles may not', async () => {
    const smpToken = await t.login(smp.email);
    const res = await t.call({
      method: 'POST',
      url: '/api/impersonate',
      token: smpToken,
      payload: { username: b.users.admin.email },
    });
    expect(res.statusCode).toBe(200);
    const userToken = await t.login(a.users.user.email);
    const denied = await t.call({
      method: 'POST',
      url: '/api/impersonate',
      token: userToken,
      payload: { username: a.users.readonly.email },
    });
    expect(denied.statusCode).toBe(403);
    const notImp = await t.call({ method: 'POST', url: '/api/stop-impersonating', token: userToken });
    expect(notImp.json().message).toBe('notImpersonating');
  });
});

describe('POST /api/send-support-message', () => {
  it('queues a mail to the support address', async () => {
    const token = await t.login(a.users.user.email);
    const res = await t.call({
      method: 'POST',
      url: '/api/send-support-message',
      token,
      payload: { subject: 'Frage zur Flotte', message: 'Wie importiere ich Fahrzeuge?' },
    });
    expect(res.statusCode).toBe(200);
    const [mail] = await t.ctx.db
      .select()
      .from(schema.outboxMails)
      .where(eq(schema.outboxMails.to, 'support@klimadesk.local'));
    expect(mail.subject).toBe('Support: Frage zur Flotte');
    expect(mail.text).toContain(a.users.user.email);
  });
});
