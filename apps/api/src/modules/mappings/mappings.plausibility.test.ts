import { describe, expect, it } from 'vitest';
import { computeTourEmission } from '../tours/index.ts';
import {
  ROAD_INTENSITY_LIMIT_G_PER_TKM,
  classDefaultIntensity,
  grossVehicleTonnes,
  plausibilityFindings,
} from './mappings.plausibility.ts';

const ARTIC = 'road_eu_artic_40t_avg_diesel';

describe('plausibility rules', () => {
  it('reads the gross vehicle weight of a class from its id', () => {
    expect(grossVehicleTonnes(ARTIC)).toBe(40);
    expect(grossVehicleTonnes('road_eu_rigid_7_5_17t_avg_diesel')).toBe(17);
    expect(grossVehicleTonnes('road_eu_van_diesel')).toBeNull();
  });

  it('stops a 3 kg load on a 40 t truck and keeps 40 kg', () => {
    const base = { glecVehicleType: ARTIC, tkm: 1, co2WtwKg: 0.095 };
    expect(plausibilityFindings({ ...base, weightKg: 3 }).map((f) => f.code)).toEqual(['implausibleLoad']);
    // 1 kg per tonne GVW: 40 t → 40 kg is the lightest plausible load.
    expect(plausibilityFindings({ ...base, weightKg: 40 })).toEqual([]);
  });

  it('stops a road intensity over 1,000 g CO2e/tkm and keeps one under it', () => {
    // 10 t over 100 km = 1,000 tkm; 1,001 kg CO2e → 1,001 g/tkm.
    const over = plausibilityFindings({ glecVehicleType: ARTIC, weightKg: 10000, tkm: 1000, co2WtwKg: 1001 });
    expect(over).toEqual([{ code: 'implausibleIntensity', detail: '1001 g/tkm > 1000 g/tkm' }]);
    expect(
      plausibilityFindings({ glecVehicleType: ARTIC, weightKg: 10000, tkm: 1000, co2WtwKg: 95 }),
    ).toEqual([]);
  });

  it('lets a van reach three times its own default before stopping it', () => {
    const van = classDefaultIntensity('road_eu_van_diesel') as number;
    // GLEC v3.2 Table 7: van < 3.5 t, 842 g CO2e WTW per tkm.
    expect(van).toBeCloseTo(842, 0);
    const atLimit = (3 * van) / 1000;
    expect(
      plausibilityFindings({
        glecVehicleType: 'road_eu_van_diesel',
        weightKg: 500,
        tkm: 1,
        co2WtwKg: atLimit * 0.99,
      }),
    ).toEqual([]);
    expect(ROAD_INTENSITY_LIMIT_G_PER_TKM).toBe(1000);
  });

  it('checks no rail, sea or air transport with the road rules', () => {
    expect(
      plausibilityFindings({ glecVehicleType: 'rail_eu_diesel_avg', weightKg: 1, tkm: 1, co2WtwKg: 50 }),
    ).toEqual([]);
  });

  it('flags "Gewicht 18,5" read as kg with the fuel a 40 t truck burns (worked example)', () => {
    // 250 km driven / 1.05 (road DAF, GLEC v3.1 §distance) = 238.095 km; 18.5 kg = 0.0185 t
    // → 4.405 tkm. 80 L diesel burnt on it is far above 1,000 g/tkm; in tonnes
    // (18,500 kg → 18.5 t × 238.095 km = 4,404.76 tkm) it is 18 kg/… well under the limit.
    const tour = (weightKg: number) =>
      computeTourEmission(
        {
          glecVehicleType: ARTIC,
          distanceKm: 250,
          emptyDistanceKm: null,
          weightKg,
          temperatureControl: false,
          fuel: [{ fuelType: 'diesel', amount: 80, unit: 'L' }],
          consumption: null,
        },
        [],
      );
    const kg = tour(18.5);
    const t = tour(18500);
    expect(kg.tkm).toBeCloseTo((0.0185 * 250) / 1.05, 6);
    expect(t.tkm).toBeCloseTo((18.5 * 250) / 1.05, 6);
    const gPerTkm = (e: typeof kg) => ((e.individual ?? e.default).co2Wtw * 1000) / (e.tkm as number);
    // Same fuel, a thousand times the tkm: the intensity falls by exactly 1,000.
    expect(gPerTkm(kg) / gPerTkm(t)).toBeCloseTo(1000, 6);
    expect(gPerTkm(t)).toBeLessThan(ROAD_INTENSITY_LIMIT_G_PER_TKM);
    const codes = (e: typeof kg, weightKg: number) =>
      plausibilityFindings({
        glecVehicleType: ARTIC,
        weightKg,
        tkm: e.tkm,
        co2WtwKg: (e.individual ?? e.default).co2Wtw,
      }).map((f) => f.code);
    expect(codes(kg, 18.5)).toEqual(['implausibleLoad', 'implausibleIntensity']);
    expect(codes(t, 18500)).toEqual([]);
  });
});
