import { describe, expect, it } from 'vitest';
import { hubTypeBetween, hubsBetween, orderTotals } from './orders.totals.ts';

const leg = (id: string, transportMode: string, ttw: number, wtt: number, tkm: number) => ({
  id,
  transportMode,
  co2Ttw: ttw,
  co2Wtt: wtt,
  co2Wtw: ttw + wtt,
  tkm,
});

describe('hubs between legs', () => {
  it('a container to and from a ship passes maritime container terminals; other mode changes transhipment hubs', () => {
    expect(hubTypeBetween('road', 'sea', 'container')).toBe('maritime_container_terminal');
    expect(hubTypeBetween('sea', 'rail', 'container')).toBe('maritime_container_terminal');
    expect(hubTypeBetween('road', 'rail', 'container')).toBe('transhipment');
    expect(hubTypeBetween('road', 'sea', 'unit_cargo')).toBe('transhipment');
  });

  it('adds a hub only where the mode changes (GLEC hub values, WTW)', () => {
    const legs = [
      leg('a', 'road', 1, 1, 10),
      leg('b', 'road', 1, 1, 10),
      leg('c', 'sea', 1, 1, 10),
      leg('d', 'road', 1, 1, 10),
    ];
    // 1 container of 10 t: maritime container terminal 11.4 kg CO2e per container (ambient).
    const container = {
      freightType: 'container',
      grossWeight: 10,
      grossWeightUnit: 't' as const,
      temperatureControl: false,
      quantity: 1,
    };
    const hubs = hubsBetween(legs, container);
    expect(hubs.map((h) => [h.afterLeg, h.beforeLeg, h.hubType])).toEqual([
      ['b', 'c', 'maritime_container_terminal'],
      ['c', 'd', 'maritime_container_terminal'],
    ]);
    expect(hubs[0].co2Wtw).toBeCloseTo(11.4, 10);
    // Two containers: 2 x 11.4; temperature-controlled: 13.4 per container.
    expect(hubsBetween(legs, { ...container, quantity: 2 })[0].co2Wtw).toBeCloseTo(22.8, 10);
    expect(hubsBetween(legs, { ...container, temperatureControl: true })[0].co2Wtw).toBeCloseTo(13.4, 10);
    // Unit cargo of 2,500 kg: transhipment 1.2 kg CO2e per tonne → 2.5 t x 1.2 = 3 kg.
    const unit = hubsBetween(legs, {
      ...container,
      freightType: 'unit_cargo',
      grossWeight: 2500,
      grossWeightUnit: 'kg',
    });
    expect(unit.map((h) => h.hubType)).toEqual(['transhipment', 'transhipment']);
    expect(unit[0].co2Wtw).toBeCloseTo(3, 10);
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
