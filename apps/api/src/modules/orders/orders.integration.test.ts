import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { LegDistance, Order, OrderSummary } from '@klimadesk/contract';
import { legEmission, orderTestApp } from '../../../test/order-app.ts';
import { asCompanyId } from '../../platform/tenant.ts';
import { recordUsage } from '../invoicing/index.ts';
import { insertBooking, insertTariff } from '../tariffs/tariffs.repository.ts';
import { ROAD, SEA, roadOrder, workedExampleOrder } from '../../../test/orders.ts';

const { t, a, b, basic, tk } = orderTestApp('Ord', ['DE', 'NL', 'CN']);

/** A one-leg order with a given distance (no location look-up needed). */
const simpleOrder = (over: Record<string, unknown> = {}) =>
  roadOrder({ country: 'DE', city: 'Kassel' }, { country: 'DE', city: 'Fulda' }, over, 100);

const worked = workedExampleOrder();

const create = (token: string, payload: object) =>
  t.call({ method: 'POST', url: '/api/orders', token, payload });
const created = async (token: string, payload: object) => {
  const res = await create(token, payload);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Order>();
};
const legsOf = (o: Order) => o.activities.flatMap((x) => x.legs);
const listOf = async (token: string, query = '') => {
  const res = await t.call({ method: 'GET', url: `/api/orders${query}`, token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ 'hydra:member': OrderSummary[]; 'hydra:totalItems': number }>();
};
const usage = async (companyId: string) => {
  const res = await t.ctx.db.execute(
    sql`select coalesce(sum(shipments), 0)::int as n from usage_months where company_id = ${companyId} and source = 'order'`,
  );
  return (res as unknown as { rows: { n: number }[] }).rows[0].n;
};

describe('worked example (issue 17)', () => {
  let order: Order;
  const distances: LegDistance[] = [];

  beforeAll(async () => {
    order = await created(tk.user, worked);
    for (const act of worked.activities)
      for (const leg of act.legs) {
        const res = await t.call({
          method: 'POST',
          url: '/api/legs/distance',
          token: tk.user,
          payload: { transportMode: leg.transportMode, origin: leg.origin, destination: leg.destination },
        });
        expect(res.statusCode, res.body).toBe(200);
        distances.push(res.json<LegDistance>());
      }
  });

  it('computes every distance by mode with the location service', () => {
    const [road1, sea, road2] = legsOf(order);
    expect(legsOf(order).map((l) => [l.distance, l.distanceType, l.distanceGiven])).toEqual(
      distances.map((d) => [d.distance, d.distanceType, false]),
    );
    // Road: great-circle distance x 1.3 (estimate); sea: marine network (SFD), about 10,600 nm via Suez.
    expect(road1.distanceType).toBe('estimate');
    expect(road1.distance).toBeCloseTo(distances[0].greatCircleKm * 1.3, 0);
    expect(road1.distance).toBeGreaterThan(450);
    expect(road1.distance).toBeLessThan(650);
    expect(sea.distanceType).toBe('SFD');
    expect(sea.distance / 1.852).toBeGreaterThan(10_000);
    expect(sea.distance / 1.852).toBeLessThan(11_500);
    expect(road2.distance).toBeGreaterThan(50);
    expect(road2.distance).toBeLessThan(200);
    expect(road1.origin.resolved).toMatchObject({ country: 'DE' });
    expect(sea.destination.resolved).toMatchObject({ code: 'CNSHA' });
    expect(road2.destination.entered).toEqual({ country: 'CN', city: 'Suzhou' });
  });

  it('has hand-computed leg figures, two container terminals and the totals', () => {
    const [road1, sea, road2] = legsOf(order);
    const [d1, d2, d3] = [road1.distance, sea.distance, road2.distance];
    // Road (GLEC artic 40 t, planned basis, estimate taken as SFD): tkm = 10 t x d; TTW 73, WTT 22 g/tkm.
    expect(road1.tkm).toBeCloseTo(10 * d1, 6);
    expect(road1.co2Ttw).toBeCloseTo((10 * d1 * 73) / 1000, 6);
    expect(road1.co2Wtt).toBeCloseTo((10 * d1 * 22) / 1000, 6);
    expect(road2.co2Wtw).toBeCloseTo((10 * d3 * 95) / 1000, 6);
    // Sea (Asia ↔ North Europe, dry, per TEU-km): one 20 ft container = 1 TEU; TTW 38.7, WTT 8.2 g/TEU-km.
    expect(sea.tkm).toBeCloseTo(10 * d2, 6);
    expect(sea.co2Ttw).toBeCloseTo((d2 * 38.7) / 1000, 6);
    expect(sea.co2Wtt).toBeCloseTo((d2 * 8.2) / 1000, 6);
    // Hubs: road → sea at Rotterdam, sea → road at Shanghai: 11.4 kg CO2e per container each.
    expect(order.hubs.map((h) => [h.afterLeg, h.beforeLeg, h.hubType])).toEqual([
      [road1.id, sea.id, 'maritime_container_terminal'],
      [sea.id, road2.id, 'maritime_container_terminal'],
    ]);
    expect(order.hubCo2Wtw).toBeCloseTo(22.8, 9);
    const ttw = (10 * (d1 + d3) * 73 + d2 * 38.7) / 1000;
    const wtt = (10 * (d1 + d3) * 22 + d2 * 8.2) / 1000;
    expect(order.co2Ttw).toBeCloseTo(ttw, 6);
    expect(order.co2Wtt).toBeCloseTo(wtt, 6);
    expect(order.co2Wtw).toBeCloseTo(ttw + wtt + 22.8, 6);
    expect(order.tkm).toBeCloseTo(10 * (d1 + d2 + d3), 6);
    expect(order.intensity).toBeCloseTo(((ttw + wtt + 22.8) * 1000) / (10 * (d1 + d2 + d3)), 6);
    expect(order.modes).toEqual(['road', 'sea', 'road']);
  });

  it('gives the figures worked by hand from the shipped location tables', () => {
    // 20095 Hamburg → NLRTM 536.2 km road (estimate), NLRTM → CNSHA 19,859.1 km sea (SFD), CNSHA → Suzhou 109 km.
    expect(legsOf(order).map((l) => l.distance)).toEqual([536.2, 19859.1, 109]);
    // Road: 5,362 tkm x 95 g = 509.39 kg; sea: 19,859.1 TEU-km x 46.9 g = 931.39179 kg; road: 1,090 tkm x 95 g = 103.55 kg.
    expect(legsOf(order).map((l) => l.co2Wtw)).toEqual([
      expect.closeTo(509.39, 6),
      expect.closeTo(931.39179, 6),
      expect.closeTo(103.55, 6),
    ]);
    // 509.39 + 931.39179 + 103.55 + 2 x 11.4 = 1,567.13179 kg over 205,043 tkm = 7.6429 g/tkm.
    expect(order.co2Ttw).toBeCloseTo(391.426 + 768.54717 + 79.57, 6);
    expect(order.co2Wtw).toBeCloseTo(1567.13179, 6);
    expect(order.tkm).toBeCloseTo(205043, 6);
    expect(order.intensity).toBeCloseTo(7.642942, 5);
  });

  it('equals the sum of the engine’s leg results (POST /api/legs/emission) plus the hubs', async () => {
    let ttw = 0;
    let wtt = 0;
    let wtw = 0;
    let tkm = 0;
    for (const leg of legsOf(order)) {
      const containers = leg.transportMode === 'sea' ? { containers: [{ size: '20ft', count: 1 }] } : {};
      const e = await legEmission(t, tk.user, leg, 10, containers);
      expect([leg.co2Ttw, leg.co2Wtt, leg.tkm, leg.method]).toEqual([e.co2Ttw, e.co2Wtt, e.tkm, e.method]);
      ttw += e.co2Ttw;
      wtt += e.co2Wtt;
      wtw += e.co2Wtw;
      tkm += e.tkm;
    }
    expect(order.co2Ttw).toBeCloseTo(ttw, 9);
    expect(order.co2Wtt).toBeCloseTo(wtt, 9);
    expect(order.co2Wtw).toBeCloseTo(wtw + order.hubCo2Wtw, 9);
    expect(order.tkm).toBeCloseTo(tkm, 9);
  });

  it('keeps a calculation sheet per leg in the reader’s language', async () => {
    const de = legsOf(order)[0];
    expect(de.sheet.length).toBeGreaterThan(50);
    expect(de.trace.length).toBeGreaterThan(1);
    const res = await t.call({
      method: 'GET',
      url: `/api/orders/${order.id}`,
      token: tk.readonly,
      headers: { 'accept-language': 'en' },
    });
    expect(res.statusCode).toBe(200);
    const en = legsOf(res.json<Order>())[0];
    expect(en.co2Wtw).toBe(de.co2Wtw);
    expect(en.trace[0].names).not.toEqual(de.trace[0].names);
  });
});

describe('leg errors name the leg', () => {
  it('an unknown place without a distance is locationNotFound with the leg', async () => {
    const body = simpleOrder();
    body.activities = [
      {
        activity: 'pre_carriage',
        legs: [
          { ...simpleOrder().activities[0].legs[0] },
          {
            transportMode: 'road',
            origin: { country: 'DE', city: 'Kassel' },
            destination: { country: 'DE', zipCode: '00000' },
            glecVehicleType: ROAD,
          } as never,
        ],
      },
    ];
    const res = await create(tk.user, body);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({
      message: 'locationNotFound',
      detail: { end: 'destination', leg: { activity: 'pre_carriage', position: 2 } },
    });
  });

  it('an inland waterway leg needs its distance', async () => {
    const leg = { ...simpleOrder().activities[0].legs[0], transportMode: 'inland_waterway' } as Record<
      string,
      unknown
    >;
    delete leg.distance;
    const res = await create(
      tk.user,
      simpleOrder({ activities: [{ activity: 'main_carriage', legs: [leg] }] }),
    );
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({
      message: 'NoRouteFound',
      detail: { reason: 'modeNotRouted', leg: { activity: 'main_carriage', position: 1 } },
    });
  });

  it('a vehicle type of another mode is InvalidGlecType with the leg', async () => {
    const leg = { ...simpleOrder().activities[0].legs[0], glecVehicleType: SEA };
    const res = await create(
      tk.user,
      simpleOrder({ activities: [{ activity: 'main_carriage', legs: [leg] }] }),
    );
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ message: 'InvalidGlecType', detail: { leg: { position: 1 } } });
  });

  it('containers do not fly and unit cargo does not go on a container ship', async () => {
    const air = {
      transportMode: 'air',
      origin: { iataCode: 'FRA' },
      destination: { iataCode: 'PVG' },
      glecVehicleType: 'air_freighter_long',
      distance: 9000,
    };
    const res = await create(
      tk.user,
      simpleOrder({ freightType: 'container', activities: [{ activity: 'main_carriage', legs: [air] }] }),
    );
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ message: 'freightTypeNotForMode', detail: { leg: { position: 1 } } });
    const ship = { ...worked.activities[1].legs[0], distance: 19_000 };
    const res2 = await create(
      tk.user,
      simpleOrder({ activities: [{ activity: 'main_carriage', legs: [ship] }] }),
    );
    expect(res2.statusCode).toBe(422);
    expect(res2.json().message).toBe('freightTypeNotForMode');
  });
});

describe('validation', () => {
  it.each([
    ['no number', { number: '' }],
    ['a number over 100 characters', { number: 'x'.repeat(101) }],
    ['a client over 100 characters', { client: 'x'.repeat(101) }],
    ['no activities', { activities: [] }],
    ['an activity twice', { activities: [simpleOrder().activities[0], simpleOrder().activities[0]] }],
    ['a weight of zero', { grossWeight: 0 }],
    ['an unknown freight type', { freightType: 'parcel' }],
    ['an unknown status', { status: 'lost' }],
    ['a day that does not exist', { date: '2026-13-01' }],
  ])('refuses %s (400)', async (_name, over) => {
    const res = await create(tk.user, simpleOrder(over));
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().message).toBe('validationFailed');
  });

  it('refuses a leg without origin or with a negative distance', async () => {
    const leg = { ...simpleOrder().activities[0].legs[0] } as Record<string, unknown>;
    const noOrigin = { ...leg };
    delete noOrigin.origin;
    for (const l of [noOrigin, { ...leg, distance: -5 }]) {
      const res = await create(
        tk.user,
        simpleOrder({ activities: [{ activity: 'main_carriage', legs: [l] }] }),
      );
      expect(res.statusCode).toBe(400);
    }
  });
});

describe('orders: list, read, change, status, clone, delete, alternatives', () => {
  let first: Order;

  beforeAll(async () => {
    first = await created(tk.user, simpleOrder({ number: 'L-1', client: 'Alpha AG', date: '2026-01-10' }));
    await created(
      tk.user,
      simpleOrder({ number: 'L-2', client: 'Beta GmbH', date: '2026-02-10', status: 'confirmed' }),
    );
    await created(
      tk.user,
      simpleOrder({ number: 'L-3', client: 'Alpha AG', date: '2026-03-10', label: 'Eilig' }),
    );
  });

  it('creates with the given distance, keeps the place as entered and records usage', async () => {
    const leg = legsOf(first)[0];
    expect(leg).toMatchObject({
      distance: 100,
      distanceGiven: true,
      distanceType: 'actual',
      method: 'default',
    });
    expect(leg.origin.entered).toEqual({ country: 'DE', city: 'Kassel' });
    // 2 t x 100 km; road DAF 1.05 turns the driven 100 km into 95.24 km of transport distance.
    expect(leg.tkm).toBeCloseTo((2 * 100) / 1.05, 6);
    expect(first.co2Wtw).toBeCloseTo(((2 * 100) / 1.05) * 0.095, 6);
    expect(first.hubs).toEqual([]);
    expect(first).toMatchObject({
      status: 'open',
      position: 1,
      parentId: null,
      alternativeGroupId: first.id,
    });
    expect(await usage(a.id)).toBeGreaterThanOrEqual(4);
  });

  it('lists with filters, search, order and pagination', async () => {
    const all = await listOf(tk.user, '?search=L-&order[date]=asc');
    expect(all['hydra:member'].map((o) => o.number)).toEqual(['L-1', 'L-2', 'L-3']);
    expect((await listOf(tk.user, '?search=alpha'))['hydra:totalItems']).toBe(2);
    expect((await listOf(tk.user, '?search=eilig'))['hydra:member'].map((o) => o.number)).toEqual(['L-3']);
    expect((await listOf(tk.user, '?status=confirmed'))['hydra:member'].map((o) => o.number)).toEqual([
      'L-2',
    ]);
    // Seed 000 §5: no status selected lists nothing.
    expect(await listOf(tk.user, '?status=')).toEqual({ 'hydra:member': [], 'hydra:totalItems': 0 });
    expect(
      (await listOf(tk.user, '?date[after]=2026-02-01&date[before]=2026-02-28'))['hydra:member'].map(
        (o) => o.number,
      ),
    ).toEqual(['L-2']);
    const page = await listOf(tk.user, '?search=L-&order[number]=desc&limit=2&page=2');
    expect(page['hydra:member'].map((o) => o.number)).toEqual(['L-1']);
    expect(page['hydra:totalItems']).toBe(3);
    expect((await t.call({ method: 'GET', url: '/api/orders?status=lost', token: tk.user })).statusCode).toBe(
      400,
    );
  });

  it('reads one order (read-only too); another company’s id is not found', async () => {
    const res = await t.call({ method: 'GET', url: `/api/orders/${first.id}`, token: tk.readonly });
    expect(res.statusCode).toBe(200);
    expect(res.json<Order>().number).toBe('L-1');
    expect(
      (await t.call({ method: 'GET', url: `/api/orders/${first.id}`, token: tk.other })).statusCode,
    ).toBe(404);
    expect((await listOf(tk.other))['hydra:member'].some((o) => o.id === first.id)).toBe(false);
  });

  it('read-only users are refused every write', async () => {
    const calls = [
      { method: 'POST' as const, url: '/api/orders', payload: simpleOrder() },
      { method: 'PATCH' as const, url: `/api/orders/${first.id}`, payload: { note: 'x' } },
      { method: 'PATCH' as const, url: `/api/orders/${first.id}/status`, payload: { status: 'cancelled' } },
      { method: 'POST' as const, url: `/api/orders/${first.id}/clone` },
      { method: 'DELETE' as const, url: `/api/orders/${first.id}` },
    ];
    for (const c of calls) {
      const res = await t.call({ ...c, token: tk.readonly });
      expect([c.url, res.statusCode, res.json().message]).toEqual([c.url, 403, 'readOnly']);
    }
  });

  it('a patch changes fields; a new weight recalculates the legs and keeps their distances', async () => {
    const res = await t.call({
      method: 'PATCH',
      url: `/api/orders/${first.id}`,
      token: tk.user,
      payload: { note: 'Rampe 3', grossWeight: 4000 },
    });
    expect(res.statusCode, res.body).toBe(200);
    const o = res.json<Order>();
    expect(o.note).toBe('Rampe 3');
    expect(legsOf(o)[0]).toMatchObject({ distance: 100, distanceGiven: true });
    expect(o.tkm).toBeCloseTo(2 * first.tkm, 6);
    expect(o.co2Wtw).toBeCloseTo(2 * first.co2Wtw, 6);
  });

  it('a patch with activities replaces the legs', async () => {
    const legs = [
      { ...simpleOrder().activities[0].legs[0], distance: 50 },
      {
        ...simpleOrder().activities[0].legs[0],
        transportMode: 'rail',
        glecVehicleType: 'rail_eu_diesel_avg',
        distance: 200,
      },
    ];
    const res = await t.call({
      method: 'PATCH',
      url: `/api/orders/${first.id}`,
      token: tk.user,
      payload: { activities: [{ activity: 'main_carriage', legs }] },
    });
    expect(res.statusCode, res.body).toBe(200);
    const o = res.json<Order>();
    expect(legsOf(o).map((l) => [l.position, l.transportMode, l.distance])).toEqual([
      [1, 'road', 50],
      [2, 'rail', 200],
    ]);
    // Road → rail: one transhipment hub, 4 t x 1.2 kg CO2e/t.
    expect(o.hubs.map((h) => h.hubType)).toEqual(['transhipment']);
    expect(o.hubCo2Wtw).toBeCloseTo(4.8, 9);
    expect(o.co2Wtw).toBeCloseTo(legsOf(o).reduce((n, l) => n + l.co2Wtw, 0) + 4.8, 9);
    expect(o.modes).toEqual(['road', 'rail']);
  });

  it('changes the status by its own call', async () => {
    const res = await t.call({
      method: 'PATCH',
      url: `/api/orders/${first.id}/status`,
      token: tk.user,
      payload: { status: 'cancelled' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json<Order>().status).toBe('cancelled');
    expect(
      (
        await t.call({
          method: 'PATCH',
          url: `/api/orders/${first.id}/status`,
          token: tk.other,
          payload: { status: 'open' },
        })
      ).statusCode,
    ).toBe(404);
  });

  it('clones an order as a new open order with the same legs and figures', async () => {
    const before = await usage(a.id);
    const res = await t.call({ method: 'POST', url: `/api/orders/${first.id}/clone`, token: tk.user });
    expect(res.statusCode, res.body).toBe(201);
    const copy = res.json<Order>();
    const source = (
      await t.call({ method: 'GET', url: `/api/orders/${first.id}`, token: tk.user })
    ).json<Order>();
    expect(copy.id).not.toBe(source.id);
    expect(copy).toMatchObject({
      status: 'open',
      position: 1,
      alternativeGroupId: copy.id,
      co2Wtw: source.co2Wtw,
    });
    expect(legsOf(copy).map((l) => [l.transportMode, l.distance, l.co2Wtw])).toEqual(
      legsOf(source).map((l) => [l.transportMode, l.distance, l.co2Wtw]),
    );
    expect(legsOf(copy)[0].id).not.toBe(legsOf(source)[0].id);
    expect(copy.hubs[0].afterLeg).toBe(legsOf(copy)[0].id);
    expect(await usage(a.id)).toBe(before + 1);
  });

  it('alternatives join the group; deleting the first hands the basic tour to the next', async () => {
    const base = await created(tk.user, simpleOrder({ number: 'ALT' }));
    const alt = await created(
      tk.user,
      simpleOrder({ number: 'ALT', parentId: base.id, isAutoAlternative: true }),
    );
    expect(alt).toMatchObject({
      position: 2,
      parentId: base.id,
      alternativeGroupId: base.id,
      isAutoAlternative: true,
    });
    // The list shows basic tours only unless asked for every alternative.
    expect((await listOf(tk.user, '?search=ALT'))['hydra:totalItems']).toBe(1);
    expect((await listOf(tk.user, '?search=ALT&basicTourOnly=false'))['hydra:totalItems']).toBe(2);
    // Another company cannot hang an alternative on this order.
    const foreign = await create(tk.other, simpleOrder({ parentId: base.id }));
    expect(foreign.statusCode).toBe(404);
    const del = await t.call({ method: 'DELETE', url: `/api/orders/${base.id}`, token: tk.user });
    expect(del.statusCode).toBe(200);
    expect((await t.call({ method: 'GET', url: `/api/orders/${base.id}`, token: tk.user })).statusCode).toBe(
      404,
    );
    const left = (
      await t.call({ method: 'GET', url: `/api/orders/${alt.id}`, token: tk.user })
    ).json<Order>();
    expect(left).toMatchObject({ position: 1, parentId: null });
    expect(
      (await t.call({ method: 'DELETE', url: `/api/orders/${alt.id}`, token: tk.other })).statusCode,
    ).toBe(404);
  });
});

describe('master data and suggestions', () => {
  it('GET /api/masters names every list in the request language', async () => {
    const de = (await t.call({ method: 'GET', url: '/api/masters', token: tk.readonly })).json();
    const en = (
      await t.call({
        method: 'GET',
        url: '/api/masters',
        token: tk.readonly,
        headers: { 'accept-language': 'en' },
      })
    ).json();
    expect(de.transportMode.map((m: { id: string }) => m.id)).toEqual([
      'road',
      'rail',
      'sea',
      'inland_waterway',
      'air',
    ]);
    expect(de.carriage.find((c: { id: string }) => c.id === 'pre_carriage').name).toBe('Vorlauf');
    expect(en.carriage.find((c: { id: string }) => c.id === 'pre_carriage').name).toBe('Pre-carriage');
    expect(de.orderStatus.map((s: { id: string }) => s.id)).toEqual([
      'open',
      'confirmed',
      'completed',
      'cancelled',
    ]);
    expect(de.truckType.some((v: { id: string }) => v.id === ROAD)).toBe(true);
    expect(de.shipType.some((v: { id: string }) => v.id === SEA)).toBe(true);
    expect(de.trainType.length).toBeGreaterThan(0);
    // Every region's classes, whatever the company chose for its fleet (issue 37): India's trucks, the
    // US train, each with its region and its name in the other language for the picker's search.
    const india = de.truckType.find((v: { id: string }) => v.id === 'road_in_tractor_30_60t_diesel');
    expect(india).toEqual({
      id: 'road_in_tractor_30_60t_diesel',
      name: 'Sattelzug 30–60 t zGG, Diesel (Indien)',
      region: 'India',
      otherName: 'Tractor-trailer 30–60 t GVW, diesel (India)',
    });
    expect(de.trainType.find((v: { id: string }) => v.id === 'rail_us_diesel').region).toBe('North America');
    expect(en.truckType.find((v: { id: string }) => v.id === 'road_in_tractor_30_60t_diesel').otherName).toBe(
      india.name,
    );
    expect(
      de.airType.every((v: { aircraft: string }) => ['belly', 'freighter', 'unknown'].includes(v.aircraft)),
    ).toBe(true);
    for (const k of ['importExport', 'cargo', 'containerLoad', 'containerType', 'freightType', 'weightUnit'])
      expect([k, de[k].length > 0]).toEqual([k, true]);
    expect(de.glecTrailerTypes.length).toBeGreaterThan(0);
    expect(de.fuelTypes.some((f: { id: string }) => f.id === 'diesel')).toBe(true);
  });

  it('suggests clients of earlier orders (most used first) and the latest orders', async () => {
    const c = (await t.call({ method: 'GET', url: '/api/clients?term=alp', token: tk.readonly })).json();
    expect(c['hydra:member'][0]).toEqual({ name: 'Alpha AG', orders: expect.any(Number) });
    expect(c['hydra:member'].every((x: { name: string }) => x.name.toLowerCase().includes('alp'))).toBe(true);
    const s = (await t.call({ method: 'GET', url: '/api/order-suggestion', token: tk.readonly })).json();
    expect(s['hydra:totalItems']).toBeGreaterThan(0);
    expect(s['hydra:totalItems']).toBeLessThanOrEqual(30);
    expect(
      (await t.call({ method: 'GET', url: '/api/clients', token: tk.other })).json()['hydra:member'],
    ).toEqual([]);
  });
});

describe('quota of the basic edition', () => {
  it('allows a basic company 50 orders a month without a freight booking', async () => {
    const quota = (await t.call({ method: 'GET', url: '/api/order-quota', token: tk.basicAdmin })).json();
    expect(quota).toMatchObject({ used: 0, limit: 50 });
    await recordUsage(t.ctx.db, asCompanyId(basic.id), 'order', 49, 0);
    await created(tk.basicAdmin, simpleOrder());
    const refused = await create(tk.basicAdmin, simpleOrder());
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ message: 'orderQuotaReached', detail: { limit: 50 } });
    expect(
      (await t.call({ method: 'GET', url: '/api/order-quota', token: tk.basicAdmin })).json(),
    ).toMatchObject({
      used: 50,
      limit: 50,
    });
  });

  it('takes the free amount from the active freight booking', async () => {
    const tariff = await insertTariff(t.ctx.db, {
      module: 'cft',
      type: 'default',
      freeNumberOfShipments: 60,
      translations: [{ locale: 'de', name: 'Basis', shortDescription: 'B', longDescription: 'B' }],
    } as never);
    await insertBooking(t.ctx.db, {
      companyId: asCompanyId(basic.id),
      tariffId: tariff.id,
      beginDate: '2020-01-01',
      emailBooking: basic.users.admin.email,
    });
    expect(
      (await t.call({ method: 'GET', url: '/api/order-quota', token: tk.basicAdmin })).json().limit,
    ).toBe(60);
    expect((await create(tk.basicAdmin, simpleOrder())).statusCode).toBe(201);
  });

  it('does not limit professional companies', async () => {
    await recordUsage(t.ctx.db, asCompanyId(b.id), 'order', 10_000, 0);
    expect(
      (await t.call({ method: 'GET', url: '/api/order-quota', token: tk.other })).json().limit,
    ).toBeNull();
    expect((await create(tk.other, simpleOrder())).statusCode).toBe(201);
  });
});
