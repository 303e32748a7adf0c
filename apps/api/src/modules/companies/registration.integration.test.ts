import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema } from '../../platform/db/index.ts';
import { type TestApp, createCompanyFixture, createTestApp } from '../../../test/harness.ts';
import { type CapturedMail, linkIn, mailText, startSmtp } from '../../../test/smtp.ts';

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtp>>;

const registration = (overrides: Record<string, unknown> = {}) => ({
  salutation: 'mrs',
  title: 'Dr.',
  firstName: 'Greta',
  lastName: 'Grün',
  email: 'greta@gruen-spedition.test',
  password: 'sicher123',
  company: {
    name: 'Grün Spedition GmbH',
    street: 'Am Hafen 3',
    zipcode: '28195',
    city: 'Bremen',
    country: 'DE',
  },
  isCarrier: true,
  department: 'sustainability',
  position: 'head',
  marketingConsent: false,
  acceptTerms: true,
  ...overrides,
});

/** A registration form, sent without a session as the sign-up page does. */
const register = (overrides: Record<string, unknown> = {}) =>
  t.call({ method: 'POST', url: '/api/companies/registration', payload: registration(overrides) });

/** Runs the queued jobs (the mail job) and returns the mails the SMTP server got for an address. */
async function deliveredTo(address: string): Promise<CapturedMail[]> {
  await t.ctx.jobs.drain();
  return smtp.mails.filter((m) => m.to.includes(address));
}

/** The token of the reset link in a mail. */
const resetToken = (mail: CapturedMail) =>
  linkIn(mail.raw, /http:\/\/localhost:3000\/reset-password\/[A-Za-z0-9_-]+/)
    .split('/')
    .pop() as string;

beforeAll(async () => {
  smtp = await startSmtp();
  t = await createTestApp({ env: { SMTP_URL: smtp.url } });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

describe('registration with e-mail confirmation (real SMTP server)', () => {
  it('creates an inactive company admin, mails the link, confirms and logs in', async () => {
    const res = await register();
    expect(res.statusCode).toBe(201);

    const early = await t.call({
      method: 'POST',
      url: '/api/login',
      payload: { username: 'greta@gruen-spedition.test', password: 'sicher123' },
    });
    expect(early.statusCode).toBe(403);
    expect(early.json().message).toBe('notVerified');

    const [mail] = await deliveredTo('greta@gruen-spedition.test');
    expect(mail.raw).toMatch(/Subject: .*=\?UTF-8\?|Subject: Klimadesk/);
    expect(mailText(mail.raw)).toContain('7 Tage');
    const link = linkIn(mail.raw, /http:\/\/localhost:3000\/register\/confirm\?token=[A-Za-z0-9_-]+/);
    const token = new URL(link).searchParams.get('token');

    const confirm = await t.call({
      method: 'POST',
      url: '/api/companies/registration/confirm',
      payload: { token },
    });
    expect(confirm.statusCode).toBe(200);
    const again = await t.call({
      method: 'POST',
      url: '/api/companies/registration/confirm',
      payload: { token },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('accountAlreadyVerified');

    const login = await t.login('greta@gruen-spedition.test', 'sicher123');
    const me = (await t.call({ method: 'GET', url: '/api/users/me', token: login })).json();
    expect(me.roles).toEqual(['ROLE_COMPANY_ADMIN', 'ROLE_CFT_ADMIN']);
    expect(me.company).toMatchObject({ name: 'Grün Spedition GmbH', isBasic: true, unlocked: false });
    expect(me.home).toBe('/dashboard/shipment');
  });

  it('answers a registered address like a new one and mails its owner instead (issue 32)', async () => {
    const before = smtp.mails.length;
    const known = await register({ company: { ...registration().company, name: 'Andere GmbH' } });
    const fresh = await register({
      email: 'neu@andere.test',
      company: { ...registration().company, name: 'Ganz Andere GmbH' },
    });
    expect(known.statusCode).toBe(201);
    expect(known.statusCode).toBe(fresh.statusCode);
    expect(known.body).toBe(fresh.body);
    expect(known.headers['content-length']).toBe(fresh.headers['content-length']);

    const [owner] = (await deliveredTo('greta@gruen-spedition.test')).slice(-1);
    expect(smtp.mails.indexOf(owner)).toBeGreaterThanOrEqual(before);
    const text = mailText(owner.raw);
    expect(text).toContain('Sie haben bereits ein Konto');
    expect(text).toContain('http://localhost:3000/login');
    expect(text).toContain('http://localhost:3000/request-reset-password');
    expect(text).not.toMatch(/register\/confirm/);
    // Nothing was created for the known address: no second company, no second user.
    const companies = await t.ctx.db
      .select()
      .from(schema.companies)
      .where(eq(schema.companies.name, 'Andere GmbH'));
    expect(companies).toHaveLength(0);
    const users = await t.ctx.db
      .select()
      .from(schema.users)
      .where(eq(schema.users.email, 'greta@gruen-spedition.test'));
    expect(users).toHaveLength(1);
    // The new address got its confirmation link.
    const [confirm] = await deliveredTo('neu@andere.test');
    expect(mailText(confirm.raw)).toMatch(/register\/confirm\?token=/);
  });

  it('mails the owner of a known address at most as often as reset mails, from any address', async () => {
    const limited = await createTestApp({ limits: { resetsPerAccount: 2 } });
    try {
      const f = await createCompanyFixture(limited.ctx, 'Flut');
      const codes: number[] = [];
      for (let i = 1; i <= 4; i++) {
        const res = await limited.call({
          method: 'POST',
          url: '/api/companies/registration',
          remoteAddress: `198.51.100.${i}`,
          payload: registration({
            email: f.users.user.email,
            company: { ...registration().company, name: `Flut ${i}` },
          }),
        });
        codes.push(res.statusCode);
      }
      expect(codes).toEqual([201, 201, 201, 201]);
      const outbox = await limited.ctx.db
        .select()
        .from(schema.outboxMails)
        .where(eq(schema.outboxMails.to, f.users.user.email));
      expect(outbox).toHaveLength(2);
    } finally {
      await limited.close();
    }
  });

  it('answers CompanyAlreadyRegistered and tells the company admin', async () => {
    const res = await register({
      email: 'kollege@gruen-spedition.test',
      firstName: 'Karl',
      company: { ...registration().company, name: 'grün  spedition gmbh' },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('CompanyAlreadyRegistered');
    const mails = await deliveredTo('greta@gruen-spedition.test');
    expect(mails.some((m) => mailText(m.raw).includes('kollege@gruen-spedition.test'))).toBe(true);
    const users = await t.ctx.db
      .select()
      .from(schema.users)
      .where(eq(schema.users.email, 'kollege@gruen-spedition.test'));
    expect(users).toHaveLength(0);
  });

  it('requires accepted terms and writes nothing without them', async () => {
    const res = await register({
      email: 'no-terms@x.test',
      acceptTerms: false,
      company: { ...registration().company, name: 'Ohne AGB GmbH' },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe('termsNotAccepted');
    const companies = await t.ctx.db
      .select()
      .from(schema.companies)
      .where(eq(schema.companies.name, 'Ohne AGB GmbH'));
    expect(companies).toHaveLength(0);
  });

  it('rejects a short password and a missing company field with 400', async () => {
    const short = await register({ email: 'p@x.test', password: '12345' });
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toBe('validationFailed');
    const { city: _c, ...noCity } = registration().company;
    const missing = await register({ email: 'q@x.test', company: noCity });
    expect(missing.statusCode).toBe(400);
  });

  it('answers confirmationInvalid for an unknown token and verificationFailed for an expired one', async () => {
    const bad = await t.call({
      method: 'POST',
      url: '/api/companies/registration/confirm',
      payload: { token: 'x'.repeat(43) },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('confirmationInvalid');

    await register({
      email: 'late@spaet.test',
      company: { ...registration().company, name: 'Spät GmbH' },
    });
    const [mail] = await deliveredTo('late@spaet.test');
    const token = new URL(
      linkIn(mail.raw, /http:\/\/localhost:3000\/register\/confirm\?token=[A-Za-z0-9_-]+/),
    ).searchParams.get('token');
    await t.ctx.db
      .update(schema.userTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(schema.userTokens.kind, 'confirm'));
    const expired = await t.call({
      method: 'POST',
      url: '/api/companies/registration/confirm',
      payload: { token },
    });
    expect(expired.json().message).toBe('verificationFailed');
  });
});

describe('password reset (real SMTP server)', () => {
  it('mails a single-use link; the new password works and the old one and old sessions do not', async () => {
    const f = await createCompanyFixture(t.ctx, 'Reset');
    const oldSession = await t.login(f.users.user.email);
    const req = await t.call({
      method: 'POST',
      url: '/api/request-reset-password',
      payload: { email: f.users.user.email, lang: 'en' },
    });
    expect(req.statusCode).toBe(200);
    const [mail] = await deliveredTo(f.users.user.email);
    expect(mailText(mail.raw)).toContain('set a new password');
    const token = resetToken(mail);

    const reset = await t.call({
      method: 'POST',
      url: `/api/reset-password/${token}`,
      payload: { password: 'brand-new-pw' },
    });
    expect(reset.statusCode).toBe(200);
    expect(await t.login(f.users.user.email, 'brand-new-pw')).toBeTruthy();
    const old = await t.call({
      method: 'POST',
      url: '/api/login',
      payload: { username: f.users.user.email, password: 'test-password' },
    });
    expect(old.statusCode).toBe(401);
    expect((await t.call({ method: 'GET', url: '/api/users/me', token: oldSession })).statusCode).toBe(401);

    const reuse = await t.call({
      method: 'POST',
      url: `/api/reset-password/${token}`,
      payload: { password: 'another-pw' },
    });
    expect(reuse.statusCode).toBe(400);
    expect(reuse.json().message).toBe('resetTokenInvalid');
  });

  it('answers the same for unknown addresses and sends nothing', async () => {
    const before = smtp.mails.length;
    const res = await t.call({
      method: 'POST',
      url: '/api/request-reset-password',
      payload: { email: 'ghost@nowhere.test' },
    });
    expect(res.statusCode).toBe(200);
    await t.ctx.jobs.drain();
    expect(smtp.mails.length).toBe(before);
  });
});

describe('account probing (issue 12 F6, F8)', () => {
  it('a reset ends every other outstanding reset link of the account (F6)', async () => {
    const f = await createCompanyFixture(t.ctx, 'Links');
    for (let i = 0; i < 2; i++) {
      await t.call({
        method: 'POST',
        url: '/api/request-reset-password',
        payload: { email: f.users.readonly.email },
      });
    }
    const mails = await deliveredTo(f.users.readonly.email);
    expect(mails).toHaveLength(2);
    const [first, second] = mails.map(resetToken);
    const used = await t.call({
      method: 'POST',
      url: `/api/reset-password/${second}`,
      payload: { password: 'erstes-neues-pw' },
    });
    expect(used.statusCode).toBe(200);
    const other = await t.call({
      method: 'POST',
      url: `/api/reset-password/${first}`,
      payload: { password: 'zweites-neues-pw' },
    });
    expect(other.statusCode).toBe(400);
    expect(other.json().message).toBe('resetTokenInvalid');
    expect(await t.login(f.users.readonly.email, 'erstes-neues-pw')).toBeTruthy();
  });

  it('answers a reset request alike for known and unknown addresses; the mail follows (F8)', async () => {
    const f = await createCompanyFixture(t.ctx, 'Timing');
    const before = smtp.mails.length;
    const ask = (email: string) =>
      t.call({ method: 'POST', url: '/api/request-reset-password', payload: { email } });
    const known = await ask(f.users.user.email);
    const unknown = await ask('niemand@unbekannt.test');
    expect(known.statusCode).toBe(unknown.statusCode);
    expect(known.body).toBe(unknown.body);
    // The answer does no lookup: it only queues the work, so nothing is written or sent before it runs.
    const outbox = await t.ctx.db.select().from(schema.outboxMails);
    expect(outbox.some((m) => m.to === f.users.user.email)).toBe(false);
    expect(smtp.mails.length).toBe(before);
    expect(await deliveredTo(f.users.user.email)).toHaveLength(1);
    expect(smtp.mails.length).toBe(before + 1);
  });

  it('refuses the most common passwords on reset and registration', async () => {
    const f = await createCompanyFixture(t.ctx, 'Common');
    await t.call({
      method: 'POST',
      url: '/api/request-reset-password',
      payload: { email: f.users.user.email },
    });
    const [mail] = await deliveredTo(f.users.user.email);
    const reset = await t.call({
      method: 'POST',
      url: `/api/reset-password/${resetToken(mail)}`,
      payload: { password: 'LetMeIn' },
    });
    expect(reset.statusCode).toBe(422);
    expect(reset.json()).toMatchObject({ code: 50400, message: 'passwordTooCommon' });
    const reg = await register({
      email: 'common@pw.test',
      password: 'password1',
      company: { ...registration().company, name: 'Common PW GmbH' },
    });
    expect(reg.statusCode).toBe(422);
    expect(reg.json().message).toBe('passwordTooCommon');
  });

  it('limits registrations per IP, answering known addresses like new ones until then (F8)', async () => {
    const limited = await createTestApp({ limits: { registrationsPerIpPerHour: 2 } });
    try {
      const f = await createCompanyFixture(limited.ctx, 'Probe');
      const register = (email: string, remoteAddress = '198.51.100.30') =>
        limited.call({
          method: 'POST',
          url: '/api/companies/registration',
          remoteAddress,
          payload: registration({ email }),
        });
      expect((await register(f.users.user.email)).statusCode).toBe(201);
      expect((await register(f.users.admin.email)).statusCode).toBe(201);
      const third = await register('noch-jemand@probe.test');
      expect(third.statusCode).toBe(429);
      expect(third.json().message).toBe('tooManyRequests');
      expect((await register('noch-jemand@probe.test', '198.51.100.31')).statusCode).toBe(201);
    } finally {
      await limited.close();
    }
  });
});
