import { describe, expect, it } from 'vitest';
import { co2ColumnFormat } from './units.ts';

describe('one unit per emission column', () => {
  it('writes the whole column in tonnes when its largest figure is 10,000 kg or more', () => {
    const cell = co2ColumnFormat([10_070, 9_359.59, null], 'de');
    // 10,070 kg = 10.07 t; 9,359.59 kg = 9.36 t (two decimals), not "9.359,59 kg" beside it.
    expect([cell(10_070), cell(9_359.59), cell(null)]).toEqual(['10,07 t CO₂e', '9,36 t CO₂e', '–']);
  });

  it('keeps kilograms when every figure reads well in kg', () => {
    const cell = co2ColumnFormat([9_359.59, 120.5], 'en');
    expect([cell(9_359.59), cell(120.5)]).toEqual(['9,359.59 kg CO₂e', '120.50 kg CO₂e']);
  });
});
