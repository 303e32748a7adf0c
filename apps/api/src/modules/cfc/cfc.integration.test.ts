import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { appWithCompanies } from '../../../test/harness.ts';
import { type Json, bookTariff, jsonCalls, signedIn } from '../../../test/calls.ts';
import { multipart } from '../../../test/multipart.ts';
import {
  CFC_ACTIVITY_KEYS,
  WORKED_EXAMPLE,
  activityIdByKey,
  addWorkedExampleEntries,
  createCfcReport,
} from '../../../test/cfc.ts';
import { addUnitWithReport } from '../../../test/cfc-units.ts';
import { rowsOf } from '../../platform/db/index.ts';

const { t, a, b, smp: platformAdmin } = appWithCompanies({ a: 'CfcA', b: 'CfcB' }, { platformAdmin: true });
const tk = signedIn(t, () => ({
  adminA: a.users.admin,
  userA: a.users.user,
  readA: a.users.readonly,
  adminB: b.users.admin,
  smp: platformAdmin,
}));
const YEAR = new Date().getUTCFullYear();

const { call, json } = jsonCalls(t);
const code = async (res: Promise<{ statusCode: number; json: () => any }>) => (await res).json().message;

let report: Json;
let unit: Json;
let entries: Awaited<ReturnType<typeof addWorkedExampleEntries>>;

/** Saves an entry of the report as the CFC user; `saveEntry` expects success. */
const postEntry = (body: Json) => call('POST', '/api/cfc/entries', tk.userA, { report: report.id, ...body });
const saveEntry = (body: Json) => json(postEntry(body));
const deleteEntries = (ids: string[]) =>
  json(call('DELETE', '/api/cfc/entries/delete', tk.userA, { entries: ids }));

beforeAll(async () => {
  ({ unit, report } = await createCfcReport(t, tk.adminA, { year: YEAR, baseYear: YEAR - 1 }));
  // CFC users and read-only users reach units through their group's rights (seed 001 §6).
  for (const [name, user, rights] of [
    ['Alle lesen', a.users.readonly.id, ['read']],
    ['Alle schreiben', a.users.user.id, ['write']],
  ] as const) {
    const group = await json(
      call('POST', '/api/user-groups/create', tk.adminA, { name, users: [user] }),
      201,
    );
    await json(
      call('POST', `/api/cfc/access-rights/${group.id}`, tk.adminA, { rights: [{ accessRights: rights }] }),
    );
  }
  entries = await addWorkedExampleEntries(t, tk.adminA, report.id);
});

describe('worked examples (hand-computed from the loaded editions, test/cfc.ts)', () => {
  it('10,000 l diesel in company cars: 10,000 × 2.57082 = 25,708.2 kg (scope 1), WTT 6,110.1 kg for 3.3', () => {
    expect(entries.diesel.co2eKg).toBeCloseTo(WORKED_EXAMPLE.dieselKg, 6);
    expect(entries.diesel.factor).toBe(2.57082);
    expect(entries.diesel.factorUnit).toBe('l');
    expect(entries.diesel.wttKg).toBeCloseTo(WORKED_EXAMPLE.dieselWttKg, 6);
    expect(entries.diesel.errorCode).toBeNull();
    expect(entries.diesel.factorSource).toContain('DESNZ');
  });

  it('250,000 kWh in Germany: 85,500 kg location-based (342 g/kWh), 12,500 kg market-based (0.05 kg/kWh)', () => {
    expect(entries.electricity.co2eKg).toBeCloseTo(WORKED_EXAMPLE.electricityLocationKg, 6);
    expect(entries.electricity.co2eMarketKg).toBeCloseTo(WORKED_EXAMPLE.electricityMarketKg, 6);
    expect(entries.electricity.factor).toBe(0.342);
    expect(entries.electricity.factorYear).toBe(2025);
  });

  it('120 flights Frankfurt–London economy: 654 km × 120 = 78,480 pkm × 0.12576 = 9,869.6448 kg', () => {
    expect(entries.flights.quantity).toBe(78_480);
    expect(entries.flights.co2eKg).toBeCloseTo(WORKED_EXAMPLE.flightsKg, 6);
    // The flight's upstream share stays in category 6 (its WTT line): 78,480 × 0.02249 = 1,765.0152 kg.
    expect(entries.flights.wttKg).toBeCloseTo(WORKED_EXAMPLE.flightsWttKg, 6);
  });

  it('50 t mixed commercial waste to landfill: 50 × 520.5327 = 26,026.635 kg', () => {
    expect(entries.waste.co2eKg).toBeCloseTo(WORKED_EXAMPLE.wasteKg, 6);
    expect(entries.waste.factorUnit).toBe('t');
  });

  it('converts units: 10 m³ diesel are 10,000 l; 0.05 t waste in kg would be 50 kg', async () => {
    const e = await saveEntry({
      section: 'mobile-combustion',
      activity: await activityIdByKey(t, CFC_ACTIVITY_KEYS.diesel),
      amount: 10,
      unit: 'm3',
    });
    // 10 m³ × 1000 l/m³ = 10,000 l × 2.57082 = 25,708.2 kg
    expect(e.quantity).toBe(10_000);
    expect(e.co2eKg).toBeCloseTo(25_708.2, 6);
    await deleteEntries([e.id]);
  });
});

describe('entry codes (seed 001 §8), kept per entry', () => {
  it('marks incomplete, wrong unit type and no conversion; section counts flag them', async () => {
    const diesel = await activityIdByKey(t, CFC_ACTIVITY_KEYS.diesel);
    const incomplete = await saveEntry({
      section: 'stationary-combustion',
      activity: diesel,
    });
    expect(incomplete.errorCode).toBe('cfcIncompleteEntry');
    expect(incomplete.co2eKg).toBeNull();
    const wrongType = await saveEntry({
      section: 'stationary-combustion',
      activity: diesel,
      amount: 5,
      unit: 'km',
    });
    expect(wrongType.errorCode).toBe('cfcWrongUnitType');
    // Hotel factors exist per country only: a country without one has no conversion.
    const waste = await activityIdByKey(t, CFC_ACTIVITY_KEYS.commercialWasteLandfill);
    const ok = await saveEntry({
      section: 'waste-solid',
      activity: waste,
      amount: 1,
      unit: 't',
      country: 'FR',
    });
    // No French factor: the factor for every country holds.
    expect(ok.co2eKg).toBeCloseTo(520.5327, 6);
    const counts = (await json(call('GET', `/api/cfc/reports/${report.id}/section-counts`, tk.readA)))[
      'hydra:member'
    ];
    const stationary = counts.find((c: Json) => c.section === 'stationary-combustion');
    expect(stationary).toEqual({ section: 'stationary-combustion', count: 2, hasIncompleteEntries: true });
    expect(counts.find((c: Json) => c.section === 'scope1')).toMatchObject({
      count: 3,
      hasIncompleteEntries: true,
    });
    expect(counts.find((c: Json) => c.section === 'waste-solid')).toMatchObject({
      count: 2,
      hasIncompleteEntries: false,
    });
    // Completing the entry clears the flag.
    const fixed = await saveEntry({
      id: incomplete.id,
      section: 'stationary-combustion',
      activity: diesel,
      amount: 100,
      unit: 'l',
    });
    expect(fixed.co2eKg).toBeCloseTo(257.082, 6);
    await deleteEntries([fixed.id, wrongType.id, ok.id]);
    const after = (await json(call('GET', `/api/cfc/reports/${report.id}/section-counts`, tk.readA)))[
      'hydra:member'
    ];
    expect(after.find((c: Json) => c.section === 'stationary-combustion')).toBeUndefined();
  });

  it('an own factor without an activity: amount × factor', async () => {
    const e = await saveEntry({
      section: 'process-emissions',
      amount: 3,
      unit: 't',
      emissionFactor: 1000,
      emissionFactorName: 'Messung',
    });
    expect(e.co2eKg).toBe(3000);
    expect(e.factorSource).toBe('Messung');
    await deleteEntries([e.id]);
  });

  it('lists entries of a section with the activity name in the request language', async () => {
    const list = await json(
      call('GET', `/api/cfc/entries?report=${report.id}&section=mobile-combustion`, tk.readA),
    );
    expect(list['hydra:totalItems']).toBe(1);
    expect(list['hydra:member'][0]).toMatchObject({
      amount: 10_000,
      unit: 'l',
      fuel: 'Diesel',
      dataQuality: 1,
    });
    expect(list['hydra:member'][0].activityName).toMatch(/Diesel/);
  });
});

describe('settings, base year and business units (seed 001 §5)', () => {
  it('answers the company settings with the active sections and last edited section', async () => {
    const settings = await json(call('GET', '/api/cfc/company-settings', tk.readA));
    expect(settings).toMatchObject({ baseYear: YEAR - 1, hasBusinessUnits: true, isPaid: false });
    // Free tariff: scopes 1 and 2 and three scope 3 categories; not 3.1.
    expect(settings.activeSections).toContain('waste-solid');
    expect(settings.activeSections).not.toContain('purchased-goods');
    await json(
      call('POST', `/api/users/${a.users.readonly.id}/save-last-edited-cfc-section`, tk.readA, {
        businessUnit: unit.id,
        year: YEAR,
        section: 'waste-solid',
      }),
    );
    const again = await json(call('GET', '/api/cfc/company-settings', tk.readA));
    expect(again.lastEditedSection).toEqual({
      businessUnit: unit.id,
      businessUnitUrlId: 'zentrale-hamburg',
      year: YEAR,
      section: 'waste-solid',
    });
    // Another user's id is not the own account.
    const other = await t.call({
      method: 'POST',
      url: `/api/users/${a.users.user.id}/save-last-edited-cfc-section`,
      token: tk.readA,
      payload: { businessUnit: unit.id, year: YEAR, section: 'waste-solid' },
    });
    expect(other.statusCode).toBe(404);
  });

  it('refuses a future base year and a year outside 1900–2100', async () => {
    expect(await code(call('POST', '/api/cfc/settings/base-year', tk.adminA, { baseYear: YEAR + 1 }))).toBe(
      'futureBaseYear',
    );
    expect(
      (await call('POST', '/api/cfc/settings/base-year', tk.adminA, { baseYear: 1899 })).statusCode,
    ).toBe(400);
  });

  it('refuses a report year before the base year, a second report of a year, and without settings', async () => {
    expect(
      await code(call('POST', '/api/cfc/reports', tk.adminA, { businessUnit: unit.id, year: YEAR - 5 })),
    ).toBe('invalidYear');
    expect(
      await code(call('POST', '/api/cfc/reports', tk.adminA, { businessUnit: unit.id, year: YEAR + 1 })),
    ).toBe('invalidYear');
    const dup = await call('POST', '/api/cfc/reports', tk.adminA, { businessUnit: unit.id, year: YEAR });
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toMatchObject({ code: 50410, message: 'cfcReportYearExists' });
    const unitB = await json(call('POST', '/api/cfc/business-units/new', tk.adminB, { name: 'Werk B' }), 201);
    expect(
      await code(call('POST', '/api/cfc/reports', tk.adminB, { businessUnit: unitB.id, year: YEAR })),
    ).toBe('cfcNoSettings');
  });

  it('a later base year keeps the reports of earlier years (GHG Protocol ch. 5)', async () => {
    const older = await json(
      call('POST', '/api/cfc/reports', tk.adminA, { businessUnit: unit.id, year: YEAR - 1 }),
      201,
    );
    const res = await json(call('POST', '/api/cfc/settings/save', tk.adminA, { baseYear: YEAR }));
    expect(res.deletedReports).toBe(0);
    expect(res.settings.baseYear).toBe(YEAR);
    expect((await call('GET', `/api/cfc/reports/${older.id}/section-counts`, tk.adminA)).statusCode).toBe(
      200,
    );
    const list = await json(call('GET', '/api/cfc/reports', tk.readA));
    expect(list['hydra:member'].map((r: Json) => r.year)).toEqual([YEAR, YEAR - 1]);
    await json(call('POST', '/api/cfc/settings/base-year', tk.adminA, { baseYear: YEAR - 1 }));
    expect((await call('DELETE', `/api/cfc/reports/${older.id}`, tk.adminA)).statusCode).toBe(200);
  });

  it('keeps unit names unique, the tariff limit, and at least one unit', async () => {
    expect(
      await code(call('POST', '/api/cfc/business-units/new', tk.adminA, { name: ' zentrale HAMBURG ' })),
    ).toBe('BusinessUnitAlreadyExists');
    const second = await json(
      call('POST', '/api/cfc/business-units/new', tk.adminA, {
        name: 'Zentrale Hamburg!',
        companyName: 'Nord GmbH',
      }),
      201,
    );
    expect(second.urlId).toBe('zentrale-hamburg-2');
    expect(
      await code(
        call('PATCH', `/api/cfc/business-units/${second.id}`, tk.adminA, { name: 'Zentrale Hamburg' }),
      ),
    ).toBe('BusinessUnitAlreadyExists');
    const names = await json(call('GET', '/api/cfc/company-names/find/nord', tk.readA));
    expect(names['hydra:member']).toEqual(['Nord GmbH']);
    // A CFC trial with at most 3 units: the fourth is refused with the tariff's code.
    await bookTariff(
      t,
      a.id,
      { module: 'cfc', type: 'limited', isFreeOfCharge: true, businessUnitsLimit: 2, name: 'CFC Test' },
      { beginDate: '2020-01-01', emailBooking: a.users.admin.email },
    );
    const limited = await call('POST', '/api/cfc/business-units/new', tk.adminA, { name: 'Dritte' });
    expect(limited.statusCode).toBe(403);
    expect(limited.json()).toMatchObject({ message: 'businessUnitLimitReached', detail: { limit: 2 } });
    const tariffs = await json(call('GET', '/api/cfc/active-tariffs', tk.readA));
    expect(tariffs['hydra:member']).toEqual([
      expect.objectContaining({ businessUnitsLimit: 2, isPaid: false, isFreeOfCharge: true }),
    ]);
    await json(call('DELETE', `/api/cfc/business-units/${second.id}`, tk.adminA));
    expect(await code(call('DELETE', `/api/cfc/business-units/${unit.id}`, tk.adminA))).toBe(
      'lastBusinessUnit',
    );
  });

  it('answers base years from the bookings (minimum 0, latest the current year)', async () => {
    const years = await json(call('GET', '/api/cfc/base-years', tk.readA));
    expect(years).toEqual({ min: 0, max: YEAR });
  });
});

describe('scope 2 needs the site country; methods per report', () => {
  it('refuses scope 2 entries without a site country, recomputes on a country change', async () => {
    const { unit: noCountry, report: r2 } = await createCfcReport(t, tk.adminB, {
      year: YEAR,
      unitName: 'Ohne Land',
      country: null,
    });
    const grid = await activityIdByKey(t, CFC_ACTIVITY_KEYS.grid);
    const body = {
      report: r2.id,
      section: 'purchased-electricity',
      activity: grid,
      amount: 1000,
      unit: 'kWh',
    };
    expect(await code(call('POST', '/api/cfc/entries', tk.adminB, body))).toBe('siteCountryRequired');
    await json(call('PATCH', `/api/cfc/business-units/${noCountry.id}`, tk.adminB, { country: 'DE' }));
    const e = await json(call('POST', '/api/cfc/entries', tk.adminB, body));
    // 1,000 kWh × 0.342 kg/kWh (DE 2025) = 342 kg
    expect(e.co2eKg).toBeCloseTo(342, 6);
    await json(call('PATCH', `/api/cfc/business-units/${noCountry.id}`, tk.adminB, { country: 'FR' }));
    const [again] = (await json(call('GET', `/api/cfc/entries?report=${r2.id}`, tk.adminB)))['hydra:member'];
    const [{ g }] = rowsOf<{ g: number }>(
      await t.ctx.db.execute(sql`select f.co2_factor as g from emission_factors f
        join emission_activities a on a.id = f.activity_id
        where a.dataset_key = 'grid:location-based' and f.country = 'FR' and f.year = 2025`),
    );
    expect(again.co2eKg).toBeCloseTo(1000 * g, 6);
  });

  it('switches power and thermal methods; read-only may not', async () => {
    const power = await json(
      call('POST', '/api/cfc/reports/power-method', tk.userA, { report: report.id, isMarketBased: true }),
    );
    expect(power.powerMarketbased).toBe(true);
    const thermal = await json(
      call('POST', '/api/cfc/reports/thermal-method', tk.userA, { report: report.id, isMarketBased: true }),
    );
    expect(thermal).toMatchObject({ powerMarketbased: true, thermalMarketbased: true });
    expect(
      (
        await call('POST', '/api/cfc/reports/power-method', tk.readA, {
          report: report.id,
          isMarketBased: false,
        })
      ).statusCode,
    ).toBe(403);
  });
});

describe('reports by address and sections', () => {
  it('opens a report by unit urlId and year with counts per section and tree data', async () => {
    const detail = await json(call('GET', `/api/cfc/reports/by-url/${unit.urlId}/${YEAR}`, tk.readA));
    expect(detail.id).toBe(report.id);
    expect(detail.businessUnit).toMatchObject({ name: 'Zentrale Hamburg', country: 'DE' });
    const travel = detail.sections.find((x: Json) => x.id === 'business-travel');
    expect(travel).toMatchObject({
      count: 1,
      subsections: expect.arrayContaining(['business-travel-flights']),
      category: 6,
    });
    expect(detail.sections.find((x: Json) => x.id === 'mobile-combustion').derivativeSection).toBe(
      'fuel-energy',
    );
    expect((await call('GET', `/api/cfc/reports/by-url/${unit.urlId}/1999`, tk.readA)).statusCode).toBe(404);
  });

  it('answers sections, tree, help texts; the platform admin changes a help text', async () => {
    const secs = (await json(call('GET', '/api/cfc/sections.json', tk.readA)))['hydra:member'];
    expect(secs.filter((x: Json) => x.parentSection === 'scope3')).toHaveLength(15);
    expect(secs.find((x: Json) => x.id === 'purchased-goods')).toMatchObject({
      available: false,
      free: false,
    });
    const tree = await json(call('GET', '/api/cfc/categories/as-tree', tk.readA));
    expect(tree.map((n: Json) => n.id)).toEqual(['scope1', 'scope2', 'scope3']);
    expect(tree[2].children).toHaveLength(15);
    expect(
      (await call('PATCH', '/api/cfc/update-help-text/waste-solid', tk.adminA, { de: 'x' })).statusCode,
    ).toBe(403);
    const changed = await json(
      call('PATCH', '/api/cfc/update-help-text/waste-solid', tk.smp, { de: 'Neue Hilfe' }),
    );
    expect(changed).toMatchObject({ de: 'Neue Hilfe', custom: true });
    const de = (await json(call('GET', '/api/cfc/sections.json', tk.readA)))['hydra:member'];
    expect(de.find((x: Json) => x.id === 'waste-solid').helpText).toBe('Neue Hilfe');
    const restored = await json(call('PATCH', '/api/cfc/update-help-text/waste-solid', tk.smp, { de: '' }));
    expect(restored.custom).toBe(false);
  });

  it('refuses paid sections without the paid tariff', async () => {
    const res = await postEntry({
      section: 'purchased-goods',
      amount: 1,
      unit: 'kg',
      emissionFactor: 1,
    });
    expect(res.json()).toMatchObject({ message: 'cfcSectionNotAvailable' });
  });

  it('answers units, unit types and treatments sorted by name', async () => {
    const treat = (await json(call('GET', '/api/cfc/treatments', tk.readA)))['hydra:member'].map(
      (x: Json) => x.name,
    );
    expect(treat).toEqual([...treat].sort((x: string, y: string) => x.localeCompare(y, 'de')));
    const units = (await json(call('GET', '/api/cfc/units.json', tk.readA)))['hydra:member'];
    expect(units.find((u: Json) => u.id === 'pkm')).toMatchObject({ unitType: 'passengerDistance' });
    const types = (await json(call('GET', '/api/cfc/unit-types.json', tk.readA)))['hydra:member'];
    expect(types.find((u: Json) => u.id === 'mass').name).toBe('Masse');
  });
});

describe('documents (multipart, 10 MB, type checked)', () => {
  const pdf = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
  const upload = (
    token: string,
    entry: string,
    file: { fileName: string; contentType: string; data: Buffer },
  ) => {
    const form = multipart({ entry, type: 'entry', file });
    return t.call({
      method: 'POST',
      url: '/api/cfc/files',
      token,
      payload: form.body,
      headers: form.headers,
    });
  };

  it('attaches a PDF, lists, downloads and deletes it', async () => {
    const res = await upload(tk.userA, entries.waste.id, {
      fileName: 'Nachweis.pdf',
      contentType: 'application/pdf',
      data: pdf,
    });
    expect(res.statusCode, res.body).toBe(201);
    const doc = res.json();
    expect(doc).toMatchObject({ fileName: 'Nachweis.pdf', mimeType: 'application/pdf', size: pdf.length });
    const list = await json(
      call('GET', `/api/cfc/entries?report=${report.id}&section=waste-solid`, tk.readA),
    );
    expect(list['hydra:member'][0].documents.map((d: Json) => d.id)).toEqual([doc.id]);
    const file = await call('GET', `/api/cfc/file/${doc.id}`, tk.readA);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.rawPayload.equals(pdf)).toBe(true);
    expect((await call('DELETE', `/api/cfc/file/entry/${doc.id}`, tk.readA)).statusCode).toBe(403);
    await json(call('DELETE', `/api/cfc/file/entry/${doc.id}`, tk.userA));
    expect((await call('GET', `/api/cfc/file/${doc.id}`, tk.readA)).statusCode).toBe(404);
  });

  it('refuses other types by content and files over 10 MB', async () => {
    const exe = await upload(tk.userA, entries.waste.id, {
      fileName: 'rechnung.pdf',
      contentType: 'application/pdf',
      data: Buffer.from('MZ\x90\x00 not a pdf'),
    });
    expect(exe.statusCode).toBe(415);
    expect(exe.json().message).toBe('invalidFileType');
    const big = Buffer.alloc(10 * 1024 * 1024 + 10, 0x20);
    big.write('%PDF-1.4');
    const tooBig = await upload(tk.userA, entries.waste.id, {
      fileName: 'gross.pdf',
      contentType: 'application/pdf',
      data: big,
    });
    expect(tooBig.statusCode).toBe(413);
  });
});

describe('access rights per user group (seed 001 §6)', () => {
  let groupId: string;
  let otherReport: Json;

  beforeAll(async () => {
    ({ report: otherReport } = await addUnitWithReport(t, tk.adminA, 'Werk München', YEAR));
    const group = await json(
      call('POST', '/api/user-groups/create', tk.adminA, {
        name: 'CFC Hamburg',
        users: [a.users.user.id, a.users.readonly.id],
      }),
      201,
    );
    groupId = group.id;
  });

  it('a user without rights reads no unit; read on one unit reads only it and never writes', async () => {
    // The group has no rights yet.
    expect((await json(call('GET', '/api/cfc/business-units.json', tk.userA)))['hydra:totalItems']).toBe(0);
    expect(await code(call('GET', `/api/cfc/entries?report=${report.id}`, tk.userA))).toBe(
      'readBusinessUnitNotAllowed',
    );
    const rights = await json(
      call('POST', `/api/cfc/access-rights/${groupId}`, tk.adminA, {
        rights: [{ businessUnit: unit.id, accessRights: ['read'] }],
      }),
    );
    expect(rights['hydra:member']).toEqual([
      expect.objectContaining({
        group: groupId,
        groupName: 'CFC Hamburg',
        businessUnit: unit.id,
        report: null,
        accessRights: ['read'],
      }),
    ]);
    const units = (await json(call('GET', '/api/cfc/business-units.json', tk.userA)))['hydra:member'];
    expect(units.map((u: Json) => u.id)).toEqual([unit.id]);
    expect(
      (await json(call('GET', '/api/cfc/reports', tk.userA)))['hydra:member'].map((r: Json) => r.id),
    ).toEqual([report.id]);
    expect(await code(call('GET', `/api/cfc/reports/${otherReport.id}/section-counts`, tk.userA))).toBe(
      'readBusinessUnitNotAllowed',
    );
    const write = postEntry({
      section: 'process-emissions',
      amount: 1,
      unit: 't',
      emissionFactor: 1,
    });
    expect(await code(write)).toBe('writeEntryNotAllowed');
    expect(
      await code(call('DELETE', '/api/cfc/entries/delete', tk.userA, { entries: [entries.waste.id] })),
    ).toBe('deleteEntryNotAllowed');
    expect(
      await code(
        call('POST', '/api/cfc/reports/power-method', tk.userA, { report: report.id, isMarketBased: false }),
      ),
    ).toBe('changeMethodNotAllowed');
    const form = multipart({
      entry: entries.waste.id,
      file: { fileName: 'a.pdf', contentType: 'application/pdf', data: Buffer.from('%PDF-1.4') },
    });
    const up = await t.call({
      method: 'POST',
      url: '/api/cfc/files',
      token: tk.userA,
      payload: form.body,
      headers: form.headers,
    });
    expect(up.json().message).toBe('uploadFileNotAllowed');
  });

  it('write on one report writes it but creates no reports; write on all reports creates them', async () => {
    await json(
      call('POST', '/api/cfc/access-rights', tk.adminA, {
        group: groupId,
        businessUnit: unit.id,
        report: report.id,
        accessRights: ['write'],
      }),
      201,
    );
    const e = await saveEntry({
      section: 'process-emissions',
      amount: 2,
      unit: 't',
      emissionFactor: 10,
    });
    expect(e.co2eKg).toBe(20);
    await deleteEntries([e.id]);
    expect(
      await code(call('POST', '/api/cfc/reports', tk.userA, { businessUnit: unit.id, year: YEAR - 1 })),
    ).toBe('createReportNotAllowed');
    await json(
      call('POST', `/api/cfc/access-rights/${groupId}`, tk.adminA, {
        rights: [{ businessUnit: null, accessRights: ['write'] }],
      }),
    );
    const created = await json(
      call('POST', '/api/cfc/reports', tk.userA, { businessUnit: unit.id, year: YEAR - 1 }),
      201,
    );
    expect(created.canWrite).toBe(true);
    await json(call('DELETE', `/api/cfc/reports/${created.id}`, tk.userA));
    // The read-only member of the same group still never writes.
    expect(
      (await call('POST', '/api/cfc/reports', tk.readA, { businessUnit: unit.id, year: YEAR - 1 }))
        .statusCode,
    ).toBe(403);
  });

  it('lists, replaces with an empty list and deletes rights; other companies’ units are not found', async () => {
    const listed = await json(call('GET', `/api/cfc/access-rights?group=${groupId}`, tk.adminA));
    expect(listed['hydra:totalItems']).toBe(1);
    expect((await call('GET', '/api/cfc/access-rights', tk.userA)).statusCode).toBe(403);
    const foreign = await json(call('GET', '/api/cfc/business-units.json', tk.adminB));
    const bad = await call('POST', '/api/cfc/access-rights', tk.adminA, {
      group: groupId,
      businessUnit: foreign['hydra:member'][0].id,
      accessRights: ['read'],
    });
    expect(bad.statusCode).toBe(404);
    await json(call('POST', `/api/cfc/access-rights/${groupId}`, tk.adminA, { rights: [] }));
    expect(
      (await json(call('GET', `/api/cfc/access-rights?group=${groupId}`, tk.adminA)))['hydra:totalItems'],
    ).toBe(0);
    await json(
      call('POST', `/api/cfc/access-rights/${groupId}`, tk.adminA, { rights: [{ accessRights: ['read'] }] }),
    );
    await json(call('DELETE', `/api/cfc/access-rights/${groupId}`, tk.adminA));
    expect((await json(call('GET', '/api/cfc/business-units.json', tk.userA)))['hydra:totalItems']).toBe(0);
    expect((await call('DELETE', `/api/cfc/access-rights/${randomUUID()}`, tk.adminA)).statusCode).toBe(404);
  });
});

describe('sections selection, paid tariff and roles', () => {
  it('a selection limits the active sections; an unselected section takes no entries', async () => {
    const res = await json(
      call('POST', '/api/cfc/settings/sections', tk.adminA, { sections: ['scope1', 'waste'] }),
    );
    expect(res.settings.activeSections).toEqual([
      'stationary-combustion',
      'mobile-combustion',
      'process-emissions',
      'fugitive-emissions',
      'waste-solid',
      'waste-water',
    ]);
    expect(res.deletedReports).toBe(0);
    const refused = call('POST', '/api/cfc/entries', tk.adminA, {
      report: report.id,
      section: 'business-travel-rail',
      amount: 1,
      unit: 'pkm',
      emissionFactor: 0.03,
    });
    expect(await code(refused)).toBe('cfcSectionNotAvailable');
    // A parent section takes no entries of its own.
    expect(
      await code(
        call('POST', '/api/cfc/entries', tk.adminA, {
          report: report.id,
          section: 'scope1',
          amount: 1,
          unit: 't',
        }),
      ),
    ).toBe('cfcSectionNotAvailable');
    await json(call('POST', '/api/cfc/settings/sections', tk.adminA, { sections: [] }));
  });

  it('the paid CFC tariff opens scope 3 (3.1 purchased goods)', async () => {
    await bookTariff(
      t,
      b.id,
      { module: 'cfc', type: 'individual', businessUnitsLimit: 10, name: 'CFC Pro' },
      { beginDate: '2020-01-01', emailBooking: b.users.admin.email },
    );
    const settings = await json(call('GET', '/api/cfc/company-settings', tk.adminB));
    expect(settings.isPaid).toBe(true);
    expect(settings.activeSections).toContain('purchased-goods');
    const secs = (await json(call('GET', '/api/cfc/sections.json', tk.adminB)))['hydra:member'];
    expect(secs.find((x: Json) => x.id === 'purchased-goods').available).toBe(true);
    const [reportB] = (await json(call('GET', '/api/cfc/reports', tk.adminB)))['hydra:member'];
    // 2,000 EUR × 0.25 kg CO2e/EUR (own spend factor) = 500 kg
    const e = await json(
      call('POST', '/api/cfc/entries', tk.adminB, {
        report: reportB.id,
        section: 'purchased-goods',
        amount: 2000,
        unit: 'EUR',
        emissionFactor: 0.25,
      }),
    );
    expect(e.co2eKg).toBe(500);
  });

  it('help texts list both languages; roles: users keep no units, read-only never writes', async () => {
    const help = (await json(call('GET', '/api/cfc/help-texts.json', tk.readA)))['hydra:member'];
    expect(help.find((h: Json) => h.id === 'purchased-electricity')).toMatchObject({
      de: expect.stringContaining('Strommix'),
      en: expect.stringContaining('grid mix'),
      custom: false,
    });
    expect((await call('POST', '/api/cfc/business-units/new', tk.userA, { name: 'X' })).statusCode).toBe(403);
    expect((await call('POST', '/api/cfc/settings/base-year', tk.userA, { baseYear: YEAR })).statusCode).toBe(
      403,
    );
    const ro = await call('POST', '/api/cfc/entries', tk.readA, {
      report: report.id,
      section: 'process-emissions',
      amount: 1,
      unit: 't',
      emissionFactor: 1,
    });
    expect(ro.json()).toMatchObject({ message: 'readOnly' });
  });
});
