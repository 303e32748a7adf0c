import { calculateLegEmission } from '@klimadesk/glec';
import { beforeAll, describe, expect, it } from 'vitest';
import { appWithCompanies } from '../../../test/harness.ts';

const { t, a } = appWithCompanies({ a: 'A' });
let token: string;

beforeAll(async () => {
  token = await t.login(a.users.readonly.email);
});

const leg = {
  transportMode: 'road',
  glecVehicleType: 'road_eu_artic_40t_avg_diesel',
  weight: 12000,
  weightUnit: 'kg',
  distance: 500,
  distanceType: 'SFD',
  temperatureControl: false,
};

describe('emission master data', () => {
  it('lists European and global types, other regions only when the company chose them', async () => {
    const ids = async (url: string, tk = token) =>
      (await t.call({ method: 'GET', url, token: tk }))
        .json()
        ['hydra:member'].map((v: { id: string }) => v.id);
    const europe = await ids('/api/glec-vehicle-types?mode=road');
    expect(europe).toContain('road_eu_artic_33t_avg_diesel');
    expect(europe).toContain('road_eu_rigid_3_5_7_5t_100_reefer_diesel');
    expect(europe.some((id: string) => id.startsWith('road_in_'))).toBe(false);
    // Naming stored types: every region.
    expect(await ids('/api/glec-vehicle-types?mode=road&regions=all')).toContain('road_in_5_12t_diesel');
    const admin = await t.login(a.users.admin.email);
    const res = await t.call({
      method: 'PATCH',
      url: `/api/companies/${a.id}`,
      token: admin,
      payload: { factorRegions: ['India'] },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().factorRegions).toEqual(['India']);
    expect(await ids('/api/glec-vehicle-types?mode=road')).toContain('road_in_5_12t_diesel');
    const names = (await t.call({ method: 'GET', url: '/api/glec-vehicle-types?mode=road', token })).json()[
      'hydra:member'
    ];
    expect(names.find((v: { id: string }) => v.id === 'road_in_5_12t_diesel').name).toContain('(Indien)');
    expect(names.find((v: { id: string }) => v.id === 'road_eu_artic_33t_avg_diesel').name).toContain(
      '(Europa)',
    );
    await t.call({
      method: 'PATCH',
      url: `/api/companies/${a.id}`,
      token: admin,
      payload: { factorRegions: [] },
    });
  });

  it('lists GLEC vehicle types with names in the request language, filterable by mode', async () => {
    const de = (await t.call({ method: 'GET', url: '/api/glec-vehicle-types', token })).json();
    const en = (
      await t.call({
        method: 'GET',
        url: '/api/glec-vehicle-types',
        token,
        headers: { 'accept-language': 'en' },
      })
    ).json();
    expect(de['hydra:totalItems']).toBeGreaterThan(50);
    const airDe = de['hydra:member'].find((v: { id: string }) => v.id === 'air_belly_long');
    const airEn = en['hydra:member'].find((v: { id: string }) => v.id === 'air_belly_long');
    expect(airDe).toMatchObject({ mode: 'air', haul: 'long', aircraft: 'belly' });
    expect(airDe.name).not.toBe(airEn.name);
    const sea = (await t.call({ method: 'GET', url: '/api/glec-vehicle-types?mode=sea', token })).json();
    expect(sea['hydra:member'].every((v: { mode: string }) => v.mode === 'sea')).toBe(true);
  });

  it('lists fuel types with their units, trailer types and source versions', async () => {
    const fuels = (await t.call({ method: 'GET', url: '/api/fuel-types', token })).json()['hydra:member'];
    expect(fuels.find((f: { id: string }) => f.id === 'electricity_de').units).toEqual(['kWh']);
    const trailers = (await t.call({ method: 'GET', url: '/api/glec-trailer-types', token })).json();
    expect(
      trailers['hydra:member'].find((x: { id: string }) => x.id === 'reefer').temperatureControlled,
    ).toBe(true);
    const sources = (await t.call({ method: 'GET', url: '/api/source-versions', token })).json();
    expect(sources['hydra:totalItems']).toBeGreaterThan(0);
  });
});

describe('POST /api/legs/emission', () => {
  /** The reference leg with these fields changed, as sent by the leg form. */
  const legEmission = (changes: Record<string, unknown> = {}, headers: Record<string, string> = {}) =>
    t.call({ method: 'POST', url: '/api/legs/emission', token, payload: { ...leg, ...changes }, headers });

  it('answers the engine result with trace and calculation sheet', async () => {
    const res = await legEmission();
    expect(res.statusCode).toBe(200);
    const body = res.json();
    const direct = calculateLegEmission(leg as never);
    if (!direct.ok) throw new Error('engine refused the reference leg');
    expect(body.co2Wtw).toBeCloseTo(direct.value.co2Wtw, 9);
    expect(body.co2Wtw).toBeCloseTo(body.co2Ttw + body.co2Wtt, 9);
    expect(body.tkm).toBeCloseTo((6000 * direct.value.distance) / 500, 6);
    expect(body.method).toBe('default');
    expect(body.factorSet.id).toBeTruthy();
    expect(body.trace.length).toBeGreaterThan(1);
    // German by default: names instead of variable keys, the edition in plain words.
    expect(body.sheet).toContain('Formel');
    expect(body.sheet).toContain('Masse (t) = 12');
    expect(body.sheet).not.toContain('massT');
    const activity = body.trace.find((x: { step: string }) => x.step === 'activity');
    expect(activity.names).toMatchObject({ massT: 'Masse (t)', distanceKm: 'Transportentfernung (km)' });
  });

  it('speaks English when asked and states the factor edition plainly', async () => {
    const res = await legEmission({}, { 'accept-language': 'en' });
    const body = res.json();
    expect(body.sheet).toContain('Formula');
    expect(body.sheet).toContain('Mass (t) = 12');
    const intensity = body.trace.find((x: { step: string }) => x.step === 'intensity');
    expect(intensity.factor.edition).toBe(
      'Edition: GLEC Framework v3.0 – nearest edition, as the v3.1 value was not available',
    );
  });

  it('is fuel-based when fuel data is given', async () => {
    const res = await legEmission({ fuel: [{ fuelType: 'diesel', amount: 150, unit: 'L' }] });
    expect(res.json().method).toBe('fuel');
  });

  it.each([
    ['an unknown vehicle type', { glecVehicleType: 'road_rocket' }, 'InvalidGlecType'],
    [
      'a fuel unit that does not fit',
      { fuel: [{ fuelType: 'diesel', amount: 10, unit: 'kWh' }] },
      'FuelTypeUnit',
    ],
    ['an unknown fuel', { fuel: [{ fuelType: 'coal', amount: 10, unit: 'kg' }] }, 'FuelTypeNotFound'],
    ['equal origin and destination', { origin: 'DEHAM', destination: 'DEHAM' }, 'EqualOriginDestination'],
  ])('answers 422 for %s', async (_name, extra, code) => {
    const res = await legEmission(extra);
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe(code);
  });

  // One rule for negative and zero: a weight, distance or TEU can never be zero or below, so both
  // are refused by the schema with 400 validationFailed (zero used to pass and answer 422).
  it.each([
    ['a negative weight', { weight: -1 }],
    ['a zero weight', { weight: 0 }],
    ['a negative distance', { distance: -5 }],
    ['a zero distance', { distance: 0 }],
    ['zero tonnes per TEU', { tonnesPerTeu: 0 }],
  ])('answers 400 validationFailed for %s', async (_name, extra) => {
    const res = await legEmission(extra);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('validationFailed');
  });

  it('accepts every distance type POST /api/legs/distance answers, as it comes', async () => {
    // Air: 6,000 km GCD freighter, 2 t -> (6,000 + 95) km x 2 t = 12,190 tkm, whether the GCD or
    // the GCD+95 distance of /legs/distance is sent; x 608 g/tkm (GLEC v3.2 Table 1) = 7,411.52 kg.
    const air = {
      transportMode: 'air',
      glecVehicleType: 'air_freighter_long',
      weight: 2,
      weightUnit: 't',
    };
    for (const payload of [
      { ...air, distance: 6000, distanceType: 'GCD' },
      { ...air, distance: 6095, distanceType: 'GCD+95' },
    ]) {
      const res = await t.call({ method: 'POST', url: '/api/legs/emission', token, payload });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ distance: 6095, distanceType: 'GCD+95' });
      expect(res.json().tkm).toBeCloseTo(12_190, 9);
      expect(res.json().co2Wtw).toBeCloseTo(7411.52, 6);
    }
    // Road: an estimated distance (great-circle x circuity) stands for the SFD.
    const est = await legEmission({ distanceType: 'estimate' });
    expect(est.statusCode).toBe(200);
    expect(est.json()).toMatchObject({ distance: 500, distanceType: 'SFD' });
  });

  it('names the GWP basis of the factor set', async () => {
    const res = await legEmission();
    expect(res.json().factorSet.gwp).toBe('IPCC AR6 GWP100');
  });
});
