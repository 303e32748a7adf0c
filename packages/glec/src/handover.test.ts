import { describe, expect, it } from 'vitest';
import { calculateHubEmission } from './hub.ts';
import { chainHandovers, handoverHubType, tourLegHandovers } from './handover.ts';

describe('one hub rule for orders and tours ([S1] §3.1, Case A; GLEC v3.1 §3.1)', () => {
  it('puts a hub between every two legs, also without a change of mode', () => {
    expect(chainHandovers(['road', 'road', 'road'], false)).toEqual([
      { afterLeg: 0, hubType: 'transhipment' },
      { afterLeg: 1, hubType: 'transhipment' },
    ]);
    expect(chainHandovers(['road'], false)).toEqual([]);
  });

  it('chooses the maritime container terminal only for containers to or from a ship', () => {
    expect(handoverHubType('road', 'sea', true)).toBe('maritime_container_terminal');
    expect(handoverHubType('sea', 'rail', true)).toBe('maritime_container_terminal');
    expect(handoverHubType('road', 'rail', true)).toBe('transhipment');
    expect(handoverHubType('road', 'sea', false)).toBe('transhipment');
  });

  it('gives a road–road–road chain of 5 t the same 12 kg as its three tours', () => {
    // Transhipment, ambient: 1.2 kg CO2e per tonne leaving the hub (GLEC v3.2 Module 2 Table 3).
    // Chain: 2 hubs x 5 t x 1.2 = 12 kg; tours: pre-carriage 1 hub + main 0 + on-carriage 1 hub.
    const kg = (hubType: string) => {
      const r = calculateHubEmission({ hubType, weight: 5, weightUnit: 't' });
      if (!r.ok) throw new Error(r.error.message);
      return r.value.co2Wtw;
    };
    const chain = chainHandovers(['road', 'road', 'road'], false).reduce((n, h) => n + kg(h.hubType), 0);
    const tours = (['pre_carriage', 'main_carriage', 'on_carriage'] as const)
      .flatMap((c) => tourLegHandovers(c, 'road'))
      .reduce((n, h) => n + kg(h), 0);
    expect(chain).toBeCloseTo(12, 10);
    expect(tours).toBeCloseTo(12, 10);
  });
});
