import { and, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { inferQuantityUnit } from '@klimadesk/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { appWithCompanies } from '../../../test/harness.ts';
import { postForm } from '../../../test/multipart.ts';
import { XLSX_TYPE, createMapping, xlsxOf } from '../../../test/imports.ts';
import { finishedTask } from '../../../test/tours.ts';
import { tours } from '../tours/tours.schema.ts';
import { classDefaultIntensity } from './mappings.plausibility.ts';

const { t, a } = appWithCompanies({ a: { key: 'ChkA', isPayingCustomer: true } });
let admin: string;
let user: string;

const TITLES = ['Tour', 'Sendung', 'Datum', 'Typ', 'Gewicht', 'Distanz'];
const ARTIC = 'road_eu_artic_40t_avg_diesel';
const details = (weightUnit?: 't' | 'kg') => [
  { value: 'Tour', mappingField: 'tourReference' },
  { value: 'Sendung', mappingField: 'shipmentReference' },
  { value: 'Datum', mappingField: 'departureDate' },
  { value: 'Typ', mappingField: 'glecTransportType' },
  { value: 'Gewicht', mappingField: 'weight', ...(weightUnit ? { unit: weightUnit } : {}) },
  { value: 'Distanz', mappingField: 'distance', unit: 'km' },
];

async function newMapping(name: string, weightUnit?: 't' | 'kg') {
  const res = await createMapping(t, admin, details(weightUnit), { templateName: name });
  expect(res.statusCode).toBe(201);
  return res.json() as { id: string; mappingDetails: { unit?: string }[] };
}

const file = async (rows: unknown[][]) => ({
  fileName: 'touren.xlsx',
  contentType: XLSX_TYPE,
  data: await xlsxOf(rows, TITLES),
});

async function check(mappingId: string, rows: unknown[][]) {
  const res = await postForm(t, `/api/mappings/${mappingId}/validate`, user, { file: await file(rows) });
  expect(res.statusCode).toBe(200);
  return res.json();
}

async function importRows(mappingId: string, rows: unknown[][], confirm = false) {
  const res = await postForm(t, '/api/mapping-import-tasks', user, {
    mappingId,
    file: await file(rows),
    ...(confirm ? { confirmImplausible: 'true' } : {}),
  });
  expect(res.statusCode).toBe(201);
  const task = await finishedTask(t, res.json().id, user);
  const codes = await t.call({ method: 'GET', url: `/api/tour-codes?taskId=${task.id}`, token: user });
  return { task, codes: codes.json()['hydra:member'] as { row: number; code: string }[] };
}

beforeAll(async () => {
  admin = await t.login(a.users.cftAdmin.email);
  user = await t.login(a.users.user.email);
});

describe('units of quantity columns', () => {
  it('reads "Gewicht 18,5" in tonnes as 18,500 kg and shows the computed sample', async () => {
    const m = await newMapping('Tonnen', 't');
    expect(m.mappingDetails.find((d) => d.unit === 't')).toBeTruthy();
    const r = await check(m.id, [['T1', 'S1', '02.03.2026', ARTIC, 18.5, 100]]);
    expect(r.valid).toBe(true);
    // 18.5 t × 100 km / 1.05 (road DAF) = 1,761.905 tkm; × 95 g/tkm (GLEC artic 34–40 t WTW)
    // = 167.381 kg CO2e.
    expect(r.sample).toMatchObject({ row: 2, tourReference: 'T1', weightKg: 18500, distanceKm: 100 });
    expect(r.sample.tkm).toBeCloseTo((18.5 * 100) / 1.05, 6);
    expect(r.sample.co2WtwKg).toBeCloseTo(((18.5 * 100) / 1.05) * 0.095, 6);
    expect(r.sample.gramsPerTkm).toBeCloseTo(95, 6);
  });
});

describe('the check runs the import', () => {
  const ROWS = [
    ['T1', 'S1', '02.03.2026', ARTIC, 18.5, 100], // row 2: 18.5 kg on a 40 t truck
    ['T2', 'S2', '02.03.2026', ARTIC, 12000, 250], // row 3: plausible
    ['T3', 'S3', '02.03.2026', ARTIC, 9000, ''], // row 4: no distance, no places
    ['T4', '', '02.03.2026', ARTIC, 9000, 100], // row 5: no shipment reference
  ];

  it('reports the same rows with the same codes as the import, which then stops them', async () => {
    const m = await newMapping('Kilogramm', 'kg');
    const r = await check(m.id, ROWS);
    const checked = r.issues.map((i: { row: number; code: string }) => [i.row, i.code]);
    expect(checked).toEqual([
      [2, 'implausibleLoad'],
      [4, 'distanceMissing'],
      [5, 'shipmentReferenceMissing'],
    ]);
    expect(r.sample).toMatchObject({ tourReference: 'T2', weightKg: 12000 });
    const { task, codes } = await importRows(m.id, ROWS);
    expect(codes.map((c) => [c.row, c.code]).sort((x, y) => Number(x[0]) - Number(y[0]))).toEqual(checked);
    expect(task).toMatchObject({ status: 'success', state: 'warning', imported: 1, rejected: 3 });
  });

  it('imports implausible rows when the upload confirms them', async () => {
    const m = await newMapping('Bestaetigt', 'kg');
    const { task, codes } = await importRows(m.id, [ROWS[0]], true);
    expect(codes).toEqual([]);
    expect(task).toMatchObject({ state: 'success', imported: 1, rejected: 0 });
  });

  it('calls an import in which every row was rejected a failure', async () => {
    const m = await newMapping('Alles abgelehnt', 'kg');
    const { task } = await importRows(m.id, [ROWS[0], ROWS[3]]);
    expect(task).toMatchObject({ status: 'success', state: 'failed', imported: 0, updated: 0, rejected: 2 });
  });
});

describe('empty running the tour does not give', () => {
  it('keeps a tour on a class without a GLEC empty-running share with its default figure', async () => {
    // road_eu_artic_33t_avg_diesel has no GLEC empty-running default in the factor set; the
    // vehicle's consumption (30 L/100 km) needs empty km, the default intensity includes them.
    const vehicle = await t.call({
      method: 'POST',
      url: '/api/vehicles',
      token: user,
      payload: {
        licensePlate: 'HH-LK 33',
        glecVehicleType: 'road_eu_artic_33t_avg_diesel',
        fuelInformation: [{ consumption: 30, unitFuelConsumption: 'L', fuelType: 'diesel' }],
      },
    });
    expect(vehicle.statusCode).toBe(201);
    const res = await createMapping(
      t,
      admin,
      [
        { value: 'Tour', mappingField: 'tourReference' },
        { value: 'Sendung', mappingField: 'shipmentReference' },
        { value: 'Datum', mappingField: 'departureDate' },
        { value: 'Typ', mappingField: 'licensePlate' },
        { value: 'Gewicht', mappingField: 'weight', unit: 'kg' },
        { value: 'Distanz', mappingField: 'distance', unit: 'km' },
      ],
      { templateName: 'Verbrauch' },
    );
    const rows = [['T9', 'S9', '02.03.2026', 'HH-LK 33', 12000, 300]];
    const r = await check(res.json().id, rows);
    expect(r.issues).toEqual([]);
    const { task, codes } = await importRows(res.json().id, rows);
    expect(codes).toEqual([]);
    expect(task).toMatchObject({ state: 'success', imported: 1 });
    const [tour] = await t.ctx.db
      .select()
      .from(tours)
      .where(and(eq(tours.companyId, a.id), eq(tours.reference, 'T9')));
    // 12 t × 300 km / 1.05 = 3,428.571 tkm at the class's default intensity; no fuel-based figure.
    expect(tour.co2IndividualWtw).toBeNull();
    const perTkm = classDefaultIntensity('road_eu_artic_33t_avg_diesel') as number;
    expect(tour.co2DefaultWtw).toBeCloseTo((((12 * 300) / 1.05) * perTkm) / 1000, 6);
  });
});

describe('the import template', () => {
  it('is a real xlsx with a data sheet, date cells and a field guide in the user language', async () => {
    const res = await t.call({
      method: 'GET',
      url: '/api/mapping-import-template?category=shipment',
      token: user,
      headers: { 'accept-language': 'de' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().fileName).toBe('sendungen-vorlage.xlsx');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(Buffer.from(res.json().data, 'base64') as never);
    expect(wb.worksheets.map((w) => w.name)).toEqual(['Sendungen', 'Feldhilfe']);
    const data = wb.worksheets[0];
    const titles = (data.getRow(1).values as unknown[]).slice(1) as string[];
    expect(titles).toContain('Gewicht (kg)');
    expect(data.getRow(2).getCell(titles.indexOf('Abfahrtsdatum') + 1).value).toBeInstanceOf(Date);
    const guide = wb.worksheets[1];
    expect((guide.getRow(1).values as unknown[]).slice(1)).toEqual([
      'Spalte',
      'Bedeutung',
      'Pflicht',
      'Format',
      'Beispiel',
    ]);
    // The units in the titles need no question in the wizard.
    expect(inferQuantityUnit('weight', 'Gewicht (kg)')).toBe('kg');
    expect(inferQuantityUnit('distance', 'Distanz (km)')).toBe('km');

    const tour = await t.call({
      method: 'GET',
      url: '/api/mapping-import-template?category=tour',
      token: user,
      headers: { 'accept-language': 'en' },
    });
    const wbEn = new ExcelJS.Workbook();
    await wbEn.xlsx.load(Buffer.from(tour.json().data, 'base64') as never);
    expect(wbEn.worksheets.map((w) => w.name)).toEqual(['Tours', 'Field guide']);
    expect((wbEn.worksheets[0].getRow(1).values as unknown[]).slice(1)).not.toContain('Shipment');
  });
});
