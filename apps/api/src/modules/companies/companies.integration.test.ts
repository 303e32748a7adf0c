import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { jsonCalls, mailsTo } from '../../../test/calls.ts';
import { appWithCompanies, createCompanyFixture } from '../../../test/harness.ts';

const { t, a, basic, smp } = appWithCompanies(
  { a: 'A', basic: { key: 'Basis', isBasic: true, modules: ['cft'] } },
  { platformAdmin: true },
);
const { call, json } = jsonCalls(t);
let adminA: string;
let smpToken: string;

beforeAll(async () => {
  adminA = await t.login(a.users.admin.email);
  smpToken = await t.login(smp.email);
});

const unlockBody = {
  name: 'Basis Logistik GmbH',
  street: 'Neue Straße 7',
  zipcode: '70565',
  city: 'Stuttgart',
  country: 'DE',
  vatid: 'DE123456789',
  customBillingAddress: true,
  billingAddress: {
    name: 'Basis Holding',
    street: 'Rechnungsweg 1',
    zipcode: '70173',
    city: 'Stuttgart',
    country: 'DE',
    vatId: 'DE987654321',
  },
  acceptTerms: true,
};

describe('companies', () => {
  it('shows the own company with its admins, and hides other companies', async () => {
    const own = await t.call({ method: 'GET', url: `/api/companies/${a.id}`, token: adminA });
    expect(own.statusCode).toBe(200);
    expect(own.json()).toMatchObject({ id: a.id, name: 'Firma A GmbH', isBasic: false });
    expect(own.json().adminUsers.map((u: { email: string }) => u.email)).toEqual(['admin@a.test']);
    expect(own.json().customerNr).toBeGreaterThan(10000);
    const other = await t.call({ method: 'GET', url: `/api/companies/${basic.id}`, token: adminA });
    expect(other.statusCode).toBe(404);
  });

  it('lets the company admin change address data but not commercial fields', async () => {
    const ok = await t.call({
      method: 'PATCH',
      url: `/api/companies/${a.id}`,
      token: adminA,
      headers: { 'content-type': 'application/merge-patch+json' },
      payload: JSON.stringify({
        phone1: '+49 40 123',
        externalLink: { name: 'Web', url: 'https://firma-a.test' },
      }),
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().phone1).toBe('+49 40 123');
    const link = await call('PATCH', `/api/companies/${a.id}`, adminA, {
      externalLink: { name: 'x', url: 'javascript:alert(1)' },
    });
    expect(link.statusCode).toBe(400);
    const commercial = await call('PATCH', `/api/companies/${a.id}`, adminA, { isPayingCustomer: false });
    expect(commercial.statusCode).toBe(403);
    const bySmp = await call('PATCH', `/api/companies/${a.id}`, smpToken, { isPayingCustomer: true });
    expect(bySmp.json().isPayingCustomer).toBe(true);
  });

  it('unlocks a basic company once, with billing address', async () => {
    const token = await t.login(basic.users.admin.email);
    const before = (await t.call({ method: 'GET', url: '/api/users/me', token })).json();
    expect(before.routes).not.toContain('/system/connection');
    const res = await call('PATCH', `/api/companies/${basic.id}/unlock`, token, unlockBody);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      isBasic: false,
      unlocked: true,
      vatid: 'DE123456789',
      billingAddress: { name: 'Basis Holding' },
    });
    expect(res.json().unlockedAt).not.toBeNull();
    const after = (await t.call({ method: 'GET', url: '/api/users/me', token })).json();
    expect(after.routes).toContain('/system/connection');
    const again = await call('PATCH', `/api/companies/${basic.id}/unlock`, token, unlockBody);
    expect(again.json().message).toBe('companyAlreadyUnlocked');
  });

  it('validates the unlock form (street at least 2 characters, terms ticked)', async () => {
    const res = await call('PATCH', `/api/companies/${a.id}/unlock`, adminA, {
      ...unlockBody,
      street: 'A',
      acceptTerms: false,
    });
    expect(res.statusCode).toBe(400);
    const paths = res.json().detail.issues.map((i: { path: string }) => i.path);
    expect(paths).toEqual(expect.arrayContaining(['body/street', 'body/acceptTerms']));
  });

  it('lists and exports companies for the platform admin only, with formula injection neutralised', async () => {
    await call('PATCH', `/api/companies/${a.id}`, adminA, { city: '=HYPERLINK("http://evil")' });
    expect((await t.call({ method: 'GET', url: '/api/companies', token: adminA })).statusCode).toBe(403);
    const list = (
      await t.call({ method: 'GET', url: '/api/companies?order[name]=asc', token: smpToken })
    ).json();
    expect(list['hydra:member'].map((c: { name: string }) => c.name)).toEqual([
      'Basis Logistik GmbH',
      'Firma A GmbH',
    ]);
    const exp = await t.call({
      method: 'GET',
      url: '/api/companies/export',
      token: smpToken,
      headers: { 'accept-language': 'en' },
    });
    expect(exp.statusCode).toBe(200);
    const file = exp.json();
    expect(file.fileName).toMatch(/^customers-\d{4}-\d{2}-\d{2}\.xlsx$/);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(Buffer.from(file.data, 'base64') as never);
    const ws = wb.worksheets[0];
    expect(ws.getRow(1).getCell(2).value).toBe('Name');
    const cities = [2, 3].map((r) => ws.getRow(r).getCell(5).value);
    expect(cities).toContain('\'=HYPERLINK("http://evil")');
    const empty = await call('GET', '/api/companies/export?search=nothing-matches', smpToken);
    expect(empty.json().message).toBe('emptyExport');
  });

  it('mails the company admins', async () => {
    const message = { subject: 'Zugang', message: 'Bitte Rolle CFC' };
    await json(call('POST', '/api/send-mail-to-company-admin', await t.login(a.users.user.email), message));
    const mails = await mailsTo(t, 'admin@a.test');
    expect(mails.map((m) => m.subject)).toContain('Klimadesk: Zugang');
  });

  it('deletes a company for the platform admin: its users can no longer sign in', async () => {
    const victim = await createCompanyFixture(t.ctx, 'Del');
    const session = await t.login(victim.users.user.email);
    const res = await t.call({ method: 'DELETE', url: `/api/companies/${victim.id}`, token: smpToken });
    expect(res.statusCode).toBe(200);
    expect((await t.call({ method: 'GET', url: '/api/users/me', token: session })).statusCode).toBe(401);
    const login = await t.call({
      method: 'POST',
      url: '/api/login',
      payload: { username: victim.users.admin.email, password: 'test-password' },
    });
    expect(login.json().message).toBe('userDeleted');
  });
});

describe('countries and logs', () => {
  it('serves countries in the request language', async () => {
    const de = (await t.call({ method: 'GET', url: '/api/countries' })).json();
    expect(de['hydra:member'].find((c: { code: string }) => c.code === 'AT').name).toBe('Österreich');
    const en = (
      await t.call({ method: 'GET', url: '/api/countries', headers: { 'accept-language': 'en-GB,en;q=0.8' } })
    ).json();
    expect(en['hydra:member'].find((c: { code: string }) => c.code === 'AT').name).toBe('Austria');
  });

  it('shows the company action log with filters, newest first', async () => {
    const res = await call('GET', '/api/log-useractions?action=updateCompany&limit=50', adminA);
    expect(res.statusCode).toBe(200);
    const rows = res.json()['hydra:member'];
    expect(rows.length).toBeGreaterThanOrEqual(3);
    expect(rows.every((r: { action: string }) => r.action === 'updateCompany')).toBe(true);
    expect(rows.some((r: { status: string }) => r.status === 'failure')).toBe(true);
    const times = rows.map((r: { createdAt: string }) => r.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
    const future = (
      await t.call({ method: 'GET', url: '/api/log-useractions?createdAt[after]=2999-01-01', token: adminA })
    ).json();
    expect(future['hydra:totalItems']).toBe(0);
  });

  it('shows the outbox to the platform admin only', async () => {
    expect((await t.call({ method: 'GET', url: '/api/outbox', token: adminA })).statusCode).toBe(403);
    const res = (await t.call({ method: 'GET', url: '/api/outbox?to=admin@a.test', token: smpToken })).json();
    expect(res['hydra:totalItems']).toBeGreaterThan(0);
  });
});
