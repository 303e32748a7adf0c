import { describe, expect, it } from 'vitest';
import { probabilityBand, probabilityBands } from '@klimadesk/contract';
import {
  type ScoringRules,
  entryScore,
  likelihoodOf,
  rulesOf,
  severityOf,
  topicResults,
} from './csrd.scoring.ts';

const MEAN: ScoringRules = rulesOf({ scale: 5, threshold: 3 });
const MEAN_2X: ScoringRules = { ...MEAN, irremediabilityWeight: 2 };
const MAX: ScoringRules = { ...MEAN, severityFormula: 'max' };

describe('probability bands', () => {
  it('cuts 0-100 into the seed’s bands for scale 3 and evenly for the others', () => {
    expect(probabilityBands(3)).toEqual([
      { band: 1, from: 0, to: 33 },
      { band: 2, from: 34, to: 66 },
      { band: 3, from: 67, to: 100 },
    ]);
    expect(probabilityBands(5).map((b) => [b.from, b.to])).toEqual([
      [0, 19],
      [20, 39],
      [40, 59],
      [60, 79],
      [80, 100],
    ]);
    expect(probabilityBands(4).map((b) => [b.from, b.to])).toEqual([
      [0, 24],
      [25, 49],
      [50, 74],
      [75, 100],
    ]);
    for (const scale of [3, 4, 5, 10])
      for (const b of probabilityBands(scale)) {
        expect(probabilityBand(b.from, scale)).toBe(b.band);
        expect(probabilityBand(b.to, scale)).toBe(b.band);
      }
  });
  it('gives 0 % no likelihood instead of the lowest band', () => {
    // 0 % → 0, not 1/5; 1 % → band 1 → 1/5 = 0.2; 100 % → 5/5 = 1.
    expect(likelihoodOf(0, 5)).toBe(0);
    expect(likelihoodOf(1, 5)).toBe(0.2);
    expect(likelihoodOf(100, 5)).toBe(1);
  });
});

describe('entry scores (ESRS 1 chapter 3)', () => {
  const base = { actual: false, entryScope: null, remediability: null } as const;
  it('scores a potential negative impact by severity × likelihood', () => {
    // Scale 5: severity (4 + 5 + 3) / 3 = 4; probability 90 % → band 5 → likelihood 5/5 = 1 → 4.
    const e = { ...base, category: 'negative', entryScale: 4, entryScope: 5, remediability: 3 } as const;
    expect(entryScore({ ...e, probability: 90 }, MEAN)).toBe(4);
    // Probability 30 % → band 2 → likelihood 2/5: 4 × 0.4 = 1.6.
    expect(entryScore({ ...e, probability: 30 }, MEAN)).toBe(1.6);
  });
  it('puts severity before likelihood for a potential human-rights impact (ESRS 1 §45)', () => {
    const s2 = {
      ...base,
      scope: 'S2',
      category: 'negative',
      entryScale: 5,
      entryScope: 5,
      remediability: 5,
      probability: 10,
    } as const;
    // Audit case: S2, severity (5 + 5 + 5) / 3 = 5 at 10 %: scores 5, not 5 × 1/5 = 1 → material at 3.
    expect(entryScore(s2, MEAN)).toBe(5);
    // The same impact in E2 (not a human-rights topic): 5 × band 1 / 5 = 1.
    expect(entryScore({ ...s2, scope: 'E2' }, MEAN)).toBe(1);
    // A human-rights impact that cannot occur (0 %) scores 0.
    expect(entryScore({ ...s2, probability: 0 }, MEAN)).toBe(0);
    const [topic] = topicResults([s2], MEAN);
    expect(topic).toMatchObject({ scope: 'S2', impactScore: 5, material: true });
  });
  it('keeps an actual irremediable impact from being averaged away when the company chooses so', () => {
    const e = {
      ...base,
      actual: true,
      category: 'negative',
      entryScale: 2,
      entryScope: 1,
      remediability: 5,
      probability: 0,
    } as const;
    // Plain mean: (2 + 1 + 5) / 3 = 2.6667 < 3: not material.
    expect(entryScore(e, MEAN)).toBe(2.6667);
    // Irremediability weighed twice: (2 + 1 + 2 × 5) / 4 = 13 / 4 = 3.25 ≥ 3: material.
    expect(entryScore(e, MEAN_2X)).toBe(3.25);
    // Maximum of the criteria: max(2, 1, 5) = 5.
    expect(entryScore(e, MAX)).toBe(5);
    expect(severityOf({ ...e, category: 'positive' }, MAX)).toBe(2);
  });
  it('leaves the likelihood out for actual impacts and remediability out for positive ones', () => {
    // (3 + 2) / 2 = 2.5, actual: no likelihood.
    expect(
      entryScore(
        {
          ...base,
          actual: true,
          category: 'positive',
          entryScale: 3,
          entryScope: 2,
          remediability: 5,
          probability: 0,
        },
        MEAN,
      ),
    ).toBe(2.5);
  });
  it('scores risks and opportunities by magnitude × likelihood, 0 % as 0', () => {
    // 4 × band 3 (50 %) / 5 = 2.4; 5 × band 4 (70 %) / 5 = 4.
    expect(entryScore({ ...base, category: 'risk', entryScale: 4, probability: 50 }, MEAN)).toBe(2.4);
    expect(entryScore({ ...base, category: 'opportunity', entryScale: 5, probability: 70 }, MEAN)).toBe(4);
    // Scale 3: 2 × band 2 (34 %) / 3 = 1.3333.
    expect(
      entryScore(
        { ...base, category: 'risk', entryScale: 2, probability: 34 },
        rulesOf({ scale: 3, threshold: 2 }),
      ),
    ).toBe(1.3333);
    // 0 %: 5 × 0 = 0 (before: 5 × 1/5 = 1).
    expect(entryScore({ ...base, category: 'risk', entryScale: 5, probability: 0 }, MEAN)).toBe(0);
  });
  it('makes a topic material when either dimension reaches its own threshold', () => {
    const entries = [
      {
        ...base,
        scope: 'E1',
        category: 'negative',
        entryScale: 3,
        entryScope: 3,
        remediability: 3,
        probability: 100,
      },
      { ...base, scope: 'E1', category: 'risk', entryScale: 1, probability: 100 },
      { ...base, scope: 'S1', category: 'risk', entryScale: 2, probability: 100 },
      { ...base, scope: 'G1', category: 'risk', entryScale: 4, probability: 100 },
    ] as const;
    expect(topicResults(entries, MEAN)).toEqual([
      { scope: 'E1', category: 'E', impactScore: 3, financialScore: 1, material: true, entryCount: 2 },
      { scope: 'S1', category: 'S', impactScore: null, financialScore: 2, material: false, entryCount: 1 },
      { scope: 'G1', category: 'G', impactScore: null, financialScore: 4, material: true, entryCount: 1 },
    ]);
    // Financial threshold 4.5, impact threshold 3: E1 stays material (impact 3), G1's risk of 4 no longer is.
    const separate = topicResults(entries, { ...MEAN, financialThreshold: 4.5 });
    expect(separate.map((r) => [r.scope, r.material])).toEqual([
      ['E1', true],
      ['S1', false],
      ['G1', false],
    ]);
  });
});
