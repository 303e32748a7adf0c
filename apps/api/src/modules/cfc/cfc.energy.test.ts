import { describe, expect, it } from 'vitest';
import { energyKindOf, energyOf } from './cfc.energy.ts';

describe('the energy a footprint states (VSME B3 §29)', () => {
  it('sorts sections into electricity, heat and fuels', () => {
    expect(energyKindOf('purchased-electricity')).toBe('electricity');
    expect(energyKindOf('stationary-combustion')).toBe('fuels');
    expect(energyKindOf('mobile-combustion')).toBe('fuels');
    expect(energyKindOf('waste-solid')).toBeNull();
  });

  it('sums energy units in kWh and states no figure for a kind with litres', () => {
    // 250,000 kWh + 0.5 MWh = 250,500 kWh of electricity; 36 GJ of gas = 36 × 277.78 = 10,000 kWh;
    // the diesel is in litres, so fuels has no energy figure.
    const r = energyOf([
      { section: 'purchased-electricity', amount: 250_000, unit: 'kWh' },
      { section: 'purchased-electricity', amount: 0.5, unit: 'MWh' },
      { section: 'stationary-combustion', amount: 36, unit: 'GJ' },
      { section: 'mobile-combustion', amount: 10_000, unit: 'l' },
      { section: 'waste-solid', amount: 50, unit: 't' },
    ]);
    expect(r.kwh.electricity).toBe(250_500);
    expect(r.kwh.fuels).toBeNull();
    expect(r.kwh.heat).toBe(0);
    expect(r.entries).toEqual({ electricity: 2, heat: 0, fuels: 2 });
    expect(energyOf([{ section: 'stationary-combustion', amount: 36, unit: 'GJ' }]).kwh.fuels).toBeCloseTo(
      10_000,
      9,
    );
  });
});
