import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { appWithCompanies } from '../../../test/harness.ts';
import { type Json, bookTariff, jsonCalls, signedIn } from '../../../test/calls.ts';
import { pdfText } from '../../../test/pdf.ts';
import {
  WORKED_EXAMPLE,
  activityIdByKey,
  CFC_ACTIVITY_KEYS,
  createWorkedExampleReport,
} from '../../../test/cfc.ts';

const { t, a, b } = appWithCompanies({ a: 'CsrdCfcA', b: 'CsrdCfcB' });
const tk = signedIn(t, () => ({ adminA: a.users.admin, readA: a.users.readonly, adminB: b.users.admin }));
const YEAR = new Date().getUTCFullYear();

const { call, json } = jsonCalls(t, 'en');

/** The paid CFC tariff: every section, so category 3.3 (upstream of fuels) counts as in the results view. */
const bookPaidCfc = (companyId: string) =>
  bookTariff(
    t,
    companyId,
    { module: 'cfc', type: 'default', isFreeOfCharge: false, name: 'CFC' },
    { beginDate: `${YEAR - 1}-01-01` },
  );

/** A second business unit's report of `year` with 1,000 l diesel burnt on site. */
async function dieselUnit(token: string, name: string) {
  const unit = await json(call('POST', '/api/cfc/business-units/new', token, { name, country: 'DE' }), 201);
  const report = await json(
    call('POST', '/api/cfc/reports', token, { businessUnit: unit.id, year: YEAR }),
    201,
  );
  await json(
    call('POST', '/api/cfc/entries', token, {
      report: report.id,
      section: 'stationary-combustion',
      activity: await activityIdByKey(t, CFC_ACTIVITY_KEYS.diesel),
      amount: 1_000,
      unit: 'l',
    }),
  );
}

let reportA: Json;
let reportB: Json;

beforeAll(async () => {
  await bookPaidCfc(a.id);
  await bookPaidCfc(b.id);
  // With bookings, only booked modules answer: the CSRD report needs its own.
  for (const c of [a, b])
    await bookTariff(
      t,
      c.id,
      { module: 'csrd', type: 'individual', name: 'CSRD' },
      { beginDate: `${YEAR - 1}-01-01` },
    );
  // A: the worked example (unit Hamburg) plus unit Bremen; B: only a unit with 1,000 l diesel.
  await createWorkedExampleReport(t, tk.adminA, { year: YEAR });
  await dieselUnit(tk.adminA, 'Lager Bremen');
  await json(call('POST', '/api/cfc/settings/base-year', tk.adminB, { baseYear: YEAR }));
  await dieselUnit(tk.adminB, 'Werk B');
  reportA = await json(
    call('POST', '/api/csrd/csrd-reports', tk.adminA, { year: YEAR, categories: [{ id: 'E1' }] }),
    201,
  );
  reportB = await json(
    call('POST', '/api/csrd/csrd-reports', tk.adminB, { year: YEAR, categories: [{ id: 'E1' }] }),
    201,
  );
});

// Hand-computed (test/cfc.ts, cfc.results.integration.test.ts), kg CO2e:
// Hamburg: scope 1 diesel 25,708.2; scope 2 electricity 85,500 location-, 12,500 market-based;
// scope 3 flights 9,869.6448 with their upstream kept in category 6, 78,480 pkm × 0.02249 = 1,765.0152,
// + waste 26,026.635 + diesel upstream (3.3) 6,110.1 = 43,771.395.
// Bremen: 1,000 l diesel × 2.57082 = 2,570.82 (scope 1), upstream 1,000 × 0.61101 = 611.01 (3.3).
const BREMEN = { scope1: 2_570.82, scope3: 611.01 };
// A: scope 1 25,708.2 + 2,570.82 = 28,279.02; scope 3 43,771.395 + 611.01 = 44,382.405;
// total (scope 2 location-based: the reports did not choose the market-based method)
// 28,279.02 + 85,500 + 44,382.405 = 158,161.425.
describe('GET /api/csrd/csrd-reports/{id}/cfc-figures', () => {
  it('sums every CFC report of the year over the business units', async () => {
    const r = await json(call('GET', `/api/csrd/csrd-reports/${reportA.id}/cfc-figures`, tk.readA));
    expect(r.year).toBe(YEAR);
    const f = r.figures;
    expect(f.reportCount).toBe(2);
    expect(f.scope1Kg).toBeCloseTo(WORKED_EXAMPLE.dieselKg + BREMEN.scope1, 6);
    expect(f.scope1Kg).toBeCloseTo(28_279.02, 6);
    expect(f.scope2LocationBasedKg).toBeCloseTo(85_500, 6);
    expect(f.scope2MarketBasedKg).toBeCloseTo(12_500, 6);
    expect(f.scope3Kg).toBeCloseTo(44_382.405, 6);
    expect(f.totalKg).toBeCloseTo(158_161.425, 6);
  });

  it('gives another company its own figures', async () => {
    const r = await json(call('GET', `/api/csrd/csrd-reports/${reportB.id}/cfc-figures`, tk.adminB));
    // B: 2,570.82 + 611.01 = 3,181.83; no scope 2.
    expect(r.figures).toMatchObject({ reportCount: 1, scope2LocationBasedKg: 0, scope2MarketBasedKg: 0 });
    expect(r.figures.scope1Kg).toBeCloseTo(2_570.82, 6);
    expect(r.figures.scope3Kg).toBeCloseTo(611.01, 6);
    expect(r.figures.totalKg).toBeCloseTo(3_181.83, 6);
    // A's report is not B's to read.
    const res = await call('GET', `/api/csrd/csrd-reports/${reportA.id}/cfc-figures`, tk.adminB);
    expect(res.statusCode).toBe(404);
  });

  it('answers no figures for a year without a CFC report', async () => {
    const other = await json(
      call('POST', '/api/csrd/csrd-reports', tk.adminA, { year: YEAR - 3, categories: [] }),
      201,
    );
    const r = await json(call('GET', `/api/csrd/csrd-reports/${other.id}/cfc-figures`, tk.adminA));
    expect(r).toEqual({ year: YEAR - 3, figures: null });
  });

  it('shows the figures in the PDF where E1-6 is not entered', async () => {
    const file = await json(call('GET', `/api/csrd/csrd-reports/${reportA.id}/export`, tk.adminA));
    const text = pdfText(Buffer.from(file.data, 'base64'));
    expect(text).toContain('Taken over from the carbon footprint');
    // 158,161.425 kg = 158.161 t (three decimals in the PDF); scope 2 market-based 12.5 t.
    expect(text).toContain('158.161 t CO2e');
    expect(text).toContain('12.5 t CO2e');
  });
});

// E1-6 against the footprint (issue 35), company A, kg CO2e:
// scope 3 by category: 3 (fuel- and energy-related) 6,110.1 + 611.01 = 6,721.11; 5 (waste) 26,026.635;
// 6 (business travel) 9,869.6448 + 1,765.0152 = 11,634.66 (sum 44,382.405).
// Totals: location-based 158,161.425; market-based 28,279.02 + 12,500 + 44,382.405 = 85,161.425.
// Biogenic CO2 of the diesel (DESNZ 0.14 kg/l): 10,000 l + 1,000 l → 1,400 + 140 = 1,540.
describe('GET /api/csrd/csrd-reports/{id}/e1-6', () => {
  const e16 = () => json(call('GET', `/api/csrd/csrd-reports/${reportA.id}/e1-6`, tk.readA));
  let valueId: string;

  it('states E1-6 from the footprint by default', async () => {
    const r = await e16();
    expect(r.status).toBe('footprint');
    expect(r.manual).toBeNull();
    const f = r.footprint;
    expect(f.scope3Categories.map((c: Json) => c.category)).toEqual([3, 5, 6]);
    const kg = f.scope3Categories.map((c: Json) => c.kg);
    [6_721.11, 26_026.635, 11_634.66].forEach((x, i) => expect(kg[i]).toBeCloseTo(x, 6));
    expect(f.totalLocationBasedKg).toBeCloseTo(158_161.425, 6);
    expect(f.totalMarketBasedKg).toBeCloseTo(85_161.425, 6);
    expect(f.biogenicCo2Kg).toBeCloseTo(1_540, 6);
    expect(r.intensityLocationBased).toBeNull();
  });

  it('gives the GHG intensity per net revenue once the report states it', async () => {
    // EUR 12 million: 158.161425 t / 12 = 13.18011875 t per EUR million; 85.161425 / 12 = 7.0967854.
    await json(
      call('PATCH', `/api/csrd/csrd-reports/${reportA.id}`, tk.adminA, { netRevenueCents: 12_000_000_00 }),
    );
    const r = await e16();
    expect(r.intensityLocationBased).toBeCloseTo(13.18011875, 8);
    expect(r.intensityMarketBased).toBeCloseTo(7.09678541667, 8);
  });

  it('warns of an entered figure that differs without a reconciliation note, in the PDF and the export too', async () => {
    const entry = await json(
      call('POST', '/api/csrd/csrd-scope-entries', tk.adminA, { report: reportA.id, scope: 'E1' }),
      201,
    );
    const v = await json(
      call('POST', '/api/csrd/csrd-indicator-values', tk.adminA, {
        scopeEntry: entry.id,
        indicator: 'E1-6',
        unit: 'tCO2e',
        numericValue: 1_234.5,
      }),
      201,
    );
    valueId = v.id;
    const r = await e16();
    // 1,234.5 − 158.161425 = 1,076.338575; 1,234.5 − 85.161425 = 1,149.338575.
    expect(r.status).toBe('unreconciled');
    expect(r.manual.differenceLocationBasedT).toBeCloseTo(1_076.338575, 6);
    expect(r.manual.differenceMarketBasedT).toBeCloseTo(1_149.338575, 6);
    const pdf = await json(call('GET', `/api/csrd/csrd-reports/${reportA.id}/export`, tk.adminA));
    const text = pdfText(Buffer.from(pdf.data, 'base64'));
    expect(text).toContain('Warning: the entered E1-6 value differs from the carbon footprint');
    expect(text).toContain('+1,076.339 t CO2e');
    expect(text).toContain('Scope 3, category 5');
    expect(text).toContain('Biogenic CO2 (outside the scopes)');
    const xlsx = await json(call('GET', `/api/csrd/csrd-reports/${reportA.id}/get-excel-reports`, tk.adminA));
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(Buffer.from(xlsx.data, 'base64') as never);
    const row = wb
      .getWorksheet('E1')!
      .getRows(2, 20)!
      .find((x) => x.getCell(1).value === 'E1-6')!;
    expect(String(row.getCell(6).value)).toMatch(
      /^WARNING: differs from the carbon footprint by \+1,076\.339/,
    );
  });

  it('accepts the difference with a reconciliation note and matches a figure equal to a total', async () => {
    await json(
      call('PATCH', `/api/csrd/csrd-indicator-values/${valueId}`, tk.adminA, {
        reconciliationNote: 'Enthält die Niederlassung Wien ohne CO2-Bilanz',
      }),
    );
    expect((await e16()).status).toBe('reconciled');
    // 158.2 t: 158.2 − 158.161425 = 0.038575 ≤ 0.05 (the tenth of a tonne E1-6 is shown in).
    await json(
      call('PATCH', `/api/csrd/csrd-indicator-values/${valueId}`, tk.adminA, { numericValue: 158.2 }),
    );
    expect((await e16()).status).toBe('matches');
    // In kg: 85,161.425 kg CO2e = the market-based total.
    await json(
      call('PATCH', `/api/csrd/csrd-indicator-values/${valueId}`, tk.adminA, {
        numericValue: 85_161.425,
        unit: 'kgCO2e',
      }),
    );
    const r = await e16();
    expect(r.status).toBe('matches');
    expect(r.manual.differenceMarketBasedT).toBeCloseTo(0, 9);
    // Another company cannot read it.
    expect((await call('GET', `/api/csrd/csrd-reports/${reportA.id}/e1-6`, tk.adminB)).statusCode).toBe(404);
  });
});
