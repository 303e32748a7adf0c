import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { type Order, formatNumber } from '@klimadesk/contract';
import { orderTestApp } from '../../../test/order-app.ts';
import { expectPdfShows } from '../../../test/pdf-shows.ts';
import { carriage, roadOrder, workedExampleOrder } from '../../../test/orders.ts';

/**
 * Typed order distances with their kind (ISO 14083 §3.2.1; GLEC v3.1 distance types; [S1] Table 3):
 * an `actual` road or sea distance is divided by the DAF (road 1.05, sea 1.15), a `shortestFeasible`
 * one is the transport distance as it is, an air `greatCircle` one gets + 95 km.
 */
const { t, tk } = orderTestApp('OrdDist', ['DE', 'NL', 'CN']);

const created = async (payload: object) => {
  const res = await t.call({ method: 'POST', url: '/api/orders', token: tk.user, payload });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Order>();
};
const legsOf = (o: Order) => o.activities.flatMap((x) => x.legs);

/** The worked example (issue 17) with its computed distances typed, all of one kind. */
const typedWorkedExample = (number: string, distanceType?: string) => {
  const typed = [536.2, 19_859.1, 109];
  const w = workedExampleOrder({ number });
  return {
    ...w,
    activities: w.activities.map((a, i) => ({
      ...a,
      legs: a.legs.map((l) => ({ ...l, distance: typed[i], ...(distanceType ? { distanceType } : {}) })),
    })),
  };
};

describe('typed distances of an order and their kind', () => {
  it('gives the worked example typed with shortest feasible distances the calculated figures', async () => {
    const calculated = await created(workedExampleOrder({ number: 'WE-CALC' }));
    const typed = await created(typedWorkedExample('WE-SFD', 'shortestFeasible'));
    expect(legsOf(calculated).map((l) => l.distance)).toEqual([536.2, 19_859.1, 109]);
    // 509.39 + 931.39179 + 103.55 + 2 terminals x 11.4 = 1,567.13179 kg over 205,043 tkm (issue 17).
    expect(typed.co2Wtw).toBeCloseTo(1567.13179, 6);
    expect(typed.tkm).toBeCloseTo(205_043, 6);
    expect(typed.co2Wtw).toBeCloseTo(calculated.co2Wtw, 9);
    expect(typed.intensity).toBeCloseTo(calculated.intensity, 9);
    expect(legsOf(typed).map((l) => [l.distanceGiven, l.distanceType, l.transportDistance])).toEqual([
      [true, 'SFD', 536.2],
      [true, 'SFD', 19_859.1],
      [true, 'SFD', 109],
    ]);
    // The calculated legs say the kind of their own distance and the same transport distance.
    expect(legsOf(calculated).map((l) => [l.distanceType, l.transportDistance])).toEqual([
      ['estimate', 536.2],
      ['SFD', 19_859.1],
      ['estimate', 109],
    ]);
  });

  it('still takes a distance without a kind as actual: divided by the DAF (1,416.46 kg)', async () => {
    const o = await created(typedWorkedExample('WE-ACT'));
    const [road1, sea, road2] = legsOf(o);
    expect([road1.distanceType, sea.distanceType]).toEqual(['actual', 'actual']);
    // Sea: 19,859.1 km / 1.15 = 17,268.78 km, x 10 t = 172,687.83 tkm; 17,268.78 TEU-km x 46.9 g.
    expect(sea.transportDistance).toBeCloseTo(19_859.1 / 1.15, 9);
    expect(sea.tkm).toBeCloseTo(172_687.826087, 5);
    expect(sea.co2Wtw).toBeCloseTo(931.39179 / 1.15, 6);
    // Road: 536.2 / 1.05 x 10 t x 95 g = 485.1333 kg; 109 / 1.05 x 10 t x 95 g = 98.6190 kg.
    expect(road1.co2Wtw).toBeCloseTo(509.39 / 1.05, 6);
    expect(road2.co2Wtw).toBeCloseTo(103.55 / 1.05, 6);
    expect(o.co2Wtw).toBeCloseTo(509.39 / 1.05 + 931.39179 / 1.15 + 103.55 / 1.05 + 22.8, 6);
    expect(o.co2Wtw).toBeCloseTo(1416.46, 2);
  });

  it('adds 95 km to an air great-circle distance: Frankfurt–Munich 1,198.25 kg, not 910.21', async () => {
    const air = (number: string, distanceType: string) =>
      roadOrder(
        { iataCode: 'FRA' },
        { iataCode: 'MUC' },
        {
          number,
          activities: [
            carriage(
              'main_carriage',
              'air',
              { iataCode: 'FRA' },
              { iataCode: 'MUC' },
              { glecVehicleType: 'air_freighter_short', distance: 300.2, distanceType },
            ),
          ],
        },
      );
    // Freighter short haul 1,516 g CO2e/tkm (GLEC v3.2 Module 2 Table 1, p.94), 2 t of unit cargo:
    // (300.2 + 95) km x 2 t = 790.4 tkm x 1,516 g = 1,198.2464 kg.
    const gcd = await created(air('AIR-GCD', 'greatCircle'));
    const [leg] = legsOf(gcd);
    expect([leg.distance, leg.distanceType, leg.transportDistance, leg.transportDistanceType]).toEqual([
      300.2,
      'GCD',
      expect.closeTo(395.2, 9),
      'GCD+95',
    ]);
    expect(leg.tkm).toBeCloseTo(790.4, 9);
    expect(gcd.co2Wtw).toBeCloseTo(1198.2464, 6);
    // Flown km stand for GCD + 95 km already: 600.4 tkm x 1,516 g = 910.2064 kg.
    const flown = await created(air('AIR-ACT', 'actual'));
    expect(flown.co2Wtw).toBeCloseTo(910.2064, 6);
    expect(legsOf(flown)[0].transportDistance).toBe(300.2);
  });

  it('refuses an unknown kind', async () => {
    const body = roadOrder({ country: 'DE', city: 'Kassel' }, { country: 'DE', city: 'Fulda' });
    body.activities[0].legs[0] = {
      ...body.activities[0].legs[0],
      distance: 100,
      distanceType: 'driven',
    } as never;
    const res = await t.call({ method: 'POST', url: '/api/orders', token: tk.user, payload: body });
    expect(res.statusCode).toBe(400);
  });

  it('prints the typed distance, its kind, the transport distance and the tkm on the certificate', async () => {
    const o = await created(typedWorkedExample('WE-CERT'));
    const sea = legsOf(o)[1];
    const pdf = async (lang: string) => {
      const res = await t.call({
        method: 'GET',
        url: `/api/orders/${o.id}/certificate`,
        token: tk.user,
        headers: { 'accept-language': lang },
      });
      expect(res.statusCode).toBe(200);
      return res.rawPayload;
    };
    // 19,859.1 km typed as actual x 10 t would be 198,591 tkm; the certificate shows why it is
    // 172,687.83: the transport distance 17,268.78 km = 19,859.1 / 1.15.
    expectPdfShows(await pdf('en'), [
      '19,859.10 km (actual distance; given)',
      'Transport distance (basis of tkm)',
      '17,268.78 km (SFD: actual distance ÷ DAF 1.15)',
      formatNumber(sea.tkm, 'en', 2),
      '172,687.83',
    ]);
    expectPdfShows(await pdf('de'), [
      '19.859,10 km (tatsächliche Entfernung; angegeben)',
      'Transportentfernung (Basis der tkm)',
      '17.268,78 km (SFD: tatsächliche Entfernung ÷ DAF 1,15)',
      '172.687,83',
    ]);
    // The calculation sheet (German, the request language) replays the same steps: typed distance
    // and kind, DAF, transport distance, tkm.
    expect(sea.sheet).toContain('Entfernung (km) = 19859.1, Entfernungsart = actual');
    expect(sea.sheet).toContain('daf:sea = 1.15');
    expect(sea.sheet).toContain('Transportentfernung (km) = 17268.8');
    expect(sea.sheet).toContain('Transportleistung (tkm) = 172688');
  });
});

describe('how a distance was found, in the reader’s language (issue 37)', () => {
  it('stores the method as a code and answers it in German and English; the old note stays', async () => {
    const o = await created(workedExampleOrder({ number: 'WE-METHOD' }));
    const read = async (lang: string) => {
      const res = await t.call({
        method: 'GET',
        url: `/api/orders/${o.id}`,
        token: tk.user,
        headers: { 'accept-language': lang },
      });
      expect(res.statusCode, res.body).toBe(200);
      return legsOf(res.json<Order>());
    };
    const [de, en] = [await read('de'), await read('en')];
    expect(de.map((l) => l.distanceMethodCode)).toEqual([
      { method: 'circuity', mode: 'road', circuityFactor: 1.3 },
      { method: 'seaNetwork', mode: 'sea', from: 'NLRTM', to: 'CNSHA' },
      { method: 'circuity', mode: 'road', circuityFactor: 1.3 },
    ]);
    expect(en.map((l) => l.distanceMethodCode)).toEqual(de.map((l) => l.distanceMethodCode));
    expect(de.map((l) => l.distanceMethodText)).toEqual([
      'Straße: Großkreisentfernung × 1,3 (Umwegfaktor, Schätzung)',
      'See: kürzester Weg auf dem Seewegenetz (Eurostat SeaRoute marnet) NLRTM–CNSHA',
      'Straße: Großkreisentfernung × 1,3 (Umwegfaktor, Schätzung)',
    ]);
    expect(en.map((l) => l.distanceMethodText)).toEqual([
      'road: great-circle distance × 1.3 (circuity factor, estimate)',
      'sea: shortest path on the marine network (Eurostat SeaRoute marnet) NLRTM–CNSHA',
      'road: great-circle distance × 1.3 (circuity factor, estimate)',
    ]);
    // The code is what the leg row keeps.
    const rows = await t.ctx.db.execute(
      sql`select distance_method_code as code from order_legs where order_id = ${o.id} and activity = 'main_carriage'`,
    );
    expect((rows as unknown as { rows: { code: unknown }[] }).rows[0].code).toEqual(de[1].distanceMethodCode);
    // The field clients already read keeps the location service's English note in both languages.
    expect(de.map((l) => l.distanceMethod)).toEqual(en.map((l) => l.distanceMethodText));
    // The create answer (German, the test's default) speaks like the read.
    expect(legsOf(o).map((l) => l.distanceMethodText)).toEqual(de.map((l) => l.distanceMethodText));

    const pdf = async (lang: string) => {
      const res = await t.call({
        method: 'GET',
        url: `/api/orders/${o.id}/certificate`,
        token: tk.user,
        headers: { 'accept-language': lang },
      });
      expect(res.statusCode).toBe(200);
      return res.rawPayload;
    };
    const deText = expectPdfShows(await pdf('de'), [
      '536,20 km (Schätzung (Großkreis × Umwegfaktor, als SFD); Straße: Großkreisentfernung × 1,3 (Umwegfaktor, Schätzung))',
      'See: kürzester Weg auf dem Seewegenetz (Eurostat SeaRoute marnet) NLRTM–CNSHA',
    ]);
    expect(deText).not.toContain('circuity factor');
    expect(deText).not.toContain('great-circle');
    expectPdfShows(await pdf('en'), [
      '536.20 km (estimate (great circle × circuity, as SFD); road: great-circle distance × 1.3 (circuity factor, estimate))',
    ]);
  });

  it('reads the code from the note of a leg stored before the code column', async () => {
    const o = await created(workedExampleOrder({ number: 'WE-OLD' }));
    await t.ctx.db.execute(sql`update order_legs set distance_method_code = null where order_id = ${o.id}`);
    const res = await t.call({
      method: 'GET',
      url: `/api/orders/${o.id}`,
      token: tk.user,
      headers: { 'accept-language': 'de' },
    });
    const [road] = legsOf(res.json<Order>());
    expect(road.distanceMethodCode).toEqual({ method: 'circuity', mode: 'road', circuityFactor: 1.3 });
    expect(road.distanceMethodText).toBe('Straße: Großkreisentfernung × 1,3 (Umwegfaktor, Schätzung)');
  });
});
