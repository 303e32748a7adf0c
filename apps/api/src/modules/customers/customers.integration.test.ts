import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { schema } from '../../platform/db/index.ts';
import { appWithCompanies, createCompanyFixture } from '../../../test/harness.ts';
import { insertUser } from '../users/users.repository.ts';
import { seedDemoSales } from './customers.seed.ts';

const {
  t,
  paying,
  payingCft,
  free,
  smp: platformAdmin,
} = appWithCompanies(
  {
    paying: 'Pay',
    payingCft: { key: 'PayCft', modules: ['cft'] },
    free: { key: 'Free', isBasic: true, modules: ['cft'] },
  },
  { platformAdmin: true },
);
let smp: string;
let companyAdmin: string;

beforeAll(async () => {
  const c = schema.companies;
  for (const id of [paying.id, payingCft.id]) {
    await t.ctx.db.update(c).set({ isPayingCustomer: true }).where(eq(c.id, id));
  }
  // Neither an unconfirmed nor a deleted account is an active user.
  await insertUser(t.ctx.db, {
    companyId: free.id,
    email: 'unconfirmed@free.test',
    passwordHash: 'x',
    firstName: 'U',
    lastName: 'C',
    roles: ['ROLE_CFT_USER'],
    isVerified: false,
  });
  await insertUser(t.ctx.db, {
    companyId: paying.id,
    email: 'gone@pay.test',
    passwordHash: 'x',
    firstName: 'G',
    lastName: 'D',
    roles: ['ROLE_CFT_USER'],
    isVerified: true,
    status: 3,
  });
  smp = await t.login(platformAdmin.email);
  companyAdmin = await t.login(paying.users.admin.email);
});

const post = (payload: Record<string, unknown>, token = smp) =>
  t.call({ method: 'POST', url: '/api/sales-datas', token, payload });

describe('sales data', () => {
  it('stores euros as cents and answers both', async () => {
    const res = await post({
      company: paying.id,
      month: '2026-01-01',
      licenses: '1000.5',
      consulting: '250',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      company: { id: paying.id, name: 'Firma Pay GmbH' },
      month: '2026-01-01',
      licenses: '1000.50',
      consulting: '250.00',
      licensesCents: 100050,
      consultingCents: 25000,
    });
    // 0.1 + 99.99 must not drift: 10 and 9999 cents exactly.
    const small = await post({
      company: paying.id,
      month: '2026-03-01',
      licenses: '0.1',
      consulting: '99.99',
    });
    expect(small.json()).toMatchObject({ licensesCents: 10, consultingCents: 9999, consulting: '99.99' });
    const other = await post({ company: payingCft.id, month: '2026-03-01', licenses: '2000' });
    expect(other.json()).toMatchObject({ licensesCents: 200000, consultingCents: 0 });
    const before = await post({ company: free.id, month: '2025-12-01', licenses: '500', consulting: '0' });
    expect(before.statusCode).toBe(201);
  });

  it('takes only the first day of a month', async () => {
    const res = await post({ company: paying.id, month: '2026-02-15', licenses: '1' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('validationFailed');
    expect(res.json().detail.issues.map((i: { path: string }) => i.path)).toContain('body/month');
    expect((await post({ company: paying.id, month: '2026-13-01' })).statusCode).toBe(400);
  });

  it('refuses amounts that are not euro text with a dot: comma, negative, three decimals, too large', async () => {
    for (const licenses of ['12,50', '-5', '1.234', 'abc', '10000000']) {
      const res = await post({ company: paying.id, month: '2026-05-01', licenses });
      expect([licenses, res.statusCode]).toEqual([licenses, 400]);
    }
  });

  it('keeps one row per company and month', async () => {
    const res = await post({ company: paying.id, month: '2026-01-01', licenses: '1' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 50350, message: 'salesDataMonthExists' });
    // The same month of another customer is free.
    const other = await post({ company: free.id, month: '2026-01-01', licenses: '0' });
    expect(other.statusCode).toBe(201);
    await t.call({ method: 'DELETE', url: `/api/sales-datas/${other.json().id}`, token: smp });
  });

  it('answers notFound for an unknown, deleted or platform company', async () => {
    const gone = await createCompanyFixture(t.ctx, 'Gone');
    await t.call({ method: 'DELETE', url: `/api/companies/${gone.id}`, token: smp });
    for (const company of ['00000000-0000-4000-8000-000000000000', gone.id, platformAdmin.companyId]) {
      const res = await post({ company, month: '2026-01-01', licenses: '1' });
      expect([company, res.statusCode]).toEqual([company, 404]);
    }
  });

  it('lists by company, newest month first, with order and limit', async () => {
    const res = await t.call({ method: 'GET', url: `/api/sales-datas?company=${paying.id}`, token: smp });
    expect(res.statusCode).toBe(200);
    expect(res.json()['hydra:totalItems']).toBe(2);
    expect(res.json()['hydra:member'].map((r: { month: string }) => r.month)).toEqual([
      '2026-03-01',
      '2026-01-01',
    ]);
    const asc = await t.call({
      method: 'GET',
      url: `/api/sales-datas?company=${paying.id}&order[month]=asc&limit=1`,
      token: smp,
    });
    expect(asc.json()['hydra:member'].map((r: { month: string }) => r.month)).toEqual(['2026-01-01']);
    expect(asc.json()['hydra:totalItems']).toBe(2);
    const all = await t.call({ method: 'GET', url: '/api/sales-datas', token: smp });
    expect(all.json()['hydra:totalItems']).toBe(4);
  });

  it('changes amounts and month, refusing a month the company already has', async () => {
    const created = await post({
      company: payingCft.id,
      month: '2026-06-01',
      licenses: '10',
      consulting: '5',
    });
    const id = created.json().id;
    const patch = (payload: Record<string, unknown>) =>
      t.call({
        method: 'PATCH',
        url: `/api/sales-datas/${id}`,
        token: smp,
        headers: { 'content-type': 'application/merge-patch+json' },
        payload: JSON.stringify(payload),
      });
    const changed = await patch({ licenses: '1.05' });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({ licensesCents: 105, consultingCents: 500, month: '2026-06-01' });
    const taken = await patch({ month: '2026-03-01' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe('salesDataMonthExists');
    expect((await patch({ month: '2026-06-15' })).statusCode).toBe(400);
    const moved = await patch({ month: '2026-07-01' });
    expect(moved.json().month).toBe('2026-07-01');
    // Its own month again is no conflict.
    expect((await patch({ month: '2026-07-01', consulting: '0' })).statusCode).toBe(200);
    const del = await t.call({ method: 'DELETE', url: `/api/sales-datas/${id}`, token: smp });
    expect(del.statusCode).toBe(200);
    expect((await patch({ licenses: '1' })).statusCode).toBe(404);
    expect((await t.call({ method: 'DELETE', url: `/api/sales-datas/${id}`, token: smp })).statusCode).toBe(
      404,
    );
  });

  it('is for the platform admin only: a company admin gets 403 on every call', async () => {
    const own = (
      await t.call({ method: 'GET', url: `/api/sales-datas?company=${paying.id}`, token: smp })
    ).json()['hydra:member'][0].id;
    const calls = [
      { method: 'GET' as const, url: '/api/sales-datas' },
      { method: 'GET' as const, url: `/api/sales-datas?company=${paying.id}` },
      {
        method: 'POST' as const,
        url: '/api/sales-datas',
        payload: { company: paying.id, month: '2026-09-01', licenses: '1' },
      },
      { method: 'PATCH' as const, url: `/api/sales-datas/${own}`, payload: { licenses: '0' } },
      { method: 'DELETE' as const, url: `/api/sales-datas/${own}` },
      { method: 'GET' as const, url: '/api/dashboard-customer-stats' },
    ];
    for (const call of calls) {
      const res = await t.call({ ...call, token: companyAdmin });
      expect([call.method, call.url, res.statusCode]).toEqual([call.method, call.url, 403]);
    }
    const unchanged = await t.call({
      method: 'GET',
      url: `/api/sales-datas?company=${paying.id}`,
      token: smp,
    });
    expect(unchanged.json()['hydra:totalItems']).toBe(2);
  });
});

describe('customer statistics', () => {
  const customerStats = (query = '') =>
    t.call({ method: 'GET', url: `/api/dashboard-customer-stats${query}`, token: smp });

  // Fixture: paying "Pay" (all modules, 5 active users + 1 deleted), paying "PayCft" (cft, 5 users),
  // free basic "Free" (cft, 5 users + 1 unconfirmed), a deleted company and the platform's own.
  // Sales in cents: Pay 2026-01 100050 + 25000, Pay 2026-03 10 + 9999, PayCft 2026-03 200000 + 0,
  // Free 2025-12 50000 + 0.
  it('counts customers and users and sums the year’s sales by month', async () => {
    const res = await customerStats('?from=2026-01&to=2026-12');
    expect(res.statusCode).toBe(200);
    const s = res.json();
    expect(s).toMatchObject({
      payingCustomers: 2,
      freeCustomers: 1,
      usersPayingCustomers: 10,
      freeUsers: 5,
      usersTotal: 15,
      // 100050 + 10 + 200000
      salesLicenses: 300060,
      // 25000 + 9999 + 0
      salesConsulting: 34999,
      sales: 335059,
      from: '2026-01',
      to: '2026-12',
    });
    expect(s.months).toHaveLength(12);
    expect(s.months[0]).toEqual({ month: '2026-01', licenses: 100050, consulting: 25000, sales: 125050 });
    expect(s.months[1]).toEqual({ month: '2026-02', licenses: 0, consulting: 0, sales: 0 });
    expect(s.months[2]).toEqual({ month: '2026-03', licenses: 200010, consulting: 9999, sales: 210009 });
  });

  it('takes any period across a year end', async () => {
    const s = (await customerStats('?from=2025-12&to=2026-01')).json();
    expect(s.months.map((m: { month: string }) => m.month)).toEqual(['2025-12', '2026-01']);
    expect(s).toMatchObject({ salesLicenses: 150050, salesConsulting: 25000, sales: 175050 });
  });

  it('defaults to the current year and refuses a period that ends before it starts', async () => {
    const year = new Date().getUTCFullYear();
    const s = (await customerStats()).json();
    expect([s.from, s.to, s.months.length]).toEqual([`${year}-01`, `${year}-12`, 12]);
    const bad = await customerStats('?from=2026-05&to=2026-04');
    expect(bad.statusCode).toBe(422);
    expect(bad.json().message).toBe('invalidDateRange');
  });

  it('narrows to the customers of one module (the cfc view)', async () => {
    const s = (await customerStats('?from=2026-01&to=2026-12&module=cfc')).json();
    expect(s).toMatchObject({
      payingCustomers: 1,
      freeCustomers: 0,
      usersPayingCustomers: 5,
      freeUsers: 0,
      usersTotal: 5,
      salesLicenses: 100060,
      salesConsulting: 34999,
    });
  });
});

describe('demo sales', () => {
  it('seeds twelve months up to the current one for the demo customer, once', async () => {
    const demo = await createCompanyFixture(t.ctx, 'Demo');
    await insertUser(t.ctx.db, {
      companyId: demo.id,
      email: 'admin@demo-pro.local',
      passwordHash: 'x',
      firstName: 'D',
      lastName: 'P',
      roles: ['ROLE_COMPANY_ADMIN'],
      isVerified: true,
    });
    const ctx = { ...t.ctx, config: { ...t.ctx.config, seedDemo: true } };
    const now = new Date('2026-05-15T12:00:00Z');
    await seedDemoSales(ctx, now);
    await seedDemoSales(ctx, now);
    const rows = (
      await t.call({
        method: 'GET',
        url: `/api/sales-datas?company=${demo.id}&order[month]=asc&limit=100`,
        token: smp,
      })
    ).json()['hydra:member'] as { month: string; licensesCents: number }[];
    expect(rows.map((r) => r.month)).toEqual(
      [...Array(12)].map(
        (_, i) => `${i < 7 ? 2025 : 2026}-${String(((i + 5) % 12) + 1).padStart(2, '0')}-01`,
      ),
    );
    expect(rows.every((r) => r.licensesCents === 124_900)).toBe(true);
  });
});
