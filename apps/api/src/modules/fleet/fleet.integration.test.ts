import ExcelJS from 'exceljs';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { appWithCompanies, createCompanyFixture } from '../../../test/harness.ts';
import { settled } from '../../../test/import-runs.ts';
import { multipart } from '../../../test/multipart.ts';
import { trailers, vehicles } from './fleet.schema.ts';

const { t, a } = appWithCompanies({ a: 'A' });
let token: string;

const vehicle = (plate: string, extra: Record<string, unknown> = {}) => ({
  licensePlate: plate,
  glecVehicleType: 'road_in_tractor_30_60t_diesel',
  description: 'Sattelzug',
  fuelInformation: [{ consumption: '29,5', unitFuelConsumption: 'L', fuelType: 'diesel' }],
  yearOfConstruction: 2021,
  ...extra,
});

async function template(entity: 'vehicles' | 'trailers', lang = 'de'): Promise<ExcelJS.Workbook> {
  const res = await t.call({ method: 'GET', url: `/api/${entity}/import-template?lang=${lang}`, token });
  expect(res.statusCode).toBe(200);
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(Buffer.from(res.json().data, 'base64') as never);
  return wb;
}

async function xlsx(wb: ExcelJS.Workbook): Promise<Buffer> {
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** An import as it answered before it became a job (issue 38): the finished run's result or refusal. */
function upload(
  entity: 'vehicles' | 'trailers',
  file: Buffer,
  fileName = 'fleet.xlsx',
  contentType = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
) {
  const form = multipart({ file: { fileName, contentType, data: file } });
  return settled(
    t,
    token,
    t.call({
      method: 'POST',
      url: `/api/${entity}/import`,
      token,
      headers: form.headers,
      payload: form.body,
    }),
  );
}

beforeAll(async () => {
  token = await t.login(a.users.user.email);
});

describe('vehicles', () => {
  it('creates, lists, shows and changes a vehicle (numbers with comma decimals)', async () => {
    const created = await t.call({
      method: 'POST',
      url: '/api/vehicles',
      token,
      payload: vehicle('HH-AB 1'),
    });
    expect(created.statusCode).toBe(201);
    expect(created.json().result).toBe(2);
    const v = created.json().vehicle;
    expect(v).toMatchObject({
      licensePlate: 'HH-AB 1',
      status: 1,
      fuelInformation: [{ consumption: 29.5, unitFuelConsumption: 'L', fuelType: 'diesel' }],
    });
    const list = (await t.call({ method: 'GET', url: '/api/vehicles', token })).json();
    expect(list['hydra:member'].map((x: { id: string }) => x.id)).toContain(v.id);
    const patched = await t.call({
      method: 'PATCH',
      url: `/api/vehicles/${v.id}`,
      token,
      headers: { 'content-type': 'application/merge-patch+json' },
      payload: JSON.stringify({ model: 'TGX' }),
    });
    expect(patched.json()).toMatchObject({ result: 2, vehicle: { id: v.id, model: 'TGX' } });
  });

  it('keeps a vehicle used in calculations and saves the change as a new one (result 3)', async () => {
    const v = (
      await t.call({ method: 'POST', url: '/api/vehicles', token, payload: vehicle('HH-AB 2') })
    ).json().vehicle;
    await t.ctx.db.update(vehicles).set({ usedInCalculations: true }).where(eq(vehicles.id, v.id));
    const res = await t.call({
      method: 'PATCH',
      url: `/api/vehicles/${v.id}`,
      token,
      payload: { description: 'Neu' },
    });
    expect(res.json().result).toBe(3);
    const replacement = res.json().vehicle;
    expect(replacement.id).not.toBe(v.id);
    expect(replacement).toMatchObject({ licensePlate: 'HH-AB 2', description: 'Neu', status: 1 });
    const old = (await t.call({ method: 'GET', url: `/api/vehicles/${v.id}`, token })).json();
    expect(old).toMatchObject({ status: 2, description: 'Sattelzug' });
  });

  it.each([
    ['MissingRequiredFields', { licensePlate: '' }],
    ['InvalidGlecType', { glecVehicleType: 'air_belly_long' }],
    [
      'FuelTypeNotFound',
      { fuelInformation: [{ consumption: 1, unitFuelConsumption: 'L', fuelType: 'kerosin-x' }] },
    ],
    [
      'FuelTypeUnit',
      { fuelInformation: [{ consumption: 1, unitFuelConsumption: 'kWh', fuelType: 'diesel' }] },
    ],
    ['IncompleteFuelInfo', { fuelInformation: [{ consumption: 1 }] }],
    ['InvalidYearOfConstruction', { yearOfConstruction: 1850 }],
  ])('answers %s with 422', async (code, extra) => {
    const res = await t.call({
      method: 'POST',
      url: '/api/vehicles',
      token,
      payload: vehicle('HH-ERR 1', extra),
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe(code);
  });

  it('keeps licence plates unique among active vehicles and refuses a conflicting restore', async () => {
    const first = (
      await t.call({ method: 'POST', url: '/api/vehicles', token, payload: vehicle('B-XY 9') })
    ).json().vehicle;
    const dup = await t.call({ method: 'POST', url: '/api/vehicles', token, payload: vehicle('b xy9') });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().message).toBe('LicensePlateExists');
    const dec = await t.call({ method: 'POST', url: `/api/vehicles/${first.id}/decommission`, token });
    expect(dec.json()).toMatchObject({ status: 2 });
    expect(dec.json().decommissionedAt).not.toBeNull();
    const decommissioned = (await t.call({ method: 'GET', url: '/api/vehicles?status=2', token })).json();
    expect(decommissioned['hydra:member'].map((x: { id: string }) => x.id)).toContain(first.id);
    const second = (
      await t.call({ method: 'POST', url: '/api/vehicles', token, payload: vehicle('B-XY 9') })
    ).json().vehicle;
    const restore = await t.call({ method: 'POST', url: `/api/vehicles/${first.id}/restore`, token });
    expect(restore.statusCode).toBe(409);
    expect(restore.json().message).toBe('FailedToRestoreVehicle');
    await t.call({ method: 'DELETE', url: `/api/vehicles/${second.id}`, token });
    const ok = await t.call({ method: 'POST', url: `/api/vehicles/${first.id}/restore`, token });
    expect(ok.json()).toMatchObject({ status: 1 });
    expect(ok.json().restoredAt).not.toBeNull();
    expect((await t.call({ method: 'GET', url: `/api/vehicles/${second.id}`, token })).statusCode).toBe(404);
  });

  it('exports the filtered list with formula injection neutralised', async () => {
    await t.call({
      method: 'POST',
      url: '/api/vehicles',
      token,
      payload: vehicle('HH-FX 1', { description: '=cmd|calc' }),
    });
    const res = await t.call({
      method: 'GET',
      url: '/api/vehicles/export?search=HH-FX',
      token,
      headers: { 'accept-language': 'en' },
    });
    expect(res.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(Buffer.from(res.json().data, 'base64') as never);
    const ws = wb.worksheets[0];
    expect(ws.name).toBe('Vehicles');
    expect(ws.getRow(1).getCell(1).value).toBe('Licence plate *');
    expect(ws.rowCount).toBe(2);
    expect(ws.getRow(2).getCell(5).value).toBe("'=cmd|calc");
    const none = await t.call({ method: 'GET', url: '/api/vehicles/export?search=nothing', token });
    expect(none.json().message).toBe('emptyExport');
  });
});

describe('fleet import', () => {
  it('imports trailers from the template and updates them on a second import', async () => {
    const wb = await template('trailers');
    const ws = wb.worksheets[0];
    ws.addRow(['HH-TR 1', 'Kühlauflieger', 'T1', 'Kühler', '86,5', '27000', '', '', '2019', 'ja', 'Carrier']);
    ws.addRow(['HH-TR 2', 'curtainsider', 'T2', 'Plane', '90', '', '', '', '', 'nein', '']);
    const res = await upload('trailers', await xlsx(wb));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ created: 2, updated: 0 });
    const list = (await t.call({ method: 'GET', url: '/api/trailers?search=HH-TR', token })).json();
    expect(
      list['hydra:member'].map(
        (x: {
          licensePlate: string;
          glecTrailerType: string;
          loadVolume: number;
          hasCoolingUnit: boolean;
        }) => [x.licensePlate, x.glecTrailerType, x.loadVolume, x.hasCoolingUnit],
      ),
    ).toEqual([
      ['HH-TR 1', 'reefer', 86.5, true],
      ['HH-TR 2', 'curtainsider', 90, false],
    ]);
    const again = await upload('trailers', await xlsx(wb));
    expect(again.json()).toEqual({ created: 0, updated: 2 });
  });

  it('reports every row error with its row number and imports nothing', async () => {
    const wb = await template('vehicles', 'en');
    const ws = wb.worksheets[0];
    const row = (plate: string, type: string, c1: string, u1: string, f1: string, year: string) => {
      const r: string[] = Array.from({ length: 23 }, () => '');
      r[0] = plate;
      r[1] = type;
      r[5] = c1;
      r[6] = u1;
      r[7] = f1;
      r[20] = year;
      return r;
    };
    ws.addRow(row('OK 1', 'road_in_tractor_30_60t_diesel', '30', 'L', 'Diesel (B0)', '2020'));
    ws.addRow(row('', 'road_in_tractor_30_60t_diesel', '', '', '', ''));
    ws.addRow(row('E 3', 'ship', '', '', '', ''));
    ws.addRow(row('E 4', 'road_in_tractor_30_60t_diesel', '30', 'L', 'unobtainium', ''));
    ws.addRow(row('E 5', 'road_in_tractor_30_60t_diesel', '30', 'kWh', 'diesel', ''));
    ws.addRow(row('E 6', 'road_in_tractor_30_60t_diesel', '30', '', '', ''));
    ws.addRow(row('E 7', 'road_in_tractor_30_60t_diesel', '', '', '', '1800'));
    ws.addRow(row('OK 1', 'road_in_tractor_30_60t_diesel', '', '', '', ''));
    const before = await t.ctx.db.select().from(vehicles);
    const res = await upload('vehicles', await xlsx(wb));
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe('importFailed');
    const errors = res.json().detail.errors.map((e: { row: number; code: string }) => [e.row, e.code]);
    expect(errors).toEqual([
      [3, 'MissingRequiredFields'],
      [4, 'InvalidGlecType'],
      [5, 'FuelTypeNotFound'],
      [6, 'FuelTypeUnit'],
      [7, 'IncompleteFuelInfo'],
      [8, 'InvalidYearOfConstruction'],
      [9, 'LicensePlateExists'],
    ]);
    expect(await t.ctx.db.select().from(vehicles)).toHaveLength(before.length);
  });

  it('refuses files that are not from the current template of the entity', async () => {
    const old = await template('vehicles');
    old.getWorksheet('config')!.getCell('A1').value = JSON.stringify({
      entity: 'vehicle',
      version: 1,
      lang: 'de',
      columns: [],
    });
    expect((await upload('vehicles', await xlsx(old))).json().message).toBe('WrongTemplateVersion');
    const other = await template('vehicles');
    other.worksheets[0].addRow(['X 1', 'road_in_tractor_30_60t_diesel']);
    expect((await upload('trailers', await xlsx(other))).json().message).toBe('WrongConfigFound');
    const plain = new ExcelJS.Workbook();
    plain.addWorksheet('Tabelle1').addRow(['Kennzeichen', 'GLEC-Fahrzeugtyp']);
    expect((await upload('vehicles', await xlsx(plain))).json().message).toBe('NoConfigFound');
  });

  it('replaces a trailer used in calculations instead of changing it on import', async () => {
    const csv = 'Kennzeichen *;GLEC-Aufliegertyp *;Beschreibung\n"HH-USED 1";box;alt\n';
    expect((await upload('trailers', Buffer.from(csv), 't.csv', 'text/csv')).json()).toEqual({
      created: 1,
      updated: 0,
    });
    const [old] = await t.ctx.db.select().from(trailers).where(eq(trailers.licensePlate, 'HH-USED 1'));
    await t.ctx.db.update(trailers).set({ usedInCalculations: true }).where(eq(trailers.id, old.id));
    const again = 'Kennzeichen *;GLEC-Aufliegertyp *;Beschreibung\n"HH-USED 1";box;neu\n';
    expect((await upload('trailers', Buffer.from(again), 't.csv', 'text/csv')).json()).toEqual({
      created: 0,
      updated: 1,
    });
    const rows = await t.ctx.db.select().from(trailers).where(eq(trailers.licensePlate, 'HH-USED 1'));
    const kept = rows.find((r) => r.id === old.id);
    const replacement = rows.find((r) => r.id !== old.id);
    expect(kept).toMatchObject({ status: 2, description: 'alt', replacedById: replacement?.id });
    expect(replacement).toMatchObject({ status: 1, description: 'neu', usedInCalculations: false });
  });

  it('imports a csv file with the template titles', async () => {
    const csv = 'Kennzeichen *;GLEC-Aufliegertyp *;Ladevolumen (m³);Baujahr\n"HH-CSV 1";box;"45,5";2015\n';
    const res = await upload('trailers', Buffer.from(csv), 'trailers.csv', 'text/csv');
    expect(res.json()).toEqual({ created: 1, updated: 0 });
    const rows = await t.ctx.db.select().from(trailers).where(eq(trailers.licensePlate, 'HH-CSV 1'));
    expect(rows[0]).toMatchObject({ glecTrailerType: 'box', loadVolume: 45.5, yearOfConstruction: 2015 });
  });

  it('refuses wrong file types and files over 10 MB', async () => {
    const pdf = await upload('trailers', Buffer.from('%PDF-1.4'), 'fleet.pdf', 'application/pdf');
    expect(pdf.statusCode).toBe(415);
    expect(pdf.json().message).toBe('invalidFileType');
    const fake = await upload('trailers', Buffer.from('not a zip'), 'fleet.xlsx');
    expect(fake.statusCode).toBe(415);
    const big = await upload('trailers', Buffer.alloc(10_500_000, 65), 'big.csv', 'text/csv');
    expect(big.statusCode).toBe(413);
    expect(big.json().message).toBe('payloadTooLarge');
  });
});

describe('basic companies', () => {
  it('see the sample fleet and cannot write', async () => {
    const basic = await createCompanyFixture(t.ctx, 'Basic', { isBasic: true, modules: ['cft'] });
    const bt = await t.login(basic.users.admin.email);
    const v = (await t.call({ method: 'GET', url: '/api/vehicles', token: bt })).json();
    const tr = (await t.call({ method: 'GET', url: '/api/trailers', token: bt })).json();
    expect(v['hydra:totalItems']).toBe(2);
    expect(tr['hydra:totalItems']).toBe(5);
    expect(v['hydra:member'].every((x: { sample: boolean }) => x.sample)).toBe(true);
    const create = await t.call({
      method: 'POST',
      url: '/api/vehicles',
      token: bt,
      payload: vehicle('BA-1'),
    });
    expect(create.statusCode).toBe(403);
    expect(create.json().message).toBe('upgradeRequired');
    const exp = await t.call({ method: 'GET', url: '/api/trailers/export', token: bt });
    expect(exp.json().message).toBe('upgradeRequired');
  });
});

describe('the vehicle list', () => {
  it('pages, searches and sorts with the total of the whole list, in one company only', async () => {
    const other = await createCompanyFixture(t.ctx, 'ListOther');
    const otherToken = await t.login(other.users.admin.email);
    for (const plate of ['LP-ZZ 1', 'LP-ZZ 2', 'LP-ZZ 3', 'LP-ZZ 4', 'LP-ZZ 5'])
      expect(
        (await t.call({ method: 'POST', url: '/api/vehicles', token, payload: vehicle(plate) })).statusCode,
      ).toBe(201);
    expect(
      (await t.call({ method: 'POST', url: '/api/vehicles', token: otherToken, payload: vehicle('LP-ZZ 9') }))
        .statusCode,
    ).toBe(201);
    const get = async (query: string, as = token) =>
      (await t.call({ method: 'GET', url: `/api/vehicles?${query}`, token: as })).json();
    const plates = (page: { 'hydra:member': { licensePlate: string }[] }) =>
      page['hydra:member'].map((v) => v.licensePlate);

    const first = await get('search=LP-ZZ&limit=2&page=1');
    expect(plates(first)).toEqual(['LP-ZZ 1', 'LP-ZZ 2']);
    expect(first['hydra:totalItems']).toBe(5);
    const last = await get('search=LP-ZZ&limit=2&page=3');
    expect(plates(last)).toEqual(['LP-ZZ 5']);
    expect(last['hydra:totalItems']).toBe(5);
    // Past the end: no rows, and still the list's total.
    const past = await get('search=LP-ZZ&limit=2&page=9');
    expect(plates(past)).toEqual([]);
    expect(past['hydra:totalItems']).toBe(5);
    const desc = await get('search=LP-ZZ&limit=2&order[licensePlate]=desc');
    expect(plates(desc)).toEqual(['LP-ZZ 5', 'LP-ZZ 4']);
    // The same statement shape for the other company answers only its own row.
    const theirs = await get('search=LP-ZZ&limit=2&page=1', otherToken);
    expect(plates(theirs)).toEqual(['LP-ZZ 9']);
    expect(theirs['hydra:totalItems']).toBe(1);
    const none = await get('search=no-such-plate&limit=2');
    expect(none['hydra:totalItems']).toBe(0);
  });
});
