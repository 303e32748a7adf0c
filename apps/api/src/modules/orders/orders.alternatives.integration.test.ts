import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { LegDistance, Order, OrderLeg, OrderSummary } from '@klimadesk/contract';
import { legEmission, orderTestApp } from '../../../test/order-app.ts';
import { asCompanyId } from '../../platform/tenant.ts';
import { recordUsage } from '../invoicing/index.ts';
import { carriage, roadOrder, workedExampleOrder } from '../../../test/orders.ts';

const { t, a, basic, tk } = orderTestApp('Alt', ['DE', 'NL', 'CN', 'US']);

type Alternatives = { 'hydra:member': Order[]; 'hydra:totalItems': number };
type AutoResult = {
  created: (Order & { routing: string })[];
  replaced: number;
  skipped: { routing: string; reason: string }[];
};

/** 2 t of unit cargo by road from Buxtehude (21614) to Munich, distances from the location service. */
const buxtehudeMunich = (over: Record<string, unknown> = {}) =>
  roadOrder(
    { country: 'DE', zipCode: '21614' },
    { country: 'DE', city: 'München' },
    {
      number: 'ALT-1',
      client: 'Nordlicht Handel',
      ...over,
    },
  );

const created = async (token: string, payload: object) => {
  const res = await t.call({ method: 'POST', url: '/api/orders', token, payload });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Order>();
};
const alternatives = async (token: string, id: string) => {
  const res = await t.call({ method: 'GET', url: `/api/orders/${id}/alternatives`, token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Alternatives>()['hydra:member'];
};
const generate = (token: string, id: string) =>
  t.call({ method: 'POST', url: `/api/orders/${id}/alternatives/auto`, token });
const generated = async (token: string, id: string) => {
  const res = await generate(token, id);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<AutoResult>();
};
const promote = (token: string, id: string) =>
  t.call({ method: 'POST', url: `/api/orders/${id}/promote`, token });
const legsOf = (o: Order) => o.activities.flatMap((x) => x.legs);
const usage = async (companyId: string) => {
  const res = await t.ctx.db.execute(
    sql`select coalesce(sum(shipments), 0)::int as n from usage_months where company_id = ${companyId} and source = 'order'`,
  );
  return (res as unknown as { rows: { n: number }[] }).rows[0].n;
};
const distance = async (leg: OrderLeg) => {
  const res = await t.call({
    method: 'POST',
    url: '/api/legs/distance',
    token: tk.user,
    payload: {
      transportMode: leg.transportMode,
      origin: leg.origin.entered,
      destination: leg.destination.entered,
    },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<LegDistance>();
};

const emission = (leg: OrderLeg, tonnes: number) => legEmission(t, tk.user, leg, tonnes);
/** A stored leg carries the figures the engine gives for its own distance and the weight. */
async function expectEngineFigures(leg: OrderLeg, tonnes: number) {
  const figures = (x: { co2Ttw: number; co2Wtt: number; co2Wtw: number; tkm: number }) => [
    x.co2Ttw,
    x.co2Wtt,
    x.co2Wtw,
    x.tkm,
  ];
  expect(figures(leg)).toEqual(figures(await emission(leg, tonnes)));
}
const byRouting = (r: AutoResult, routing: string) => r.created.find((o) => o.routing === routing)!;

describe('suggestions from the basic tour', () => {
  let base: Order;
  let result: AutoResult;
  let usageBefore: number;

  beforeAll(async () => {
    base = await created(tk.user, buxtehudeMunich());
    usageBefore = await usage(a.id);
    result = await generated(tk.user, base.id);
  });

  it('adds rail main carriage and road-rail-road after the basic tour, marked as suggestions', async () => {
    // The one road leg by rail is the rail main carriage again; the order flies nowhere.
    expect(result.skipped).toEqual([
      { routing: 'rail_for_long_road', reason: 'sameRouting' },
      { routing: 'sea_for_air', reason: 'noAirLeg' },
    ]);
    expect(result.replaced).toBe(0);
    expect(result.created.map((o) => [o.routing, o.position, o.modes])).toEqual([
      ['rail_main_carriage', 2, ['rail']],
      ['road_rail_road', 3, ['road', 'rail']],
    ]);
    for (const o of result.created)
      expect(o).toMatchObject({
        isAutoAlternative: true,
        parentId: base.id,
        alternativeGroupId: base.id,
        number: base.number,
        client: base.client,
        freightType: 'unit_cargo',
        grossWeight: 2000,
        grossWeightUnit: 'kg',
      });
    const group = await alternatives(tk.user, base.id);
    expect(group.map((o) => [o.id, o.position])).toEqual([
      [base.id, 1],
      [result.created[0].id, 2],
      [result.created[1].id, 3],
    ]);
    // Any member names the same group.
    expect((await alternatives(tk.user, result.created[1].id)).map((o) => o.id)).toEqual(
      group.map((o) => o.id),
    );
  });

  it('records no usage: suggestions do not count against the monthly quota', async () => {
    expect(await usage(a.id)).toBe(usageBefore);
  });

  it('rail main carriage: the engine’s figures on the location service’s rail distance, worked by hand', async () => {
    const rail = byRouting(result, 'rail_main_carriage');
    const [leg] = legsOf(rail);
    expect(leg).toMatchObject({
      transportMode: 'rail',
      glecVehicleType: 'rail_eu_unknown_avg',
      origin: { entered: { country: 'DE', zipCode: '21614' } },
      destination: { entered: { country: 'DE', city: 'München' } },
    });
    const d = await distance(leg);
    expect([leg.distance, leg.distanceType]).toEqual([d.distance, d.distanceType]);
    // Rail: great-circle distance x 1.2; the road leg of the basic tour is the same distance x 1.3.
    expect(leg.distance).toBeCloseTo((legsOf(base)[0].distance / 1.3) * 1.2, 0);
    // 728.7 km x 2 t = 1,457.4 tkm; EU rail, traction unknown: WTW 18.4 g/tkm, TTW 38 % x 23.6 = 8.968 g/tkm.
    expect(leg.distance).toBe(728.7);
    expect(rail.tkm).toBeCloseTo(1457.4, 9);
    expect(rail.co2Wtw).toBeCloseTo(26.81616, 9);
    expect(rail.co2Ttw).toBeCloseTo(13.0699632, 9);
    expect(rail.co2Wtt).toBeCloseTo(26.81616 - 13.0699632, 9);
    expect(rail.intensity).toBeCloseTo(18.4, 9);
    expect(rail.hubs).toEqual([]);
    await expectEngineFigures(leg, 2);
  });

  it('road-rail-road: road to the nearest large city, rail to the one at the destination, a hub between', async () => {
    const rrr = byRouting(result, 'road_rail_road');
    const [road, rail] = legsOf(rrr);
    expect(rrr.activities.map((x) => x.activity)).toEqual(['pre_carriage', 'main_carriage']);
    // Hamburg-Altona (GeoNames city, 250,000 inhabitants) is the nearest terminal to Buxtehude;
    // Munich is its own terminal, so no on-carriage.
    expect(road).toMatchObject({
      transportMode: 'road',
      glecVehicleType: 'road_eu_artic_40t_avg_diesel',
      origin: { entered: { country: 'DE', zipCode: '21614' } },
      destination: { entered: { country: 'DE', city: 'Altona' } },
    });
    expect(rail).toMatchObject({
      transportMode: 'rail',
      origin: { entered: { country: 'DE', city: 'Altona' } },
      destination: { entered: { country: 'DE', city: 'Munich' } },
    });
    for (const leg of [road, rail]) {
      const d = await distance(leg);
      expect(leg.distance).toBe(d.distance);
      await expectEngineFigures(leg, 2);
    }
    // Road 24.4 km x 2 t = 48.8 tkm x 95 g = 4.636 kg; rail 735.3 km x 2 t = 1,470.6 tkm x 18.4 g =
    // 27.05904 kg; transhipment road → rail 1.2 kg/t x 2 t = 2.4 kg: 34.09504 kg over 1,519.4 tkm.
    expect([road.distance, rail.distance]).toEqual([24.4, 735.3]);
    expect(road.co2Wtw).toBeCloseTo(4.636, 9);
    expect(rail.co2Wtw).toBeCloseTo(27.05904, 9);
    expect(rrr.hubs.map((h) => [h.afterLeg, h.beforeLeg, h.hubType, h.co2Wtw])).toEqual([
      [road.id, rail.id, 'transhipment', 2.4],
    ]);
    expect(rrr.co2Wtw).toBeCloseTo(34.09504, 9);
    expect(rrr.tkm).toBeCloseTo(1519.4, 9);
    expect(rrr.intensity).toBeCloseTo((34.09504 * 1000) / 1519.4, 9);
  });

  it('re-generating replaces earlier suggestions and keeps user-made alternatives', async () => {
    const own = await created(tk.user, buxtehudeMunich({ number: 'ALT-1', parentId: base.id, label: 'own' }));
    expect(own.position).toBe(4);
    const again = await generated(tk.user, base.id);
    expect(again.replaced).toBe(2);
    expect(again.created.map((o) => [o.routing, o.position])).toEqual([
      ['rail_main_carriage', 3],
      ['road_rail_road', 4],
    ]);
    const group = await alternatives(tk.user, base.id);
    expect(group.map((o) => [o.id, o.position, o.isAutoAlternative])).toEqual([
      [base.id, 1, false],
      [own.id, 2, false],
      [again.created[0].id, 3, true],
      [again.created[1].id, 4, true],
    ]);
    for (const old of result.created)
      expect((await t.call({ method: 'GET', url: `/api/orders/${old.id}`, token: tk.user })).statusCode).toBe(
        404,
      );
    // The same figures as the first run: the places and the cargo did not change.
    expect(again.created.map((o) => o.co2Wtw)).toEqual(result.created.map((o) => o.co2Wtw));
    result = again;
  });

  it('promotes an alternative to first: the old first becomes second, exactly one first', async () => {
    const target = result.created[1];
    const before = (await alternatives(tk.user, base.id)).map((o) => o.id).filter((id) => id !== target.id);
    expect(before).toHaveLength(3);
    expect(before[0]).toBe(base.id);
    const res = await promote(tk.user, target.id);
    expect(res.statusCode, res.body).toBe(200);
    const group = res.json<Alternatives>()['hydra:member'];
    expect(group.map((o) => o.id)).toEqual([target.id, ...before]);
    expect(group.map((o) => o.position)).toEqual([1, 2, 3, 4]);
    expect(group.filter((o) => o.position === 1)).toHaveLength(1);
    // The group is named by its first: every alternative's parent is the new basic tour.
    expect(group.map((o) => o.parentId)).toEqual([null, target.id, target.id, target.id]);
    expect(new Set(group.map((o) => o.alternativeGroupId))).toEqual(new Set([target.id]));
    // Lists and figures take the first alternatives: the promoted one stands for the order now.
    const list = await t.call({ method: 'GET', url: '/api/orders?search=ALT-1', token: tk.user });
    expect(list.json<{ 'hydra:member': OrderSummary[] }>()['hydra:member'].map((o) => o.id)).toEqual([
      target.id,
    ]);
    const dash = await t.call({ method: 'GET', url: '/api/order-dashboard?search=ALT-1', token: tk.user });
    expect(dash.json()).toMatchObject({ orders: 1, co2Wtw: expect.closeTo(target.co2Wtw, 9) });
    // Promoting the first again changes nothing.
    const same = await promote(tk.user, target.id);
    expect(same.json<Alternatives>()['hydra:member'].map((o) => o.id)).toEqual([target.id, ...before]);
  });

  it('re-generating keeps a promoted suggestion (it is the basic tour now)', async () => {
    const [first, old, own] = await alternatives(tk.user, base.id);
    const again = await generated(tk.user, first.id);
    // Only the suggestion after the basic tour is replaced; suggestions start from the basic tour (road + rail).
    expect(again.replaced).toBe(1);
    const group = await alternatives(tk.user, base.id);
    expect(group.slice(0, 3).map((o) => o.id)).toEqual([first.id, old.id, own.id]);
    expect(group.slice(3).every((o) => o.isAutoAlternative)).toBe(true);
    expect(again.created.every((o) => o.parentId === first.id)).toBe(true);
  });

  it('deleting the basic tour hands the group to the next, named by it', async () => {
    const [first, second] = await alternatives(tk.user, base.id);
    expect(
      (await t.call({ method: 'DELETE', url: `/api/orders/${first.id}`, token: tk.user })).statusCode,
    ).toBe(200);
    const group = await alternatives(tk.user, second.id);
    expect(group[0]).toMatchObject({
      id: second.id,
      position: 1,
      parentId: null,
      alternativeGroupId: second.id,
    });
    expect(group.slice(1).every((o) => o.parentId === second.id)).toBe(true);
  });
});

describe('access', () => {
  let order: Order;
  beforeAll(async () => {
    order = await created(tk.user, buxtehudeMunich({ number: 'ACC-1' }));
  });

  it('read-only users list alternatives but neither generate nor promote', async () => {
    expect(await alternatives(tk.readonly, order.id)).toHaveLength(1);
    expect((await generate(tk.readonly, order.id)).statusCode).toBe(403);
    expect((await promote(tk.readonly, order.id)).statusCode).toBe(403);
    expect(await alternatives(tk.user, order.id)).toHaveLength(1);
  });

  it('another company gets notFound for every call and changes nothing', async () => {
    for (const res of [
      await t.call({ method: 'GET', url: `/api/orders/${order.id}/alternatives`, token: tk.other }),
      await generate(tk.other, order.id),
      await promote(tk.other, order.id),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ message: 'notFound' });
    }
    expect(await alternatives(tk.user, order.id)).toHaveLength(1);
  });
});

describe('routings the places do not allow', () => {
  it('leaves out rail across the sea and says why', async () => {
    const sea = await created(
      tk.user,
      buxtehudeMunich({
        number: 'SEA-1',
        freightType: 'container',
        quantity: 1,
        containerSpec: '40ft',
        grossWeight: 12,
        grossWeightUnit: 't',
        activities: [
          carriage(
            'main_carriage',
            'sea',
            { locode: 'DEHAM' },
            { locode: 'USNYC' },
            { glecVehicleType: 'sea_container_industry_average_dry' },
          ),
        ],
      }),
    );
    const r = await generated(tk.user, sea.id);
    expect(r.created).toEqual([]);
    expect(r.skipped).toEqual([
      { routing: 'rail_main_carriage', reason: 'NoRouteFound' },
      { routing: 'road_rail_road', reason: 'NoRouteFound' },
      { routing: 'rail_for_long_road', reason: 'noLongRoadLeg' },
      { routing: 'sea_for_air', reason: 'noAirLeg' },
    ]);
    expect(await alternatives(tk.user, sea.id)).toHaveLength(1);
  });

  it('leaves out rail main carriage when the main carriage already goes by rail', async () => {
    const rail = await created(
      tk.user,
      buxtehudeMunich({
        number: 'RAIL-1',
        activities: [
          carriage(
            'main_carriage',
            'rail',
            { country: 'DE', zipCode: '21614' },
            { country: 'DE', city: 'München' },
            { glecVehicleType: 'rail_eu_electric_avg' },
          ),
        ],
      }),
    );
    const r = await generated(tk.user, rail.id);
    expect(r.skipped).toEqual([
      { routing: 'rail_main_carriage', reason: 'alreadyRail' },
      { routing: 'rail_for_long_road', reason: 'noLongRoadLeg' },
      { routing: 'sea_for_air', reason: 'noAirLeg' },
    ]);
    expect(r.created.map((o) => o.modes)).toEqual([['road', 'rail']]);
  });
});

describe('basic edition', () => {
  it('generates suggestions when the monthly quota is used up', async () => {
    await recordUsage(t.ctx.db, asCompanyId(basic.id), 'order', 49, 0);
    const order = await created(tk.basicAdmin, buxtehudeMunich({ number: 'B-1' }));
    const refused = await t.call({
      method: 'POST',
      url: '/api/orders',
      token: tk.basicAdmin,
      payload: buxtehudeMunich(),
    });
    expect(refused.json()).toMatchObject({ message: 'orderQuotaReached' });
    const r = await generated(tk.basicAdmin, order.id);
    expect(r.created).toHaveLength(2);
    const quota = (await t.call({ method: 'GET', url: '/api/order-quota', token: tk.basicAdmin })).json();
    expect(quota).toMatchObject({ used: 50, limit: 50 });
  });
});

describe('lower-emission suggestions (issue 37)', () => {
  it('rail for a long road leg: the worked example by rail to Rotterdam emits 368.3 kg less', async () => {
    const base = await created(tk.user, workedExampleOrder({ number: 'LOW-RAIL' }));
    const r = await generated(tk.user, base.id);
    const shift = byRouting(r, 'rail_for_long_road');
    expect(shift.modes).toEqual(['rail', 'sea', 'road']);
    const [rail, sea, road] = legsOf(shift);
    const [, baseSea, baseRoad] = legsOf(base);
    expect(rail).toMatchObject({
      transportMode: 'rail',
      glecVehicleType: 'rail_eu_diesel_container',
      origin: { entered: { country: 'DE', zipCode: '20095' } },
      destination: { entered: { locode: 'NLRTM' } },
    });
    // The sea leg and the 109 km on-carriage (below 300 km) keep their distances and figures.
    expect([sea.distance, sea.co2Wtw, road.distance, road.co2Wtw]).toEqual([
      baseSea.distance,
      baseSea.co2Wtw,
      baseRoad.distance,
      baseRoad.co2Wtw,
    ]);
    const d = await distance(rail);
    expect([rail.distance, rail.distanceType]).toEqual([d.distance, d.distanceType]);
    // Rail: great circle 412.5 km x 1.2 = 495.0 km (estimate, no rail DAF) x 10 t = 4,950 tkm; EU diesel
    // container train (GLEC v3.2 Tables 4-5) TTW 21.9 + WTT 6.6 = 28.5 g/tkm: 108.405 + 32.67 = 141.075 kg.
    expect(rail.distance).toBe(495);
    expect(rail.tkm).toBeCloseTo(4950, 9);
    expect(rail.co2Ttw).toBeCloseTo(108.405, 9);
    expect(rail.co2Wtt).toBeCloseTo(32.67, 9);
    expect(rail.co2Wtw).toBeCloseTo(141.075, 9);
    await expectEngineFigures(rail, 10);
    // Rail to ship and ship to road are maritime container terminals as before: 2 x 11.4 kg.
    expect(shift.hubCo2Wtw).toBeCloseTo(22.8, 9);
    // Basic tour: road 536.2 km x 10 t x 95 g = 509.39 + sea 931.39179 + road 103.55 + 22.8 = 1,567.13179 kg;
    // the suggestion: 141.075 + 931.39179 + 103.55 + 22.8 = 1,198.81679 kg, 368.315 kg (23.5 %) less.
    expect(base.co2Wtw).toBeCloseTo(1567.13179, 6);
    expect(shift.co2Wtw).toBeCloseTo(1198.81679, 6);
    expect(shift.co2Wtw - base.co2Wtw).toBeCloseTo(-368.315, 6);
  });

  it('sea instead of air: 2 t Hamburg–Shanghai on a general cargo ship instead of a freighter', async () => {
    const base = await created(
      tk.user,
      buxtehudeMunich({
        number: 'LOW-SEA',
        activities: [
          carriage(
            'main_carriage',
            'air',
            { iataCode: 'HAM' },
            { iataCode: 'PVG' },
            { glecVehicleType: 'air_freighter_long' },
          ),
        ],
      }),
    );
    const r = await generated(tk.user, base.id);
    expect(r.skipped).toContainEqual({ routing: 'rail_for_long_road', reason: 'noLongRoadLeg' });
    const ship = byRouting(r, 'sea_for_air');
    const [leg] = legsOf(ship);
    // Unit cargo goes on a general cargo ship, not a container ship (seed 000 §4).
    expect(leg).toMatchObject({
      transportMode: 'sea',
      glecVehicleType: 'sea_general_cargo_5000_9999_dwt',
      origin: { entered: { iataCode: 'HAM' } },
      destination: { entered: { iataCode: 'PVG' } },
    });
    const d = await distance(leg);
    expect([leg.distance, leg.distanceType]).toEqual([d.distance, d.distanceType]);
    expect(leg.distanceMethodCode).toMatchObject({ method: 'seaNetwork', from: 'DEHAM' });
    await expectEngineFigures(leg, 2);
    expect(leg.distanceMethodCode).toMatchObject({ to: 'CNSGH' });
    const [flight] = legsOf(base);
    // Air: great circle HAM–PVG 8,541.2 km + 95 = 8,636.2 km x 2 t = 17,272.4 tkm; freighter long haul
    // (GLEC v3.2 Table 1) TTW 503 + WTT 105 = 608 g/tkm: 8,688.0172 + 1,813.602 = 10,501.6192 kg.
    expect([flight.distance, flight.tkm]).toEqual([8636.2, 17_272.4]);
    expect(base.co2Wtw).toBeCloseTo(10_501.6192, 6);
    // Sea: Hamburg–Shanghai on the marine network 20,299.6 km (SFD) x 2 t = 40,599.2 tkm; general
    // cargo 5,000-9,999 dwt (GLEC v3.2 Table 15) is per actual km, so x DAF 1.15: TTW 18.1 x 1.15 =
    // 20.815 g and WTT 3.9 x 1.15 = 4.485 g per tkm: 845.072348 + 182.087412 = 1,027.15976 kg.
    expect([leg.distance, leg.distanceType, leg.tkm]).toEqual([20_299.6, 'SFD', 40_599.2]);
    expect(leg.co2Ttw).toBeCloseTo(845.072348, 6);
    expect(leg.co2Wtt).toBeCloseTo(182.087412, 6);
    expect(ship.co2Wtw).toBeCloseTo(1027.15976, 6);
    // 9,474.45944 kg (90.2 %) less than the basic tour.
    expect(ship.co2Wtw - base.co2Wtw).toBeCloseTo(-9474.45944, 6);
    expect(ship.hubs).toEqual([]);
  });
});
