import { describe, expect, it } from 'vitest';
import { calculateLegEmission } from './leg.ts';
import { unwrap } from './result.ts';
import type { DistanceType } from './types.ts';

/**
 * A typed distance counts by its kind (ISO 14083 §3.2.1; [S1] Table 3; GLEC v3.2 p.94 and p.100):
 * an actual road or sea distance is divided by the DAF (road 1.05, sea 1.15), a shortest feasible
 * distance is the transport distance as it is, an air great-circle distance gets + 95 km.
 */
describe('typed distances and their kind', () => {
  const sea = (distanceType: DistanceType) =>
    unwrap(
      calculateLegEmission({
        transportMode: 'sea',
        glecVehicleType: 'sea_container_asia_north_europe_dry',
        weight: 10,
        weightUnit: 't',
        distance: 19_859.1,
        distanceType,
        temperatureControl: false,
      }),
    );

  it('takes a sea SFD as it is: 19,859.1 km x 1 TEU x 46.9 g/TEU-km = 931.39179 kg', () => {
    // Asia – North Europe dry: TTW 38.7 + WTT 8.2 = 46.9 g CO2e per TEU-km (GLEC v3.2 Table 18);
    // 10 t = 1 TEU at the GLEC default 10 t per TEU.
    const r = sea('SFD');
    expect(r.distance).toBe(19_859.1);
    expect(r.tkm).toBeCloseTo(198_591, 6);
    expect(r.co2Wtw).toBeCloseTo(931.39179, 6);
  });

  it('divides an actual sea distance by the DAF 1.15: 17,268.78 km, 172,687.8 tkm, 809.91 kg', () => {
    const r = sea('actual');
    expect(r.distance).toBeCloseTo(19_859.1 / 1.15, 9);
    expect(r.tkm).toBeCloseTo(172_687.826087, 5);
    expect(r.co2Wtw).toBeCloseTo(931.39179 / 1.15, 6);
    const step = r.trace.find((s) => s.step === 'distance')!;
    expect(step.inputs).toMatchObject({ distance: 19_859.1, distanceType: 'actual' });
    expect(step.factor?.value).toBe(1.15);
  });

  it('adds 95 km to an air great-circle distance: Frankfurt–Munich 300.2 km, 2 t, freighter', () => {
    const air = (distanceType: DistanceType) =>
      unwrap(
        calculateLegEmission({
          transportMode: 'air',
          glecVehicleType: 'air_freighter_short',
          weight: 2,
          weightUnit: 't',
          distance: 300.2,
          distanceType,
          temperatureControl: false,
        }),
      );
    // Freighter short haul: TTW 1,255 + WTT 261 = 1,516 g CO2e/tkm (GLEC v3.2 Module 2 Table 1, p.94).
    // GCD: (300.2 + 95) km x 2 t = 790.4 tkm x 1,516 g = 1,198.2464 kg.
    const gcd = air('GCD');
    expect(gcd.distance).toBeCloseTo(395.2, 9);
    expect(gcd.distanceType).toBe('GCD+95');
    expect(gcd.tkm).toBeCloseTo(790.4, 9);
    expect(gcd.co2Wtw).toBeCloseTo(1198.2464, 6);
    // Flown (actual) km already stand for GCD + 95 km: 600.4 tkm x 1,516 g = 910.2064 kg.
    const flown = air('actual');
    expect(flown.distance).toBe(300.2);
    expect(flown.co2Wtw).toBeCloseTo(910.2064, 6);
  });
});
