import { beforeAll, describe, expect, it } from 'vitest';
import type { Order } from '@klimadesk/contract';
import { appWithCompanies } from '../../../test/harness.ts';

const { t, a } = appWithCompanies({ a: 'OrdHubs' });
let user: string;
let readonly: string;

beforeAll(async () => {
  user = await t.login(a.users.user.email);
  readonly = await t.login(a.users.readonly.email);
}, 240_000);

type Preview = {
  hubs: { afterLeg: number; hubType: string; co2Wtw: number; trace: unknown[] }[];
  co2Wtw: number;
};

const preview = (token: string, payload: object) =>
  t.call({ method: 'POST', url: '/api/order-hubs', token, payload });
const previewed = async (payload: object) => {
  const res = await preview(user, payload);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Preview>();
};

const container = {
  freightType: 'container',
  grossWeight: 10,
  grossWeightUnit: 't',
  quantity: 1,
  modes: ['road', 'sea', 'road'],
};

describe('POST /api/order-hubs (hubs of an order being entered, GLEC v3.1 §3.1: a hub wherever goods change vehicle)', () => {
  it('puts a maritime container terminal on each side of the sea leg of a container: 2 × 11.4 kg', async () => {
    // 1 container × 11.4 kg CO2e per container (ambient) at each terminal = 22.8 kg.
    const p = await previewed(container);
    expect(p.hubs.map((h) => [h.afterLeg, h.hubType])).toEqual([
      [0, 'maritime_container_terminal'],
      [1, 'maritime_container_terminal'],
    ]);
    expect(p.hubs[0].co2Wtw).toBeCloseTo(11.4, 9);
    expect(p.co2Wtw).toBeCloseTo(22.8, 9);
    expect(p.hubs[0].trace.length).toBeGreaterThan(0);
  });

  it('takes a terminal per 10 t of freight, whatever the container count, temperature-controlled 13.4 kg', async () => {
    // 20 t / 10 t per container x 13.4 kg = 26.8 kg, with 2 containers given or 1 ([S1] Case A).
    for (const quantity of [2, 1]) {
      const p = await previewed({
        ...container,
        grossWeight: 20,
        quantity,
        temperatureControl: true,
        modes: ['sea', 'road'],
      });
      expect(p.hubs).toHaveLength(1);
      expect(p.co2Wtw).toBeCloseTo(26.8, 9);
    }
  });

  it('tranships per tonne wherever the goods change vehicle, also between legs of one mode', async () => {
    // Unit cargo of 2,000 kg = 2 t x 1.2 kg CO2e/t at each of the three transhipments = 7.2 kg.
    const p = await previewed({
      freightType: 'unit_cargo',
      grossWeight: 2000,
      grossWeightUnit: 'kg',
      modes: ['road', 'rail', 'rail', 'road'],
    });
    expect(p.hubs.map((h) => [h.afterLeg, h.hubType])).toEqual([
      [0, 'transhipment'],
      [1, 'transhipment'],
      [2, 'transhipment'],
    ]);
    expect(p.co2Wtw).toBeCloseTo(7.2, 9);
    // A container from truck to truck: transhipment, 10 t x 1.2 = 12 kg.
    const road = await previewed({ ...container, modes: ['road', 'road'] });
    expect(road.hubs.map((h) => [h.hubType, h.co2Wtw])).toEqual([['transhipment', expect.closeTo(12, 9)]]);
  });

  it('gives a road–road–road order of 5 t the 12 kg its three tours get (one hub rule)', async () => {
    // Two transhipments x 5 t x 1.2 kg CO2e/t (GLEC v3.2 Module 2 Table 3) = 12 kg, as the tour
    // import gives the same shipment on a pre-, main and on-carriage tour (tours.emissions.test.ts).
    const leg = (from: string, to: string) => ({
      transportMode: 'road',
      origin: { country: 'DE', city: from },
      destination: { country: 'DE', city: to },
      glecVehicleType: 'road_eu_artic_40t_avg_diesel',
      distance: 100,
    });
    const res = await t.call({
      method: 'POST',
      url: '/api/orders',
      token: user,
      payload: {
        number: 'H-3',
        client: 'Hub GmbH',
        cargoType: 'general',
        freightType: 'unit_cargo',
        grossWeight: 5,
        grossWeightUnit: 't',
        date: '2026-03-02',
        activities: [
          { activity: 'pre_carriage', legs: [leg('Kassel', 'Fulda')] },
          { activity: 'main_carriage', legs: [leg('Fulda', 'Würzburg')] },
          { activity: 'on_carriage', legs: [leg('Würzburg', 'Nürnberg')] },
        ],
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    const order = res.json<Order>();
    expect(order.hubs.map((h) => h.hubType)).toEqual(['transhipment', 'transhipment']);
    expect(order.hubCo2Wtw).toBeCloseTo(12, 9);
  });

  it('gives the hubs a saved order of the same cargo and modes stores', async () => {
    const res = await t.call({
      method: 'POST',
      url: '/api/orders',
      token: user,
      payload: {
        number: 'H-1',
        client: 'Hub GmbH',
        cargoType: 'general',
        freightType: 'container',
        grossWeight: 10,
        grossWeightUnit: 't',
        quantity: 1,
        containerSpec: '40ft',
        date: '2026-03-02',
        activities: [
          {
            activity: 'main_carriage',
            legs: [
              {
                transportMode: 'road',
                origin: { locode: 'DEHAM' },
                destination: { locode: 'NLRTM' },
                glecVehicleType: 'road_eu_artic_40t_avg_diesel',
                distance: 500,
              },
              {
                transportMode: 'sea',
                origin: { locode: 'NLRTM' },
                destination: { locode: 'CNSHA' },
                glecVehicleType: 'sea_container_asia_north_europe_dry',
                distance: 19_000,
              },
              {
                transportMode: 'road',
                origin: { locode: 'CNSHA' },
                destination: { country: 'CN', city: 'Suzhou' },
                glecVehicleType: 'road_eu_artic_40t_avg_diesel',
                distance: 100,
              },
            ],
          },
        ],
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    const order = res.json<Order>();
    const p = await previewed(container);
    expect(order.hubCo2Wtw).toBeCloseTo(p.co2Wtw, 9);
    expect(order.hubs.map((h) => h.co2Wtw)).toEqual(p.hubs.map((h) => h.co2Wtw));
  });

  it('refuses read-only users and invalid cargo', async () => {
    expect((await preview(readonly, container)).statusCode).toBe(403);
    const bad = await preview(user, { ...container, grossWeight: 0 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ message: string }>().message).toBe('validationFailed');
    expect((await preview(user, { ...container, modes: [] })).statusCode).toBe(400);
  });
});
