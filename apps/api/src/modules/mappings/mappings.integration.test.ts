import { beforeAll, describe, expect, it } from 'vitest';
import { jsonCalls } from '../../../test/calls.ts';
import { appWithCompanies } from '../../../test/harness.ts';
import { multipart } from '../../../test/multipart.ts';
import {
  SHIPMENT_TITLES,
  XLSX_TYPE,
  createMapping,
  createPlateVehicle,
  detailsOf,
  xlsxOf,
} from '../../../test/imports.ts';

const { t, a } = appWithCompanies({ a: 'MapA' });
const { call } = jsonCalls(t);
let admin: string;
let user: string;

const TITLES = SHIPMENT_TITLES;
const DETAILS = detailsOf(TITLES);
const xlsx = (rows: unknown[][], titles: readonly string[] = TITLES) => xlsxOf(rows, titles);

const file = (data: Buffer, fileName = 'sample.xlsx') =>
  multipart({ file: { fileName, contentType: fileName.endsWith('.csv') ? 'text/csv' : XLSX_TYPE, data } });

async function newMapping(extra: Record<string, unknown> = {}) {
  const res = await createMapping(t, admin, DETAILS, { templateName: 'Speditionsexport', ...extra });
  expect(res.statusCode).toBe(201);
  return res.json();
}

beforeAll(async () => {
  admin = await t.login(a.users.cftAdmin.email);
  user = await t.login(a.users.user.email);
  await createPlateVehicle(t, user);
});

describe('mapping templates', () => {
  it('creates, lists, renames and toggles status 1 <-> 3', async () => {
    const m = await newMapping();
    expect(m.status).toBe(1);
    expect(m.formatOptions).toEqual({ delimiter: ';', decimalSeparator: ',', dateFormat: 'DD.MM.YYYY' });
    const off = await call('PATCH', `/api/mappings/${m.id}`, admin, { status: 1, templateName: 'Neu' });
    expect(off.json().status).toBe(3);
    expect(off.json().templateName).toBe('Neu');
    const on = await call('PATCH', `/api/mappings/${m.id}`, admin, { status: 3 });
    expect(on.json().status).toBe(1);
    const list = await t.call({ method: 'GET', url: '/api/mappings?search=neu', token: user });
    expect(list.json()['hydra:totalItems']).toBe(1);
    const ro = await t.login(a.users.readonly.email);
    expect((await t.call({ method: 'GET', url: '/api/mappings', token: ro })).statusCode).toBe(200);
  });

  it('refuses a second template of the same name and follows a changed format', async () => {
    const first = await newMapping({ templateName: 'Doppelt', mappingFormat: 'csv' });
    const twice = await createMapping(t, admin, DETAILS, { templateName: '  doppelt ' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toMatchObject({ code: 50350, message: 'mappingNameExists' });
    const other = await newMapping({ templateName: 'Einzeln' });
    const rename = await call('PATCH', `/api/mappings/${other.id}`, admin, { templateName: 'DOPPELT' });
    expect(rename.statusCode).toBe(409);
    expect(rename.json().message).toBe('mappingNameExists');
    // Its own name (the wizard saves again after going back) and a new format are accepted.
    const again = await call('PATCH', `/api/mappings/${first.id}`, admin, {
      templateName: 'Doppelt',
      mappingFormat: 'xlsx',
    });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toMatchObject({ templateName: 'Doppelt', mappingFormat: 'xlsx' });
  });

  it('only freight admins create mappings', async () => {
    const res = await call('POST', '/api/mappings', user, {
      templateName: 'x',
      mappingFieldCategory: 'tour',
      mappingFormat: 'csv',
      mappingDetails: [],
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('noRights');
  });

  it('refuses a mapping without the required fields', async () => {
    const res = await createMapping(
      t,
      admin,
      DETAILS.filter((d) => d.mappingField !== 'weight'),
      { templateName: 'Unvollständig' },
    );
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe('requiredFieldsMissing');
    expect(res.json().detail.missing).toEqual(['weight']);
  });

  it('check-required-field answers ok or lists the missing fields', async () => {
    const good = await call('POST', '/api/mappings/check-required-field', user, {
      mappingFieldCategory: 'tour',
      mappingDetails: DETAILS.filter((d) => d.mappingField !== 'shipmentReference'),
    });
    expect(good.statusCode).toBe(200);
    expect(good.json().valid).toBe(true);
    const bad = await call('POST', '/api/mappings/check-required-field', user, {
      mappingFieldCategory: 'shipment',
      mappingDetails: [
        { value: 'Tour', mappingField: 'tourReference' },
        { value: '', mappingField: 'weight' },
      ],
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().detail.missing).toEqual([
      'shipmentReference',
      'departureDate',
      'weight',
      'glecTransportType|licensePlate|vehicleReference',
    ]);
  });

  it('serves fields, categories and formats', async () => {
    const fields = await t.call({ method: 'GET', url: '/api/mapping-fields?category=tour', token: user });
    const ids = fields.json()['hydra:member'].map((f: { id: string }) => f.id);
    expect(ids).toContain('licensePlate');
    expect(ids).not.toContain('shipper');
    const cats = await t.call({ method: 'GET', url: '/api/mapping-field-categories', token: user });
    expect(cats.json()['hydra:member'].map((c: { id: string }) => c.id)).toEqual(['tour', 'shipment']);
    const formats = await t.call({ method: 'GET', url: '/api/mapping-formats', token: user });
    expect(formats.json()['hydra:member'][1].delimiters).toContain(';');
  });

  it('suggests fields for the sample titles', async () => {
    const form = file(await xlsx([], ['Tournummer', 'Kennzeichen', 'Gewicht', 'Versender', 'Unbekannt']));
    const res = await t.call({
      method: 'POST',
      url: '/api/mappings/sample-titles',
      token: user,
      payload: form.body,
      headers: form.headers,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().suggestions).toEqual([
      { value: 'Tournummer', mappingField: 'tourReference' },
      { value: 'Kennzeichen', mappingField: 'licensePlate' },
      { value: 'Gewicht', mappingField: 'weight' },
      { value: 'Versender', mappingField: 'shipper' },
      { value: 'Unbekannt', mappingField: null },
    ]);
  });
});

describe('sample validation codes', () => {
  let mappingId: string;
  beforeAll(async () => {
    mappingId = (await newMapping()).id;
  });

  async function validate(data: Buffer, fileName = 'sample.xlsx', id = mappingId) {
    const form = file(data, fileName);
    const res = await t.call({
      method: 'POST',
      url: `/api/mappings/${id}/validate`,
      token: user,
      payload: form.body,
      headers: form.headers,
    });
    expect(res.statusCode).toBe(200);
    return res.json() as {
      valid: boolean;
      rows: number;
      issues: { row: number; code: string; column: string | null }[];
    };
  }

  it('accepts a clean file', async () => {
    const r = await validate(await xlsx([['T1', 'S1', '01.03.2026', 'hh ab123', '', 1200, 300]]));
    expect(r.issues).toEqual([]);
    expect(r).toMatchObject({ valid: true, rows: 1 });
  });

  it('reports each row code with its row number and column', async () => {
    const r = await validate(
      await xlsx([
        ['', 'S1', '01.03.2026', '', 'road_in_12_20t_diesel', 100, 10], // row 2
        ['T2', '', '01.03.2026', '', 'road_in_12_20t_diesel', 100, 10], // row 3
        ['T3', 'S3', '01.03.2026', '', 'road_in_12_20t_diesel', '', 10], // row 4
        ['T4', 'S4', '01.03.2026', '', 'truck_of_mars', 100, 10], // row 5
        ['T5', 'S5', '01.03.2026', '', '', 100, 10], // row 6
        ['T6', 'S6', '01.03.2026', 'XX 999', '', 100, 10], // row 7: plate not in the fleet
        ['T7', 'S7', '31.02.2026', '', 'road_in_12_20t_diesel', 100, 10], // row 8
      ]),
    );
    expect(r.valid).toBe(false);
    expect(r.issues.map((i) => [i.row, i.code, i.column])).toEqual([
      [2, 'tourReferenceMissing', 'Tour'],
      [3, 'shipmentReferenceMissing', 'Sendung'],
      [4, 'weightMissing', 'Gewicht'],
      [5, 'invalidGlecTransportType', 'GLEC-Typ'],
      [6, 'vehicleLicensePlateMissing', 'Kennzeichen'],
      [7, 'vehicleNotFound', 'Kennzeichen'],
      [8, 'invalidDate', 'Datum'],
    ]);
  });

  it('reports vehicleReferenceMissing and glecTransportTypeMissing for mappings without those columns', async () => {
    const byRef = await newMapping({
      templateName: 'Referenz',
      mappingDetails: [
        ...DETAILS.filter((d) => !['licensePlate', 'glecTransportType'].includes(d.mappingField)),
        { value: 'Fahrzeug', mappingField: 'vehicleReference' },
      ],
    });
    const titles = ['Tour', 'Sendung', 'Datum', 'Fahrzeug', 'Gewicht', 'Distanz'];
    const r1 = await validate(await xlsx([['T1', 'S1', '01.03.2026', '', 5, 1]], titles), 'x.xlsx', byRef.id);
    expect(r1.issues.map((i) => i.code)).toEqual(['vehicleReferenceMissing']);

    const typeOnly = await newMapping({
      templateName: 'Typ',
      mappingDetails: DETAILS.filter((d) => d.mappingField !== 'licensePlate'),
    });
    const r2 = await validate(
      await xlsx(
        [['T1', 'S1', '01.03.2026', '', 5, 1]],
        ['Tour', 'Sendung', 'Datum', 'GLEC-Typ', 'Gewicht', 'Distanz'],
      ),
      'x.xlsx',
      typeOnly.id,
    );
    expect(r2.issues.map((i) => i.code)).toEqual(['glecTransportTypeMissing']);
  });

  it('reports titleNotFound when a mapped title is not in row 1', async () => {
    const r = await validate(
      await xlsx([['T1']], ['Tour', 'Sendung', 'Datum', 'Kennzeichen', 'GLEC-Typ', 'Weight', 'Distanz']),
    );
    expect(r.issues).toEqual([expect.objectContaining({ row: 1, code: 'titleNotFound', column: 'Gewicht' })]);
  });

  it('reports fileReadError for a broken xlsx and reads csv with the mapping delimiter', async () => {
    const broken = await validate(Buffer.concat([Buffer.from('PK'), Buffer.alloc(200, 7)]));
    expect(broken.issues.map((i) => i.code)).toEqual(['fileReadError']);
    const csv = `${TITLES.join(';')}\nT1;S1;01.03.2026;HH-AB 123;;"1.200,5";300\n`;
    const ok = await validate(Buffer.from(csv), 'sample.csv');
    expect(ok).toMatchObject({ valid: true, rows: 1 });
  });
});
