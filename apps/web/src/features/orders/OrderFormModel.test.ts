import { describe, expect, it } from 'vitest';
import {
  type LegValues,
  type Order,
  type OrderFormValues,
  emptyLeg,
  emptyOrderForm,
  freightTypeConflicts,
  handovers,
  liveTotals,
  orderFormSchema,
  orderToForm,
  placeCountry,
  placeOfLocation,
  prefillOf,
  toOrderBody,
  toOrderPatch,
} from './OrderFormModel.ts';

const hamburg = { place: { country: 'DE', zipCode: '20095', city: 'Hamburg' }, label: 'DE 20095 Hamburg' };
const rotterdam = { place: { locode: 'NLRTM' }, label: 'NLRTM Rotterdam' };
const shanghai = { place: { locode: 'CNSHA' }, label: 'CNSHA Shanghai' };
const suzhou = { place: { country: 'CN', city: 'Suzhou' }, label: 'Suzhou (CN)' };

const leg = (over: Partial<LegValues>): LegValues => ({ ...emptyLeg(), ...over });

/** The worked example of issue 17: a 10 t container Hamburg → Rotterdam → Shanghai → Suzhou. */
function example(): OrderFormValues {
  return {
    ...emptyOrderForm(),
    number: ' A-1 ',
    client: 'Muster GmbH',
    grossWeight: '10,5',
    quantity: '1',
    containerSpec: '40ft',
    containerLoad: 'FCL',
    date: '2026-03-02',
    legs: {
      pre_carriage: [
        leg({
          transportMode: 'road',
          origin: { ...hamburg, place: { ...hamburg.place, street: '  ' } },
          destination: rotterdam,
          glecVehicleType: 'road_eu_artic_40t_avg_diesel',
        }),
      ],
      main_carriage: [
        leg({
          transportMode: 'sea',
          origin: rotterdam,
          destination: shanghai,
          glecVehicleType: 'sea_container_asia_north_europe_dry',
          distance: '19.859,1',
          distanceType: 'shortestFeasible',
        }),
      ],
      on_carriage: [
        leg({
          transportMode: 'road',
          origin: shanghai,
          destination: suzhou,
          glecVehicleType: 'road_eu_artic_40t_avg_diesel',
        }),
      ],
    },
  };
}

describe('order form values to the API body', () => {
  it('reads German numbers, drops a blank street and keeps the route order', () => {
    const body = toOrderBody(example(), 'de');
    expect(body.number).toBe('A-1');
    expect(body.grossWeight).toBe(10.5);
    expect(body.quantity).toBe(1);
    expect(body.label).toBeNull();
    expect(body.activities.map((a) => a.activity)).toEqual(['pre_carriage', 'main_carriage', 'on_carriage']);
    expect(body.activities[0].legs[0].origin).toEqual({ country: 'DE', zipCode: '20095', city: 'Hamburg' });
    // A distance typed "19.859,1" in German is 19859.1 km; an empty one is left to the location service.
    expect(body.activities[1].legs[0].distance).toBe(19859.1);
    expect(body.activities[1].legs[0].distanceType).toBe('shortestFeasible');
    expect('distance' in body.activities[0].legs[0]).toBe(false);
    expect(body.parentId).toBeUndefined();
  });

  it('sends a typed distance with its kind, but not the location service’s prefill', () => {
    const v = example();
    v.legs.on_carriage[0] = {
      ...v.legs.on_carriage[0],
      distance: '109',
      distanceType: 'shortestFeasible',
      distancePrefilled: true,
    };
    const leg = toOrderBody(v, 'de').activities[2].legs[0];
    expect('distance' in leg || 'distanceType' in leg).toBe(false);
    v.legs.on_carriage[0] = { ...v.legs.on_carriage[0], distancePrefilled: false };
    expect(toOrderBody(v, 'de').activities[2].legs[0]).toMatchObject({
      distance: 109,
      distanceType: 'shortestFeasible',
    });
  });

  it('prefills the service’s distance with its kind: air as the great circle (the engine adds 95 km)', () => {
    expect(prefillOf({ distance: 395.2, distanceType: 'GCD+95', greatCircleKm: 300.2 })).toEqual({
      km: 300.2,
      distanceType: 'greatCircle',
    });
    expect(prefillOf({ distance: 19859.1, distanceType: 'SFD', greatCircleKm: 9000 })).toEqual({
      km: 19859.1,
      distanceType: 'shortestFeasible',
    });
    // An estimate (great circle x circuity) is taken as SFD by the engine, so it prefills as SFD.
    expect(prefillOf({ distance: 536.2, distanceType: 'estimate', greatCircleKm: 412.5 })).toEqual({
      km: 536.2,
      distanceType: 'shortestFeasible',
    });
    expect(prefillOf({ distance: 12.3, distanceType: 'GCD', greatCircleKm: 12.3 }).distanceType).toBe(
      'greatCircle',
    );
  });

  it('sends only carriages with legs, names the parent of an alternative and drops container fields for bulk', () => {
    const v = example();
    v.legs.pre_carriage = [];
    v.freightType = 'bulk';
    const body = toOrderBody(v, 'de', '7d1f3c4e-0000-4000-8000-000000000001');
    expect(body.activities.map((a) => a.activity)).toEqual(['main_carriage', 'on_carriage']);
    expect(body.parentId).toBe('7d1f3c4e-0000-4000-8000-000000000001');
    expect(body.containerLoad).toBeNull();
    expect(body.containerSpec).toBeNull();
    expect('parentId' in toOrderPatch(v, 'de')).toBe(false);
  });
});

describe('order form validation (seed 000 §5)', () => {
  const schema = orderFormSchema(() => 'de');
  it('accepts the worked example', () => {
    expect(schema.safeParse(example()).success).toBe(true);
  });
  it('wants number, client, a positive weight, chosen places and at least one leg', () => {
    const v = { ...example(), number: '', grossWeight: '0' };
    v.legs.on_carriage[0] = { ...v.legs.on_carriage[0], destination: null };
    const r = schema.safeParse(v);
    expect(r.success).toBe(false);
    const paths = r.error!.issues.map((i) => i.path.join('.'));
    expect(paths).toEqual(
      expect.arrayContaining(['number', 'grossWeight', 'legs.on_carriage.0.destination']),
    );
    const none = { ...example(), legs: { pre_carriage: [], main_carriage: [], on_carriage: [] } };
    const r2 = schema.safeParse(none);
    expect(r2.error!.issues.map((i) => i.message)).toContain('orders:form.legs.atLeastOne');
  });
});

describe('freight type and mode (seed 000 §4)', () => {
  it('finds an air leg for container freight and a container ship for unit cargo', () => {
    const v = example();
    v.legs.main_carriage[0].glecVehicleType = 'sea_general_cargo_5000_9999_dwt';
    expect(freightTypeConflicts('unit_cargo', v.legs)).toBe(false);
    v.legs.main_carriage[0].glecVehicleType = 'sea_container_industry_average_dry';
    expect(freightTypeConflicts('unit_cargo', v.legs)).toBe(true);
    expect(freightTypeConflicts('bulk', v.legs)).toBe(false);
    v.legs.main_carriage[0] = leg({ transportMode: 'air', glecVehicleType: 'air_unknown_long' });
    expect(freightTypeConflicts('container', v.legs)).toBe(true);
    expect(freightTypeConflicts('unit_cargo', v.legs)).toBe(false);
  });
});

describe('live totals', () => {
  it('counts a hub wherever the goods change vehicle (between every two legs)', () => {
    expect(handovers(['road', 'sea', 'road'])).toBe(2);
    expect(handovers(['road', 'road'])).toBe(1);
    expect(handovers(['road'])).toBe(0);
    expect(handovers([])).toBe(0);
  });
  it('sums the legs, adds hubs to WTW only and divides by the legs tkm', () => {
    // Legs: 10 + 100 + 5 kg WTW over 50 + 2000 + 10 tkm; hubs 3 kg:
    // WTW = 118 kg, intensity = 118 000 g / 2060 tkm = 57.2816 g/tkm.
    const t = liveTotals(
      [
        { co2Ttw: 8, co2Wtt: 2, co2Wtw: 10, tkm: 50 },
        { co2Ttw: 80, co2Wtt: 20, co2Wtw: 100, tkm: 2000 },
        { co2Ttw: 4, co2Wtt: 1, co2Wtw: 5, tkm: 10 },
      ],
      3,
    );
    expect(t.co2Ttw).toBe(92);
    expect(t.co2Wtt).toBe(23);
    expect(t.co2Wtw).toBe(118);
    expect(t.tkm).toBe(2060);
    expect(t.intensity).toBeCloseTo(57.2816, 4);
    expect(t.complete).toBe(true);
    expect(liveTotals([{ co2Ttw: 1, co2Wtt: 0, co2Wtw: 1, tkm: 1 }, null], 0).complete).toBe(false);
  });
});

/** A stored order: a sea leg with a given distance, then a road leg with a computed one. */
const STORED_ORDER = {
  number: 'A-1',
  client: 'Muster GmbH',
  cargoType: 'general',
  quantity: 2,
  freightType: 'container',
  grossWeight: 10.5,
  grossWeightUnit: 't',
  containerLoad: null,
  containerSpec: '20ft',
  temperatureControl: true,
  date: '2026-03-02',
  label: null,
  note: 'x',
  activities: [
    {
      activity: 'main_carriage',
      legs: [
        {
          transportMode: 'sea',
          origin: { entered: { locode: 'NLRTM' }, resolved: { name: 'Rotterdam' } },
          destination: { entered: { locode: 'CNSHA' }, resolved: { name: 'Shanghai' } },
          glecVehicleType: 'sea_container_industry_average_dry',
          distance: 19859.1,
          distanceGiven: true,
          distanceType: 'SFD',
        },
        {
          transportMode: 'road',
          origin: { entered: { locode: 'CNSHA' }, resolved: null },
          destination: { entered: { country: 'CN', city: 'Suzhou' }, resolved: null },
          glecVehicleType: 'road_eu_artic_40t_avg_diesel',
          distance: 109,
          distanceGiven: false,
          distanceType: 'estimate',
        },
      ],
    },
  ],
} as unknown as Order;

describe('places and stored orders', () => {
  it('turns search hits into the forms the order keeps', () => {
    const base = { subdivision: null, lat: 1, lon: 2 };
    expect(
      placeOfLocation({
        ...base,
        type: 'zipCode',
        code: '20095',
        name: 'Hamburg',
        country: 'DE',
        zipCode: '20095',
      }).place,
    ).toEqual({ country: 'DE', zipCode: '20095', city: 'Hamburg' });
    expect(
      placeOfLocation({ ...base, type: 'seaport', code: 'NLRTM', name: 'Rotterdam', country: 'NL' }).place,
    ).toEqual({
      locode: 'NLRTM',
    });
    expect(
      placeOfLocation({
        ...base,
        type: 'airport',
        code: 'HAM',
        name: 'Hamburg Airport',
        country: 'DE',
        iataCode: 'HAM',
      }).place,
    ).toEqual({ iataCode: 'HAM' });
    expect(
      placeOfLocation({ ...base, type: 'city', code: '1886760', name: 'Suzhou', country: 'CN' }).place,
    ).toEqual({
      country: 'CN',
      city: 'Suzhou',
    });
  });

  it('loads a stored order: a given distance stays typed, a computed one is computed again', () => {
    const stored = STORED_ORDER;
    const de = orderToForm(stored, 'de');
    expect(de.grossWeight).toBe('10,5');
    expect(de.quantity).toBe('2');
    expect(de.containerLoad).toBe('');
    expect(de.legs.pre_carriage).toEqual([]);
    expect(de.legs.main_carriage[0].distance).toBe('19859,1');
    expect(de.legs.main_carriage[0].origin).toEqual({ place: { locode: 'NLRTM' }, label: 'NLRTM Rotterdam' });
    expect(de.legs.main_carriage[0]).toMatchObject({
      distanceType: 'shortestFeasible',
      distancePrefilled: false,
    });
    expect(de.legs.main_carriage[1]).toMatchObject({ distance: '', distancePrefilled: true });
    // A stored class is the user's choice: the form does not preselect over it.
    expect(de.legs.main_carriage.map((l) => l.vehicleChosen)).toEqual([true, true]);
    expect(de.legs.main_carriage[1].destination?.label).toBe('Suzhou (CN)');
    expect(orderToForm(stored, 'en').legs.main_carriage[0].distance).toBe('19859.1');
    // Round trip: the body of the loaded form is the stored order again.
    expect(toOrderBody(de, 'de').activities[0].legs[0]).toMatchObject({
      distance: 19859.1,
      distanceType: 'shortestFeasible',
    });
  });
});

describe('the countries the vehicle class is preselected from (issue 37)', () => {
  it('reads the country from a postal code, a city or a UN/LOCODE; an airport waits for its resolution', () => {
    expect([hamburg, rotterdam, shanghai, suzhou].map(placeCountry)).toEqual([
      { country: 'DE' },
      { country: 'NL' },
      { country: 'CN' },
      { country: 'CN' },
    ]);
    expect(placeCountry({ place: { iataCode: 'PVG' }, label: 'PVG Shanghai Pudong' })).toBeNull();
    expect(placeCountry(null)).toBeNull();
  });

  it('a new leg follows its places until the user picks a class', () => {
    expect(emptyLeg().vehicleChosen).toBe(false);
  });
});
