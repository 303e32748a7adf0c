import { calculateLegEmission } from '@klimadesk/glec';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, createCompanyFixture, createTestApp } from '../../../test/harness.ts';

let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await createTestApp();
  const a = await createCompanyFixture(t.ctx, 'A');
  token = await t.login(a.users.readonly.email);
});
afterAll(() => t.close());

const leg = {
  transportMode: 'road',
  glecVehicleType: 'road_in_tractor_30_60t_diesel',
  weight: 12000,
  weightUnit: 'kg',
  distance: 500,
  distanceType: 'SFD',
  temperatureControl: false,
};

describe('emission master data', () => {
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
  it('answers the engine result with trace and calculation sheet', async () => {
    const res = await t.call({ method: 'POST', url: '/api/legs/emission', token, payload: leg });
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
    expect(body.sheet).toContain('Formula');
  });

  it('is fuel-based when fuel data is given', async () => {
    const res = await t.call({
      method: 'POST',
      url: '/api/legs/emission',
      token,
      payload: { ...leg, fuel: [{ fuelType: 'diesel', amount: 150, unit: 'L' }] },
    });
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
    const res = await t.call({
      method: 'POST',
      url: '/api/legs/emission',
      token,
      payload: { ...leg, ...extra },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe(code);
  });

  it('answers 400 for a negative weight', async () => {
    const res = await t.call({
      method: 'POST',
      url: '/api/legs/emission',
      token,
      payload: { ...leg, weight: -1 },
    });
    expect(res.statusCode).toBe(400);
  });
});
