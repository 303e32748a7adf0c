import { describe, expect, it } from 'vitest';
import { cfcTakeOverDraft, type TakeOverLabels } from './cfcTakeOver.ts';

const labels: TakeOverLabels = {
  scope: 'Scope',
  value: 't CO2e',
  scope1: 'S1',
  scope2Location: 'S2 loc',
  scope2Market: 'S2 mkt',
  scope3: 'S3',
  total: 'Total',
  note: 'From the carbon footprint',
};
// The CFC worked example with a second unit (csrd.cfc.integration.test.ts), kg CO2e.
const figures = {
  scope1Kg: 28_279.02,
  scope2LocationBasedKg: 85_500,
  scope2MarketBasedKg: 12_500,
  scope3Kg: 42_617.3898,
  totalKg: 156_396.4098,
  reportCount: 2,
};
const empty = { unit: '', numeric: '', text: '', table: [] };

describe('cfcTakeOverDraft', () => {
  it('fills the total in t CO2e and the scopes as a table (German)', () => {
    const d = cfcTakeOverDraft(figures, empty, labels, 'de');
    // 156,396.4098 kg / 1000 = 156.3964098 t, typed German without grouping
    expect(d.numeric).toBe('156,3964098');
    expect(d.unit).toBe('tCO2e');
    expect(d.text).toBe('From the carbon footprint');
    expect(d.table).toEqual([
      ['Scope', 't CO2e'],
      ['S1', '28,279'],
      ['S2 loc', '85,5'],
      ['S2 mkt', '12,5'],
      // 42,617.3898 kg = 42.6173898 t → 42.617 (three decimals: whole kg)
      ['S3', '42,617'],
      ['Total', '156,396'],
    ]);
  });

  it('keeps a text already entered and writes English numbers', () => {
    const d = cfcTakeOverDraft(figures, { ...empty, text: 'Own note' }, labels, 'en');
    expect(d.numeric).toBe('156.3964098');
    expect(d.text).toBe('Own note');
    expect(d.table[5]).toEqual(['Total', '156.396']);
  });
});
