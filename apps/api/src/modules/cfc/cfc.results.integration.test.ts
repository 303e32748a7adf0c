import ExcelJS from 'exceljs';
import { CFC_IMPORT_MAX_ROWS, cfcSection } from '@klimadesk/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { appWithCompanies } from '../../../test/harness.ts';
import { type Json, bookTariff, jsonCalls, signedIn } from '../../../test/calls.ts';
import { multipart } from '../../../test/multipart.ts';
import { pdfText } from '../../../test/pdf.ts';
import { importTours } from '../../../test/tours.ts';
import { roadOrder } from '../../../test/orders.ts';
import {
  CFC_ACTIVITY_KEYS,
  WORKED_EXAMPLE,
  activityIdByKey,
  addWorkedExampleEntries,
  createCfcReport,
} from '../../../test/cfc.ts';
import { addUnitWithReport } from '../../../test/cfc-units.ts';
import { rowsOf } from '../../platform/db/index.ts';
import { cfcEntries } from './cfc.schema.ts';
import { settled } from '../../../test/import-runs.ts';

const { t, a, b, c } = appWithCompanies({ a: 'CfcResA', b: 'CfcResB', c: 'CfcResC' });
const tk = signedIn(t, () => ({
  adminA: a.users.admin,
  userA: a.users.user,
  readA: a.users.readonly,
  adminB: b.users.admin,
  adminC: c.users.admin,
}));
const YEAR = new Date().getUTCFullYear();
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

let report: Json;
let unit: Json;
let bremen: Json;
let bremenReport: Json;
let baseReport: Json;
let entries: Awaited<ReturnType<typeof addWorkedExampleEntries>>;

const { call, json, refused } = jsonCalls(t);

const book = (companyId: string, kind: 'paid' | 'trial') =>
  bookTariff(
    t,
    companyId,
    {
      module: 'cfc',
      type: kind === 'paid' ? 'default' : 'limited',
      isFreeOfCharge: kind === 'trial',
      name: `CFC ${kind}`,
    },
    { beginDate: `${YEAR - 1}-01-01`, ...(kind === 'trial' ? { endDate: `${YEAR + 1}-12-31` } : {}) },
  );

const sectionCount = async (reportId: string, section: string) =>
  rowsOf<{ n: number }>(
    await t.ctx.db.execute(
      sql`select count(*)::int as n from cfc_entries where report_id = ${reportId} and section = ${section}`,
    ),
  )[0].n;

beforeAll(async () => {
  // A books the paid CFC tariff (every section); C is in a CFC trial, the demo (seed 001 §2).
  await book(a.id, 'paid');
  await book(c.id, 'trial');
  ({ unit, report } = await createCfcReport(t, tk.adminA, { year: YEAR, baseYear: YEAR - 1 }));
  entries = await addWorkedExampleEntries(t, tk.adminA, report.id);
  // The base year's report of the same unit: 50,000 l diesel.
  const base = await json(
    call('POST', '/api/cfc/reports', tk.adminA, { businessUnit: unit.id, year: YEAR - 1 }),
    201,
  );
  baseReport = base;
  const diesel = await activityIdByKey(t, CFC_ACTIVITY_KEYS.diesel);
  await json(
    call('POST', '/api/cfc/entries', tk.adminA, {
      report: base.id,
      section: 'mobile-combustion',
      activity: diesel,
      amount: 50_000,
      unit: 'l',
    }),
  );
  // A second unit with 1,000 l diesel this year.
  ({ unit: bremen, report: bremenReport } = await addUnitWithReport(t, tk.adminA, 'Lager Bremen', YEAR));
  await json(
    call('POST', '/api/cfc/entries', tk.adminA, {
      report: bremenReport.id,
      section: 'stationary-combustion',
      activity: diesel,
      amount: 1_000,
      unit: 'l',
      dataQuality: 2,
    }),
  );
  // The CFC user writes everything; the read-only user reads Hamburg only (seed 001 §6).
  for (const [name, user, right] of [
    ['Alle schreiben', a.users.user.id, { accessRights: ['write'] }],
    ['Hamburg lesen', a.users.readonly.id, { businessUnit: unit.id, accessRights: ['read'] }],
  ] as const) {
    const group = await json(
      call('POST', '/api/user-groups/create', tk.adminA, { name, users: [user] }),
      201,
    );
    await json(call('POST', `/api/cfc/access-rights/${group.id}`, tk.adminA, { rights: [right] }));
  }
});

// Hand-computed (test/cfc.ts): diesel 25,708.2 kg (scope 1) with its upstream 10,000 l × 0.61101 =
// 6,110.1 kg, which category 3.3 (fuel- and energy-related activities) shows; flights 78,480 pkm ×
// 0.12576 = 9,869.6448 kg (their upstream stays in category 6: no derivative section); electricity
// 85,500 kg location-, 12,500 kg market-based (the grid table has no upstream part); waste 26,026.635 kg.
const CAT3_3 = WORKED_EXAMPLE.dieselWttKg;
// scope 3: 9,869.6448 + 26,026.635 + 6,110.1 = 42,006.3798
// Flights keep their upstream in category 6 (a WTT line): 78,480 pkm × 0.02249 = 1,765.0152 kg.
const FLIGHTS_WTT = WORKED_EXAMPLE.flightsWttKg;
// scope 3: 9,869.6448 + 1,765.0152 + 26,026.635 + 6,110.1 = 43,771.395
const SCOPE3 = WORKED_EXAMPLE.flightsKg + FLIGHTS_WTT + WORKED_EXAMPLE.wasteKg + CAT3_3;

describe('results of the worked example (GET /api/cfc/report-results/{id})', () => {
  it('sums the four entries per scope, scope 2 both ways', async () => {
    expect(entries.flights.wttKg).toBeCloseTo(1_765.0152, 6);
    expect(entries.electricity.wttKg ?? 0).toBe(0);
    expect(entries.waste.wttKg ?? 0).toBe(0);
    const r = await json(call('GET', `/api/cfc/report-results/${report.id}`, tk.userA));
    expect(r.totals.scope1).toBeCloseTo(25_708.2, 6);
    expect(r.totals.scope2).toBeCloseTo(85_500, 6);
    expect(r.totals.scope2LocationBased).toBeCloseTo(85_500, 6);
    expect(r.totals.scope2MarketBased).toBeCloseTo(12_500, 6);
    expect(r.totals.scope3).toBeCloseTo(43_771.395, 6);
    expect(r.totals.scope3).toBeCloseTo(SCOPE3, 6);
    // 25,708.2 + 85,500 + 43,771.395 = 154,979.595; market-based: 25,708.2 + 12,500 + 43,771.395 = 81,979.595
    expect(r.totals.total).toBeCloseTo(154_979.595, 6);
    expect(r.totals.totalLocationBased).toBeCloseTo(154_979.595, 6);
    expect(r.totals.totalMarketBased).toBeCloseTo(81_979.595, 6);
    // The worked example's own sum (without 3.3) is part of it: 147,104.4798 + 6,110.1.
    expect(r.totals.total - CAT3_3 - FLIGHTS_WTT).toBeCloseTo(WORKED_EXAMPLE.totalLocationKg, 6);
    expect(r.entryCount).toBe(4);
    expect(r.incompleteEntries).toBe(0);
    expect(r.businessUnit).toEqual({ id: unit.id, name: 'Zentrale Hamburg', urlId: unit.urlId });
  });

  it('lists categories with shares, subsections summed, 3.3 derived', async () => {
    const r = await json(call('GET', `/api/cfc/report-results/${report.id}`, tk.userA, undefined, 'en'));
    const row = (id: string) => r.sections.find((s: Json) => s.section === id);
    expect(row('business-travel')).toMatchObject({
      scope: 3,
      category: 6,
      name: '3.6 Business travel',
      entryCount: 1,
    });
    expect(row('business-travel').co2eKg).toBeCloseTo(WORKED_EXAMPLE.flightsKg + FLIGHTS_WTT, 6);
    expect(row('business-travel').wttKg).toBeCloseTo(FLIGHTS_WTT, 6);
    expect(row('waste').co2eKg).toBeCloseTo(WORKED_EXAMPLE.wasteKg, 6);
    expect(row('fuel-energy')).toMatchObject({ category: 3, entryCount: 0 });
    expect(row('fuel-energy').co2eKg).toBeCloseTo(CAT3_3, 6);
    // 85,500 / 153,214.5798 = 0.558044…
    expect(row('purchased-electricity').share).toBeCloseTo(85_500 / 154_979.595, 12);
    expect(r.sections.reduce((s: number, x: Json) => s + x.share, 0)).toBeCloseTo(1, 12);
    // Every scope 3 category is listed (paid tariff), in tree order.
    expect(r.sections.filter((s: Json) => s.scope === 3).map((s: Json) => s.category)).toEqual(
      Array.from({ length: 15 }, (_, i) => i + 1),
    );
  });

  it('compares with the base year and the other unit; weighs data quality by emissions', async () => {
    const r = await json(call('GET', `/api/cfc/report-results/${report.id}`, tk.adminA));
    // Base year: 50,000 l × 2.57082 = 128,541 kg + upstream 50,000 × 0.61101 = 30,550.5 kg = 159,091.5 kg
    expect(r.baseYear.year).toBe(YEAR - 1);
    expect(r.baseYear.totals.total).toBeCloseTo(159_091.5, 6);
    // 153,214.5798 − 159,091.5 = −5,876.9202 kg; / 159,091.5 = −0.036940…
    expect(r.baseYear.changeKg).toBeCloseTo(-4_111.905, 6);
    expect(r.baseYear.changeRatio).toBeCloseTo(-4_111.905 / 159_091.5, 12);
    // Bremen: 1,000 l × 2.57082 = 2,570.82 kg + 611.01 kg upstream = 3,181.83 kg
    expect(r.businessUnits.map((u: Json) => u.name)).toEqual(['Lager Bremen', 'Zentrale Hamburg']);
    expect(r.businessUnits[0].co2eKg).toBeCloseTo(3_181.83, 6);
    expect(r.businessUnits[0].share).toBeCloseTo(3_181.83 / (3_181.83 + 154_979.595), 12);
    // quality 1: diesel 25,708.2 + 6,110.1 and electricity 85,500 = 117,318.3;
    // 2: flights 9,869.6448; 3: waste 26,026.635
    expect(r.dataQualityKg.high).toBeCloseTo(117_318.3, 6);
    expect(r.dataQualityKg.medium).toBeCloseTo(9_869.6448 + 1_765.0152, 6);
    expect(r.dataQualityKg.low).toBeCloseTo(26_026.635, 6);
    expect(r.dataQuality.low).toBeCloseTo(26_026.635 / 154_979.595, 12);
    expect(r.dataQuality.unknown).toBe(0);
  });

  it('states scope 2 market-based once the report chose that power method', async () => {
    await json(
      call('POST', '/api/cfc/reports/power-method', tk.userA, { report: report.id, isMarketBased: true }),
    );
    const r = await json(call('GET', `/api/cfc/report-results/${report.id}`, tk.readA));
    expect(r.powerMarketbased).toBe(true);
    expect(r.totals.scope2).toBeCloseTo(12_500, 6);
    expect(r.totals.total).toBeCloseTo(81_979.595, 6);
    expect(r.totals.totalLocationBased).toBeCloseTo(154_979.595, 6);
    await json(
      call('POST', '/api/cfc/reports/power-method', tk.userA, { report: report.id, isMarketBased: false }),
    );
  });

  it('counts incomplete entries', async () => {
    const e = await json(
      call('POST', '/api/cfc/entries', tk.userA, {
        report: bremenReport.id,
        section: 'stationary-combustion',
      }),
    );
    const r = await json(call('GET', `/api/cfc/report-results/${bremenReport.id}`, tk.userA));
    expect(r.incompleteEntries).toBe(1);
    expect(r.entryCount).toBe(2);
    expect(r.sections.find((s: Json) => s.section === 'stationary-combustion').incompleteCount).toBe(1);
    await json(call('DELETE', '/api/cfc/entries/delete', tk.userA, { entries: [e.id] }));
  });

  it('shows a reader only the units of their rights; other companies get 404', async () => {
    const r = await json(call('GET', `/api/cfc/report-results/${report.id}`, tk.readA));
    expect(r.businessUnits.map((u: Json) => u.name)).toEqual(['Zentrale Hamburg']);
    expect(await refused(call('GET', `/api/cfc/report-results/${bremenReport.id}`, tk.readA))).toEqual([
      403,
      'readBusinessUnitNotAllowed',
    ]);
    expect(await refused(call('GET', `/api/cfc/report-results/${report.id}`, tk.adminB))).toEqual([
      404,
      'notFound',
    ]);
  });
});

describe('report export (POST /api/cfc/reports/export)', () => {
  const body = (units: string[], format: 'xlsx' | 'pdf', lang?: 'de' | 'en') => ({
    year: YEAR,
    businessUnits: units,
    format,
    ...(lang ? { lang } : {}),
  });

  it('writes both units of the year as xlsx with scope, category, unit and quality sheets', async () => {
    const file = await json(
      call('POST', '/api/cfc/reports/export', tk.userA, body([unit.id, bremen.id], 'xlsx')),
    );
    expect(file.mimeType).toBe(XLSX);
    expect(file.fileName).toBe(`unternehmens-co2-bilanz-${YEAR}-2.xlsx`);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(Buffer.from(file.data, 'base64') as never);
    expect(wb.worksheets.map((s) => s.name)).toEqual([
      'Scopes',
      'Kategorien',
      'Geschäftsbereiche',
      'Datenqualität',
      'Einträge',
    ]);
    // Issue 33: every entry traced to its factor, source, edition, version, GWP set and gases.
    const trace = wb.getWorksheet('Einträge') as ExcelJS.Worksheet;
    const header = (trace.getRow(1).values as unknown[]).slice(1);
    const rows = (trace.getSheetValues().slice(2) as unknown[][]).map((r) => r.slice(1));
    const col = (row: unknown[], title: string) => row[header.indexOf(title)];
    const diesel = rows.find(
      (r) => col(r, 'Faktor (kg CO2e)') === 2.57082 && col(r, 'Geschäftsbereich') === 'Zentrale Hamburg',
    ) as unknown[];
    // DESNZ 2025 diesel: 10,000 l × 2.57082 = 25,708.2 kg; CO2 10,000 × 2.53763 = 25,376.3 kg CO2e.
    expect(col(diesel, 'Ausgabe')).toBe('2025');
    expect(col(diesel, 'Faktorversion')).toBe(1);
    expect(col(diesel, 'GWP-Satz')).toBe('AR5');
    expect(String(col(diesel, 'Quelle'))).toContain('2025');
    expect(col(diesel, 'CO2e (kg)')).toBe(25_708.2);
    expect(col(diesel, 'CO2 (kg)')).toBe(25_376.3);
    const units = wb.getWorksheet('Geschäftsbereiche') as ExcelJS.Worksheet;
    // t CO2e, three decimals: Bremen 3.182, Hamburg 154.980 (154,979.595 kg); Bremen's share
    // 3,181.83 / 158,161.425 = 2.01 %
    expect(units.getRow(2).values).toEqual([undefined, 'Lager Bremen', 3.182, 3.182, 3.182, 2.01]);
    expect(units.getRow(3).getCell(2).value).toBe(154.98);
    const scopes = wb.getWorksheet('Scopes') as ExcelJS.Worksheet;
    // The total of both: 154,979.595 + 3,181.83 = 158,161.425 kg
    expect(scopes.getRow(5).getCell(1).value).toBe('Gesamt');
    expect(scopes.getRow(5).getCell(2).value).toBe(158.161);
    // The category sheet carries the WTT line of category 6: 1.765 t of its 11.635 t.
    const categories = wb.getWorksheet('Kategorien') as ExcelJS.Worksheet;
    const travel = categories
      .getSheetValues()
      .find((row) => Array.isArray(row) && String(row[2]).startsWith('3.6')) as unknown[];
    expect([travel[3], travel[6]]).toEqual([11.635, 1.765]);
  });

  it('writes the results PDF in the asked language', async () => {
    const file = await json(call('POST', '/api/cfc/reports/export', tk.readA, body([unit.id], 'pdf', 'en')));
    expect(file.mimeType).toBe('application/pdf');
    expect(file.fileName).toBe(`carbon-footprint-${YEAR}-${unit.urlId}.pdf`);
    const text = pdfText(Buffer.from(file.data, 'base64'));
    expect(text).toContain(`Carbon footprint ${YEAR}`);
    expect(text).toContain('Zentrale Hamburg');
    expect(text).toContain('154.980');
    expect(text).toContain('of which fuel upstream (WTT)');
    expect(text).toContain('12.500');
    expect(text).toContain(`Base year ${YEAR - 1}`);
    expect(text).toContain('3.3 Fuel- and energy-related activities');
    const de = await json(call('POST', '/api/cfc/reports/export', tk.readA, body([unit.id], 'pdf')));
    expect(pdfText(Buffer.from(de.data, 'base64'))).toContain('154,980');
  });

  it('refuses units the reader may not read, the demo, and other companies’ units', async () => {
    expect(
      await refused(call('POST', '/api/cfc/reports/export', tk.readA, body([unit.id, bremen.id], 'xlsx'))),
    ).toEqual([403, 'exportNotAllowed']);
    expect(
      await refused(call('POST', '/api/cfc/reports/export', tk.adminB, body([unit.id], 'xlsx'))),
    ).toEqual([404, 'notFound']);
    const demo = await createCfcReport(t, tk.adminC, { year: YEAR });
    expect(
      await refused(call('POST', '/api/cfc/reports/export', tk.adminC, body([demo.unit.id], 'pdf'))),
    ).toEqual([403, 'exportNotInTrial']);
    // No report of that year: nothing to export.
    expect(
      await refused(
        call('POST', '/api/cfc/reports/export', tk.adminA, { ...body([unit.id], 'xlsx'), year: YEAR - 5 }),
      ),
    ).toEqual([404, 'notFound']);
  });
});

describe('section export and import', () => {
  // The import runs as a job (issue 38): `settled` answers with the finished run as the route did.
  const upload = (token: string, fields: Record<string, string>, data: Buffer, fileName = 'abfall.xlsx') => {
    const form = multipart({ ...fields, file: { fileName, contentType: XLSX, data } });
    const sent = t.call({
      method: 'POST',
      url: '/api/cfc/reports/import',
      token,
      headers: { ...form.headers, 'accept-language': 'de' },
      payload: form.body,
    });
    return settled(t, token, sent);
  };
  const exported = async (reportId: string, section: string, token = tk.userA, lang = 'de') => {
    const res = await call(
      'GET',
      `/api/cfc/reports/export-entries/${reportId}/${section}`,
      token,
      undefined,
      lang,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain(XLSX);
    return res.rawPayload;
  };
  const load = async (data: Buffer) => {
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(data as never);
    return wb;
  };

  it('exports a section as the import template with its entries', async () => {
    const wb = await load(await exported(report.id, 'waste-solid'));
    const ws = wb.worksheets[0];
    expect(ws.name).toBe(cfcSection('waste-solid')?.names.de.slice(0, 31));
    const titles = (ws.getRow(1).values as unknown[]).slice(1);
    expect(titles).toEqual(
      expect.arrayContaining([
        'Aktivität',
        'Menge *',
        'Einheit *',
        'Abfallgruppe',
        'Behandlung',
        'Datenqualität (1–3)',
      ]),
    );
    const row = Object.fromEntries(titles.map((title, i) => [title, ws.getRow(2).getCell(i + 1).value]));
    expect(row).toMatchObject({
      'Menge *': 50,
      'Einheit *': 't',
      Behandlung: 'landfill',
      'Datenqualität (1–3)': 3,
    });
    expect(String(row['Aktivität'])).toContain('Deponie');
    expect(ws.getRow(3).getCell(1).value).toBeNull();
  });

  it('imports the exported file again (replace): the same entry, the same figure', async () => {
    const file = await exported(report.id, 'waste-solid', tk.userA, 'en');
    const res = await json(
      upload(tk.userA, { report: report.id, section: 'waste-solid', replace: 'true' }, file),
    );
    expect(res).toEqual({ imported: 1, replaced: 1 });
    const [entry] = await t.ctx.db
      .select()
      .from(cfcEntries)
      .where(and(eq(cfcEntries.reportId, report.id), eq(cfcEntries.section, 'waste-solid')));
    expect(entry.co2eKg).toBeCloseTo(WORKED_EXAMPLE.wasteKg, 6);
    expect(entry.data).toMatchObject({ amount: 50, unit: 't', treatment: 'landfill', dataQuality: 3 });
    expect(entry.id).not.toBe(entries.waste.id);
  });

  it('appends without replace', async () => {
    const file = await exported(report.id, 'waste-solid');
    expect(
      await json(upload(tk.userA, { report: report.id, section: 'waste-solid', replace: 'false' }, file)),
    ).toEqual({
      imported: 1,
      replaced: 0,
    });
    expect(await sectionCount(report.id, 'waste-solid')).toBe(2);
    // The two-row file goes back with replace: both replaced by both.
    const two = await exported(report.id, 'waste-solid');
    expect(
      await json(upload(tk.userA, { report: report.id, section: 'waste-solid', replace: 'true' }, two)),
    ).toEqual({
      imported: 2,
      replaced: 2,
    });
    // Back to one entry for the tests after this one.
    expect(
      await json(upload(tk.userA, { report: report.id, section: 'waste-solid', replace: 'true' }, file)),
    ).toEqual({
      imported: 1,
      replaced: 2,
    });
    expect(await sectionCount(report.id, 'waste-solid')).toBe(1);
  });

  it('writes nothing when one row is bad and lists the row, column and code', async () => {
    const wb = await load(await exported(report.id, 'waste-solid'));
    const ws = wb.worksheets[0];
    const titles = (ws.getRow(1).values as unknown[]).slice(1);
    const col = (title: string) => titles.indexOf(title) + 1;
    // Row 3: a good copy of row 2; row 4: amount "viel", unknown unit; row 5: no treatment.
    for (const [n, over] of [
      [3, {}],
      [4, { 'Menge *': 'viel', 'Einheit *': 'Fass' }],
      [5, { Behandlung: null }],
    ] as const) {
      ws.getRow(2).eachCell({ includeEmpty: true }, (cell, i) => {
        ws.getRow(n).getCell(i).value = cell.value;
      });
      for (const [title, value] of Object.entries(over)) ws.getRow(n).getCell(col(title)).value = value;
    }
    const res = await upload(
      tk.userA,
      { report: report.id, section: 'waste-solid', replace: 'true' },
      Buffer.from(await wb.xlsx.writeBuffer()),
    );
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json()).toMatchObject({ code: 50420, message: 'cfcImportFailed' });
    expect(res.json().detail.issues).toEqual([
      // The columns as the German sheet heads them (the request is German).
      { row: 4, column: 'Menge *', code: 'invalidAmount', value: 'viel' },
      { row: 4, column: 'Einheit *', code: 'unsupportedUnit', value: 'Fass' },
      { row: 5, column: 'Behandlung', code: 'missingTreatment', value: null },
    ]);
    expect(await sectionCount(report.id, 'waste-solid')).toBe(1);
  });

  it('checks names, sources, counts and countries per field (seed 001 §5)', async () => {
    const hotelTitles = ['Aktivität', 'Menge *', 'Einheit *', 'Land (ISO)', 'Zimmer', 'Nächte'];
    const flightTitles = [
      'Aktivität',
      'Distanz (km je Fahrt) *',
      'Einheit *',
      'Reisende',
      'Eigener Emissionsfaktor (kg CO2e je Einheit)',
      'Datenquelle',
    ];
    const sheet = async (titles: string[], rows: unknown[][]) => {
      const wb = new ExcelJS.Workbook();
      const ws = wb.addWorksheet('x');
      ws.addRow(titles);
      for (const r of rows) ws.addRow(r);
      return Buffer.from(await wb.xlsx.writeBuffer());
    };
    const hotel = await upload(
      tk.userA,
      { report: report.id, section: 'business-travel-hotel', replace: 'false' },
      await sheet(hotelTitles, [['Gibt es nicht', 2, 'room-night', 'Atlantis', 1.5, -1]]),
    );
    expect(hotel.json().detail.issues.map((i: Json) => [i.row, i.code])).toEqual([
      [2, 'invalidRooms'],
      [2, 'invalidNights'],
      [2, 'invalidCountry'],
      [2, 'invalidName'],
    ]);
    const flights = await upload(
      tk.userA,
      { report: report.id, section: 'business-travel-flights', replace: 'false' },
      await sheet(flightTitles, [
        [null, 654, 'pkm', 2, 0.2, null],
        [null, 'weit', 'pkm', null, null, null],
      ]),
    );
    expect(flights.json().detail.issues.map((i: Json) => [i.row, i.code])).toEqual([
      [2, 'missingEmissionFactorName'],
      [2, 'missingSource'],
      [3, 'invalidDistance'],
      [3, 'missingName'],
    ]);
    const broken = await upload(
      tk.userA,
      { report: report.id, section: 'waste-solid', replace: 'true' },
      Buffer.from('PK\u0003\u0004 kein Archiv'),
    );
    expect(broken.statusCode).toBe(422);
    expect(broken.json()).toMatchObject({
      message: 'cfcImportFailed',
      detail: { issues: [{ row: 1, column: null, code: 'fileReadError', value: 'abfall.xlsx' }] },
    });
    expect(await sectionCount(report.id, 'waste-solid')).toBe(1);
  });

  it('takes at most CFC_IMPORT_MAX_ROWS rows', async () => {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('x');
    ws.addRow(['Aktivität', 'Menge *', 'Einheit *']);
    for (let i = 0; i < CFC_IMPORT_MAX_ROWS + 1; i++) ws.addRow(['Diesel', 1, 'l']);
    const res = await upload(
      tk.userA,
      { report: report.id, section: 'stationary-combustion', replace: 'false' },
      Buffer.from(await wb.xlsx.writeBuffer()),
    );
    expect(res.statusCode).toBe(422);
    expect(res.json().detail.issues).toEqual([
      { row: CFC_IMPORT_MAX_ROWS + 2, column: null, code: 'tooManyRows', value: String(CFC_IMPORT_MAX_ROWS) },
    ]);
  });

  it('needs write access, the fields, and keeps other companies out', async () => {
    const file = await exported(report.id, 'waste-solid');
    const fields = { report: report.id, section: 'waste-solid', replace: 'true' };
    expect(await refused(upload(tk.readA, fields, file))).toEqual([403, 'readOnly']);
    expect(await refused(upload(tk.adminB, fields, file))).toEqual([404, 'notFound']);
    expect(await refused(upload(tk.userA, { report: report.id, section: 'waste-solid' }, file))).toEqual([
      422,
      'cfcRequiredValuesMissing',
    ]);
    expect(
      (await call('GET', `/api/cfc/reports/export-entries/${report.id}/waste-solid`, tk.adminB)).statusCode,
    ).toBe(404);
    expect(await sectionCount(report.id, 'waste-solid')).toBe(1);
  });
});

describe('freight flow-in', () => {
  let tourIds: Record<string, string>;
  let order: Json;

  beforeAll(async () => {
    // The freight tool's tours and vehicles are its own module (cft).
    await bookTariff(
      t,
      a.id,
      { module: 'cft', type: 'default', isFreeOfCharge: false, name: 'Freight' },
      { beginDate: `${YEAR - 1}-01-01` },
    );
    // A fleet vehicle: tours on its plate are the own fleet's.
    const v = await t.call({
      method: 'POST',
      url: '/api/vehicles',
      token: tk.userA,
      payload: {
        licensePlate: 'HH-KD 1',
        glecVehicleType: 'road_in_tractor_30_60t_diesel',
        fuelInformation: [{ consumption: '29,5', unitFuelConsumption: 'L', fuelType: 'diesel' }],
      },
    });
    expect(v.statusCode, v.body).toBe(201);
    ({ tours: tourIds } = await importTours(t, a, [
      {
        reference: 'EIGEN-1',
        departureDate: `${YEAR}-02-10`,
        glecVehicleType: 'road_in_tractor_30_60t_diesel',
        licensePlate: 'HH-KD 1',
        distanceKm: 420,
        shipments: [{ reference: 'S-1', weightKg: 12_000 }],
      },
      {
        reference: 'EIGEN-2',
        departureDate: `${YEAR}-03-05`,
        glecVehicleType: 'road_in_tractor_30_60t_diesel',
        licensePlate: 'HH-KD 1',
        distanceKm: 300,
        dieselLitres: 95,
        shipments: [{ reference: 'S-2', weightKg: 8_000 }],
      },
      {
        reference: 'FREMD-1',
        departureDate: `${YEAR}-04-01`,
        glecVehicleType: 'road_in_tractor_30_60t_diesel',
        licensePlate: 'B-XY 9',
        distanceKm: 250,
        shipments: [{ reference: 'S-3', weightKg: 5_000 }],
      },
      {
        reference: 'VORJAHR',
        departureDate: `${YEAR - 1}-06-01`,
        glecVehicleType: 'road_in_tractor_30_60t_diesel',
        licensePlate: 'HH-KD 1',
        distanceKm: 100,
        shipments: [{ reference: 'S-4', weightKg: 1_000 }],
      },
    ]));
    // A basic-edition order of the year (Kassel–Fulda by road, 105 km given).
    order = await json(
      call(
        'POST',
        '/api/orders',
        tk.userA,
        roadOrder(
          { country: 'DE', city: 'Kassel' },
          { country: 'DE', city: 'Fulda' },
          { date: `${YEAR}-05-02` },
          105,
        ),
      ),
      201,
    );
    expect(order.co2Wtw).toBeGreaterThan(0);
  });

  /** A tour's figures as the tour detail gives them: the measured result where there is one. */
  async function tourFigures(id: string) {
    const tour = await json(call('GET', `/api/tours/${id}`, tk.userA));
    const e = tour.emissions;
    const used = e.individual ?? e.default;
    return {
      ttw: used.ttw as number,
      wtt: used.wtt as number,
      wtw: used.wtw as number,
      tkm: e.tkm as number,
      measured: !!e.individual,
    };
  }

  it('offers own-fleet TTW (scope 1) and WTT (3.3) and other carriers’ WTW (3.4) of the year', async () => {
    const own1 = await tourFigures(tourIds['EIGEN-1']);
    const own2 = await tourFigures(tourIds['EIGEN-2']);
    const other = await tourFigures(tourIds['FREMD-1']);
    for (const f of [own1, own2, other]) expect(f.ttw).toBeGreaterThan(0);
    // The own tours are fuel-based (the fleet vehicle's consumption, EIGEN-2 its measured diesel):
    // that result counts, as in the freight lists; the other carrier's tour has the GLEC default.
    expect([own1.measured, own2.measured, other.measured]).toEqual([true, true, false]);
    const s = await json(
      call('GET', `/api/cfc/reports/${report.id}/freight-suggestions`, tk.readA, undefined, 'en'),
    );
    const by = (kind: string) => s.suggestions.find((x: Json) => x.kind === kind);
    expect(s.suggestions.map((x: Json) => x.kind)).toEqual([
      'ownFleetTtw',
      'ownFleetWtt',
      'subcontractedTours',
      'orders',
    ]);
    expect(by('orders')).toMatchObject({
      section: 'upstream-transport',
      count: 1,
      link: {
        path: '/basic/orders',
        query: { 'date[after]': `${YEAR}-01-01`, 'date[before]': `${YEAR}-12-31` },
      },
    });
    expect(by('orders').co2eKg).toBeCloseTo(order.co2Wtw, 6);
    expect(by('orders').tkm).toBeCloseTo(order.tkm, 6);
    expect(by('ownFleetTtw')).toMatchObject({ section: 'mobile-combustion', count: 2, entry: null });
    expect(by('ownFleetTtw').co2eKg).toBeCloseTo(own1.ttw + own2.ttw, 6);
    expect(by('ownFleetWtt')).toMatchObject({ section: 'fuel-energy', count: 2 });
    expect(by('ownFleetWtt').co2eKg).toBeCloseTo(own1.wtt + own2.wtt, 6);
    expect(by('subcontractedTours')).toMatchObject({
      section: 'upstream-transport',
      sections: ['upstream-transport', 'downstream-transport'],
      count: 1,
      name: 'Tours on other carriers’ vehicles (WTW)',
    });
    expect(by('subcontractedTours').co2eKg).toBeCloseTo(other.wtw, 6);
    expect(by('subcontractedTours').tkm).toBeCloseTo(other.tkm, 6);
    expect(by('ownFleetTtw').link).toEqual({
      path: '/tours',
      query: { 'departureDate[after]': `${YEAR}-01-01`, 'departureDate[before]': `${YEAR}-12-31` },
    });
  });

  it('takes them in as entries with their figures and a link back; applying again updates', async () => {
    const s = await json(call('GET', `/api/cfc/reports/${report.id}/freight-suggestions`, tk.userA));
    const figure = (kind: string) => s.suggestions.find((x: Json) => x.kind === kind).co2eKg as number;
    const before = await json(call('GET', `/api/cfc/report-results/${report.id}`, tk.userA));
    const applied = await json(
      call('POST', `/api/cfc/reports/${report.id}/freight-suggestions/apply`, tk.userA, {
        items: [
          { kind: 'ownFleetTtw' },
          { kind: 'ownFleetWtt' },
          { kind: 'subcontractedTours' },
          { kind: 'orders', section: 'downstream-transport' },
        ],
      }),
    );
    expect(applied).toEqual({ created: 4, updated: 0 });
    const list = await json(
      call('GET', `/api/cfc/entries?report=${report.id}&section=upstream-transport`, tk.userA),
    );
    const [entry] = list['hydra:member'];
    expect(entry.origin).toEqual({
      kind: 'freight',
      id: 'subcontractedTours',
      label: 'Touren mit fremden Fahrzeugen (WTW)',
    });
    expect(entry.co2eKg).toBeCloseTo(figure('subcontractedTours'), 6);
    expect(entry).toMatchObject({ unit: 'tkm', dataQuality: 2, errorCode: null });
    expect(entry.dataSource).toBe(`Klimadesk: 1 Touren ${YEAR}`);
    const after = await json(call('GET', `/api/cfc/report-results/${report.id}`, tk.userA));
    const row = (r: Json, id: string) => r.sections.find((x: Json) => x.section === id).co2eKg as number;
    // Scope 1 gains the own fleet's TTW, 3.3 its WTT, 3.4 the other carrier's WTW, 3.9 the order's WTW.
    expect(after.totals.scope1 - before.totals.scope1).toBeCloseTo(figure('ownFleetTtw'), 6);
    expect(row(after, 'fuel-energy') - row(before, 'fuel-energy')).toBeCloseTo(figure('ownFleetWtt'), 6);
    expect(row(after, 'upstream-transport')).toBeCloseTo(figure('subcontractedTours'), 6);
    expect(row(after, 'downstream-transport')).toBeCloseTo(figure('orders'), 6);
    const added = s.suggestions.reduce((sum: number, x: Json) => sum + x.co2eKg, 0);
    expect(after.totals.total - before.totals.total).toBeCloseTo(added, 6);
    const again = await json(call('GET', `/api/cfc/reports/${report.id}/freight-suggestions`, tk.userA));
    expect(again.suggestions.every((x: Json) => x.entry !== null)).toBe(true);
    expect(
      await json(
        call('POST', `/api/cfc/reports/${report.id}/freight-suggestions/apply`, tk.userA, {
          items: [{ kind: 'orders' }],
        }),
      ),
    ).toEqual({ created: 0, updated: 1 });
    expect(await sectionCount(report.id, 'downstream-transport')).toBe(0);
    expect(await sectionCount(report.id, 'upstream-transport')).toBe(2);
  });

  it('refuses read-only users, unknown offers, wrong sections and other companies', async () => {
    const url = `/api/cfc/reports/${report.id}/freight-suggestions/apply`;
    expect(await refused(call('POST', url, tk.readA, { items: [{ kind: 'ownFleetTtw' }] }))).toEqual([
      403,
      'readOnly',
    ]);
    // The base year has only an own-fleet tour: nothing of other carriers to take.
    expect(
      await refused(
        call('POST', `/api/cfc/reports/${baseReport.id}/freight-suggestions/apply`, tk.userA, {
          items: [{ kind: 'subcontractedTours' }],
        }),
      ),
    ).toEqual([404, 'notFound']);
    expect(
      await refused(
        call('POST', url, tk.userA, { items: [{ kind: 'ownFleetTtw', section: 'waste-solid' }] }),
      ),
    ).toEqual([403, 'cfcSectionNotAvailable']);
    expect(await refused(call('POST', url, tk.adminB, { items: [{ kind: 'ownFleetTtw' }] }))).toEqual([
      404,
      'notFound',
    ]);
    expect(
      (await call('GET', `/api/cfc/reports/${report.id}/freight-suggestions`, tk.adminB)).statusCode,
    ).toBe(404);
  });
});
