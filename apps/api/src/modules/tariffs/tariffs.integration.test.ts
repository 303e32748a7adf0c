import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '@klimadesk/contract';
import { appWithCompanies, createCompanyFixture } from '../../../test/harness.ts';
import { schema } from '../../platform/db/index.ts';
import { asCompanyId } from '../../platform/tenant.ts';
import { AppError } from '../../platform/errors.ts';
import { activeBooking, assertBusinessUnitAllowed, bookedModules, moduleAccess, todayIn } from './index.ts';
import { updateBooking as updateBookingRow } from './tariffs.repository.ts';

const { t, a, b, smp: platformAdmin } = appWithCompanies({ a: 'TarA', b: 'TarB' }, { platformAdmin: true });
let smp: string;
let adminA: string;
let adminB: string;
const today = todayIn();

beforeAll(async () => {
  smp = await t.login(platformAdmin.email);
  adminA = await t.login(a.users.admin.email);
  adminB = await t.login(b.users.admin.email);
});

const texts = (name: string) => [
  { locale: 'de', name, shortDescription: `${name} kurz`, longDescription: `${name} lang` },
];

const postTariff = (payload: Record<string, unknown>, token = smp) =>
  t.call({ method: 'POST', url: '/api/tariffs', token, payload });

async function createTariff(payload: Record<string, unknown>) {
  const res = await postTariff(payload);
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

async function book(payload: Record<string, unknown>, token = smp) {
  return t.call({ method: 'POST', url: '/api/tariff-bookings', token, payload });
}

async function mailsTo(to: string) {
  return t.ctx.db.select().from(schema.outboxMails).where(eq(schema.outboxMails.to, to));
}

describe('tariffs', () => {
  it('fills the missing translation from the complete one and keeps money in cents', async () => {
    const tariff = await createTariff({
      type: 'payPerUse',
      module: 'cft',
      staticCostPerShipment: 25,
      minCostPerShipment: 10,
      translations: texts('Profi'),
    });
    expect(tariff).toMatchObject({
      name: 'Profi',
      staticCostPerShipment: 25,
      minCostPerShipment: 10,
      regressionFactor: -0.000003,
      billingPeriod: null,
      bookings: 0,
    });
    expect(tariff.translations.map((x: { locale: string; name: string }) => [x.locale, x.name])).toEqual([
      ['de', 'Profi'],
      ['en', 'Profi'],
    ]);
    const en = (
      await t.call({ method: 'GET', url: `/api/tariffs/${tariff.id}?locale=en`, token: smp })
    ).json();
    expect(en.translations[1]).toMatchObject({ locale: 'en', longDescription: 'Profi lang' });
  });

  it('refuses a tariff without one complete translation (missing long description)', async () => {
    const res = await postTariff({
      type: 'default',
      module: 'cft',
      translations: [{ locale: 'de', name: 'X', shortDescription: 'kurz', longDescription: '' }],
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ code: 50250, message: 'tariffTranslationMissing' });
  });

  it('stores basic fee 0 when free of charge and a billing period only with a basic fee', async () => {
    const free = await createTariff({
      type: 'default',
      module: 'cfc',
      isFreeOfCharge: true,
      basicFee: 9900,
      billingPeriod: 'yearly',
      translations: texts('Frei'),
    });
    expect(free).toMatchObject({ basicFee: 0, billingPeriod: null });
    const noFee = await createTariff({
      type: 'individual',
      module: 'cfc',
      billingPeriod: 'monthly',
      translations: texts('Ohne'),
    });
    expect(noFee.billingPeriod).toBeNull();
    const paid = await createTariff({
      type: 'individual',
      module: 'cfc',
      basicFee: 9900,
      billingPeriod: 'quarterly',
      translations: texts('Bezahlt'),
    });
    expect(paid).toMatchObject({ basicFee: 9900, billingPeriod: 'quarterly' });
    // Made free later: the fee and its period go.
    const patched = await t.call({
      method: 'PATCH',
      url: `/api/tariffs/${paid.id}`,
      token: smp,
      payload: { isFreeOfCharge: true },
    });
    expect(patched.json()).toMatchObject({ basicFee: 0, billingPeriod: null, isFreeOfCharge: true });
  });

  it('needs a minimum cost per shipment above 0 where a per-shipment price applies', async () => {
    const res = await postTariff({
      type: 'payPerUse',
      module: 'cft',
      staticCostPerShipment: 25,
      translations: texts('Ohne Min'),
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe('tariffMinCostMissing');
  });

  it('lists 20 per page by default, filters by module and type, sorts by name', async () => {
    for (let i = 0; i < 3; i += 1)
      await createTariff({
        type: 'limited',
        module: 'csrd',
        translations: texts(`Liste ${String.fromCharCode(67 - i)}`),
      });
    const res = await t.call({
      method: 'GET',
      url: '/api/tariffs?module=csrd&type=limited&order[name]=asc',
      token: smp,
    });
    const body = res.json();
    expect(body['hydra:totalItems']).toBe(3);
    expect(body['hydra:member'].map((x: { name: string }) => x.name)).toEqual([
      'Liste A',
      'Liste B',
      'Liste C',
    ]);
    const types = (await t.call({ method: 'GET', url: '/api/tariffs/types', token: smp })).json();
    expect(types.types).toEqual(['default', 'individual', 'limited', 'payPerUse']);
    expect(types.billingPeriods).toEqual(['once', 'monthly', 'quarterly', 'half_yearly', 'yearly']);
  });

  it('deletes an unbooked tariff and refuses a booked one with TariffIsInUse', async () => {
    const unused = await createTariff({ type: 'default', module: 'tax', translations: texts('Weg') });
    expect(
      (await t.call({ method: 'DELETE', url: `/api/tariffs/${unused.id}`, token: smp })).statusCode,
    ).toBe(200);
    const used = await createTariff({ type: 'default', module: 'tax', translations: texts('Gebucht') });
    expect(
      (
        await book({
          company: a.id,
          tariff: used.id,
          beginDate: '2020-01-01',
          endDate: '2020-12-31',
          emailBooking: 'x@a.test',
        })
      ).statusCode,
    ).toBe(201);
    const res = await t.call({ method: 'DELETE', url: `/api/tariffs/${used.id}`, token: smp });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 50350, message: 'TariffIsInUse' });
  });

  it('lets only the platform admin read and write tariffs', async () => {
    expect((await t.call({ method: 'GET', url: '/api/tariffs', token: adminA })).statusCode).toBe(403);
    const res = await postTariff({ type: 'default', module: 'cft', translations: texts('Nein') }, adminA);
    expect(res.statusCode).toBe(403);
  });
});

describe('tariff bookings', () => {
  let paid: { id: string };
  let trial: { id: string };
  /** A booking of the paid tariff for B, booking mail to c@b.test. */
  const bookPaidForB = async (beginDate: string, endDate?: string) =>
    (await book({ company: b.id, tariff: paid.id, beginDate, endDate, emailBooking: 'c@b.test' })).json();
  const patchBooking = (path: string, payload: Record<string, unknown>) =>
    t.call({ method: 'PATCH', url: `/api/tariff-bookings/${path}`, token: smp, payload });

  beforeAll(async () => {
    paid = await createTariff({
      type: 'individual',
      module: 'cfc',
      basicFee: 100_000,
      billingPeriod: 'yearly',
      businessUnitsLimit: 10,
      translations: texts('CFC Pro'),
    });
    trial = await createTariff({
      type: 'limited',
      module: 'csrd',
      isFreeOfCharge: true,
      translations: texts('CSRD Test'),
    });
  });

  it('books a tariff, mails the chosen user in the company language, and needs a recipient', async () => {
    const missing = await book({ company: b.id, tariff: paid.id, beginDate: '2025-01-01' });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().message).toBe('bookingRecipientMissing');
    const res = await book({
      company: b.id,
      tariff: paid.id,
      beginDate: '2025-01-01',
      minimumTerm: 12,
      minimumBaseYear: 2019,
      maximumReportYear: 2025,
      userBooking: b.users.admin.id,
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      company: { id: b.id, name: 'Firma TarB GmbH' },
      tariff: { id: paid.id, name: 'CFC Pro', type: 'individual', module: 'cfc', isFreeOfCharge: false },
      state: 'active',
      endDate: null,
      period: 'yearly',
      emailBooking: b.users.admin.email,
      userBooking: b.users.admin.id,
    });
    const mails = await mailsTo(b.users.admin.email);
    expect(mails.map((m) => m.subject)).toContain('Klimadesk: Tarif CFC Pro gebucht');
  });

  it('refuses a recipient who is not a user of the booked company', async () => {
    const res = await book({
      company: b.id,
      tariff: paid.id,
      beginDate: '2025-01-01',
      userBooking: a.users.admin.id,
    });
    expect(res.statusCode).toBe(404);
  });

  it('gives a limited free tariff booked without end date 14 days (trial)', async () => {
    const res = await book({
      company: b.id,
      tariff: trial.id,
      beginDate: today,
      emailBooking: 'trial@b.test',
    });
    expect(res.json()).toMatchObject({ beginDate: today, endDate: addDays(today, 14), state: 'active' });
    const access = await moduleAccess(t.ctx, asCompanyId(b.id));
    expect(access.bookings.find((m) => m.module === 'csrd')).toEqual({
      module: 'csrd',
      state: 'trial',
      trialEnd: addDays(today, 14),
    });
  });

  it('changes a booking with a change mail, and refuses to change an expired one', async () => {
    const created = await bookPaidForB('2024-01-01', '2099-12-31');
    const changed = await patchBooking(created.id, {
      maximumReportYear: 2030,
      emailBookingChange: 'change@b.test',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ maximumReportYear: 2030, emailBookingChange: 'change@b.test' });
    expect((await mailsTo('change@b.test')).map((m) => m.subject)).toEqual([
      'Klimadesk: Buchung des Tarifs CFC Pro geändert',
    ]);
    const noRecipient = await patchBooking(created.id, { maximumReportYear: 2031 });
    expect(noRecipient.json().message).toBe('bookingRecipientMissing');

    const old = await bookPaidForB('2020-01-01', '2020-12-31');
    expect(old.state).toBe('expired');
    const refused = await patchBooking(old.id, {
      maximumReportYear: 2030,
      emailBookingChange: 'change@b.test',
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('bookingExpired');
  });

  it('cancels a booking: cancelled until its end date, then expired', async () => {
    const created = await bookPaidForB('2024-01-01');
    const end = addDays(today, 30);
    const res = await patchBooking(`${created.id}/cancel`, {
      endDate: end,
      emailCancellation: 'cancel@b.test',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      state: 'cancelled',
      endDate: end,
      emailCancellation: 'cancel@b.test',
    });
    expect(res.json().cancelledBy).not.toBeNull();
    expect(res.json().cancelledAt).not.toBeNull();
    expect((await mailsTo('cancel@b.test')).map((m) => m.subject)).toEqual([
      'Klimadesk: Tarif CFC Pro gekündigt',
    ]);
    // Once its end date has passed the booking is expired and cannot be cancelled again.
    await updateBookingRow(t.ctx.db, asCompanyId(b.id), created.id, { endDate: addDays(today, -1) });
    const after = (
      await t.call({ method: 'GET', url: `/api/tariff-bookings/${created.id}`, token: smp })
    ).json();
    expect(after.state).toBe('expired');
    const again = await patchBooking(`${created.id}/cancel`, {
      endDate: end,
      emailCancellation: 'cancel@b.test',
    });
    expect(again.json().message).toBe('bookingExpired');
  });

  it('sorts by end date ascending with open-ended bookings last', async () => {
    const list = (
      await t.call({
        method: 'GET',
        url: `/api/tariff-bookings?company=${b.id}&pagination=false`,
        token: smp,
      })
    ).json();
    const ends = list['hydra:member'].map((x: { endDate: string | null }) => x.endDate);
    const dated = ends.filter((e: string | null) => e !== null);
    expect(dated).toEqual([...dated].sort());
    expect(ends.slice(dated.length).every((e: string | null) => e === null)).toBe(true);
    expect(ends.indexOf(null)).toBe(dated.length);
  });

  it('shows a company only its own bookings; only the platform admin names another company', async () => {
    await book({ company: a.id, tariff: paid.id, beginDate: '2025-01-01', emailBooking: 'a@a.test' });
    const own = (await t.call({ method: 'GET', url: '/api/tariff-bookings', token: adminA })).json();
    expect(own['hydra:totalItems']).toBeGreaterThan(0);
    expect(own['hydra:member'].every((x: { company: { id: string } }) => x.company.id === a.id)).toBe(true);
    const foreign = await t.call({
      method: 'GET',
      url: `/api/tariff-bookings?company=${b.id}`,
      token: adminA,
    });
    expect(foreign.statusCode).toBe(404);
    const bBooking = (await t.call({ method: 'GET', url: '/api/tariff-bookings', token: adminB })).json()[
      'hydra:member'
    ][0];
    expect(
      (await t.call({ method: 'GET', url: `/api/tariff-bookings/${bBooking.id}`, token: adminA })).statusCode,
    ).toBe(404);
    const all = (
      await t.call({ method: 'GET', url: '/api/tariff-bookings?pagination=false', token: smp })
    ).json();
    const companies = new Set(all['hydra:member'].map((x: { company: { id: string } }) => x.company.id));
    expect(companies.has(a.id) && companies.has(b.id)).toBe(true);
    // Company admins do not book.
    expect(
      (
        await book(
          { company: a.id, tariff: paid.id, beginDate: '2025-01-01', emailBooking: 'a@a.test' },
          adminA,
        )
      ).statusCode,
    ).toBe(403);
  });

  it('answers the running bookings and the base years of the signed-in company', async () => {
    const active = (await t.call({ method: 'GET', url: '/api/active-tariffs', token: adminB })).json();
    const names = active['hydra:member'].map(
      (x: { name: string; module: string }) => `${x.module}:${x.name}`,
    );
    expect(names).toContain('cfc:CFC Pro');
    expect(names).toContain('csrd:CSRD Test');
    expect(active['hydra:member'].every((x: { state: string }) => x.state !== 'expired')).toBe(true);
    // Running: 2019–2025 and 2024–2030 (changed above); the expired 2020 booking does not count.
    const years = (await t.call({ method: 'GET', url: '/api/base-years', token: adminB })).json();
    expect(years).toEqual({ minimumBaseYear: 2019, maximumReportYear: 2030 });
  });

  it('answers null base years for a company without bookings', async () => {
    const c = await createCompanyFixture(t.ctx, 'TarC');
    const token = await t.login(c.users.admin.email);
    expect((await t.call({ method: 'GET', url: '/api/base-years', token })).json()).toEqual({
      minimumBaseYear: null,
      maximumReportYear: null,
    });
  });
});

describe('module access from bookings', () => {
  it('keeps the stored modules of a company without any booking', async () => {
    const c = await createCompanyFixture(t.ctx, 'TarD', { modules: ['cft', 'tax'] });
    expect(await bookedModules(t.ctx, asCompanyId(c.id))).toEqual(['cft', 'tax']);
    const me = (
      await t.call({ method: 'GET', url: '/api/users/me', token: await t.login(c.users.admin.email) })
    ).json();
    expect(me.company.modules).toEqual(['cft', 'tax']);
    expect(me.company.moduleBookings).toEqual([]);
  });

  it('rules a company with bookings by its running bookings, in me as well', async () => {
    const c = await createCompanyFixture(t.ctx, 'TarE');
    const cft = await createTariff({
      type: 'default',
      module: 'cft',
      isFreeOfCharge: true,
      translations: texts('Basis E'),
    });
    const cfcTrial = await createTariff({
      type: 'limited',
      module: 'cfc',
      isFreeOfCharge: true,
      businessUnitsLimit: 3,
      translations: texts('CFC Test E'),
    });
    const tax = await createTariff({ type: 'individual', module: 'tax', translations: texts('Tax alt') });
    await book({ company: c.id, tariff: cft.id, beginDate: '2025-01-01', emailBooking: 'e@e.test' });
    await book({
      company: c.id,
      tariff: cfcTrial.id,
      beginDate: addDays(today, -3),
      emailBooking: 'e@e.test',
    });
    await book({
      company: c.id,
      tariff: tax.id,
      beginDate: '2020-01-01',
      endDate: '2020-12-31',
      emailBooking: 'e@e.test',
    });
    expect(await bookedModules(t.ctx, asCompanyId(c.id))).toEqual(['cft', 'cfc']);
    const token = await t.login(c.users.admin.email);
    const me = (await t.call({ method: 'GET', url: '/api/users/me', token })).json();
    expect(me.company.modules).toEqual(['cft', 'cfc']);
    expect(me.modules).toEqual(['cft', 'cfc']);
    expect(me.company.moduleBookings).toEqual([
      { module: 'cft', state: 'booked', trialEnd: null },
      { module: 'cfc', state: 'trial', trialEnd: addDays(today, 11) },
    ]);
    // The trial ends: the module goes.
    expect(await bookedModules(t.ctx, asCompanyId(c.id), addDays(today, 12))).toEqual(['cft']);
    // The business unit limit of the running CFC tariff: 3 units allowed, the 4th refused.
    await assertBusinessUnitAllowed(t.ctx, asCompanyId(c.id), 2);
    await expect(assertBusinessUnitAllowed(t.ctx, asCompanyId(c.id), 3)).rejects.toMatchObject({
      key: 'businessUnitLimitReached',
      detail: { limit: 3 },
    });
    await expect(assertBusinessUnitAllowed(t.ctx, asCompanyId(c.id), 3)).rejects.toBeInstanceOf(AppError);
    // No running CFC booking, no limit.
    await assertBusinessUnitAllowed(t.ctx, asCompanyId(c.id), 50, addDays(today, 30));
  });

  it('answers the running tariff of a module for pricing', async () => {
    const c = await createCompanyFixture(t.ctx, 'TarF');
    const pro = await createTariff({
      type: 'payPerUse',
      module: 'cft',
      staticCostPerShipment: 25,
      minCostPerShipment: 10,
      freeNumberOfShipments: 0,
      translations: [
        { locale: 'de', name: 'Profi F', shortDescription: 'k', longDescription: 'l' },
        { locale: 'en', name: 'Pro F', shortDescription: 's', longDescription: 'l' },
      ],
    });
    expect(await activeBooking(t.ctx, asCompanyId(c.id), 'cft')).toBeNull();
    await book({ company: c.id, tariff: pro.id, beginDate: '2025-01-01', emailBooking: 'f@f.test' });
    expect(await activeBooking(t.ctx, asCompanyId(c.id), 'cft')).toMatchObject({
      beginDate: '2025-01-01',
      endDate: null,
      tariff: {
        type: 'payPerUse',
        isFreeOfCharge: false,
        basicFeeCents: 0,
        staticCostPerShipmentCents: 25,
        minCostPerShipmentCents: 10,
        regressionFactor: -0.000003,
        name: { de: 'Profi F', en: 'Pro F' },
      },
    });
  });
});

describe('taxonomy state (seed 002 §4)', () => {
  let taxDefault: { id: string };

  beforeAll(async () => {
    taxDefault = await createTariff({
      type: 'default',
      module: 'tax',
      isFreeOfCharge: true,
      translations: texts('Tax Basis'),
    });
    await createTariff({
      type: 'limited',
      module: 'tax',
      isFreeOfCharge: true,
      translations: texts('Tax Demo'),
    });
  });

  it('is RESTRICTED without a tax booking, and booking a demo then answers EXPIRED', async () => {
    const c = await createCompanyFixture(t.ctx, 'TaxA');
    const token = await t.login(c.users.admin.email);
    const status = await t.call({
      method: 'GET',
      url: `/api/companies/${c.id}/tax-demo-booking-date`,
      token,
    });
    expect(status.json()).toEqual({ taxType: 'RESTRICTED', taxDemoEnd: null, canBookDemo: false });
    const demo = await t.call({ method: 'GET', url: `/api/companies/${c.id}/book-tax-demo/1`, token });
    expect(demo.json()).toMatchObject({ taxType: 'EXPIRED', canBookDemo: false });
  });

  it('lets a company on the default tax tariff book a 14-day demo (DEMO), then EXPIRED', async () => {
    const c = await createCompanyFixture(t.ctx, 'TaxB');
    const token = await t.login(c.users.admin.email);
    await book({
      company: c.id,
      tariff: taxDefault.id,
      beginDate: '2025-01-01',
      emailBooking: 'b@taxb.test',
    });
    const before = (
      await t.call({ method: 'GET', url: `/api/companies/${c.id}/tax-demo-booking-date`, token })
    ).json();
    expect(before).toEqual({ taxType: 'RESTRICTED', taxDemoEnd: null, canBookDemo: true });
    const demo = (
      await t.call({ method: 'GET', url: `/api/companies/${c.id}/book-tax-demo/1`, token })
    ).json();
    expect(demo).toEqual({ taxType: 'DEMO', taxDemoEnd: addDays(today, 14), canBookDemo: false });
    const company = (await t.call({ method: 'GET', url: `/api/companies/${c.id}`, token })).json();
    expect(company.taxType).toBe('DEMO');
    expect(company.taxDemoEnd.slice(0, 10)).toBe(addDays(today, 14));
    // Asking again while the demo runs books nothing more.
    const again = (
      await t.call({ method: 'GET', url: `/api/companies/${c.id}/book-tax-demo/2`, token })
    ).json();
    expect(again.taxType).toBe('DEMO');
    const [row] = await t.ctx.db
      .select()
      .from(schema.outboxMails)
      .where(eq(schema.outboxMails.to, c.users.admin.email));
    expect(row.subject).toBe('Klimadesk: Tarif Tax Demo gebucht');
    // The demo ran out: EXPIRED, and no new demo.
    const list = (
      await t.call({ method: 'GET', url: `/api/tariff-bookings?company=${c.id}`, token: smp })
    ).json();
    const demoBooking = list['hydra:member'].find(
      (x: { tariff: { type: string } }) => x.tariff.type === 'limited',
    );
    await updateBookingRow(t.ctx.db, asCompanyId(c.id), demoBooking.id, {
      beginDate: addDays(today, -20),
      endDate: addDays(today, -6),
    });
    const after = (
      await t.call({ method: 'GET', url: `/api/companies/${c.id}/tax-demo-booking-date`, token })
    ).json();
    expect(after).toEqual({ taxType: 'EXPIRED', taxDemoEnd: addDays(today, -6), canBookDemo: false });
    const refused = (
      await t.call({ method: 'GET', url: `/api/companies/${c.id}/book-tax-demo/3`, token })
    ).json();
    expect(refused).toMatchObject({ taxType: 'EXPIRED', canBookDemo: false });
  });

  it('is unlimited (null) on a paid tax tariff, and a demo does not change that', async () => {
    const c = await createCompanyFixture(t.ctx, 'TaxC');
    const token = await t.login(c.users.admin.email);
    const paid = await createTariff({ type: 'individual', module: 'tax', translations: texts('Tax Pro') });
    await book({ company: c.id, tariff: paid.id, beginDate: '2025-01-01', emailBooking: 'c@taxc.test' });
    const demo = (
      await t.call({ method: 'GET', url: `/api/companies/${c.id}/book-tax-demo/1`, token })
    ).json();
    expect(demo).toEqual({ taxType: null, taxDemoEnd: null, canBookDemo: false });
  });

  it('answers notFound for another company', async () => {
    const res = await t.call({ method: 'GET', url: `/api/companies/${b.id}/book-tax-demo/1`, token: adminA });
    expect(res.statusCode).toBe(404);
  });
});
