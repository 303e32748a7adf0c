import { describe, expect, it } from 'vitest';
import { hubsBetween, orderTotals } from './orders.totals.ts';

const leg = (id: string, transportMode: string, ttw: number, wtt: number, tkm: number) => ({
  id,
  transportMode,
  co2Ttw: ttw,
  co2Wtt: wtt,
  co2Wtw: ttw + wtt,
  tkm,
});

describe('hubs between legs (engine rule chainHandovers, [S1] §3.1 and Case A)', () => {
  const container = {
    freightType: 'container',
    grossWeight: 10,
    grossWeightUnit: 't' as const,
    temperatureControl: false,
    quantity: 1,
  };

  it('adds a hub wherever the goods change vehicle, also between two legs of one mode', () => {
    const legs = [
      leg('a', 'road', 1, 1, 10),
      leg('b', 'road', 1, 1, 10),
      leg('c', 'sea', 1, 1, 10),
      leg('d', 'road', 1, 1, 10),
    ];
    const hubs = hubsBetween(legs, container);
    expect(hubs.map((h) => [h.afterLeg, h.beforeLeg, h.hubType])).toEqual([
      ['a', 'b', 'transhipment'],
      ['b', 'c', 'maritime_container_terminal'],
      ['c', 'd', 'maritime_container_terminal'],
    ]);
    // Road → road: transhipment 1.2 kg CO2e per tonne x 10 t = 12 kg (GLEC v3.2 Module 2 Table 3).
    expect(hubs[0].co2Wtw).toBeCloseTo(12, 10);
    // Terminal: 11.4 kg CO2e per container; 10 t / 10 t per container = 1 container.
    expect(hubs[1].co2Wtw).toBeCloseTo(11.4, 10);
    expect(hubsBetween(legs, { ...container, temperatureControl: true })[1].co2Wtw).toBeCloseTo(13.4, 10);
    // Unit cargo of 2,500 kg: transhipment 1.2 kg CO2e per tonne → 2.5 t x 1.2 = 3 kg at each hub.
    const unit = hubsBetween(legs, {
      ...container,
      freightType: 'unit_cargo',
      grossWeight: 2500,
      grossWeightUnit: 'kg',
    });
    expect(unit.map((h) => h.hubType)).toEqual(['transhipment', 'transhipment', 'transhipment']);
    expect(unit[0].co2Wtw).toBeCloseTo(3, 10);
  });

  it('gives a terminal one figure whether or not a container count is given ([S1] Case A)', () => {
    // 30 t: 30 t / 10 t per container x 11.4 kg = 34.2 kg, for 2 containers, 3 or none given.
    const legs = [leg('a', 'road', 1, 1, 10), leg('b', 'sea', 1, 1, 10)];
    const at = (quantity: number | null) =>
      hubsBetween(legs, { ...container, grossWeight: 30, quantity })[0].co2Wtw;
    expect(at(2)).toBeCloseTo(34.2, 10);
    expect(at(3)).toBeCloseTo(34.2, 10);
    expect(at(null)).toBeCloseTo(34.2, 10);
  });
});

describe('order totals', () => {
  it('sum the legs, add hubs to WTW only and divide WTW by the legs’ tkm', () => {
    const legs = [leg('a', 'road', 73, 22, 1000), leg('b', 'sea', 38.7, 8.2, 10000)];
    const t = orderTotals(legs, [{ co2Wtw: 11.4 }]);
    expect(t.co2Ttw).toBeCloseTo(111.7, 10);
    expect(t.co2Wtt).toBeCloseTo(30.2, 10);
    // 95 + 46.9 + 11.4 = 153.3 kg over 11,000 tkm = 13.936… g/tkm
    expect(t.co2Wtw).toBeCloseTo(153.3, 10);
    expect(t.hubCo2Wtw).toBeCloseTo(11.4, 10);
    expect(t.tkm).toBe(11000);
    expect(t.intensity).toBeCloseTo((153.3 * 1000) / 11000, 10);
  });

  it('is zero without legs rather than dividing by zero', () => {
    expect(orderTotals([], [])).toEqual({
      co2Ttw: 0,
      co2Wtt: 0,
      co2Wtw: 0,
      hubCo2Wtw: 0,
      tkm: 0,
      intensity: 0,
    });
  });
});
