import type { AddressInfo } from 'node:net';
import ExcelJS from 'exceljs';
import { eq, like, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { allocateTourEmissions, calculateLegEmission, calculateTourEmission } from '@klimadesk/glec';
import { jsonCalls } from '../../../test/calls.ts';
import { appWithCompanies, createCompanyFixture } from '../../../test/harness.ts';
import {
  type ColumnTitle,
  SHIPMENT_TITLES,
  createMapping,
  createPlateVehicle,
  detailsOf,
  importCheckpoints,
  shipmentRow,
  uploadImport,
  uploadRows,
} from '../../../test/imports.ts';
import { finishedTask } from '../../../test/tours.ts';
import { schema } from '../../platform/db/index.ts';
import { vehicles } from '../fleet/fleet.schema.ts';
import { ensureBuiltinLocations } from '../locations/builtin-loader.ts';
import { tourEngineInput } from '../tours/tours.emissions.ts';
import { shipments, tourShipments, tours } from '../tours/tours.schema.ts';
import { mappingImportRows, mappingImportTasks, tourCodes } from './mappings.schema.ts';

const { t, a } = appWithCompanies({ a: { key: 'ImpA', isPayingCustomer: true } });
const { call } = jsonCalls(t);
const hooks = importCheckpoints(t);
let admin: string;
let user: string;
let mappingId: string;

const TITLES: ColumnTitle[] = [...SHIPMENT_TITLES, 'Versender', 'Lauf', 'Diesel (L)'];
const DETAILS = detailsOf(TITLES);
const TYPE = 'road_in_tractor_30_60t_diesel';

const upload = (rows: unknown[][], id = mappingId, token = user, titles: readonly string[] = TITLES) =>
  uploadRows(t, token, id, rows, titles);

async function importFile(rows: unknown[][], titles = TITLES) {
  const res = await upload(rows, mappingId, user, titles);
  expect(res.statusCode).toBe(201);
  expect(res.json().status).toBe('uploaded');
  return finished(res.json().id as string);
}

const finished = (id: string, token = user) => finishedTask(t, id, token);

const tourRows = () => t.ctx.db.select().from(tours).where(eq(tours.companyId, a.id));
const shipmentRows = () => t.ctx.db.select().from(shipments).where(eq(shipments.companyId, a.id));

beforeAll(async () => {
  admin = await t.login(a.users.cftAdmin.email);
  user = await t.login(a.users.user.email);
  await createPlateVehicle(t, user, {
    fuelInformation: [{ consumption: 30, unitFuelConsumption: 'L', fuelType: 'diesel' }],
  });
  const m = await createMapping(t, admin, DETAILS, { templateName: 'Export' });
  mappingId = m.json().id;
});

describe('import pipeline', () => {
  const FILE = [
    ['T-1', 'S-1', '02.03.2026', 'HH AB-123', '', 8000, 400, 'Bio AG', 'Hauptlauf', ''],
    ['T-1', 'S-2', '02.03.2026', 'HH AB-123', '', 4000, 400, 'Frisch KG', 'Vorlauf', ''],
    // 45 L over 120 km (37.5 L/100 km): 95 L with 2.5 t would be over 1,000 g/tkm (implausible).
    ['T-2', 'S-3', '03.03.2026', '', 'road_in_12_20t_diesel', 2500, 120, 'Bio AG', '', 45],
    ['T-3', '', '03.03.2026', '', 'road_in_12_20t_diesel', 100, 50, '', '', ''],
  ];

  it('imports tours and shipments with engine-equal emissions, codes and counts', async () => {
    const task = await importFile(FILE);
    expect(task).toMatchObject({
      status: 'success',
      // One row rejected: a warning with its count, not a plain success.
      state: 'warning',
      done: true,
      progress: 100,
      imported: 3,
      updated: 0,
      rejected: 1,
      totalRows: 4,
    });
    const ts = await tourRows();
    expect(ts.map((x) => x.reference).sort()).toEqual(['T-1', 'T-2']);

    const t1 = ts.find((x) => x.reference === 'T-1');
    expect(t1?.vehicleId).not.toBeNull();
    expect(t1?.weightKg).toBe(12000);
    // The vehicle's consumption makes T-1's individual result fuel-based.
    const input = {
      glecVehicleType: TYPE,
      distanceKm: 400,
      emptyDistanceKm: null,
      weightKg: 12000,
      temperatureControl: false,
      fuel: null,
      consumption: [{ fuelType: 'diesel', per100km: 30, unit: 'L' as const }],
    };
    const def = calculateTourEmission(tourEngineInput(input, 'default'));
    const ind = calculateTourEmission(tourEngineInput(input, 'individual'));
    if (!def.ok || !ind.ok) throw new Error('engine');
    // Default (ISO 14083): each shipment on its own, the tour the sum; S-1 and S-2 ride the whole
    // tour, so the sum equals the tour computed as a whole.
    const own = (weight: number) => {
      const r = calculateLegEmission({
        transportMode: 'road',
        glecVehicleType: TYPE,
        weight,
        weightUnit: 'kg',
        distance: 400,
        distanceType: 'actual',
        temperatureControl: false,
      });
      if (!r.ok) throw new Error('engine');
      return r.value;
    };
    expect(t1?.co2DefaultWtw).toBeCloseTo(def.value.co2Wtw, 9);
    expect(t1?.co2DefaultWtw).toBeCloseTo(own(8000).co2Wtw + own(4000).co2Wtw, 9);
    expect(t1?.tkm).toBeCloseTo(12 * (400 / 1.05), 9);
    expect(t1?.co2IndividualWtw).toBe(ind.value.co2Wtw);
    expect(t1?.defaultResult?.factorSet).toEqual(def.value.factorSet);
    expect(t1?.defaultResult?.trace.length).toBeGreaterThan(0);
    expect(t1?.individualResult?.method).toBe('fuel');

    // Individual (measured) tour total: allocated by the shipments' tkm on the transport distance.
    const alloc = allocateTourEmissions({
      tour: ind.value,
      transportMode: 'road',
      shipments: [
        { id: 'S-1', weight: 8000, weightUnit: 'kg', distance: 400, distanceType: 'actual' },
        { id: 'S-2', weight: 4000, weightUnit: 'kg', distance: 400, distanceType: 'actual' },
      ],
    });
    if (!alloc.ok) throw new Error('alloc');
    const ss = await shipmentRows();
    const s1 = ss.find((x) => x.reference === 'S-1');
    const s2 = ss.find((x) => x.reference === 'S-2');
    expect(s1?.co2DefaultWtw).toBe(own(8000).co2Wtw);
    expect(s2?.co2DefaultWtw).toBe(own(4000).co2Wtw);
    expect(s1?.co2IndividualWtw).toBe(alloc.value.shipments[0].co2Wtw);
    expect(s2?.co2IndividualWtw).toBe(alloc.value.shipments[1].co2Wtw);
    // Pre-carriage passes a transhipment hub, main carriage does not.
    expect(s1?.hubCo2Wtw).toBe(0);
    expect(s2?.hubCo2Wtw).toBeGreaterThan(0);
    const links = await t.ctx.db.select().from(tourShipments).where(eq(tourShipments.companyId, a.id));
    expect(links.map((l) => l.carriage).sort()).toEqual(['main_carriage', 'main_carriage', 'pre_carriage']);
    // The shipment's calculation sheet as the detail screen gets it: its own default calculation
    // and its hub; the individual sheet is the tour's with the allocation step.
    const detail = await t.call({
      method: 'GET',
      url: `/api/shipments/${s2?.id}`,
      token: user,
      headers: { 'accept-language': 'en' },
    });
    expect(detail.statusCode).toBe(200);
    const legs = detail.json().legs as {
      tourReference: string;
      glecTransportType: string;
      carriage: string;
      weightKg: number;
      share: number;
      emissions: { default: { wtw: number }; hubWtw: number; tkm: number };
      factorSet: unknown;
      trace: { step: string; factor?: { id: string; source: string } }[];
      sheet: string;
    }[];
    expect(legs).toHaveLength(1);
    const leg = legs[0];
    expect(leg).toMatchObject({
      tourReference: 'T-1',
      glecTransportType: TYPE,
      carriage: 'pre_carriage',
      weightKg: 4000,
      share: alloc.value.shipments[1].share,
      factorSet: def.value.factorSet,
    });
    expect(leg.emissions.tkm).toBe(own(4000).tkm);
    expect(leg.emissions.hubWtw).toBe(s2?.hubCo2Wtw);
    expect(leg.trace.map((x) => x.step)).toEqual([...own(4000).trace.map((x) => x.step), 'hub']);
    const hub = leg.trace.at(-1);
    expect(hub?.factor?.id).toBe('hub:transhipment:ambient');
    expect(hub?.factor?.source).toContain('GLEC');
    expect(leg.sheet).toContain('Individual (fuel-based)');
    const missing = await call('GET', '/api/shipments/00000000-0000-4000-8000-000000000000', user);
    expect(missing.statusCode).toBe(404);

    // T-2: measured fuel from the row.
    const t2 = ts.find((x) => x.reference === 'T-2');
    expect(t2?.fuel).toEqual([{ fuelType: 'diesel', amount: 45, unit: 'L' }]);
    expect(t2?.individualResult?.method).toBe('fuel');

    // The vehicle is now used in calculations; staging is empty.
    const [v] = await t.ctx.db.select().from(vehicles).where(eq(vehicles.companyId, a.id));
    expect(v.usedInCalculations).toBe(true);
    expect(await t.ctx.db.select().from(mappingImportRows)).toHaveLength(0);

    // The rejected row is a tour code and a line of the error report.
    const codes = await t.call({ method: 'GET', url: `/api/tour-codes?taskId=${task.id}`, token: user });
    expect(codes.json()['hydra:member']).toEqual([
      expect.objectContaining({ row: 5, code: 'shipmentReferenceMissing', column: 'Sendung' }),
    ]);
    const report = await call('GET', `/api/mapping-import-tasks/${task.id}/error-report`, user);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(Buffer.from(report.json().data, 'base64') as never);
    const ws = wb.worksheets[0];
    // In the user's language (German without another Accept-Language), with a fix hint.
    expect(ws.getRow(1).values).toEqual([undefined, 'Zeile', 'Spalte', 'Grund', 'Behebung', 'Tour', 'Code']);
    expect(ws.getRow(2).getCell(1).value).toBe(5);
    expect(ws.getRow(2).getCell(3).value).toBe('Die Sendungsreferenz fehlt.');
    expect(ws.getRow(2).getCell(4).value).toBe('Jede Zeile einer Sendungsdatei braucht eine Sendungsnummer.');
    expect(ws.getRow(2).getCell(6).value).toBe('shipmentReferenceMissing');
    const en = await t.call({
      method: 'GET',
      url: `/api/mapping-import-tasks/${task.id}/error-report`,
      token: user,
      headers: { 'accept-language': 'en' },
    });
    const wbEn = new ExcelJS.Workbook();
    await wbEn.xlsx.load(Buffer.from(en.json().data, 'base64') as never);
    expect(wbEn.worksheets[0].getRow(2).getCell(3).value).toBe('The shipment reference is missing.');
  });

  it('re-import updates by reference and never duplicates', async () => {
    const before = await tourRows();
    const changed = FILE.map((r) => [...r]);
    changed[0][5] = 9000;
    const task = await importFile(changed);
    expect(task).toMatchObject({ status: 'success', imported: 0, updated: 3, rejected: 1 });
    const after = await tourRows();
    expect(after).toHaveLength(2);
    expect(after.find((x) => x.reference === 'T-1')?.id).toBe(before.find((x) => x.reference === 'T-1')?.id);
    expect(after.find((x) => x.reference === 'T-1')?.weightKg).toBe(13000);
    expect(await shipmentRows()).toHaveLength(3);
    const links = await t.ctx.db.select().from(tourShipments).where(eq(tourShipments.companyId, a.id));
    expect(links).toHaveLength(3);
  });

  it('a shipment on two tours carries the sum of both shares and the earlier departure', async () => {
    const task = await importFile([
      ['M-1', 'MS-1', '05.03.2026', '', TYPE, 3000, 200, '', 'Vorlauf', ''],
      ['M-1', 'MS-2', '05.03.2026', '', TYPE, 1000, 200, '', '', ''],
      ['M-2', 'MS-1', '04.03.2026', '', TYPE, 3000, 600, '', 'Hauptlauf', ''],
    ]);
    expect(task).toMatchObject({ status: 'success', rejected: 0 });
    const [ms1] = (await shipmentRows()).filter((x) => x.reference === 'MS-1');
    const links = await t.ctx.db.select().from(tourShipments).where(eq(tourShipments.shipmentId, ms1.id));
    expect(links).toHaveLength(2);
    const sum = links.reduce((acc, l) => acc + (l.co2DefaultWtw ?? 0), 0);
    expect(ms1.co2DefaultWtw).toBeCloseTo(sum, 9);
    expect(ms1.hubCo2Wtw).toBeGreaterThan(0);
    expect(ms1.departureDate?.toISOString()).toBe('2026-03-04T00:00:00.000Z');
  });

  it('a shipment dropped from a re-imported tour loses that tour and its emissions', async () => {
    await importFile([
      ['D-1', 'DS-1', '05.03.2026', '', TYPE, 3000, 200, '', '', ''],
      ['D-1', 'DS-2', '05.03.2026', '', TYPE, 1000, 200, '', '', ''],
    ]);
    const before = (await shipmentRows()).find((x) => x.reference === 'DS-2');
    expect(before?.co2DefaultWtw).toBeGreaterThan(0);
    const task = await importFile([['D-1', 'DS-1', '05.03.2026', '', TYPE, 3000, 200, '', '', '']]);
    expect(task).toMatchObject({ status: 'success', updated: 1 });
    const ds2 = (await shipmentRows()).find((x) => x.reference === 'DS-2');
    expect(ds2?.co2DefaultWtw).toBeNull();
    expect(
      await t.ctx.db
        .select()
        .from(tourShipments)
        .where(eq(tourShipments.shipmentId, ds2?.id as string)),
    ).toHaveLength(0);
    const ds1 = (await shipmentRows()).find((x) => x.reference === 'DS-1');
    const t1 = (await tourRows()).find((x) => x.reference === 'D-1');
    // DS-1 is now alone on the tour: it carries all of it (allocation rounds to whole grams).
    expect(ds1?.co2DefaultWtw).toBeCloseTo(t1?.co2DefaultWtw as number, 2);
  });

  it('keeps the stored tkm, vehicle type and link counts equal to the links when shipments move', async () => {
    const TRUCK = 'road_in_12_20t_diesel';
    /** Every stored figure against one computed here from the links. */
    const check = async () => {
      const res = (await t.ctx.db.execute(sql`
        select s.reference, s.tkm, s.glec_vehicle_type, s.tour_count,
          (select sum(x.weight_kg / 1000.0 * lt.distance_km / 1.05)
             from tour_shipments x join tours lt on lt.id = x.tour_id where x.shipment_id = s.id) as links_tkm,
          (select array_agg(distinct lt.glec_vehicle_type) from tour_shipments x
             join tours lt on lt.id = x.tour_id where x.shipment_id = s.id) as types,
          (select count(*)::int from tour_shipments x where x.shipment_id = s.id) as links
        from shipments s where s.company_id = ${a.id} and s.reference like 'VS-%'`)) as unknown as {
        rows: {
          reference: string;
          tkm: number | null;
          glec_vehicle_type: string | null;
          tour_count: number;
          links_tkm: number | null;
          types: string[] | null;
          links: number;
        }[];
      };
      for (const r of res.rows) {
        if (r.links_tkm === null) expect(r.tkm).toBeNull();
        else expect(r.tkm).toBeCloseTo(Number(r.links_tkm), 9);
        expect(r.tour_count).toBe(r.links);
        expect(r.glec_vehicle_type).toBe(r.types?.length === 1 ? r.types[0] : null);
      }
      const tourCounts = (await t.ctx.db.execute(sql`
        select t.shipment_count, (select count(*)::int from tour_shipments x where x.tour_id = t.id) as links
        from tours t where t.company_id = ${a.id}`)) as unknown as {
        rows: { shipment_count: number; links: number }[];
      };
      for (const r of tourCounts.rows) expect(r.shipment_count).toBe(r.links);
      return new Map(res.rows.map((r) => [r.reference, r]));
    };
    await importFile([
      ['V-1', 'VS-1', '05.03.2026', '', TYPE, 3000, 200, '', '', ''],
      ['V-1', 'VS-2', '05.03.2026', '', TYPE, 1000, 200, '', '', ''],
      ['V-2', 'VS-3', '06.03.2026', '', TRUCK, 500, 100, '', '', ''],
    ]);
    expect((await check()).get('VS-2')).toMatchObject({ tour_count: 1, glec_vehicle_type: TYPE });
    // VS-2 moves from V-1 to V-2 (both tours in the file).
    await importFile([
      ['V-1', 'VS-1', '05.03.2026', '', TYPE, 3000, 200, '', '', ''],
      ['V-2', 'VS-3', '06.03.2026', '', TRUCK, 500, 100, '', '', ''],
      ['V-2', 'VS-2', '06.03.2026', '', TRUCK, 1000, 100, '', '', ''],
    ]);
    let s = await check();
    // tkm on the transport distance: 1 t x 100 km driven / 1.05 (road DAF).
    expect(s.get('VS-2')?.tkm).toBeCloseTo(100 / 1.05, 9);
    expect(s.get('VS-2')?.glec_vehicle_type).toBe(TRUCK);
    // VS-3 rides on a second tour of another type, written by a later import.
    await importFile([['V-3', 'VS-3', '07.03.2026', '', TYPE, 500, 50, '', '', '']]);
    s = await check();
    expect(s.get('VS-3')).toMatchObject({ tour_count: 2, glec_vehicle_type: null });
    expect(s.get('VS-3')?.tkm).toBeCloseTo(75 / 1.05, 9);
    // V-2 re-imported without VS-3: it keeps V-3 only.
    await importFile([['V-2', 'VS-2', '06.03.2026', '', TRUCK, 1000, 100, '', '', '']]);
    s = await check();
    expect(s.get('VS-3')).toMatchObject({ tour_count: 1, glec_vehicle_type: TYPE });
    expect(s.get('VS-3')?.tkm).toBeCloseTo(25 / 1.05, 9);
  });

  it("keeps each tour's shippers and link counts equal to its links when shippers change", async () => {
    /** Stored shippers and counts of the SH- tours against those read from their links now. */
    const check = async () => {
      const res = (await t.ctx.db.execute(sql`
        select t.reference, t.shippers, t.shipper_links,
          coalesce((select array_agg(x.shipper order by x.shipper) from (
            select s.shipper from tour_shipments l join shipments s on s.id = l.shipment_id
            where l.tour_id = t.id and s.shipper is not null group by s.shipper) x), '{}') as expected,
          coalesce((select array_agg(x.n order by x.shipper) from (
            select s.shipper, count(*)::int as n from tour_shipments l join shipments s on s.id = l.shipment_id
            where l.tour_id = t.id and s.shipper is not null group by s.shipper) x), '{}') as expected_links
        from tours t where t.company_id = ${a.id} and t.reference like 'SH-%'`)) as unknown as {
        rows: {
          reference: string;
          shippers: string[];
          shipper_links: number[];
          expected: string[];
          expected_links: number[];
        }[];
      };
      for (const r of res.rows) {
        expect(r.shippers, r.reference).toEqual(r.expected);
        expect(r.shipper_links, r.reference).toEqual(r.expected_links);
      }
      return new Map(res.rows.map((r) => [r.reference, [r.shippers, r.shipper_links]]));
    };
    // SHS-3 rides on both tours; its last row (tour SH-2) names its shipper.
    await importFile([
      ['SH-1', 'SHS-1', '05.03.2026', '', TYPE, 3000, 200, 'Alpha', '', ''],
      ['SH-1', 'SHS-2', '05.03.2026', '', TYPE, 1000, 200, 'Alpha', '', ''],
      ['SH-1', 'SHS-3', '05.03.2026', '', TYPE, 1000, 200, 'Beta', '', ''],
      ['SH-2', 'SHS-3', '06.03.2026', '', TYPE, 1000, 100, 'Gamma', '', ''],
    ]);
    let s = await check();
    expect(s.get('SH-1')).toEqual([
      ['Alpha', 'Gamma'],
      [2, 1],
    ]);
    expect(s.get('SH-2')).toEqual([['Gamma'], [1]]);
    // A later import names another shipper for SHS-1: the earlier import's tour follows.
    await importFile([['SH-3', 'SHS-1', '07.03.2026', '', TYPE, 3000, 50, 'Delta', '', '']]);
    s = await check();
    expect(s.get('SH-1')).toEqual([
      ['Alpha', 'Delta', 'Gamma'],
      [1, 1, 1],
    ]);
    // SH-1 again with SHS-1 alone and without a shipper: no shipper is left on SH-1 or SH-3.
    await importFile([['SH-1', 'SHS-1', '05.03.2026', '', TYPE, 3000, 200, '', '', '']]);
    s = await check();
    expect(s.get('SH-1')).toEqual([[], []]);
    expect(s.get('SH-3')).toEqual([[], []]);
    expect(s.get('SH-2')).toEqual([['Gamma'], [1]]);
  });

  it('gives each shipment of a multi-drop tour its own default figure, equal to POST /api/legs/emission', async () => {
    // Tour of 115 km with three drops at their own driven distances (the mapping's loaded
    // distance). GLEC v3.0 artic 40 t: 95 g/tkm on SFD; SFD = driven km / 1.05 (road DAF).
    //   MD-1: 1.2 t x 35 km / 1.05 = 40 tkm x 95 g = 3.8 kg (the old tour rule gave several times that)
    //   MD-2: 2.0 t x 60 km / 1.05 = 114.29 tkm -> 10.857 kg; MD-3: 0.8 t x 20 / 1.05 -> 1.448 kg
    //   tour: 16.105 kg on 169.52 tkm = 95 g/tkm, the shipments' intensity.
    const m = await createMapping(
      t,
      admin,
      [...DETAILS, { value: 'Sendungsdistanz', mappingField: 'loadedDistance' }],
      { templateName: 'Mehrstopp' },
    );
    expect(m.statusCode).toBe(201);
    const ARTIC = 'road_eu_artic_40t_avg_diesel';
    const rows = [
      ['MD', 'MD-1', '09.03.2026', '', ARTIC, 1200, 115, '', '', '', 35],
      ['MD', 'MD-2', '09.03.2026', '', ARTIC, 2000, 115, '', '', '', 60],
      ['MD', 'MD-3', '09.03.2026', '', ARTIC, 800, 115, '', '', '', 20],
    ];
    const res = await upload(rows, m.json().id, user, [...TITLES, 'Sendungsdistanz']);
    expect(res.statusCode).toBe(201);
    expect(await finished(res.json().id)).toMatchObject({ status: 'success', rejected: 0 });
    const ss = (await shipmentRows()).filter((x) => x.reference.startsWith('MD-'));
    const expected: Record<string, number> = { 'MD-1': 3.8, 'MD-2': 10.857143, 'MD-3': 1.447619 };
    let sum = 0;
    for (const [ref, weight, km] of [
      ['MD-1', 1200, 35],
      ['MD-2', 2000, 60],
      ['MD-3', 800, 20],
    ] as const) {
      const api = await t.call({
        method: 'POST',
        url: '/api/legs/emission',
        token: user,
        payload: {
          transportMode: 'road',
          glecVehicleType: ARTIC,
          weight,
          weightUnit: 'kg',
          distance: km,
          distanceType: 'actual',
        },
      });
      expect(api.statusCode).toBe(200);
      const s = ss.find((x) => x.reference === ref);
      expect(s?.co2DefaultWtw).toBeCloseTo(api.json().co2Wtw, 9);
      expect(s?.co2DefaultWtw).toBeCloseTo(expected[ref], 6);
      expect(s?.tkm).toBeCloseTo(api.json().tkm, 9);
      sum += api.json().co2Wtw;
    }
    const tour = (await tourRows()).find((x) => x.reference === 'MD');
    expect(tour?.co2DefaultWtw).toBeCloseTo(sum, 9);
    expect(tour?.co2DefaultWtw).toBeCloseTo(16.104762, 6);
    expect(tour?.tkm).toBeCloseTo(169.5238, 4);
    // One distance basis: the tour and its shipments show the same intensity.
    const list = await t.call({ method: 'GET', url: '/api/shipments?search=MD-', token: user });
    for (const s of list.json()['hydra:member']) expect(s.emissions.intensityDefault).toBeCloseTo(95, 6);
  });

  it('does not use decommissioned vehicles', async () => {
    const v = await call('POST', '/api/vehicles', user, { licensePlate: 'B-OLD 1', glecVehicleType: TYPE });
    await t.call({ method: 'POST', url: `/api/vehicles/${v.json().vehicle.id}/decommission`, token: user });
    const task = await importFile([
      ['T-OLD', 'S-OLD', '02.03.2026', 'B-OLD 1', '', 1000, 100, '', '', ''],
      ['T-OLD2', 'S-OLD2', '02.03.2026', 'B-OLD 1', 'road_in_12_20t_diesel', 1000, 100, '', '', ''],
    ]);
    expect(task).toMatchObject({ status: 'success', imported: 1, rejected: 1 });
    const codes = await t.call({ method: 'GET', url: `/api/tour-codes?taskId=${task.id}`, token: user });
    expect(codes.json()['hydra:member'][0].code).toBe('vehicleNotFound');
    const old2 = (await tourRows()).find((x) => x.reference === 'T-OLD2');
    expect(old2?.vehicleId).toBeNull();
    expect(old2?.glecVehicleType).toBe('road_in_12_20t_diesel');
  });

  it('records a tour code when the distance is missing', async () => {
    const task = await importFile([
      ['T-ND', 'S-ND', '02.03.2026', '', 'road_in_12_20t_diesel', 1000, '', '', '', ''],
    ]);
    expect(task).toMatchObject({ status: 'success', imported: 0, rejected: 1 });
    const codes = await t.call({ method: 'GET', url: `/api/tour-codes?taskId=${task.id}`, token: user });
    expect(codes.json()['hydra:member'][0]).toMatchObject({ code: 'distanceMissing', tour: 'T-ND' });
  });

  it('ends as mapping_field_not_matched when a title is missing', async () => {
    const task = await importFile([['T-9']], ['Tour']);
    expect(task).toMatchObject({
      status: 'mapping_field_not_matched',
      state: 'failed',
      done: true,
      message: 'titleNotFound',
    });
  });

  it('lists tasks newest first with 30 per page', async () => {
    const res = await t.call({ method: 'GET', url: '/api/mapping-import-tasks', token: user });
    const list = res.json()['hydra:member'];
    expect(list.length).toBeGreaterThanOrEqual(5);
    const times = list.map((x: { uploadedAt: string }) => x.uploadedAt);
    expect([...times].sort().reverse()).toEqual(times);
    expect(list[0].importMapping.templateName).toBe('Export');
    expect(list[0].importer).toBe(a.users.user.email);
  });
});

describe('cancel', () => {
  it('refuses within the first second, cancels later, and refuses finished tasks', async () => {
    const res = await upload([['T-C', 'S-C', '02.03.2026', '', TYPE, 100, 10, '', '', '']]);
    const id = res.json().id;
    const early = await call('PATCH', `/api/mapping-import-tasks/${id}/cancel`, user);
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe('notEnoughTimePassed');
    await t.ctx.db
      .update(mappingImportTasks)
      .set({ uploadedAt: sql`now() - interval '2 seconds'` })
      .where(eq(mappingImportTasks.id, id));
    const ok = await t.call({ method: 'PATCH', url: `/api/mapping-import-tasks/${id}/cancel`, token: user });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ status: 'cancelled', state: 'failed' });
    await t.ctx.jobs.drain();
    expect((await tourRows()).some((x) => x.reference === 'T-C')).toBe(false);
    const again = await call('PATCH', `/api/mapping-import-tasks/${id}/cancel`, user);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('notInProgress');
  });

  it('a cancel while the job runs stops it: task cancelled, nothing staged or written', async () => {
    const res = await upload([['T-CX', 'S-CX', '02.03.2026', '', TYPE, 100, 10, '', '', '']]);
    const id = res.json().id;
    await t.ctx.db
      .update(mappingImportTasks)
      .set({ uploadedAt: sql`now() - interval '2 seconds'` })
      .where(eq(mappingImportTasks.id, id));
    let seen = '';
    hooks.afterStage = async () => {
      // The user presses cancel while the rows are being staged.
      const r = await t.call({ method: 'PATCH', url: `/api/mapping-import-tasks/${id}/cancel`, token: user });
      seen = r.json().status;
    };
    // Until the task is done: a drain still busy from an earlier call answers at once without
    // running this job, which that drain then runs.
    await finished(id);
    hooks.afterStage = null;
    expect(seen).toBe('cancelled');
    const task = (
      await t.call({ method: 'GET', url: `/api/mapping-import-tasks/${id}`, token: user })
    ).json();
    expect(task).toMatchObject({ status: 'cancelled', done: true });
    expect((await tourRows()).some((x) => x.reference === 'T-CX')).toBe(false);
    expect(
      await t.ctx.db.select().from(mappingImportRows).where(eq(mappingImportRows.taskId, id)),
    ).toHaveLength(0);
  });
});

describe('crash safety', () => {
  /** Runs the import jobs waiting for their retry at once, instead of after their back-off. */
  const retryNow = async () => {
    await t.ctx.db
      .update(schema.jobs)
      .set({ runAt: sql`now()` })
      .where(eq(schema.jobs.queue, 'mapping-import'));
    await t.ctx.jobs.drain();
  };
  const many = (prefix: string, n: number) =>
    Array.from({ length: n }, (_, i) => [
      ...shipmentRow(`${prefix}-${String(i).padStart(4, '0')}`, `${prefix}-S${i}`, TYPE),
      '',
      '',
      '',
    ]);

  it('a worker dying in the middle leaves no partial tours; the retry imports everything once', async () => {
    // Dies after all tours, shipments and links were merged, just before the commit.
    hooks.beforeCommit = () => {
      throw new Error('worker stopped');
    };
    const res = await upload(many('CR', 600));
    const id = res.json().id;
    await t.ctx.jobs.drain();
    // Everything was written inside the transaction, then it died: nothing of the task is there.
    expect((await tourRows()).filter((x) => x.reference.startsWith('CR-'))).toHaveLength(0);
    expect(
      await t.ctx.db.select().from(mappingImportRows).where(eq(mappingImportRows.taskId, id)),
    ).toHaveLength(0);
    const mid = (await t.call({ method: 'GET', url: `/api/mapping-import-tasks/${id}`, token: user })).json();
    // On a mismatch the task's codes say why the attempt ended otherwise (e.g. a read failure).
    const codes = await t.ctx.db
      .select({ code: tourCodes.code, message: tourCodes.message })
      .from(tourCodes)
      .where(eq(tourCodes.taskId, id));
    expect({ status: mid.status, codes }).toEqual({ status: 'in_processing_queue', codes: [] });

    hooks.beforeCommit = null;
    await retryNow();
    const done = (
      await t.call({ method: 'GET', url: `/api/mapping-import-tasks/${id}`, token: user })
    ).json();
    expect(done).toMatchObject({ status: 'success', imported: 600, rejected: 0 });
    expect((await tourRows()).filter((x) => x.reference.startsWith('CR-'))).toHaveLength(600);
  });

  // Two imports of 5,001 tours: on PGlite the write takes them in batches of 200 (issue 32).
  it(
    'a failure of the staging work while reading is retried, not reported as an unreadable file',
    { timeout: 90_000 },
    async () => {
      // A database hiccup during staging once: before, the task ended as if the file were unreadable.
      // More rows than one staging batch (5,000 on PostgreSQL), so a batch is staged while reading.
      let fails = 1;
      hooks.afterStage = () => {
        if (fails-- > 0) throw new Error('connection lost');
      };
      const res = await upload(many('SF', 5001));
      const id = res.json().id;
      await t.ctx.jobs.drain();
      const mid = (
        await t.call({ method: 'GET', url: `/api/mapping-import-tasks/${id}`, token: user })
      ).json();
      expect(mid.status).toBe('in_processing_queue');
      await retryNow();
      const done = (
        await t.call({ method: 'GET', url: `/api/mapping-import-tasks/${id}`, token: user })
      ).json();
      expect(done).toMatchObject({ status: 'success', imported: 5001, rejected: 0 });
    },
  );

  it('after the last attempt the task is marked failed and nothing is written', async () => {
    hooks.afterBatch = () => {
      throw new Error('worker stopped');
    };
    const res = await upload(many('CF', 10));
    const id = res.json().id;
    for (let i = 0; i < 3; i++) {
      await retryNow();
    }
    const task = (
      await t.call({ method: 'GET', url: `/api/mapping-import-tasks/${id}`, token: user })
    ).json();
    expect(task).toMatchObject({ status: 'failed', state: 'failed', done: true });
    expect((await tourRows()).filter((x) => x.reference.startsWith('CF-'))).toHaveLength(0);
  });
});

describe('access', () => {
  it('basic companies are asked to upgrade; read-only users cannot upload', async () => {
    const b = await createCompanyFixture(t.ctx, 'ImpBasic', { isBasic: true });
    const res = await upload([], mappingId, await t.login(b.users.user.email));
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('upgradeRequired');
    const ro = await upload([], mappingId, await t.login(a.users.readonly.email));
    expect(ro.statusCode).toBe(403);
    expect(ro.json().message).toBe('readOnly');
  });

  it('a disabled mapping cannot import', async () => {
    const m = await createMapping(t, admin, DETAILS, { templateName: 'Aus' });
    await call('PATCH', `/api/mappings/${m.json().id}`, admin, { status: 1 });
    const res = await upload([], m.json().id);
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe('mappingDisabled');
  });
});

describe('trial edition', () => {
  it('evaluates at most 30 shipments per upload and allows at most 3 import lists', async () => {
    const trial = await createCompanyFixture(t.ctx, 'ImpTrial');
    const tAdmin = await t.login(trial.users.cftAdmin.email);
    const tUser = await t.login(trial.users.user.email);
    const m = await createMapping(t, tAdmin, DETAILS, { templateName: 'Trial' });
    const rows = Array.from({ length: 35 }, (_, i) => [
      `TT-${i % 5}`,
      `TS-${i}`,
      '02.03.2026',
      '',
      TYPE,
      100,
      50,
      '',
      '',
      '',
    ]);
    const first = await upload(rows, m.json().id, tUser);
    expect(first.statusCode).toBe(201);
    const task = await finished(first.json().id, tUser);
    expect(task).toMatchObject({ status: 'success', imported: 30, rejected: 5 });
    const codes = await t.call({ method: 'GET', url: `/api/tour-codes?taskId=${task.id}`, token: tUser });
    expect(codes.json()['hydra:member'].map((c: { code: string }) => c.code)).toEqual(
      Array(5).fill('trialShipmentLimit'),
    );
    const count = await t.ctx.db.select().from(shipments).where(eq(shipments.companyId, trial.id));
    expect(count).toHaveLength(30);

    for (let i = 0; i < 2; i++)
      expect((await upload(rows.slice(0, 1), m.json().id, tUser)).statusCode).toBe(201);
    const fourth = await upload(rows.slice(0, 1), m.json().id, tUser);
    expect(fourth.statusCode).toBe(403);
    expect(fourth.json()).toMatchObject({ message: 'trialLimitReached', detail: { limit: 3 } });
  });
});

describe('distances from the location service', () => {
  const titles = ['Tour', 'Sendung', 'Datum', 'GLEC-Typ', 'Gewicht', 'Von', 'Von Land', 'Nach', 'Nach Land'];
  let placesMapping: string;

  beforeAll(async () => {
    await ensureBuiltinLocations(t.ctx.db, { countries: ['DE'] });
    const m = await t.call({
      method: 'POST',
      url: '/api/mappings',
      token: admin,
      payload: {
        templateName: 'Orte',
        mappingFieldCategory: 'shipment',
        mappingFormat: 'xlsx',
        mappingDetails: [
          { value: 'Tour', mappingField: 'tourReference' },
          { value: 'Sendung', mappingField: 'shipmentReference' },
          { value: 'Datum', mappingField: 'departureDate' },
          { value: 'GLEC-Typ', mappingField: 'glecTransportType' },
          { value: 'Gewicht', mappingField: 'weight' },
          { value: 'Von', mappingField: 'departureCity' },
          { value: 'Von Land', mappingField: 'departureCountry' },
          { value: 'Nach', mappingField: 'arrivalCity' },
          { value: 'Nach Land', mappingField: 'arrivalCountry' },
        ],
      },
    });
    placesMapping = m.json().id;
  });

  it('computes a missing distance like POST /api/legs/distance and codes unknown places', async () => {
    const rows = [
      ['T-LOC', 'S-LOC', '02.03.2026', TYPE, 5000, 'Hamburg', 'DE', 'München', 'DE'],
      ['T-NOWHERE', 'S-NOWHERE', '02.03.2026', TYPE, 5000, 'Xyzzyville', 'DE', 'München', 'DE'],
    ];
    const res = await upload(rows, placesMapping, user, titles);
    expect(res.statusCode).toBe(201);
    const task = await finished(res.json().id);
    expect(task).toMatchObject({ status: 'success', imported: 1, rejected: 1 });
    const leg = await t.call({
      method: 'POST',
      url: '/api/legs/distance',
      token: user,
      payload: {
        transportMode: 'road',
        origin: { country: 'DE', city: 'Hamburg' },
        destination: { country: 'DE', city: 'München' },
      },
    });
    expect(leg.statusCode).toBe(200);
    const tour = (await tourRows()).find((x) => x.reference === 'T-LOC');
    expect(tour?.distanceKm).toBe(leg.json().distance);
    expect(tour?.distanceKm).toBeGreaterThan(500);
    const codes = await t.call({ method: 'GET', url: `/api/tour-codes?taskId=${task.id}`, token: user });
    expect(codes.json()['hydra:member']).toEqual([
      expect.objectContaining({ tour: 'T-NOWHERE', code: 'locationNotFound' }),
    ]);
  });
});

describe('tour mappings and csv files', () => {
  it('imports one tour per csv row without shipments, with the mapping delimiter and decimals', async () => {
    const m = await t.call({
      method: 'POST',
      url: '/api/mappings',
      token: admin,
      payload: {
        templateName: 'Touren CSV',
        mappingFieldCategory: 'tour',
        mappingFormat: 'csv',
        formatOptions: { delimiter: '|', decimalSeparator: '.', dateFormat: 'YYYY-MM-DD' },
        mappingDetails: [
          { value: 'tour', mappingField: 'tourReference' },
          { value: 'date', mappingField: 'departureDate' },
          { value: 'type', mappingField: 'glecTransportType' },
          { value: 'weight', mappingField: 'weight' },
          { value: 'unit', mappingField: 'weightUnit' },
          { value: 'km', mappingField: 'distance' },
          { value: 'empty km', mappingField: 'emptyDistance' },
          { value: 'reefer', mappingField: 'temperatureControl' },
          { value: 'tags', mappingField: 'tourTags' },
        ],
      },
    });
    expect(m.statusCode).toBe(201);
    const csv = [
      'tour|date|type|weight|unit|km|empty km|reefer|tags',
      'CSV-1|2026-03-09|road_in_12_20t_diesel|2.5|t|180.5|20|ja|Nacht, Kühl',
      'CSV-2|2026-03-10|road_in_12_20t_diesel|abc|kg|50||nein|',
    ].join('\r\n');
    const res = await uploadImport(t, user, m.json().id, {
      fileName: 'touren.csv',
      contentType: 'text/csv',
      data: Buffer.from(csv),
    });
    expect(res.statusCode).toBe(201);
    const task = await finished(res.json().id);
    expect(task).toMatchObject({ status: 'success', imported: 1, rejected: 1 });
    const tour = (await tourRows()).find((x) => x.reference === 'CSV-1');
    expect(tour).toMatchObject({
      weightKg: 2500,
      distanceKm: 180.5,
      emptyDistanceKm: 20,
      temperatureControl: true,
      tags: ['Nacht', 'Kühl'],
    });
    const expected = calculateTourEmission(
      tourEngineInput(
        {
          glecVehicleType: 'road_in_12_20t_diesel',
          distanceKm: 180.5,
          emptyDistanceKm: 20,
          weightKg: 2500,
          temperatureControl: true,
          fuel: null,
          consumption: null,
        },
        'default',
      ),
    );
    if (!expected.ok) throw new Error('engine');
    expect(tour?.co2DefaultWtw).toBe(expected.value.co2Wtw);
    expect(tour?.individualResult).toBeNull();
    const codes = await t.call({ method: 'GET', url: `/api/tour-codes?taskId=${task.id}`, token: user });
    expect(codes.json()['hydra:member']).toEqual([
      expect.objectContaining({ row: 3, code: 'invalidNumber', column: 'weight' }),
    ]);
  });

  it('refuses a file whose type does not match the mapping format', async () => {
    const res = await uploadImport(t, user, mappingId, {
      fileName: 'touren.csv',
      contentType: 'text/csv',
      data: Buffer.from('Tour;Sendung\nT;S\n'),
    });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toMatchObject({ message: 'mappingFormatMismatch', detail: { expected: 'xlsx' } });
  });
});

describe('requests during a large import', () => {
  // Probes over real HTTP: on PGlite every statement runs synchronously in the API's process, so
  // an answer needs the event loop as well as the database (issue 12, F11; decision 0005).
  let base: string;
  beforeAll(async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  const rows = (prefix: string, n: number, toursOf: number) =>
    Array.from({ length: n }, (_, i) => [
      `${prefix}-${i % toursOf}`,
      `${prefix}-S${i}`,
      '02.03.2026',
      '',
      TYPE,
      500 + (i % 900),
      120,
      '',
      '',
      '',
    ]);

  it('/health and /api/users/me keep answering while 20,000 rows are read and staged', async () => {
    const id = (await upload(rows('RS', 20_000, 4_000))).json().id;
    const slowest = { health: 0, me: 0 };
    const answered = { health: 0, me: 0 };
    let reading = true;
    const probe = async (name: 'health' | 'me', path: string, headers: Record<string, string> = {}) => {
      const started = performance.now();
      const res = await fetch(`${base}${path}`, { headers });
      expect(res.status).toBe(200);
      await res.arrayBuffer();
      slowest[name] = Math.max(slowest[name], performance.now() - started);
      answered[name]++;
    };
    const probing = (async () => {
      // The job starts with the drain below; the probes run while it reads the file.
      while (reading) {
        await probe('health', '/health');
        await probe('me', '/api/users/me', { authorization: `Bearer ${user}` });
        // A user's pace, not a flood: the probes must not be what slows the import down.
        await new Promise((r) => setTimeout(r, 250));
      }
    })();
    // The read phase ends here; the write that follows holds PGlite's one connection until its
    // commit (decision 0005), so the probes stop before it.
    hooks.beforeWrite = async () => {
      reading = false;
      await probing;
    };
    await t.ctx.jobs.drain();
    await probing;
    expect(await finished(id)).toMatchObject({ status: 'success', imported: 20_000, rejected: 0 });
    // Several answers each while reading. The issue asks for about a second (docs/performance.md
    // has the figures); the bound leaves room for a loaded test machine, where answers took up to
    // 4.8 s with other test files running. Before, none came until the whole file was read.
    expect(answered.health).toBeGreaterThanOrEqual(3);
    expect(answered.me).toBeGreaterThanOrEqual(3);
    expect(slowest.health).toBeLessThan(8000);
    expect(slowest.me).toBeLessThan(8000);
  }, 300_000);

  it('a crash in the middle of a write of several batches leaves no rows of the file', async () => {
    const links = async () =>
      (
        await t.ctx.db
          .select({ n: sql<number>`count(*)::int` })
          .from(tourShipments)
          .where(eq(tourShipments.companyId, a.id))
      )[0].n;
    const linksBefore = await links();
    // 5,000 tours: three batches of the write; the job dies after the second.
    const id = (await upload(rows('RC', 5_000, 5_000))).json().id;
    let batches = 0;
    hooks.afterBatch = (_task, n) => {
      batches = n;
      if (n === 2) throw new Error('worker stopped');
    };
    await t.ctx.jobs.drain();
    expect(batches).toBe(2);
    const count = async (table: typeof tours | typeof shipments) =>
      (
        await t.ctx.db
          .select({ n: sql<number>`count(*)::int` })
          .from(table)
          .where(like(table.reference, 'RC-%'))
      )[0].n;
    expect(await count(tours)).toBe(0);
    expect(await count(shipments)).toBe(0);
    expect(await links()).toBe(linksBefore);
    expect(
      await t.ctx.db.select().from(mappingImportRows).where(eq(mappingImportRows.taskId, id)),
    ).toHaveLength(0);
    const list = await fetch(`${base}/api/shipments?search=RC-S1`, {
      headers: { authorization: `Bearer ${user}` },
    });
    expect((await list.json())['hydra:totalItems']).toBe(0);
    // The queue retries the task; it stays open meanwhile.
    const task = await t.call({ method: 'GET', url: `/api/mapping-import-tasks/${id}`, token: user });
    expect(task.json().status).toBe('in_processing_queue');
  }, 300_000);
});
