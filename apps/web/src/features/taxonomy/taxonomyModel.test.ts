import { describe, expect, it } from 'vitest';
import {
  amountText,
  collapseFlags,
  criteriaWith,
  helpKeyOf,
  demoDaysLeft,
  formatShare,
  isNewActivityStep,
  neighbourStep,
  packFlags,
  removedCriteria,
  selectionProblem,
  stepOf,
  stepPath,
  taxAmount,
  unpackFlags,
  wizardSteps,
} from './taxonomyModel.ts';

// An activity contributing to climate change mitigation and adaptation, each with two DNSH checks shown.
const criteria = [
  { id: 'CCM', dnsh: ['WTR', 'BIO'] },
  { id: 'CCA', dnsh: ['CE'] },
];

describe('wizard steps', () => {
  it('runs core, selection, each criterion followed by its DNSH checks, then minimum safeguards', () => {
    expect(wizardSteps(criteria).map((s) => stepPath('7', s))).toEqual([
      '/taxonofy/activity/7/core',
      '/taxonofy/activity/7/criteria',
      '/taxonofy/activity/7/criteria/CCM',
      '/taxonofy/activity/7/criteria/CCM/dnsh/WTR',
      '/taxonofy/activity/7/criteria/CCM/dnsh/BIO',
      '/taxonofy/activity/7/criteria/CCA',
      '/taxonofy/activity/7/criteria/CCA/dnsh/CE',
      '/taxonofy/activity/7/min-safeguards',
    ]);
  });

  it('without criteria goes from the selection straight to the minimum safeguards', () => {
    const steps = wizardSteps([]);
    expect(neighbourStep(steps, { kind: 'criteria' }, 1)).toEqual({ kind: 'minSafe' });
  });

  it('moves forward and back across criteria and stops at either end', () => {
    const steps = wizardSteps(criteria);
    expect(neighbourStep(steps, { kind: 'dnsh', critId: 'CCM', dnshId: 'BIO' }, 1)).toEqual({
      kind: 'crit',
      critId: 'CCA',
    });
    expect(neighbourStep(steps, { kind: 'crit', critId: 'CCA' }, -1)).toEqual({
      kind: 'dnsh',
      critId: 'CCM',
      dnshId: 'BIO',
    });
    expect(neighbourStep(steps, { kind: 'core' }, -1)).toBeNull();
    expect(neighbourStep(steps, { kind: 'minSafe' }, 1)).toBeNull();
    // A criterion deselected elsewhere is no longer a step.
    expect(neighbourStep(steps, { kind: 'crit', critId: 'WTR' }, 1)).toBeNull();
  });

  it('reads the step from the address and back', () => {
    for (const step of wizardSteps(criteria)) {
      const parts = stepPath('x', step).split('/').slice(4);
      const [subPage, critId, , dnshId] = parts;
      expect(stepOf({ subPage, critId, dnshId })).toEqual(step);
    }
    expect(stepOf({ subPage: 'results' })).toBeNull();
    expect(stepOf({ subPage: 'core', critId: 'CCM' })).toBeNull();
  });

  it('lets a new activity show only core data and the selection', () => {
    expect(isNewActivityStep({ kind: 'core' })).toBe(true);
    expect(isNewActivityStep({ kind: 'criteria' })).toBe(true);
    expect(isNewActivityStep({ kind: 'crit', critId: 'CCM' })).toBe(false);
    expect(isNewActivityStep({ kind: 'minSafe' })).toBe(false);
  });
});

describe('criteria selection', () => {
  it('needs the EU activity first, then at least one criterion (seed 001 §5)', () => {
    expect(selectionProblem(null, ['CCM'])).toBe('euActivityFirst');
    expect(selectionProblem('4.1', [])).toBe('atLeastOneCriterion');
    expect(selectionProblem('4.1', ['CCM'])).toBeNull();
  });

  it('names the saved criteria a new selection drops, not the new ones', () => {
    expect(removedCriteria(['CCM', 'CCA'], ['CCA', 'WTR'])).toEqual(['CCM']);
    expect(removedCriteria([], ['CCM'])).toEqual([]);
  });
});

describe('minimum safeguard flags', () => {
  it('packs flag i as bit i', () => {
    const flags = Array.from({ length: 14 }, () => false);
    flags[0] = true;
    flags[3] = true;
    flags[13] = true;
    // 2^0 + 2^3 + 2^13 = 1 + 8 + 8192 = 8201
    expect(packFlags(flags)).toBe(8201);
    expect(unpackFlags(8201)).toEqual(flags);
  });

  it('gives 16383 for all 14 flags and ignores higher bits', () => {
    // 2^14 − 1 = 16383
    expect(packFlags(Array.from({ length: 14 }, () => true))).toBe(16383);
    expect(unpackFlags(16384 + 2)).toEqual(Array.from({ length: 14 }, (_, i) => i === 1));
  });

  it('collapses to met only when all 14 are met', () => {
    expect(collapseFlags(unpackFlags(16383))).toBe(true);
    expect(collapseFlags(unpackFlags(16383 - 4))).toBe(false);
    expect(collapseFlags([true, true])).toBe(false);
  });
});

describe('amounts (seed 001 §9)', () => {
  it('reads German and English amounts, rounds to cents, never negative, non-numbers 0', () => {
    expect(taxAmount('1.234.567,891', 'de')).toBe(1234567.89);
    expect(taxAmount('1,234,567.891', 'en')).toBe(1234567.89);
    expect(taxAmount('1.234', 'de')).toBe(1234);
    expect(taxAmount('1,234', 'en')).toBe(1234);
    expect(taxAmount('-50', 'de')).toBe(0);
    expect(taxAmount('abc', 'en')).toBe(0);
  });

  it('shows amounts for the input the language’s way and reads them back', () => {
    expect(amountText(10_000_000, 'de')).toBe('10.000.000,00');
    expect(amountText(10_000_000, 'en')).toBe('10,000,000.00');
    expect(taxAmount(amountText(2_500_000.5, 'de'), 'de')).toBe(2_500_000.5);
    expect(amountText(null, 'de')).toBe('');
  });

  it('writes shares as percentages with up to two decimals', () => {
    // 3.5 M of 10 M turnover = 0.35
    expect(formatShare(0.35, 'en')).toBe('35%');
    expect(formatShare(0.123456, 'en')).toBe('12.35%');
    expect(formatShare(0.123456, 'de')).toBe('12,35\u00a0%');
    expect(formatShare(null, 'de')).toBe('–');
  });
});

describe('demo countdown', () => {
  it('counts the remaining days including the last one', () => {
    expect(demoDaysLeft('2026-05-15', new Date(2026, 4, 1))).toBe(15);
    expect(demoDaysLeft('2026-05-15', new Date(2026, 4, 15))).toBe(1);
    expect(demoDaysLeft('2026-05-15', new Date(2026, 4, 16))).toBe(0);
    expect(demoDaysLeft(null, new Date(2026, 4, 1))).toBe(0);
  });
});

describe('criteria patch', () => {
  it('lists every selected criterion and changes only the target', () => {
    const saved = [{ criterion: 'CCM' }, { criterion: 'CCA' }];
    expect(criteriaWith(saved, 'CCA', { substantialContribution: true, turnover: 5 })).toEqual([
      { criterion: 'CCM' },
      { criterion: 'CCA', substantialContribution: true, turnover: 5 },
    ]);
  });

  it('names the help text of each step', () => {
    expect(helpKeyOf({ kind: 'core' })).toBe('core');
    expect(helpKeyOf({ kind: 'crit', critId: 'WTR' })).toBe('critWTR');
    expect(helpKeyOf({ kind: 'dnsh', critId: 'CCM', dnshId: 'BIO' })).toBe('dnshBIO');
    expect(helpKeyOf({ kind: 'minSafe' })).toBe('minSafe');
    expect(helpKeyOf({ kind: 'criteria' })).toBeNull();
  });
});
