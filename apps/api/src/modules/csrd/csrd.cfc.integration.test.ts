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
