import { describe, expect, it } from 'vitest';
import { owesRequirement, processDisclosuresOutside, shownRequirements } from './applicability.ts';

const E1 = ['E1.GOV-3', 'E1-1', 'E1.SBM-3', 'E1.IRO-1', 'E1-5', 'E1-6'].map((code) => ({
  code,
  scope: 'E1',
}));

describe('the requirements a report topic owes (ESRS 1 §29-§30)', () => {
  it('owes the listed ones, or every one when the topic has no list', () => {
    const energy = { id: 'E1', disclosureRequirements: ['E1.GOV-3', 'E1.SBM-3', 'E1.IRO-1', 'E1-5'] };
    expect(owesRequirement(energy, 'E1-5')).toBe(true);
    expect(owesRequirement(energy, 'E1-6')).toBe(false);
    expect(owesRequirement({ id: 'E1', disclosureRequirements: null }, 'E1-6')).toBe(true);
    expect(owesRequirement({ id: 'E1' }, 'E1-6')).toBe(true);
  });

  it('shows the owed requirements and, marked, any other one holding a value', () => {
    const energy = { id: 'E1', disclosureRequirements: ['E1.GOV-3', 'E1.SBM-3', 'E1.IRO-1', 'E1-5'] };
    const shown = shownRequirements(energy, E1, new Set(['E1-6']));
    expect(shown.map((s) => [s.requirement.code, s.owed])).toEqual([
      ['E1.GOV-3', true],
      ['E1.SBM-3', true],
      ['E1.IRO-1', true],
      ['E1-5', true],
      ['E1-6', false],
    ]);
  });

  it('points out the IRO-1-related requirements of topics outside the report (§29)', () => {
    const all = [
      ...E1,
      { code: 'E2.IRO-1', scope: 'E2' },
      { code: 'E2-4', scope: 'E2' },
      { code: 'S1.SBM-3', scope: 'S1' },
    ];
    expect(processDisclosuresOutside([{ id: 'ESRS 2' }, { id: 'E1' }], all).map((d) => d.code)).toEqual([
      'E2.IRO-1',
    ]);
  });
});
