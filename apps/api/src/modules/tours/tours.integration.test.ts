import { beforeAll, describe, expect, it } from 'vitest';
import { appWithCompanies } from '../../../test/harness.ts';
import {
  type FixtureTour,
  type ImportedTours,
  TRACTOR,
  TRUCK,
  engineResults,
  importTours,
  otherCompanyTour,
} from '../../../test/tours.ts';

/**
 * Lists, details and session configuration over tours imported through the real pipeline.
 * Expected values come from the fixture's inputs and the engine, never from the list SQL.
 */

// T-200 leaves at 22:30 UTC on 31 March: 1 April in Berlin, 31 March in UTC.
export const TOURS_A: FixtureTour[] = [
  {
    reference: 'T-100',
    departureDate: '2026-03-01 00:30',
    glecVehicleType: TRACTOR,
    distanceKm: 400,
    emptyDistanceKm: 40,
    dieselLitres: 120,
    licensePlate: 'HH-AB 1',
    tags: ['Fernverkehr'],
    departureCity: 'Hamburg',
    arrivalCity: 'Berlin',
    shipments: [
      {
        reference: 'S-1',
        weightKg: 8000,
        shipper: 'Bio AG',
        orderNumber: 'A-1',
        description: 'Getränke',
        tags: ['Palette'],
      },
      {
        reference: 'S-2',
        weightKg: 4000,
        shipper: 'Frisch KG',
        carriage: 'pre_carriage',
        tags: ['Kühlware'],
      },
    ],
  },
  {
    reference: 'T-200',
    departureDate: '2026-03-31 22:30',
    glecVehicleType: TRUCK,
    distanceKm: 120,
    licensePlate: 'B-CD 2',
    tags: ['Nahverkehr'],
    departureCity: 'Berlin',
    arrivalCity: 'Potsdam',
    shipments: [
      { reference: 'S-3', weightKg: 2500, shipper: 'Bio AG' },
      { reference: 'S-2', weightKg: 4000, shipper: 'Frisch KG', carriage: 'on_carriage', tags: ['Kühlware'] },
    ],
  },
  {
    reference: 'T-300',
    departureDate: '2026-04-15 10:00',
    glecVehicleType: TRUCK,
    distanceKm: 80,
    shipments: [
      {
        reference: 'S-4',
        weightKg: 1000,
        shipper: 'Nordfrucht GmbH',
        description: 'Äpfel',
        destinationCity: 'Kiel',
      },
    ],
  },
  {
    reference: 'T-400',
    departureDate: '2026-02-10 08:00',
    glecVehicleType: TRUCK,
    distanceKm: 50,
    licensePlate: 'HH-AB 1',
    weightKg: 500,
  },
];

const { t, a, b } = appWithCompanies({ a: 'ToursA', b: 'ToursB' });
let ids: ImportedTours;
let idsB: ImportedTours;
let token: string;

type Item = { id: string; reference: string; [k: string]: unknown };

async function get(url: string, options: { token?: string; tz?: string; lang?: string } = {}) {
  return t.call({
    method: 'GET',
    url,
    token: options.token ?? token,
    headers: {
      ...(options.tz ? { 'x-timezone': options.tz } : {}),
      ...(options.lang ? { 'accept-language': options.lang } : {}),
    },
  });
}

async function refs(url: string, options: { token?: string; tz?: string } = {}): Promise<string[]> {
  const res = await get(url, options);
  expect(res.statusCode, res.body).toBe(200);
  return res.json()['hydra:member'].map((x: Item) => x.reference);
}

const sorted = (xs: string[]) => [...xs].sort();

beforeAll(async () => {
  ids = await importTours(t, a, TOURS_A);
  idsB = await importTours(t, b, [otherCompanyTour('T-900', '2026-03-05', 'S-9')]);
  token = await t.login(a.users.readonly.email);
});

describe('tour list', () => {
  it('orders by departure date descending by default and pages', async () => {
    expect(await refs('/api/tours')).toEqual(['T-300', 'T-200', 'T-100', 'T-400']);
    const page = await get('/api/tours?limit=2&page=2');
    expect(page.json()['hydra:totalItems']).toBe(4);
    expect(page.json()['hydra:member'].map((x: Item) => x.reference)).toEqual(['T-100', 'T-400']);
  });

  it('orders by the requested field', async () => {
    expect(await refs('/api/tours?order[reference]=asc')).toEqual(['T-100', 'T-200', 'T-300', 'T-400']);
    expect(await refs('/api/tours?order[distanceKm]=asc')).toEqual(['T-400', 'T-300', 'T-200', 'T-100']);
    const res = (await get('/api/tours?order[co2DefaultWtw]=desc')).json()['hydra:member'];
    const values = res.map((x: { emissions: { default: { wtw: number } } }) => x.emissions.default.wtw);
    expect(values).toEqual([...values].sort((x: number, y: number) => y - x));
  });

  it('answers engine results, individual only with fuel data, and intensities in g/tkm', async () => {
    const items = (await get('/api/tours')).json()['hydra:member'];
    const t1 = items.find((x: Item) => x.reference === 'T-100');
    // T-100: 400 km (40 empty) on a tractor with 8 t + 4 t and 120 L of diesel.
    const { def, ind } = engineResults(TOURS_A[0]);
    // Its shipments ride the whole tour, so the sum of their own figures is the tour's figure.
    expect(t1.emissions.default.ttw).toBeCloseTo(def.co2Ttw, 9);
    expect(t1.emissions.default.wtt).toBeCloseTo(def.co2Wtt, 9);
    expect(t1.emissions.default.wtw).toBeCloseTo(def.co2Wtw, 9);
    expect(t1.emissions.individual.wtw).toBe(ind?.co2Wtw);
    // The engine's tour tkm on SFD (driven km / 1.05), the sum of its shipments' tkm.
    expect(t1.emissions.tkm).toBeCloseTo(def.tkm as number, 9);
    expect(t1.emissions.intensityDefault).toBeCloseTo((def.co2Wtw * 1000) / (def.tkm as number), 9);
    expect(t1.shipmentCount).toBe(2);
    // Empty running as the engine applies it: 40 / (400 + 40) = 9.09 %, not 40 / 400.
    expect(t1.emptyRunningPercentage).toBeCloseTo((40 / 440) * 100, 9);
    expect(t1.emptyRunningPercentage).toBeCloseTo((ind!.emptyRunningShare as number) * 100, 9);
    expect(t1.tags).toEqual(['Fernverkehr']);
    // A pre-carriage handover passes a hub.
    expect(t1.emissions.hubWtw).toBeGreaterThan(0);
    const t2 = items.find((x: Item) => x.reference === 'T-200');
    expect(t2.emissions.individual).toBeNull();
    expect(t2.emissions.intensityIndividual).toBeNull();
  });

  it('searches reference, places and the shipments on the tour', async () => {
    expect(await refs('/api/tours?search=potsdam')).toEqual(['T-200']);
    expect(sorted(await refs('/api/tours?search=frisch'))).toEqual(['T-100', 'T-200']);
    expect(await refs('/api/tours?search=A-1')).toEqual(['T-100']);
    expect(await refs('/api/tours?search=t-40')).toEqual(['T-400']);
    // A shipment's destination finds the tour carrying it.
    expect(await refs('/api/tours?search=kiel')).toEqual(['T-300']);
    // LIKE wildcards match literally.
    expect(await refs('/api/tours?search=%25')).toEqual([]);
  });

  it('filters by tour tags (any of them) and by shipper of a carried shipment', async () => {
    expect(await refs('/api/tours?tag=Fernverkehr')).toEqual(['T-100']);
    expect(sorted(await refs('/api/tours?tag=Fernverkehr&tag=Nahverkehr'))).toEqual(['T-100', 'T-200']);
    // Shipment tags are not tour tags.
    expect(await refs('/api/tours?tag=Palette')).toEqual([]);
    expect(sorted(await refs('/api/tours?shipper=Frisch%20KG'))).toEqual(['T-100', 'T-200']);
    expect(await refs('/api/tours?shipper=Nordfrucht%20GmbH&tag=Fernverkehr')).toEqual([]);
  });

  it('reads the date range in the request time zone, both ends inclusive', async () => {
    const day = (after: string, before: string) =>
      `/api/tours?departureDate[after]=${after}&departureDate[before]=${before}`;
    expect(await refs(day('2026-04-01', '2026-04-01'), { tz: 'Europe/Berlin' })).toEqual(['T-200']);
    expect(await refs(day('2026-04-01', '2026-04-01'), { tz: 'UTC' })).toEqual([]);
    expect(await refs(day('2026-03-31', '2026-03-31'), { tz: 'UTC' })).toEqual(['T-200']);
    expect(await refs(day('2026-03-01', '2026-03-01'), { tz: 'Europe/Berlin' })).toEqual(['T-100']);
    // 00:30 UTC on 1 March is still 28 February in New York.
    expect(await refs(day('2026-03-01', '2026-03-31'), { tz: 'America/New_York' })).toEqual(['T-200']);
    expect(await refs('/api/tours?departureDate[after]=2026-04-15', { tz: 'UTC' })).toEqual(['T-300']);
    expect(await refs('/api/tours?departureDate[before]=2026-02-10', { tz: 'UTC' })).toEqual(['T-400']);
    const bad = await get(day('2026-04-02', '2026-04-01'));
    expect(bad.statusCode).toBe(422);
    expect(bad.json().message).toBe('invalidDateRange');
  });

  it('shows no other company’s tours, and answers 404 for their ids', async () => {
    expect(await refs('/api/tours?search=T-900')).toEqual([]);
    expect((await get(`/api/tours/${idsB.tours['T-900']}`)).statusCode).toBe(404);
    expect((await get(`/api/shipments/${idsB.shipments['S-9']}`)).statusCode).toBe(404);
  });
});

describe('shipment list', () => {
  it('orders by departure date descending; a shipment on two tours takes the earlier one', async () => {
    // S-2 rides T-100 (1 March) and T-200 (31 March).
    // S-1 and S-2 leave together; ties go by id in the direction of the order.
    const tied = ['S-1', 'S-2'].sort((x, y) => (ids.shipments[x] < ids.shipments[y] ? 1 : -1));
    expect(await refs('/api/shipments')).toEqual(['S-4', 'S-3', ...tied]);
    const byShipper = await refs('/api/shipments?order[shipper]=asc');
    expect(sorted(byShipper.slice(0, 2))).toEqual(['S-1', 'S-3']);
    expect(byShipper.slice(2)).toEqual(['S-2', 'S-4']);
    // tkm: S-1 8 t x 400 km, S-2 4 t x (400 + 120) km, S-3 2.5 t x 120 km, S-4 1 t x 80 km (/ 1.05).
    expect(await refs('/api/shipments?order[tkm]=desc')).toEqual(['S-1', 'S-2', 'S-3', 'S-4']);
    expect(await refs('/api/shipments?order[weightKg]=asc&limit=2')).toEqual(['S-4', 'S-3']);
  });

  it('sums transport activity over the tours and lists the tours with carriage', async () => {
    const items = (await get('/api/shipments')).json()['hydra:member'];
    const s2 = items.find((x: Item) => x.reference === 'S-2');
    // On the transport distance: driven km / 1.05 (road DAF).
    expect(s2.emissions.tkm).toBeCloseTo((4 * 400 + 4 * 120) / 1.05, 9);
    expect(s2.tours).toEqual([
      { id: ids.tours['T-100'], reference: 'T-100', carriage: 'pre_carriage' },
      { id: ids.tours['T-200'], reference: 'T-200', carriage: 'on_carriage' },
    ]);
    expect(s2.departureDate).toBe('2026-03-01T00:30:00.000Z');
    expect(s2.tags).toEqual(['Kühlware']);
    // S-1 and S-2 share T-100; their default WTW adds up to the tour's.
    const tourItems = (await get('/api/tours')).json()['hydra:member'];
    const t1 = tourItems.find((x: Item) => x.reference === 'T-100');
    const s1 = items.find((x: Item) => x.reference === 'S-1');
    const detail = (await get(`/api/shipments/${ids.shipments['S-2']}`)).json();
    const s2OnT1 = detail.legs.find((l: { tourReference: string }) => l.tourReference === 'T-100');
    expect(s1.emissions.default.wtw + s2OnT1.emissions.default.wtw).toBeCloseTo(t1.emissions.default.wtw, 2);
    expect(s1.emissions.intensityDefault).toBeCloseTo(
      (s1.emissions.default.wtw * 1000) / ((8 * 400) / 1.05),
      9,
    );
  });

  it('routes a shipment without own places from its first leg to its last', async () => {
    const items = (await get('/api/shipments')).json()['hydra:member'];
    const route = (ref: string) => {
      const s = items.find((x: Item) => x.reference === ref);
      return [s.origin?.city ?? null, s.destination?.city ?? null];
    };
    // S-2 rides T-100 Hamburg → Berlin, then T-200 Berlin → Potsdam.
    expect(route('S-2')).toEqual(['Hamburg', 'Potsdam']);
    expect(route('S-1')).toEqual(['Hamburg', 'Berlin']);
    // An own destination wins over the leg's arrival.
    expect(route('S-4')[1]).toBe('Kiel');
    const detail = (await get(`/api/shipments/${ids.shipments['S-2']}`)).json();
    expect([detail.origin.city, detail.destination.city]).toEqual(['Hamburg', 'Potsdam']);
  });

  it('filters by text, shipment tags, shipper and date', async () => {
    expect(await refs('/api/shipments?search=%C3%A4pfel')).toEqual(['S-4']);
    expect(await refs('/api/shipments?search=kiel')).toEqual(['S-4']);
    expect(await refs('/api/shipments?search=A-1')).toEqual(['S-1']);
    // A term never spans two fields (order number A-1, shipper Bio AG).
    expect(await refs('/api/shipments?search=A-1%20Bio')).toEqual([]);
    expect(await refs('/api/shipments?tag=K%C3%BChlware')).toEqual(['S-2']);
    expect(await refs('/api/shipments?tag=Fernverkehr')).toEqual([]);
    expect(sorted(await refs('/api/shipments?shipper=Bio%20AG'))).toEqual(['S-1', 'S-3']);
    expect(
      await refs('/api/shipments?departureDate[after]=2026-04-01&departureDate[before]=2026-04-01', {
        tz: 'Europe/Berlin',
      }),
    ).toEqual(['S-3']);
  });
});

describe('details', () => {
  it('a tour with its shipments, factor set and calculation sheet in the request language', async () => {
    const de = await get(`/api/tours/${ids.tours['T-100']}`, { lang: 'de' });
    expect(de.statusCode, de.body).toBe(200);
    const tour = de.json();
    expect(tour.shipments.map((s: Item) => s.reference)).toEqual(['S-1', 'S-2']);
    const shares = tour.shipments.reduce((x: number, s: { share: number }) => x + s.share, 0);
    expect(shares).toBeCloseTo(1, 9);
    expect(tour.shipments[0].share).toBeCloseTo(8 / 12, 9);
    expect(tour.factorSet).toMatchObject({ id: expect.any(String), version: expect.any(String) });
    expect(tour.trace.length).toBeGreaterThan(0);
    expect(tour.sheet).toContain('Standardmethode');
    expect(tour.sheet).toContain('Individuell');
    const en = (await get(`/api/tours/${ids.tours['T-100']}`, { lang: 'en' })).json();
    expect(en.sheet).toContain('Default method');
  });

  it('a shipment with one leg per tour: its own default calculation, hub step, allocated fuel figure', async () => {
    const res = await get(`/api/shipments/${ids.shipments['S-2']}`, { lang: 'en' });
    expect(res.statusCode, res.body).toBe(200);
    const s = res.json();
    expect(
      s.legs.map((l: { tourReference: string; carriage: string }) => [l.tourReference, l.carriage]),
    ).toEqual([
      ['T-100', 'pre_carriage'],
      ['T-200', 'on_carriage'],
    ]);
    const legSum = s.legs.reduce(
      (x: number, l: { emissions: { default: { wtw: number } } }) => x + l.emissions.default.wtw,
      0,
    );
    expect(legSum).toBeCloseTo(s.emissions.default.wtw, 9);
    const leg = s.legs[0];
    // Default (ISO 14083): the shipment's own mass x own distance x intensity, then the
    // transhipment hub of its pre-carriage handover with factor and source.
    const steps = leg.trace.map((x: { step: string }) => x.step);
    expect(steps).toContain('activity');
    expect(steps.at(-2)).toBe('emissions');
    expect(leg.trace.at(-2).output.co2WtwKg).toBeCloseTo(leg.emissions.default.wtw, 9);
    expect(steps.at(-1)).toBe('hub');
    expect(leg.trace.at(-1).factor.source).toContain('GLEC');
    expect(leg.share).toBeCloseTo((4 * 400) / (8 * 400 + 4 * 400), 9);
    expect(leg.sheet).toContain('Allocation');
    // The individual result of T-100 (diesel given) is allocated too; T-200 has none.
    expect(leg.emissions.individual).not.toBeNull();
    expect(s.legs[1].emissions.individual).toBeNull();
  });
});

describe('external read-only users', () => {
  it('cannot read the lists', async () => {
    const ext = await t.login(a.users.external.email);
    for (const url of ['/api/tours', '/api/shipments', `/api/tours/${ids.tours['T-100']}`]) {
      expect((await get(url, { token: ext })).statusCode).toBe(403);
    }
  });
});

describe('session configuration', () => {
  it('is remembered per session and not shared with another session of the same user', async () => {
    const first = await t.login(a.users.user.email);
    const second = await t.login(a.users.user.email);
    const empty = (await get('/api/session-config', { token: first })).json();
    expect(empty).toEqual({
      tourStartDate: null,
      tourEndDate: null,
      shipmentStartDate: null,
      shipmentEndDate: null,
    });
    const patch = await t.call({
      method: 'PATCH',
      url: '/api/session-config',
      token: first,
      payload: { tourStartDate: '2026-03-01', tourEndDate: '2026-03-31' },
    });
    expect(patch.statusCode, patch.body).toBe(200);
    await t.call({
      method: 'PATCH',
      url: '/api/session-config',
      token: first,
      payload: { shipmentStartDate: '2026-01-01', tourEndDate: null },
    });
    expect((await get('/api/session-config', { token: first })).json()).toEqual({
      tourStartDate: '2026-03-01',
      tourEndDate: null,
      shipmentStartDate: '2026-01-01',
      shipmentEndDate: null,
    });
    expect((await get('/api/session-config', { token: second })).json()).toEqual(empty);
  });
});
