import { describe, expect, it } from 'vitest';
import { co2Columns, computeTourEmission, linkFigures } from './tours.emissions.ts';

describe('stored emission columns', () => {
  it('take the default and individual CO2e and the hub share, with null when no fuel was given', () => {
    const e = {
      default: { co2Ttw: 80, co2Wtt: 20, co2Wtw: 100 },
      individual: null,
      hubCo2Wtw: 1.5,
    };
    expect(co2Columns(e)).toEqual({
      co2DefaultTtw: 80,
      co2DefaultWtt: 20,
      co2DefaultWtw: 100,
      co2IndividualTtw: null,
      co2IndividualWtt: null,
      co2IndividualWtw: null,
      hubCo2Wtw: 1.5,
    });
  });

  it('give a link its tkm and allocation share beside the figures', () => {
    // 4 t over 300 km with a DAF of 1.05: 4 × 300 / 1.05 = 1,142.86 tkm, half of the tour's load.
    const link = linkFigures({
      reference: 'S-1',
      share: 0.5,
      tkm: 1142.86,
      default: { co2Ttw: 60, co2Wtt: 15, co2Wtw: 75 },
      individual: { co2Ttw: 50, co2Wtt: 12, co2Wtw: 62 },
      hubCo2Wtw: 0,
    });
    expect(link).toMatchObject({
      tkm: 1142.86,
      share: 0.5,
      co2DefaultWtw: 75,
      co2IndividualWtw: 62,
      hubCo2Wtw: 0,
    });
    expect(Object.keys(link)).not.toContain('reference');
  });
});

describe('one tkm basis per tour ([S1] Example 3, §3.2.1)', () => {
  it('states the fuel sheet, the stored tkm and the intensity on the shipments’ own tkm', () => {
    // A multi-drop tour of 400 driven km: S-1 8 t over 400 km, S-2 4 t over 60 km (driven, / 1.05).
    // Shipments' tkm: 8 x 400 / 1.05 + 4 x 60 / 1.05 = 3,276.19 tkm, not 12 t x 400 / 1.05 = 4,571.43.
    const e = computeTourEmission(
      {
        glecVehicleType: 'road_eu_artic_40t_avg_diesel',
        distanceKm: 400,
        emptyDistanceKm: null,
        weightKg: 12_000,
        temperatureControl: false,
        fuel: [{ fuelType: 'diesel', amount: 120, unit: 'L' }],
        consumption: null,
      },
      [
        { reference: 'S-1', weightKg: 8000, distanceKm: 400, carriage: 'main_carriage' },
        { reference: 'S-2', weightKg: 4000, distanceKm: 60, carriage: 'main_carriage' },
      ],
    );
    const tkm = (8 * 400 + 4 * 60) / 1.05;
    expect(e.tkm).toBeCloseTo(tkm, 9);
    const sheet = e.individual!.trace as { step: string; output: Record<string, unknown> }[];
    expect(sheet.find((s) => s.step === 'activity')!.output.tkm).toBeCloseTo(tkm, 9);
    const total = sheet.at(-1)!.output;
    expect(total.intensityGPerTkm).toBeCloseTo((e.individual!.co2Wtw * 1000) / tkm, 9);
    // The shares of the allocation stand on the same tkm.
    expect(e.shipments.map((x) => x.share)).toEqual([
      expect.closeTo((8 * 400) / 1.05 / tkm, 12),
      expect.closeTo((4 * 60) / 1.05 / tkm, 12),
    ]);
  });
});

describe('one hub rule with orders (engine tourLegHandovers)', () => {
  it('gives a 5 t shipment on a road pre-, main and on-carriage tour the 12 kg of a road–road–road order', () => {
    // Transhipment 1.2 kg CO2e per tonne (GLEC v3.2 Module 2 Table 3): 2 hubs x 5 t x 1.2 = 12 kg.
    const tour = (carriage: 'pre_carriage' | 'main_carriage' | 'on_carriage') =>
      computeTourEmission(
        {
          glecVehicleType: 'road_eu_artic_40t_avg_diesel',
          distanceKm: 100,
          emptyDistanceKm: null,
          weightKg: 5000,
          temperatureControl: false,
          fuel: null,
          consumption: null,
        },
        [{ reference: 'S-1', weightKg: 5000, distanceKm: 100, carriage }],
      ).hubCo2Wtw;
    expect([tour('pre_carriage'), tour('main_carriage'), tour('on_carriage')]).toEqual([
      expect.closeTo(6, 12),
      0,
      expect.closeTo(6, 12),
    ]);
  });
});
