import { describe, expect, it } from 'vitest';
import { probabilityBand, probabilityBands } from '@klimadesk/contract';
import { entryScore, topicResults } from './csrd.scoring.ts';

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
});

describe('entry scores (ESRS 1 chapter 3, mean severity × likelihood)', () => {
  const base = { actual: false, entryScope: null, remediability: null } as const;
  it('scores a potential negative impact by severity × likelihood', () => {
    // Scale 5: severity (4 + 5 + 3) / 3 = 4; probability 90 % → band 5 → likelihood 5/5 = 1 → 4.
    expect(
      entryScore(
        { ...base, category: 'negative', entryScale: 4, entryScope: 5, remediability: 3, probability: 90 },
        5,
      ),
    ).toBe(4);
    // Probability 30 % → band 2 → likelihood 2/5: 4 × 0.4 = 1.6.
    expect(
      entryScore(
        { ...base, category: 'negative', entryScale: 4, entryScope: 5, remediability: 3, probability: 30 },
        5,
      ),
    ).toBe(1.6);
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
        5,
      ),
    ).toBe(2.5);
  });
  it('scores risks and opportunities by magnitude × likelihood', () => {
    // 4 × band 3 (50 %) / 5 = 2.4; 5 × band 4 (70 %) / 5 = 4.
    expect(entryScore({ ...base, category: 'risk', entryScale: 4, probability: 50 }, 5)).toBe(2.4);
    expect(entryScore({ ...base, category: 'opportunity', entryScale: 5, probability: 70 }, 5)).toBe(4);
    // Scale 3: 2 × band 2 (34 %) / 3 = 1.3333.
    expect(entryScore({ ...base, category: 'risk', entryScale: 2, probability: 34 }, 3)).toBe(1.3333);
  });
  it('makes a topic material when either dimension reaches the threshold', () => {
    const results = topicResults(
      [
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
      ],
      5,
      3,
    );
    expect(results).toEqual([
      { scope: 'E1', category: 'E', impactScore: 3, financialScore: 1, material: true, entryCount: 2 },
      { scope: 'S1', category: 'S', impactScore: null, financialScore: 2, material: false, entryCount: 1 },
    ]);
  });
});
