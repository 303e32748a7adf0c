import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { calculateHubEmission } from '@klimadesk/glec';
import {
  type CompanyFixture,
  appWithCompanies,
  createCompanyFixture,
  createPlatformAdmin,
  limitExternalToShippers,
} from '../../../test/harness.ts';
import { type FixtureTour, TRACTOR, TRUCK, engineResults, importTours } from '../../../test/tours.ts';
import { HANDOVER_HUB } from '../tours/tours.emissions.ts';
import { SAMPLE_COMPANY_ID } from '../tours/index.ts';
import { seedSampleCompany } from '../tours/tours.samples.ts';

/**
 * Dashboard figures against values computed here from the fixture's inputs with the engine
 * (tour results, hub) and plain arithmetic (weights, distances, tkm, counts).
 */

// T-1 leaves at 23:30 UTC on 31 January: 1 February in Berlin.
const TOURS: FixtureTour[] = [
  {
    reference: 'T-1',
    departureDate: '2026-01-31 23:30',
    glecVehicleType: TRACTOR,
    distanceKm: 300,
    emptyDistanceKm: 30,
    dieselLitres: 100,
    licensePlate: 'P-1',
    tags: ['Fern'],
    shipments: [
      { reference: 'S-1', weightKg: 6000, shipper: 'Bio AG' },
      { reference: 'S-2', weightKg: 3000, shipper: 'Frisch KG', carriage: 'pre_carriage', tags: ['Kühl'] },
    ],
  },
  {
    reference: 'T-2',
    departureDate: '2026-02-15 10:00',
    glecVehicleType: TRUCK,
    distanceKm: 100,
    licensePlate: 'P-2',
    shipments: [{ reference: 'S-3', weightKg: 2000, shipper: 'Bio AG' }],
  },
  {
    reference: 'T-3',
    departureDate: '2026-03-10 10:00',
    glecVehicleType: TRUCK,
    distanceKm: 60,
    licensePlate: 'P-1',
    shipments: [{ reference: 'S-4', weightKg: 1000, shipper: 'Nordfrucht', tags: ['Kühl'] }],
  },
  {
    reference: 'T-4',
    departureDate: '2026-03-20 10:00',
    glecVehicleType: TRUCK,
    distanceKm: 40,
    emptyDistanceKm: 10,
    weightKg: 800,
  },
];

/** The engine's result for a fixture tour, computed here from its inputs. */
const engine = (ref: string) => engineResults(TOURS.find((x) => x.reference === ref) as FixtureTour);
/** Road tkm is on SFD: the fixtures' driven km / 1.05 (ISO 14083, GLEC road DAF). */
const DAF = 1.05;
const sum = (xs: number[]) => xs.reduce((a, x) => a + x, 0);
const defaultOf = (refs: string[]) => sum(refs.map((r) => engine(r).def.co2Wtw));
const tkmOf = (refs: string[]) => sum(refs.map((r) => engine(r).def.tkm as number));
const hubS2 = (() => {
  const h = calculateHubEmission({
    hubType: HANDOVER_HUB,
    weight: 3000,
    weightUnit: 'kg',
    temperatureControl: false,
  });
  if (!h.ok) throw new Error('hub');
  return h.value.co2Wtw;
})();

const { t, a, b, basic } = appWithCompanies({
  a: 'DashA',
  b: 'DashB',
  basic: { key: 'DashBasic', isBasic: true },
});
let reader: string;

async function get(url: string, token = reader, tz = 'Europe/Berlin') {
  return t.call({ method: 'GET', url, token, headers: { 'x-timezone': tz } });
}
async function stats(url: string, token = reader, tz = 'Europe/Berlin') {
  const res = await get(url, token, tz);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

beforeAll(async () => {
  await importTours(t, a, TOURS);
  await importTours(t, b, [
    {
      reference: 'T-9',
      departureDate: '2026-02-02',
      glecVehicleType: TRUCK,
      distanceKm: 999,
      licensePlate: 'P-9',
      shipments: [{ reference: 'S-9', weightKg: 5000, shipper: 'Bio AG' }],
    },
  ]);
  reader = await t.login(a.users.readonly.email);
});

describe('carrier dashboard', () => {
  it('sums every figure of the company’s tours', async () => {
    const s = await stats('/api/dashboard-tour-stats');
    const all = ['T-1', 'T-2', 'T-3', 'T-4'];
    expect(s).toMatchObject({ tours: 4, trips: 3, vehicles: 2, shipments: 4, sample: false });
    expect(s.distance).toBeCloseTo(500, 9);
    // GLEC empty running as the engine applies it: 40 empty km / (500 loaded + 40 empty) = 7.41 %.
    expect(s.emptyDistancePercentage).toBeCloseTo((40 / 540) * 100, 9);
    expect(s.glecCo2Default).toBeCloseTo(defaultOf(all), 6);
    expect(s.co2Default.ttw).toBeCloseTo(sum(all.map((r) => engine(r).def.co2Ttw)), 6);
    // Only T-1 has fuel data.
    expect(s.glecCo2Individual).toBeCloseTo(engine('T-1').ind?.co2Wtw as number, 6);
    expect(s.tkm).toBeCloseTo(tkmOf(all), 6);
    expect(s.intensity).toBeCloseTo((defaultOf(all) * 1000) / tkmOf(all), 6);
    expect(s.hubEmissions).toBeCloseTo(hubS2, 9);
  });

  it('groups by month in the request time zone, by vehicle type and by vehicle', async () => {
    const berlin = await stats('/api/dashboard-tour-stats');
    expect(berlin.byMonth.map((m: { month: string; count: number }) => [m.month, m.count])).toEqual([
      ['2026-02', 2],
      ['2026-03', 2],
    ]);
    const feb = berlin.byMonth[0];
    expect(feb.co2Default).toBeCloseTo(defaultOf(['T-1', 'T-2']), 6);
    expect(feb.tkm).toBeCloseTo(tkmOf(['T-1', 'T-2']), 6);
    expect(feb.co2Individual).toBeCloseTo(engine('T-1').ind?.co2Wtw as number, 6);
    expect(berlin.byMonth[1].co2Individual).toBeNull();
    const utc = await stats('/api/dashboard-tour-stats', reader, 'UTC');
    expect(utc.byMonth.map((m: { month: string; count: number }) => [m.month, m.count])).toEqual([
      ['2026-01', 1],
      ['2026-02', 1],
      ['2026-03', 2],
    ]);
    const types = Object.fromEntries(
      berlin.byVehicleType.map((v: { glecVehicleType: string; count: number; co2Default: number }) => [
        v.glecVehicleType,
        v,
      ]),
    );
    expect(types[TRACTOR].count).toBe(1);
    expect(types[TRUCK].count).toBe(3);
    expect(types[TRUCK].co2Default).toBeCloseTo(defaultOf(['T-2', 'T-3', 'T-4']), 6);
    const p1 = berlin.topVehicles.find((v: { licensePlate: string }) => v.licensePlate === 'P-1');
    expect(p1).toMatchObject({ tours: 2 });
    expect(p1.distance).toBeCloseTo(360, 9);
    expect(p1.co2Default).toBeCloseTo(defaultOf(['T-1', 'T-3']), 6);
    expect(berlin.topVehicles.map((v: { licensePlate: string }) => v.licensePlate)).toEqual(['P-1', 'P-2']);
  });

  it('narrows by tag, shipper and date range (inclusive, in the time zone)', async () => {
    const fern = await stats('/api/dashboard-tour-stats?tag=Fern');
    expect(fern).toMatchObject({ tours: 1, shipments: 2, trips: 1 });
    expect(fern.glecCo2Default).toBeCloseTo(defaultOf(['T-1']), 6);
    // Tours carrying Bio AG shipments; only Bio AG's shipments are counted.
    const bio = await stats('/api/dashboard-tour-stats?shipper=Bio%20AG');
    expect(bio).toMatchObject({ tours: 2, shipments: 2 });
    expect(bio.glecCo2Default).toBeCloseTo(defaultOf(['T-1', 'T-2']), 6);
    const range =
      '/api/dashboard-tour-stats?departureDate[after]=2026-02-01&departureDate[before]=2026-02-15';
    expect((await stats(range)).tours).toBe(2);
    expect((await stats(range, reader, 'UTC')).tours).toBe(1);
    const none = await stats('/api/dashboard-tour-stats?departureDate[after]=2027-01-01');
    expect(none).toMatchObject({ tours: 0, glecCo2Default: 0, glecCo2Individual: null, intensity: null });
    expect(none.emptyDistancePercentage).toBeNull();
    expect(none.byMonth).toEqual([]);
  });
});

describe('shipper dashboard', () => {
  it('sums the shipments, with transport activity from weights and distances', async () => {
    const s = await stats('/api/dashboard-shipment-stats');
    expect(s).toMatchObject({ shipments: 4, numShippers: 3, sample: false });
    expect(s.weight).toBeCloseTo(12000, 9);
    expect(s.transportActivity).toBeCloseTo((6 * 300 + 3 * 300 + 2 * 100 + 1 * 60) / DAF, 9);
    // Allocation rounds each shipment to grams; the tours' totals are met to that precision.
    expect(s.glecCo2Generic).toBeCloseTo(defaultOf(['T-1', 'T-2', 'T-3']), 2);
    expect(s.glecCo2Individual).toBeCloseTo(engine('T-1').ind?.co2Wtw as number, 2);
    expect(s.hubEmissions).toBeCloseTo(hubS2, 9);
    expect(s.intensity).toBeCloseTo((s.glecCo2Generic * 1000) / (2960 / DAF), 9);
    const list = (await get('/api/shipments?limit=100')).json()['hydra:member'];
    const fromList = sum(
      list.map((x: { emissions: { default: { wtw: number } } }) => x.emissions.default.wtw),
    );
    expect(s.glecCo2Generic).toBeCloseTo(fromList, 9);
  });

  it('breaks down by shipper, vehicle type and month', async () => {
    const s = await stats('/api/dashboard-shipment-stats');
    const by = Object.fromEntries(s.byShipper.map((x: { shipper: string }) => [x.shipper, x]));
    expect(by['Bio AG']).toMatchObject({ shipments: 2 });
    expect(by['Bio AG'].weight).toBeCloseTo(8000, 9);
    expect(by['Bio AG'].transportActivity).toBeCloseTo((6 * 300 + 2 * 100) / DAF, 9);
    expect(by['Frisch KG'].transportActivity).toBeCloseTo(900 / DAF, 9);
    expect(by.Nordfrucht.co2Individual).toBeNull();
    expect(s.byShipper[0].co2Default).toBeGreaterThanOrEqual(s.byShipper[1].co2Default);
    const types = Object.fromEntries(
      s.byVehicleType.map((x: { glecVehicleType: string }) => [x.glecVehicleType, x]),
    );
    expect(types[TRACTOR].count).toBe(2);
    expect(types[TRACTOR].tkm).toBeCloseTo(2700 / DAF, 9);
    expect(types[TRACTOR].co2Default).toBeCloseTo(engine('T-1').def.co2Wtw, 2);
    expect(types[TRUCK].tkm).toBeCloseTo(260 / DAF, 9);
    expect(s.byMonth.map((m: { month: string; count: number }) => [m.month, m.count])).toEqual([
      ['2026-02', 3],
      ['2026-03', 1],
    ]);
  });

  it('narrows by shipment tag and shipper', async () => {
    const cold = await stats('/api/dashboard-shipment-stats?tag=K%C3%BChl');
    expect(cold).toMatchObject({ shipments: 2, numShippers: 2 });
    expect(cold.weight).toBeCloseTo(4000, 9);
    const bio = await stats('/api/dashboard-shipment-stats?shipper=Bio%20AG&shipper=Nordfrucht');
    expect(bio).toMatchObject({ shipments: 3, numShippers: 2 });
  });
});

describe('external read-only users', () => {
  let ext: string;
  beforeAll(async () => {
    const g = await limitExternalToShippers(t, a, ['Bio AG']);
    expect(g.statusCode, g.body).toBeLessThan(300);
    ext = await t.login(a.users.external.email);
  });

  it('see the carrier dashboard of their allowed shippers only', async () => {
    const s = await stats('/api/dashboard-tour-stats', ext);
    expect(s).toMatchObject({ tours: 2, trips: 2, shipments: 2 });
    expect(s.glecCo2Default).toBeCloseTo(defaultOf(['T-1', 'T-2']), 6);
    expect(await stats('/api/dashboard-tour-stats?shipper=Bio%20AG', ext)).toEqual(s);
    // The dashboard names the scope it is limited to; other users have none.
    expect(s.shipperScope).toEqual(['Bio AG']);
    const admin = await t.login(a.users.admin.email);
    expect((await stats('/api/dashboard-tour-stats', admin)).shipperScope).toBeNull();
  });

  it('are refused a shipper outside their group, the shipper dashboard and the lists', async () => {
    const other = await get('/api/dashboard-tour-stats?shipper=Frisch%20KG', ext);
    expect(other.statusCode).toBe(403);
    expect(other.json().message).toBe('shipperNotAllowed');
    expect((await get('/api/dashboard-shipment-stats', ext)).statusCode).toBe(403);
    expect((await get('/api/tours', ext)).statusCode).toBe(403);
    expect((await get('/api/shipments', ext)).statusCode).toBe(403);
  });

  it('without a group see nothing', async () => {
    const none = await stats('/api/dashboard-tour-stats', await t.login(b.users.external.email));
    expect(none).toMatchObject({ tours: 0, shipments: 0, glecCo2Default: 0, shipperScope: [] });
  });
});

describe('basic companies', () => {
  it('see the sample tours and shipments instead of data, flagged as sample', async () => {
    const token = await t.login(basic.users.readonly.email);
    const tours = (await get('/api/tours', token)).json();
    const shipments = (await get('/api/shipments', token)).json();
    expect(tours['hydra:totalItems']).toBe(5);
    expect(shipments['hydra:totalItems']).toBe(4);
    expect(tours['hydra:member'].every((x: { sample: boolean }) => x.sample)).toBe(true);
    const s = await stats('/api/dashboard-tour-stats', token);
    expect(s).toMatchObject({ sample: true, tours: 5, shipments: 4 });
    expect(s.trips).toBe(
      tours['hydra:member'].filter((x: { shipmentCount: number }) => x.shipmentCount > 0).length,
    );
    const listed = sum(
      tours['hydra:member'].map((x: { emissions: { default: { wtw: number } } }) => x.emissions.default.wtw),
    );
    expect(s.glecCo2Default).toBeCloseTo(listed, 6);
    expect(s.glecCo2Default).toBeGreaterThan(0);
    const sh = await stats('/api/dashboard-shipment-stats', token);
    expect(sh).toMatchObject({ sample: true, shipments: 4 });
    expect(sh.numShippers).toBe(
      new Set(shipments['hydra:member'].map((x: { shipper: string }) => x.shipper)).size,
    );
    // A sample tour opens with its sheet; a real id of another company does not.
    const first = tours['hydra:member'][0];
    const detail = await get(`/api/tours/${first.id}`, token);
    expect(detail.statusCode).toBe(200);
    expect(detail.json().sheet.length).toBeGreaterThan(0);
    const s1 = (await get(`/api/shipments/${shipments['hydra:member'][0].id}`, token)).json();
    expect(s1.legs.length).toBeGreaterThan(0);
    const realId = (await get('/api/tours')).json()['hydra:member'][0].id;
    expect((await get(`/api/tours/${realId}`, token)).statusCode).toBe(404);
  });

  it('filter the sample like data', async () => {
    const token = await t.login(basic.users.readonly.email);
    const all = (await get('/api/shipments', token)).json()['hydra:member'];
    const shipper = all[0].shipper as string;
    const expected = all.filter((x: { shipper: string }) => x.shipper === shipper).length;
    const s = await stats(`/api/dashboard-shipment-stats?shipper=${encodeURIComponent(shipper)}`, token);
    expect(s.shipments).toBe(expected);
    const later = await stats('/api/dashboard-tour-stats?departureDate[after]=2026-04-01', token);
    const listed = (await get('/api/tours?departureDate[after]=2026-04-01', token)).json();
    expect(later.tours).toBe(listed['hydra:totalItems']);
    expect(later.tours).toBeLessThan(5);
  });
});

describe('the sample company', () => {
  const ids = async (url: string, token: string) =>
    (await get(url, token)).json()['hydra:member'].map((x: { id: string }) => x.id) as string[];

  it('is never seen by a professional company', async () => {
    const basicToken = await t.login(basic.users.readonly.email);
    const sampleTours = await ids('/api/tours', basicToken);
    const sampleShipments = await ids('/api/shipments', basicToken);
    const own = await ids('/api/tours', reader);
    expect(own.some((id) => sampleTours.includes(id))).toBe(false);
    expect((await ids('/api/shipments', reader)).some((id) => sampleShipments.includes(id))).toBe(false);
    expect((await get(`/api/tours/${sampleTours[0]}`)).statusCode).toBe(404);
    expect((await get(`/api/shipments/${sampleShipments[0]}`)).statusCode).toBe(404);
    const figures = await stats('/api/dashboard-tour-stats');
    expect(figures).toMatchObject({ sample: false, tours: 4 });
  });

  it('is left out of the platform admin company list', async () => {
    const admin = await createPlatformAdmin(t.ctx);
    const token = await t.login(admin.email);
    const listed = await ids('/api/companies', token);
    expect(listed).toContain(basic.id);
    expect(listed).not.toContain(SAMPLE_COMPANY_ID);
  });

  it('is written again at a start without doubling or changing its rows', async () => {
    const token = await t.login(basic.users.readonly.email);
    const before = (await get('/api/tours', token)).json();
    const figures = await stats('/api/dashboard-shipment-stats', token);
    await seedSampleCompany(t.ctx);
    const after = (await get('/api/tours', token)).json();
    expect(after['hydra:totalItems']).toBe(5);
    expect(after['hydra:member']).toEqual(before['hydra:member']);
    expect(await stats('/api/dashboard-shipment-stats', token)).toEqual(figures);
  });
});

describe('a shipment on two tours of different vehicle types', () => {
  let c: CompanyFixture;
  let token: string;
  beforeAll(async () => {
    c = await createCompanyFixture(t.ctx, 'DashShared');
    await importTours(t, c, [
      {
        reference: 'T-A',
        departureDate: '2026-04-01 10:00',
        glecVehicleType: TRACTOR,
        distanceKm: 300,
        licensePlate: 'P-A',
        shipments: [
          { reference: 'S-X', weightKg: 2000, shipper: 'Bio AG', carriage: 'pre_carriage' },
          { reference: 'S-Y', weightKg: 4000, shipper: 'Frisch KG' },
        ],
      },
      {
        reference: 'T-B',
        departureDate: '2026-04-03 10:00',
        glecVehicleType: TRUCK,
        distanceKm: 100,
        licensePlate: 'P-B',
        shipments: [{ reference: 'S-X', weightKg: 2000, shipper: 'Bio AG' }],
      },
    ]);
    token = await t.login(c.users.readonly.email);
  });

  it('counts it once on the carrier dashboard, also when only one of its tours is chosen', async () => {
    const all = await stats('/api/dashboard-tour-stats', token);
    expect(all).toMatchObject({ tours: 2, trips: 2, shipments: 2 });
    const second = await stats('/api/dashboard-tour-stats?departureDate[after]=2026-04-02', token);
    expect(second).toMatchObject({ tours: 1, trips: 1, shipments: 1 });
    const bio = await stats('/api/dashboard-tour-stats?shipper=Bio%20AG', token);
    expect(bio).toMatchObject({ tours: 2, trips: 2, shipments: 1 });
  });

  it('counts it under both types with each tour’s part on the shipper dashboard', async () => {
    const s = await stats('/api/dashboard-shipment-stats', token);
    expect(s.shipments).toBe(2);
    expect(s.transportActivity).toBeCloseTo((2 * 300 + 4 * 300 + 2 * 100) / DAF, 9);
    const types = Object.fromEntries(
      s.byVehicleType.map((x: { glecVehicleType: string }) => [x.glecVehicleType, x]),
    );
    expect(types[TRACTOR]).toMatchObject({ count: 2 });
    expect(types[TRACTOR].tkm).toBeCloseTo((2 * 300 + 4 * 300) / DAF, 9);
    expect(types[TRUCK]).toMatchObject({ count: 1 });
    expect(types[TRUCK].tkm).toBeCloseTo((2 * 100) / DAF, 9);
    expect(types[TRACTOR].co2Default + types[TRUCK].co2Default).toBeCloseTo(s.glecCo2Generic, 6);
    const bio = s.byShipper.find((x: { shipper: string }) => x.shipper === 'Bio AG');
    expect(bio.transportActivity).toBeCloseTo((2 * 300 + 2 * 100) / DAF, 9);
  });
});

describe('answers kept per stats version (decision 0020)', () => {
  it('follow an import at once, and serve equal filters from one answer', async () => {
    const token = await t.login(b.users.readonly.email);
    const url = '/api/dashboard-tour-stats?departureDate[after]=2026-02-01&departureDate[before]=2026-12-31';
    const before = await stats(url, token);
    expect(before.tours).toBe(1);
    const version = async () => {
      const res = await t.ctx.db.execute(sql`select version from stats_versions where company_id = ${b.id}`);
      return Number((res as unknown as { rows: { version: string }[] }).rows[0]?.version);
    };
    const v = await version();
    // The same filters in another order: the kept answer.
    expect(
      await stats(
        '/api/dashboard-tour-stats?departureDate[before]=2026-12-31&departureDate[after]=2026-02-01',
        token,
      ),
    ).toEqual(before);
    await importTours(t, b, [
      {
        reference: 'T-10',
        departureDate: '2026-04-02',
        glecVehicleType: TRUCK,
        distanceKm: 1,
        licensePlate: 'P-9',
        shipments: [{ reference: 'S-10', weightKg: 1000, shipper: 'Bio AG' }],
      },
    ]);
    expect(await version()).toBeGreaterThan(v);
    const after = await stats(url, token);
    expect(after.tours).toBe(2);
    expect(after.distance).toBeCloseTo(before.distance + 1, 9);
    expect((await stats('/api/dashboard-shipment-stats', token)).shipments).toBe(2);
  });
});
