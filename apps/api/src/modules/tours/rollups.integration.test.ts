import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { appWithCompanies } from '../../../test/harness.ts';
import { type FixtureTour, TRACTOR, TRUCK, importTours } from '../../../test/tours.ts';
import { asCompanyId } from '../../platform/tenant.ts';
import type { Filters, FilterScope } from './tours.filters.ts';
import { shipmentConditions, tourConditions } from './tours.filters.repository.ts';
import * as q from './tours.stats.repository.ts';
import {
  STATS_TIME_ZONE,
  countMatching,
  rebuildStatsMonths,
  refreshStatsMonths,
  rollupPlan,
} from './tours.rollups.repository.ts';

/**
 * The dashboards read whole months from the monthly sums and the other days from the rows; both
 * ways must give the figures of the rows alone, for every filter, before and after re-imports.
 */

// Tours at month ends in Berlin time (T-1 is 1 April in Berlin, 31 March in UTC), with tags,
// shippers, fuel data and one shipment riding on two tours.
const TOURS: FixtureTour[] = [
  {
    reference: 'T-1',
    departureDate: '2026-03-31 22:30',
    glecVehicleType: TRACTOR,
    distanceKm: 420,
    dieselLitres: 130,
    licensePlate: 'R-1',
    tags: ['Fern'],
    shipments: [
      { reference: 'S-1', weightKg: 7000, shipper: 'Bio AG', tags: ['Kühl'] },
      { reference: 'S-2', weightKg: 2000, shipper: 'Frisch KG', carriage: 'pre_carriage' },
    ],
  },
  {
    reference: 'T-2',
    departureDate: '2026-03-15 08:00',
    glecVehicleType: TRUCK,
    distanceKm: 120,
    emptyDistanceKm: 20,
    licensePlate: 'R-2',
    shipments: [
      { reference: 'S-3', weightKg: 3000, shipper: 'Bio AG' },
      { reference: 'S-2', weightKg: 2000, shipper: 'Frisch KG' },
    ],
  },
  {
    reference: 'T-3',
    departureDate: '2026-04-20 12:00',
    glecVehicleType: TRUCK,
    distanceKm: 80,
    licensePlate: 'R-1',
    tags: ['Nah'],
    shipments: [{ reference: 'S-4', weightKg: 1500, shipper: 'Nordfrucht', tags: ['Kühl'] }],
  },
  {
    reference: 'T-4',
    departureDate: '2026-05-31 21:59',
    glecVehicleType: TRACTOR,
    distanceKm: 610,
    licensePlate: 'R-3',
    shipments: [{ reference: 'S-5', weightKg: 9000, shipper: 'Bio AG' }],
  },
  {
    reference: 'T-5',
    departureDate: '2026-06-02 06:00',
    glecVehicleType: TRUCK,
    distanceKm: 45,
    weightKg: 900,
  },
];

const FILTERS: Filters[] = [
  {},
  { 'departureDate[after]': '2026-04-01', 'departureDate[before]': '2026-05-31' },
  { 'departureDate[after]': '2026-03-20', 'departureDate[before]': '2026-05-10' },
  { 'departureDate[after]': '2026-04-01' },
  { 'departureDate[before]': '2026-04-30' },
  { 'departureDate[after]': '2026-04-05', 'departureDate[before]': '2026-04-25' },
  { tag: ['Fern', 'Nah'] },
  { tag: ['Kühl'] },
  { shipper: ['Bio AG'] },
  { shipper: ['Bio AG', 'Nordfrucht'], 'departureDate[after]': '2026-04-01' },
];

const { t, c } = appWithCompanies({ c: 'Rollups' });
let scope: FilterScope;

/** Figures with the plan the dashboards use, and the same from the rows alone. */
async function both(filters: Filters) {
  const tw = tourConditions(filters, scope);
  const sw = shipmentConditions(filters, scope);
  const shippers = filters.shipper ?? null;
  const tourPlan = rollupPlan('tour', filters, scope);
  const shipmentPlan = rollupPlan('shipment', filters, scope);
  return {
    planned: {
      tours: await q.tourStats(t.ctx.db, tw, STATS_TIME_ZONE, shippers, tourPlan),
      shipments: await q.shipmentStats(t.ctx.db, sw, STATS_TIME_ZONE, shipmentPlan),
    },
    rows: {
      tours: await q.tourStats(t.ctx.db, tw, STATS_TIME_ZONE, shippers, null),
      shipments: await q.shipmentStats(t.ctx.db, sw, STATS_TIME_ZONE, null),
    },
    used: { tours: tourPlan !== null, shipments: shipmentPlan !== null },
    // The lists' totals: from the sums where the plan answers, and counted from the rows.
    counts: {
      planned: [
        await countMatching(t.ctx.db, 'tour', tourPlan, tw),
        await countMatching(t.ctx.db, 'shipment', shipmentPlan, sw),
      ],
      rows: [
        await countMatching(t.ctx.db, 'tour', null, tw),
        await countMatching(t.ctx.db, 'shipment', null, sw),
      ],
    },
  };
}

/** Carrier figures for tours carrying the shippers' shipments. */
async function carrier(shipper: string[]) {
  const r = await q.tourStats(t.ctx.db, tourConditions({ shipper }, scope), STATS_TIME_ZONE, shipper, null);
  return { tours: Number(r.totals.count), shipments: r.totals.shipments };
}

/** Numbers as strings with 9 significant digits: sums in another order differ in the last bits. */
function normal(value: unknown): unknown {
  if (typeof value === 'number') return Number(value.toPrecision(9));
  if (
    typeof value === 'string' &&
    value !== '' &&
    !Number.isNaN(Number(value)) &&
    /^-?[\d.e+-]+$/.test(value)
  )
    return Number(Number(value).toPrecision(9));
  if (Array.isArray(value)) return value.map(normal);
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, normal(v)]));
  return value;
}

async function expectSame(filters: Filters) {
  const r = await both(filters);
  expect(normal(r.planned), JSON.stringify(filters)).toEqual(normal(r.rows));
  expect(r.counts.planned, JSON.stringify(filters)).toEqual(r.counts.rows);
  return r;
}

beforeAll(async () => {
  await importTours(t, c, TOURS);
  scope = { companyId: asCompanyId(c.id), shippers: null, timeZone: STATS_TIME_ZONE };
});

describe('monthly and daily dashboard sums', () => {
  it('give the figures of the rows for every filter', async () => {
    for (const filters of FILTERS) await expectSame(filters);
    const r = await both({});
    expect(r.used).toEqual({ tours: true, shipments: true });
    expect(Number(r.planned.tours.totals.count)).toBe(5);
    // Counted by hand from TOURS: 5 tours, S-1 … S-5; April (Berlin) holds T-1 and T-3, and S-1 and
    // S-4 (S-2 departs with its earliest tour, T-2 in March).
    expect(r.counts.planned).toEqual([5, 5]);
    const april = await both({ 'departureDate[after]': '2026-04-01', 'departureDate[before]': '2026-04-30' });
    expect(april.counts.planned).toEqual([2, 2]);
    expect((await both({ tag: ['Kühl'] })).counts.planned).toEqual([0, 2]);
    // A range inside one month is answered from the daily sums alone; T-1 lies on 1 April (Berlin).
    const days = { 'departureDate[after]': '2026-04-01', 'departureDate[before]': '2026-04-25' };
    expect(rollupPlan('tour', days, scope)).toMatchObject({ months: null });
    expect((await both(days)).counts.planned).toEqual([2, 2]);
    const firstOfApril = await t.ctx.db.execute(
      sql`select sum(tours)::int as tours from tour_stats_days where company_id = ${c.id} and day = '2026-04-01'`,
    );
    expect((firstOfApril as unknown as { rows: { tours: number }[] }).rows[0]?.tours).toBe(1);
    // T-1 leaves on 1 April in Berlin: April holds T-1 and T-3.
    expect(r.planned.tours.byMonth.map((m) => [m.key, Number(m.count)])).toEqual([
      ['2026-03', 1],
      ['2026-04', 2],
      ['2026-05', 1],
      ['2026-06', 1],
    ]);
  });

  it('are not used where they cannot answer: a shipper on the carrier side, another time zone', async () => {
    expect(rollupPlan('tour', { shipper: ['Bio AG'] }, scope)).toBeNull();
    expect(rollupPlan('shipment', {}, { ...scope, timeZone: 'UTC' })).toBeNull();
    expect(rollupPlan('shipment', { search: 'S-1' }, scope)).toBeNull();
  });

  it('follow re-imports that move, retag and unlink rows, in the months left and entered', async () => {
    const before = await both({});
    expect(await carrier(['Nordfrucht'])).toEqual({ tours: 1, shipments: 1 });
    expect(await carrier(['Bio AG'])).toEqual({ tours: 3, shipments: 3 });
    await importTours(t, c, [
      // T-3 moves from April to July with another shipper and tag (nothing else it touches lies in
      // April); T-2 drops S-3, which is left without a tour and without a departure date.
      {
        ...TOURS[2],
        departureDate: '2026-07-03 09:00',
        tags: ['Fern'],
        shipments: [{ reference: 'S-4', weightKg: 2500, shipper: 'Bio AG' }],
      },
      // S-2, also on T-1 (not in this file), changes its shipper.
      { ...TOURS[1], shipments: [{ reference: 'S-2', weightKg: 2000, shipper: 'Frisch GmbH' }] },
    ]);
    for (const filters of [...FILTERS, { 'departureDate[after]': '2026-07-01' }]) await expectSame(filters);
    const after = await both({});
    expect(after.planned.tours.byMonth.map((m) => [m.key, Number(m.count)])).toEqual([
      ['2026-03', 1],
      ['2026-04', 1],
      ['2026-05', 1],
      ['2026-06', 1],
      ['2026-07', 1],
    ]);
    // Tours by shipper follow the links: T-1 carries S-2 of its new shipper without being re-imported.
    expect(await carrier(['Frisch GmbH'])).toEqual({ tours: 2, shipments: 1 });
    expect(await carrier(['Frisch KG'])).toEqual({ tours: 0, shipments: 0 });
    expect(await carrier(['Nordfrucht'])).toEqual({ tours: 0, shipments: 0 });
    expect(await carrier(['Bio AG', 'Nordfrucht'])).toEqual({ tours: 3, shipments: 3 });
    expect(Number(after.planned.shipments.totals.weight)).toBeCloseTo(
      Number(before.planned.shipments.totals.weight) + 1000,
      6,
    );
  });

  it('count the rows of two imports that refresh the same month at once', async () => {
    const september = sql`select '2026-09-01'::date as month`;
    const addTour = (db: typeof t.ctx.db, reference: string, day: string) =>
      db.execute(sql`insert into tours (company_id, reference, departure, arrival, departure_date, distance_km)
        values (${c.id}, ${reference}, '{}', '{}', ${`${day}T10:00:00Z`}::timestamptz, 100)`);
    // A tour of September from before: its sum row is what both refreshes rewrite.
    await addTour(t.ctx.db, 'C-0', '2026-09-05');
    await refreshStatsMonths(t.ctx.db, asCompanyId(c.id), september);
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    let refreshed = () => {};
    const firstRefreshed = new Promise<void>((resolve) => (refreshed = resolve));
    const first = t.ctx.db.transaction(async (tx) => {
      await addTour(tx as never, 'C-1', '2026-09-10');
      await refreshStatsMonths(tx, asCompanyId(c.id), september);
      refreshed();
      await held; // still open while the second import refreshes
    });
    await firstRefreshed;
    const second = t.ctx.db.transaction(async (tx) => {
      await addTour(tx as never, 'C-2', '2026-09-12');
      await refreshStatsMonths(tx, asCompanyId(c.id), september);
    });
    await new Promise((resolve) => setTimeout(resolve, 300));
    release();
    await Promise.all([first, second]);
    const sums = await t.ctx.db.execute(
      sql`select sum(tours)::int as tours, sum(distance_km) as km from tour_stats_months
        where company_id = ${c.id} and month = '2026-09-01'`,
    );
    expect((sums as unknown as { rows: { tours: number; km: number }[] }).rows[0]).toEqual({
      tours: 3,
      km: 300,
    });
    await expectSame({ 'departureDate[after]': '2026-09-01' });
  });

  it('are rebuilt whole from the rows', async () => {
    await t.ctx.db.execute(sql`delete from shipment_stats_months where company_id = ${c.id}`);
    await t.ctx.db.execute(sql`update tour_stats_days set tkm = tkm * 2 where company_id = ${c.id}`);
    await t.ctx.db.execute(sql`update tour_stats_months set tours = tours + 7 where company_id = ${c.id}`);
    await rebuildStatsMonths(t.ctx.db, asCompanyId(c.id));
    for (const filters of FILTERS) await expectSame(filters);
  });
});
