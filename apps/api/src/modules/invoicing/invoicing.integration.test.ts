import ExcelJS from 'exceljs';
import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { appWithCompanies, createCompanyFixture } from '../../../test/harness.ts';
import { pdfFonts, pdfText } from '../../../test/pdf.ts';
import { formatCents } from '@klimadesk/contract';
import { expectPdfShows } from '../../../test/pdf-shows.ts';
import { importTours } from '../../../test/tours.ts';
import { rowsOf, schema } from '../../platform/db/index.ts';
import { asCompanyId } from '../../platform/tenant.ts';
import { importJob } from '../mappings/mappings.import.ts';
import { shipments } from '../tours/tours.schema.ts';
import { usageMonths } from './invoicing.schema.ts';
import { recordUsage } from './invoicing.service.ts';
import { monthOf } from './invoicing.pricing.ts';

const { t, a, b, smp: platformAdmin } = appWithCompanies({ a: 'InvA', b: 'InvB' }, { platformAdmin: true });
let smp: string;
let adminA: string;
let cftAdminB: string;
let failBeforeCommit = false;
const month = monthOf(new Date());

/** A tariff and its booking for a company, straight into the tables (the tariffs module books them). */
async function book(companyId: string, module: string, tariff: Record<string, unknown>, beginDate: string) {
  const [row] = rowsOf<{ id: string }>(
    await t.ctx.db
      .execute(sql`insert into tariffs (module, type, translations, static_cost_per_shipment_cents,
        min_cost_per_shipment_cents, regression_factor, free_number_of_shipments, basic_fee_cents, billing_period)
      values (${module}, ${tariff.type as string}, ${JSON.stringify([
        { locale: 'de', name: tariff.name, shortDescription: 'k', longDescription: 'l' },
        { locale: 'en', name: `${tariff.name} EN`, shortDescription: 's', longDescription: 'l' },
      ])}::jsonb,
        ${(tariff.staticCents as number) ?? 0}, ${(tariff.minCents as number) ?? 0}, ${(tariff.regression as number) ?? -0.000003},
        ${(tariff.free as number) ?? 0}, ${(tariff.basicFeeCents as number) ?? 0}, ${(tariff.billingPeriod as string) ?? null})
      returning id`),
  );
  await t.ctx.db.execute(
    sql`insert into tariff_bookings (company_id, tariff_id, begin_date) values (${companyId}, ${row.id}, ${beginDate})`,
  );
}

const usageRows = (companyId: string) =>
  t.ctx.db.select().from(usageMonths).where(eq(usageMonths.companyId, companyId));

beforeAll(async () => {
  t.ctx.jobs.onCheckpoint(importJob.queue, (name) => {
    if (name === 'beforeCommit' && failBeforeCommit) throw new Error('crash before commit');
  });
  smp = await t.login(platformAdmin.email);
  adminA = await t.login(a.users.admin.email);
  cftAdminB = await t.login(b.users.cftAdmin.email);
  // A: the professional freight tariff of decision 0011 (25 ct, regression -0.000003, minimum 10 ct)
  // and a CFC tariff with a quarterly basic fee of 300 EUR, both booked from the first of this month.
  await book(a.id, 'cft', { name: 'Profi', type: 'payPerUse', staticCents: 25, minCents: 10 }, `${month}-01`);
  await book(
    a.id,
    'cfc',
    { name: 'CFC Pro', type: 'default', basicFeeCents: 30_000, billingPeriod: 'quarterly' },
    `${month}-01`,
  );
});

describe('usage from imports', () => {
  it('an import records its shipments and one upload in its transaction', async () => {
    await importTours(t, b, [
      {
        reference: 'U-T1',
        departureDate: `${month}-02`,
        glecVehicleType: 'road_in_12_20t_diesel',
        distanceKm: 100,
        shipments: [
          { reference: 'U-S1', weightKg: 500 },
          { reference: 'U-S2', weightKg: 700 },
        ],
      },
      {
        reference: 'U-T2',
        departureDate: `${month}-03`,
        glecVehicleType: 'road_in_12_20t_diesel',
        distanceKm: 80,
        shipments: [{ reference: 'U-S3', weightKg: 300 }],
      },
    ]);
    const rows = await usageRows(b.id);
    expect(rows).toEqual([
      { companyId: b.id, month: `${month}-01`, source: 'import', shipments: 3, uploads: 1 },
    ]);
  });

  it('an import that fails before its commit records nothing', async () => {
    const before = await usageRows(b.id);
    failBeforeCommit = true;
    try {
      await expect(
        importTours(t, b, [
          {
            reference: 'F-T1',
            departureDate: `${month}-04`,
            glecVehicleType: 'road_in_12_20t_diesel',
            distanceKm: 50,
            shipments: [{ reference: 'F-S1', weightKg: 100 }],
          },
        ]),
      ).rejects.toThrow();
    } finally {
      failBeforeCommit = false;
    }
    expect(await usageRows(b.id)).toEqual(before);
    // The import really ran to its write and was rolled back: its shipment does not exist.
    const written = await t.ctx.db
      .select()
      .from(shipments)
      .where(and(eq(shipments.companyId, b.id), eq(shipments.reference, 'F-S1')));
    expect(written).toEqual([]);
  });

  it('recordUsage adds to the month per source', async () => {
    await recordUsage(t.ctx.db, asCompanyId(a.id), 'api', 600, 1);
    await recordUsage(t.ctx.db, asCompanyId(a.id), 'api', 400, 2);
    const rows = await usageRows(a.id);
    expect(rows).toEqual([
      { companyId: a.id, month: `${month}-01`, source: 'api', shipments: 1000, uploads: 3 },
    ]);
  });
});

describe('invoicing statistics and price tariff', () => {
  const dashboardStats = (token: string) =>
    t.call({ method: 'GET', url: '/api/dashboard-invoicing-stats', token });

  it('prices this month by the booked tariff: 1,000 × 24.925 ct = 24,925 ct', async () => {
    const res = await dashboardStats(await t.login(a.users.cftAdmin.email));
    expect(res.statusCode).toBe(200);
    const stats = res.json();
    expect(stats).toMatchObject({
      month,
      tariffName: 'Profi',
      freeMonthlyShipments: 0,
      totalShipments: 1000,
      totalPrice: 24_925,
      // At the static 25 ct without the volume reduction: 1,000 × 25 = 25,000 ct.
      totalPriceBasic: 25_000,
      totalShipmentsBasic: 1000,
      maxImportsForTest: 3,
      maxShipmentsForTest: 30,
    });
    expect(stats.months).toHaveLength(12);
    expect(stats.months.at(-1)).toEqual({ month, shipments: 1000, uploads: 3, priceCents: 24_925 });
  });

  it('a company sees only its own usage', async () => {
    const res = await dashboardStats(cftAdminB);
    expect(res.json().totalShipments).toBe(3);
    // B has no booking: a professional company pays the standard price, 3 × 25 × (1 − 0.000009) → 75 ct.
    expect(res.json().totalPrice).toBe(75);
  });

  it('the calculator gets the booked tariff, or the standard professional price', async () => {
    const own = await t.call({ method: 'GET', url: '/api/invoicing/pricing-tariff', token: adminA });
    expect(own.json()).toMatchObject({
      source: 'booked',
      name: 'Profi',
      staticCostPerShipmentCents: 25,
      individualOfferFromShipments: 40_000,
    });
    const standard = await t.call({ method: 'GET', url: '/api/invoicing/pricing-tariff', token: cftAdminB });
    expect(standard.json()).toMatchObject({
      source: 'standard',
      staticCostPerShipmentCents: 25,
      minCostPerShipmentCents: 10,
      regressionFactor: -0.000003,
    });
  });

  it('answers only freight admins', async () => {
    const res = await dashboardStats(await t.login(a.users.readonly.email));
    expect(res.statusCode).toBe(403);
  });
});

describe('consulting invoices (platform admin)', () => {
  let id: string;
  // 2 × 1,250 ct = 2,500 ct and 1.5 × 1,000 ct = 1,500 ct: total 4,000 ct.
  const positions = [
    { description: 'Workshop', amount: 2, unitPrice: 1250, totalPrice: 2500 },
    { description: 'Mapping', amount: 1.5, unitPrice: 1000, totalPrice: 1500 },
  ];

  it('creates an invoice whose positions add up to the total', async () => {
    const res = await t.call({
      method: 'POST',
      url: '/api/invoices',
      token: smp,
      payload: {
        company: a.id,
        number: 'B-2026-1',
        type: 'mapping',
        totalPrice: 4000,
        sentDate: `${month}-05`,
        invoicePositions: positions,
      },
    });
    expect(res.statusCode).toBe(201);
    id = res.json().id;
    expect(res.json()).toMatchObject({
      company: a.id,
      totalPrice: 4000,
      type: 'mapping',
      sentDate: `${month}-05`,
    });
    expect(res.json().invoicePositions.map((p: { totalPrice: number }) => p.totalPrice)).toEqual([
      2500, 1500,
    ]);
  });

  it('refuses positions that do not add up, or a position that is not amount × unit price', async () => {
    const wrongTotal = await t.call({
      method: 'POST',
      url: '/api/invoices',
      token: smp,
      payload: { company: a.id, number: 'X', type: 'fee', totalPrice: 4001, invoicePositions: positions },
    });
    expect(wrongTotal.statusCode).toBe(422);
    expect(wrongTotal.json()).toMatchObject({ message: 'invoiceTotalMismatch', detail: { expected: 4000 } });
    const wrongPosition = await t.call({
      method: 'POST',
      url: '/api/invoices',
      token: smp,
      payload: {
        company: a.id,
        number: 'X',
        type: 'fee',
        totalPrice: 2499,
        invoicePositions: [{ ...positions[0], totalPrice: 2499 }],
      },
    });
    expect(wrongPosition.json()).toMatchObject({
      message: 'invoiceTotalMismatch',
      detail: { position: 0, expected: 2500 },
    });
  });

  it('lists by company and creation date, without pagination', async () => {
    const all = await t.call({ method: 'GET', url: `/api/invoices?company=${a.id}`, token: smp });
    expect(all.json()['hydra:totalItems']).toBe(1);
    const none = await t.call({ method: 'GET', url: `/api/invoices?company=${b.id}`, token: smp });
    expect(none.json()['hydra:totalItems']).toBe(0);
    const future = await t.call({
      method: 'GET',
      url: '/api/invoices?createdAt[after]=2999-01-01',
      token: smp,
    });
    expect(future.json()['hydra:totalItems']).toBe(0);
  });

  it('changes positions and total together; a lone total change must still match', async () => {
    const bad = await t.call({
      method: 'PATCH',
      url: `/api/invoices/${id}`,
      token: smp,
      payload: { totalPrice: 5000 },
    });
    expect(bad.statusCode).toBe(422);
    const res = await t.call({
      method: 'PATCH',
      url: `/api/invoices/${id}`,
      token: smp,
      payload: {
        totalPrice: 3000,
        paymentDate: `${month}-10`,
        invoicePositions: [{ description: 'Workshop', amount: 3, unitPrice: 1000, totalPrice: 3000 }],
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ totalPrice: 3000, paymentDate: `${month}-10` });
    expect(res.json().invoicePositions).toHaveLength(1);
  });

  it('only the platform admin reads or writes them', async () => {
    expect((await t.call({ method: 'GET', url: '/api/invoices', token: adminA })).statusCode).toBe(403);
    expect((await t.call({ method: 'DELETE', url: `/api/invoices/${id}`, token: adminA })).statusCode).toBe(
      403,
    );
    expect(
      (await t.call({ method: 'GET', url: '/api/invoices/invoice-report', token: adminA })).statusCode,
    ).toBe(403);
  });

  it('deletes one and answers 404 for an unknown id', async () => {
    const extra = await t.call({
      method: 'POST',
      url: '/api/invoices',
      token: smp,
      payload: { company: b.id, number: 'D-1', type: 'fee', totalPrice: 100 },
    });
    expect(extra.statusCode).toBe(201);
    const del = await t.call({ method: 'DELETE', url: `/api/invoices/${extra.json().id}`, token: smp });
    expect(del.statusCode).toBe(200);
    const again = await t.call({ method: 'DELETE', url: `/api/invoices/${extra.json().id}`, token: smp });
    expect(again.statusCode).toBe(404);
  });
});

describe('invoice report', () => {
  it("shows a company's month: pro and cfc blocks, consulting and total", async () => {
    const res = await t.call({
      method: 'GET',
      url: `/api/invoices/invoice-report?month=${month}`,
      token: smp,
    });
    expect(res.statusCode).toBe(200);
    const row = res.json()['hydra:member'].find((r: { company: string }) => r.company === a.id);
    // Pro: 24,925 ct; CFC: the quarterly fee falls in the booking's first month, 30,000 ct;
    // consulting 3,000 ct; total 57,925 ct.
    expect(row).toMatchObject({
      name: 'Firma InvA GmbH',
      number: 'B-2026-1',
      consulting: 3000,
      pro: { tariff: 'Profi', shipments: 1000, price: 24_925 },
      cfc: { tariff: 'CFC Pro', shipments: 0, price: 30_000 },
      basic: null,
      tax: null,
      total: 57_925,
    });
    const rowB = res.json()['hydra:member'].find((r: { company: string }) => r.company === b.id);
    expect(rowB).toMatchObject({
      pro: { tariff: expect.any(String), shipments: 3, price: 75 },
      consulting: 0,
      total: 75,
    });
  });

  it('a month without usage has empty blocks; the next quarter month has no CFC fee', async () => {
    const [y, m] = month.split('-').map(Number);
    const next = monthOf(new Date(Date.UTC(y, m, 1)));
    const res = await t.call({
      method: 'GET',
      url: `/api/invoices/invoice-report?month=${next}`,
      token: smp,
    });
    const row = res.json()['hydra:member'].find((r: { company: string }) => r.company === a.id);
    expect(row).toMatchObject({
      pro: { shipments: 0, price: 0 },
      cfc: { price: 0 },
      consulting: 0,
      total: 0,
    });
  });

  it('exports the month as xlsx', async () => {
    const res = await t.call({
      method: 'GET',
      url: `/api/invoices/invoice-report/export?month=${month}`,
      token: smp,
      headers: { 'accept-language': 'en' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().fileName).toBe(`invoice-report-${month}.xlsx`);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(Buffer.from(res.json().data, 'base64') as never);
    const ws = wb.worksheets[0];
    const header = (ws.getRow(1).values as unknown[]).slice(1);
    expect(header).toContain('Pro price (EUR)');
    const rowA = ws.getRows(2, ws.rowCount - 1)?.find((r) => r.getCell(2).value === 'Firma InvA GmbH');
    expect(rowA?.getCell(header.indexOf('Pro price (EUR)') + 1).value).toBe(249.25);
    expect(rowA?.getCell(header.indexOf('Total (EUR)') + 1).value).toBe(579.25);
  });

  it('shows CSRD in its own block, and every row adds up to its total (issue 37)', async () => {
    const c = await createCompanyFixture(t.ctx, 'InvC');
    // CSRD with a monthly basic fee of 120 EUR and CFC with a yearly one of 600 EUR, both from the 1st.
    await book(
      c.id,
      'csrd',
      { name: 'CSRD Pro', type: 'default', basicFeeCents: 12_000, billingPeriod: 'monthly' },
      `${month}-01`,
    );
    await book(
      c.id,
      'cfc',
      { name: 'CFC Jahr', type: 'default', basicFeeCents: 60_000, billingPeriod: 'yearly' },
      `${month}-01`,
    );
    const res = await t.call({
      method: 'GET',
      url: `/api/invoices/invoice-report?month=${month}`,
      token: smp,
    });
    const rows = res.json()['hydra:member'] as Record<string, { price: number } | number | string | null>[];
    const row = rows.find((r) => r.company === c.id);
    // 12,000 ct CSRD + 60,000 ct CFC (first month of the year's fee) = 72,000 ct.
    expect(row).toMatchObject({
      csrd: { tariff: 'CSRD Pro', shipments: 0, price: 12_000 },
      cfc: { tariff: 'CFC Jahr', price: 60_000 },
      total: 72_000,
    });
    for (const r of rows) {
      const blocks = (['basic', 'pro', 'cfc', 'tax', 'csrd'] as const).reduce(
        (sum, k) => sum + ((r[k] as { price: number } | null)?.price ?? 0),
        0,
      );
      expect([r.name, (r.consulting as number) + blocks]).toEqual([r.name, r.total]);
    }
    const file = await t.call({
      method: 'GET',
      url: `/api/invoices/invoice-report/export?month=${month}`,
      token: smp,
      headers: { 'accept-language': 'en' },
    });
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(Buffer.from(file.json().data, 'base64') as never);
    const ws = wb.worksheets[0];
    const header = (ws.getRow(1).values as unknown[]).slice(1);
    const rowC = ws.getRows(2, ws.rowCount - 1)?.find((x) => x.getCell(2).value === 'Firma InvC GmbH');
    expect(rowC?.getCell(header.indexOf('CSRD price (EUR)') + 1).value).toBe(120);
  });

  it('rejects a malformed month', async () => {
    const res = await t.call({
      method: 'GET',
      url: '/api/invoices/invoice-report?month=2026-13',
      token: smp,
    });
    expect(res.statusCode).toBe(400);
  });
});

describe('monthly invoice document', () => {
  it('lists the months with usage or invoices of the own company', async () => {
    const res = await t.call({ method: 'GET', url: '/api/invoicing/documents', token: adminA });
    expect(res.statusCode).toBe(200);
    const [doc] = res.json()['hydra:member'];
    // Net 24,925 + 30,000 + 3,000 = 57,925 ct; VAT 19 % = 11,005.75 → 11,006; gross 68,931 ct.
    expect(doc).toMatchObject({ month, netCents: 57_925, grossCents: 68_931 });
  });

  it('is a PDF with number, period, positions, VAT and totals in German', async () => {
    const res = await t.call({
      method: 'GET',
      url: `/api/invoicing/documents/file?month=${month}`,
      token: adminA,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expectPdfShows(res.rawPayload, [
      'Rechnung KD-',
      'Firma InvA GmbH',
      'Frachtemissionen: ausgewertete Sendungen (Tarif Profi)',
      '249,25 €',
      '300,00 €',
      'Beratung, Rechnung B-2026-1',
      'USt. 19 %',
      '110,06 €',
      '689,31 €',
    ]);
  });

  it('is framed like every document: provider, title, period, table, totals equal to the API, page and id', async () => {
    const listed = await t.call({ method: 'GET', url: '/api/invoicing/documents', token: adminA });
    const doc = listed.json()['hydra:member'].find((d: { month: string }) => d.month === month);
    const res = await t.call({
      method: 'GET',
      url: `/api/invoicing/documents/file?month=${month}`,
      token: adminA,
    });
    const file = res.rawPayload;
    const text = expectPdfShows(file, [
      `Rechnung ${doc.number}`,
      'Rechnungsempfänger',
      'Position',
      'Einzelpreis',
      `Dokument ${doc.number}`,
      'Seite 1 von 1',
    ]);
    const lines = text.replaceAll('\u00a0', ' ').split('\n');
    // The provider (the platform admin's company) heads the page; the customer is the recipient.
    expect(lines[0]).not.toBe('Firma InvA GmbH');
    expect(lines).toContain('Plattform');
    // Net and gross as the API states them, in German money format (cents formatted at the edge).
    const money = (cents: number) => formatCents(cents, 'de').replaceAll('\u00a0', ' ');
    expect(lines.slice(lines.indexOf('Nettobetrag'), lines.indexOf('Nettobetrag') + 2)).toEqual([
      'Nettobetrag',
      money(doc.netCents),
    ]);
    expect(lines.slice(lines.indexOf('Gesamtbetrag'), lines.indexOf('Gesamtbetrag') + 2)).toEqual([
      'Gesamtbetrag',
      money(doc.grossCents),
    ]);
    expect(money(doc.grossCents)).toBe('689,31 €');
    // The service period in whole days and the invoice date in German form; the embedded font only.
    const [y, m] = month.split('-').map(Number);
    const last = String(new Date(Date.UTC(y, m, 0)).getUTCDate()).padStart(2, '0');
    expect(lines[lines.indexOf('Leistungszeitraum') + 1]).toBe(
      `01.${month.slice(5)}.${y} – ${last}.${month.slice(5)}.${y}`,
    );
    expect(lines[lines.indexOf('Rechnungsdatum') + 1]).toMatch(/^\d{2}\.\d{2}\.\d{4}$/);
    expect(lines).toContain('Deutschland');
    expect(pdfFonts(file)).toEqual(['DejaVuSans', 'DejaVuSans-Bold']);
  });

  it('is in English for a company that communicates in English', async () => {
    await t.ctx.db
      .update(schema.companies)
      .set({ communicationLanguage: 'en' })
      .where(eq(schema.companies.id, b.id));
    const res = await t.call({
      method: 'GET',
      url: `/api/invoicing/documents/file?month=${month}`,
      token: cftAdminB,
    });
    // 75 ct net, 14.25 → 14 ct VAT, 89 ct gross.
    const text = expectPdfShows(res.rawPayload, [
      'Invoice KD-',
      'Billed to',
      'Freight emissions: evaluated shipments',
      'VAT 19 %',
      '€0.75',
      '€0.89',
      'Page 1 of 1',
    ]);
    const listed = await t.call({ method: 'GET', url: '/api/invoicing/documents', token: cftAdminB });
    const doc = listed.json()['hydra:member'].find((d: { month: string }) => d.month === month);
    const lines = text.split('\n');
    expect(lines[lines.indexOf('Total amount') + 1]).toBe(formatCents(doc.grossCents, 'en'));
    expect(lines[lines.indexOf('Net amount') + 1]).toBe(formatCents(doc.netCents, 'en'));
    expect(lines).toContain(`Document ${doc.number}`);
  });

  it("a company admin cannot read another company's documents; the platform admin can", async () => {
    const foreign = await t.call({
      method: 'GET',
      url: `/api/invoicing/documents/file?company=${b.id}`,
      token: adminA,
    });
    expect(foreign.statusCode).toBe(404);
    const list = await t.call({
      method: 'GET',
      url: `/api/invoicing/documents?company=${b.id}`,
      token: adminA,
    });
    expect(list.statusCode).toBe(404);
    const smpFile = await t.call({
      method: 'GET',
      url: `/api/invoicing/documents/file?company=${b.id}&month=${month}`,
      token: smp,
    });
    expect(smpFile.statusCode).toBe(200);
    expect(pdfText(smpFile.rawPayload)).toContain('Firma InvB GmbH');
  });
});
