import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { schema } from '../../platform/db/index.ts';
import { jsonCalls, mailsTo } from '../../../test/calls.ts';
import { type TestApp, appWithCompanies, createCompanyFixture, withTestApp } from '../../../test/harness.ts';

const { t, a, b, smp } = appWithCompanies({ a: 'A', b: 'B' }, { platformAdmin: true });
const { call, json } = jsonCalls(t);

/** The signed-in user as `GET /api/users/me` answers (`query` e.g. `?module=cfc`). */
const me = (token: string, query = '') => t.call({ method: 'GET', url: `/api/users/me${query}`, token });

/** An impersonation request of the signed-in user for the user with this e-mail. */
const impersonate = (token: string, username: string) =>
  t.call({ method: 'POST', url: '/api/impersonate', token, payload: { username } });

describe('POST /api/login', () => {
  it('answers a token that works as bearer and sets a strict HttpOnly cookie', async () => {
    const res = await t.loginAttempt(a.users.admin.email);
    expect(res.statusCode).toBe(200);
    const { token } = res.json<{ token: string }>();
    expect(token.length).toBeGreaterThan(30);
    const cookie = String(res.headers['set-cookie']);
    expect(cookie).toContain('kd_session=');
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('SameSite=Strict');
    const mine = await me(token);
    expect(mine.statusCode).toBe(200);
    expect(mine.json().email).toBe(a.users.admin.email);
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
    const res = await t.loginAttempt(a.users.admin.email, 'nope-nope');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ code: 50100, message: 'invalidCredentials' });
    const unknown = await t.loginAttempt('nobody@x.test', 'nope-nope');
    expect(unknown.json().message).toBe('invalidCredentials');
  });

  it('answers notVerified (403) before the e-mail is confirmed', async () => {
    await t.ctx.db
      .update(schema.users)
      .set({ isVerified: false })
      .where(eq(schema.users.id, b.users.cftAdmin.id));
    const res = await t.loginAttempt(b.users.cftAdmin.email);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('notVerified');
    await t.ctx.db
      .update(schema.users)
      .set({ isVerified: true })
      .where(eq(schema.users.id, b.users.cftAdmin.id));
  });

  it('answers userDeleted (403) for status 3 and refuses a user without roles', async () => {
    await t.ctx.db.update(schema.users).set({ status: 3 }).where(eq(schema.users.id, b.users.external.id));
    const res = await t.loginAttempt(b.users.external.email);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('userDeleted');
    await t.ctx.db
      .update(schema.users)
      .set({ status: 1, roles: [] })
      .where(eq(schema.users.id, b.users.external.id));
    const noRoles = await t.loginAttempt(b.users.external.email);
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
    const mine = await me(token);
    expect(mine.statusCode).toBe(401);
    expect(mine.json()).toEqual({ code: 50100, message: 'sessionInvalid' });
  });

  it('answers 401 without a session', async () => {
    const res = await t.call({ method: 'GET', url: '/api/users/me' });
    expect(res.statusCode).toBe(401);
  });
});

describe('GET /api/users/me', () => {
  it('returns the route list computed from roles, basic flag and module', async () => {
    const admin = (await me(await t.login(a.users.admin.email))).json();
    expect(admin.company).toMatchObject({ id: a.id, isBasic: false });
    expect(admin.module).toBe('cft');
    expect(admin.routes).toContain('/companymanagement/users');
    expect(admin.routes).toContain('/dashboard/shipment');
    expect(admin.home).toBe('/dashboard/shipment');
    expect(admin.userPreference.language).toBe('de');
    const ro = (await me(await t.login(a.users.readonly.email))).json();
    expect(ro.home).toBe('/dashboard/tour');
    expect(ro.routes).not.toContain('/companymanagement/users');
    expect(ro.routes).not.toContain('/system/mappings');
    const ext = (await me(await t.login(a.users.external.email))).json();
    expect(ext.routes.filter((r: string) => r.startsWith('/dashboard'))).toEqual(['/dashboard/tour']);
    const cfc = (await me(await t.login(a.users.user.email), '?module=cfc')).json();
    expect(cfc.module).toBe('cfc');
    expect(cfc.home).toBe('/cfc/home');
  });
});

/** A login try of one account from one client address (optionally through a proxy). */
const loginFrom =
  (app: TestApp, email: string) => (password: string, remoteAddress: string, forwardedFor?: string) =>
    app.call({
      method: 'POST',
      url: '/api/login',
      remoteAddress,
      headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {},
      payload: { username: email, password },
    });

describe('rate limits', () => {
  it('backs off failed logins per account and IP without locking the owner out (F7)', async () => {
    let now = Date.parse('2026-11-23T10:00:00Z');
    await withTestApp({ limits: { loginFailuresPerAccount: 3 }, now: () => now }, async (limited) => {
      const f = await createCompanyFixture(limited.ctx, 'R');
      const attempt = loginFrom(limited, f.users.user.email);
      // The owner signs in from their office once; their client is known from then on.
      expect((await attempt('test-password', '10.0.0.1')).statusCode).toBe(200);
      for (let i = 0; i < 3; i++) expect((await attempt('wrong-pass', '203.0.113.9')).statusCode).toBe(401);
      // The guessing address must wait 1 s, then 2 s, 4 s … (here the right password does not help it).
      const refused = await attempt('test-password', '203.0.113.9');
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toMatchObject({ message: 'tooManyRequests', detail: { retryAfterSeconds: 1 } });
      // The owner is not locked out by someone else's guessing.
      expect((await attempt('test-password', '10.0.0.1')).statusCode).toBe(200);
      now += 1000;
      expect((await attempt('wrong-pass', '203.0.113.9')).statusCode).toBe(401);
      expect((await attempt('wrong-pass', '203.0.113.9')).json().detail).toEqual({ retryAfterSeconds: 2 });
      now += 2000;
      expect((await attempt('wrong-pass', '203.0.113.9')).statusCode).toBe(401);
      expect((await attempt('wrong-pass', '203.0.113.9')).json().detail).toEqual({ retryAfterSeconds: 4 });
      // Another account is not affected.
      expect(await limited.login(f.users.admin.email)).toBeTruthy();
    });
  });

  it('slows an account down over all unknown clients, sparing known ones (F7, issue 32)', async () => {
    let now = Date.parse('2026-11-23T10:00:00Z');
    const limits = { loginFailuresPerAccount: 2, loginFailuresPerAccountAnyAddress: 6 };
    await withTestApp({ limits, now: () => now }, async (limited) => {
      const f = await createCompanyFixture(limited.ctx, 'R');
      const attempt = loginFrom(limited, f.users.user.email);
      expect((await attempt('test-password', '10.0.0.1')).statusCode).toBe(200);
      // Three addresses with two free tries each use up the account's six free failures.
      for (const ip of ['198.51.100.1', '198.51.100.2', '198.51.100.3']) {
        for (let i = 0; i < 2; i++) expect((await attempt('wrong-pass', ip)).statusCode).toBe(401);
      }
      const refused = await attempt('test-password', '198.51.100.4');
      expect(refused.statusCode).toBe(429);
      expect(refused.json().detail).toEqual({ retryAfterSeconds: 1 });
      expect((await attempt('test-password', '10.0.0.1')).statusCode).toBe(200);
      now += 1000;
      expect((await attempt('test-password', '198.51.100.4')).statusCode).toBe(200);
    });
  });

  it('rotating X-Forwarded-For behind TRUST_PROXY meets the account’s back-off (issue 32)', async () => {
    let now = Date.parse('2026-11-23T10:00:00Z');
    const options = {
      env: { TRUST_PROXY: 'true' },
      limits: { loginFailuresPerAccount: 3, loginFailuresPerAccountAnyAddress: 10 },
      now: () => now,
    };
    await withTestApp(options, async (limited) => {
      const f = await createCompanyFixture(limited.ctx, 'X');
      const attempt = loginFrom(limited, f.users.user.email);
      // The owner's browser signed in before, through the same proxy.
      expect((await attempt('test-password', '127.0.0.1', '192.0.2.10')).statusCode).toBe(200);
      let address = 0;
      const rotating = (password: string) => attempt(password, '127.0.0.1', `203.0.113.${++address}`);
      for (let i = 0; i < 10; i++) expect((await rotating('wrong-pass')).statusCode).toBe(401);
      // Every further guess waits, however new its address: 1 s, 2 s, 4 s … after the last counted one.
      const waits: number[] = [];
      for (let i = 0; i < 4; i++) {
        const refused = await rotating('wrong-pass');
        expect(refused.statusCode).toBe(429);
        waits.push(refused.json().detail.retryAfterSeconds);
        expect((await rotating('wrong-pass')).statusCode).toBe(429);
        now += waits[i] * 1000;
        expect((await rotating('wrong-pass')).statusCode).toBe(401);
      }
      expect(waits).toEqual([1, 2, 4, 8]);
      // Also with the address in another case, and also with the right password.
      const other = await loginFrom(limited, f.users.user.email.toUpperCase())(
        'test-password',
        '127.0.0.1',
        '203.0.113.200',
      );
      expect(other.statusCode).toBe(429);
      // The owner's known client signs in; another account is not affected.
      expect((await attempt('test-password', '127.0.0.1', '192.0.2.10')).statusCode).toBe(200);
      expect(
        (await loginFrom(limited, f.users.admin.email)('test-password', '127.0.0.1', '203.0.113.1'))
          .statusCode,
      ).toBe(200);
    });
  });

  it('sees the client address behind a trusted proxy (TRUST_PROXY)', async () => {
    const now = Date.parse('2026-11-23T10:00:00Z');
    const options = {
      env: { TRUST_PROXY: '127.0.0.1' },
      limits: { loginFailuresPerAccount: 1 },
      now: () => now,
    };
    await withTestApp(options, async (limited) => {
      const f = await createCompanyFixture(limited.ctx, 'P');
      const attempt = (password: string, client: string) =>
        loginFrom(limited, f.users.user.email)(password, '127.0.0.1', client);
      expect((await attempt('wrong-pass', '203.0.113.7')).statusCode).toBe(401);
      expect((await attempt('test-password', '203.0.113.7')).statusCode).toBe(429);
      // The same proxy, another client: its own back-off, so it signs in.
      expect((await attempt('test-password', '192.0.2.44')).statusCode).toBe(200);
    });
  });

  it('limits login requests per IP', async () => {
    await withTestApp({ limits: { perIpPerMinute: 2 } }, async (limited) => {
      const codes: number[] = [];
      for (let i = 0; i < 3; i++) {
        const res = await limited.loginAttempt('x@y.test', 'whatever');
        codes.push(res.statusCode);
      }
      expect(codes).toEqual([401, 401, 429]);
    });
  });
});

describe('impersonation', () => {
  it('lets a company admin act as a user of the own company and return', async () => {
    const res = await impersonate(await t.login(a.users.admin.email), a.users.user.email);
    expect(res.statusCode).toBe(200);
    const impToken = res.json().token;
    const mine = (await me(impToken)).json();
    expect(mine.email).toBe(a.users.user.email);
    expect(mine.impersonator).toEqual({ id: a.users.admin.id, email: a.users.admin.email });

    // A write while impersonating is logged with both identities.
    await call('POST', '/api/user-preferences', impToken, { isEmailNotificationEnabled: false });
    const [logged] = await t.ctx.db
      .select()
      .from(schema.userActionLogs)
      .where(eq(schema.userActionLogs.action, 'createUserPreferences'));
    expect(logged).toMatchObject({ userEmail: a.users.user.email, impersonatorEmail: a.users.admin.email });

    const back = await t.call({ method: 'POST', url: '/api/stop-impersonating', token: impToken });
    expect(back.statusCode).toBe(200);
    const backToken = back.json().token;
    expect((await me(backToken)).json().email).toBe(a.users.admin.email);
    // The impersonation session is over.
    expect((await me(impToken)).statusCode).toBe(401);
  });

  it('ends the session when the original user was deleted meanwhile', async () => {
    const f = await createCompanyFixture(t.ctx, 'Imp');
    const imp = await impersonate(await t.login(f.users.admin.email), f.users.user.email);
    await t.ctx.db.update(schema.users).set({ status: 3 }).where(eq(schema.users.id, f.users.admin.id));
    const back = await t.call({ method: 'POST', url: '/api/stop-impersonating', token: imp.json().token });
    expect(back.statusCode).toBe(401);
    expect(back.json().message).toBe('sessionInvalid');
  });

  it('does not let a company admin impersonate a user of another company', async () => {
    const res = await impersonate(await t.login(a.users.admin.email), b.users.user.email);
    expect(res.statusCode).toBe(404);
  });

  it('lets the platform admin impersonate anyone; users without admin roles may not', async () => {
    const res = await impersonate(await t.login(smp.email), b.users.admin.email);
    expect(res.statusCode).toBe(200);
    const userToken = await t.login(a.users.user.email);
    const denied = await impersonate(userToken, a.users.readonly.email);
    expect(denied.statusCode).toBe(403);
    const notImp = await t.call({ method: 'POST', url: '/api/stop-impersonating', token: userToken });
    expect(notImp.json().message).toBe('notImpersonating');
  });
});

describe('POST /api/send-support-message', () => {
  it('queues a mail to the support address', async () => {
    const message = { subject: 'Frage zur Flotte', message: 'Wie importiere ich Fahrzeuge?' };
    await json(call('POST', '/api/send-support-message', await t.login(a.users.user.email), message));
    const [mail] = await mailsTo(t, 'support@klimadesk.local');
    expect(mail.subject).toBe('Support: Frage zur Flotte');
    expect(mail.text).toContain(a.users.user.email);
  });

  it('limits messages per user and per IP (F9)', async () => {
    await withTestApp({ limits: { messagesPerUserPerHour: 2 } }, async (limited) => {
      const f = await createCompanyFixture(limited.ctx, 'M');
      const send = async (email: string, url: string, remoteAddress = '198.51.100.20') =>
        limited.call({
          method: 'POST',
          url,
          remoteAddress,
          token: await limited.login(email),
          payload: { subject: 'Hallo', message: 'Nachricht' },
        });
      const support = '/api/send-support-message';
      const admins = '/api/send-mail-to-company-admin';
      expect((await send(f.users.readonly.email, support)).statusCode).toBe(200);
      expect((await send(f.users.readonly.email, admins)).statusCode).toBe(200);
      const third = await send(f.users.readonly.email, support, '198.51.100.21');
      expect(third.statusCode).toBe(429);
      expect(third.json().message).toBe('tooManyRequests');
      // Per IP: three times the per-user number, whoever sends.
      for (const user of [f.users.user, f.users.external]) {
        for (let i = 0; i < 2; i++) expect((await send(user.email, admins)).statusCode).toBe(200);
      }
      expect((await send(f.users.admin.email, support)).statusCode).toBe(429);
      expect((await send(f.users.admin.email, support, '198.51.100.22')).statusCode).toBe(200);
      const mails = await limited.ctx.db.select().from(schema.outboxMails);
      expect(mails.filter((m) => m.subject === 'Support: Hallo')).toHaveLength(2);
    });
  });
});
