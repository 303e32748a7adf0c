import { describe, expect, it } from 'vitest';
import { factorLine } from './FactorPreview.tsx';

const source = 'UK Government GHG Conversion Factors for Company Reporting (DESNZ)';

describe('factor line of the activity picker', () => {
  it('shows value, unit, region and source in the user language', () => {
    // DESNZ 2025 natural gas: 0.18296 kg CO2e per kWh gross calorific value, valid everywhere.
    const gas = { value: 0.18296, unit: 'kWh-gross', country: null, source, year: 2025 };
    expect(factorLine(gas, 'de', 'alle Länder')).toBe(
      `0,18296 kg CO₂e/kWh (Ho) · alle Länder · ${source} 2025`,
    );
    expect(factorLine(gas, 'en', 'all countries')).toBe(
      `0.18296 kg CO₂e/kWh (Gross CV) · all countries · ${source} 2025`,
    );
    const power = { value: 0.177, unit: 'kWh', country: 'GB', source: null, year: null };
    expect(factorLine(power, 'en', 'all countries')).toBe('0.177 kg CO₂e/kWh · United Kingdom');
    expect(factorLine(power, 'de', 'alle Länder')).toBe('0,177 kg CO₂e/kWh · Vereinigtes Königreich');
  });
});
