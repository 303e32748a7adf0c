import { describe, expect, it } from 'vitest';
import { recalculationCheck } from './cfc.base-year.ts';
import { restatementReason } from './cfc.entries.ts';

describe('base-year recalculation threshold (GHG Protocol Corporate Standard ch. 5)', () => {
  it('counts method and structural changes together against the threshold', () => {
    // Base year 3,000 kg; restated 3,150 (+150 = 5 %); a unit added with 100 kg and one removed with
    // 1,000 kg (1,100 = 36.67 %); cumulative 1,250 / 3,000 = 41.67 % > 5 %.
    const check = recalculationCheck({
      statedKg: 3_000,
      restatedKg: 3_150,
      addedKg: [100],
      removedKg: [1_000],
      thresholdPercent: 5,
    });
    expect(check.methodChangeKg).toBe(150);
    expect(check.methodShare).toBeCloseTo(0.05, 12);
    expect(check.structuralChangeKg).toBe(1_100);
    expect(check.structuralShare).toBeCloseTo(1_100 / 3_000, 12);
    expect(check.totalShare).toBeCloseTo(1_250 / 3_000, 12);
    expect(check.exceeded).toBe(true);
  });

  it('flags only above the threshold; a decrease counts by its size', () => {
    // 4,000 → 3,808: −192 kg = −4.8 %, below 5 %; with a threshold of 4 % it is exceeded.
    expect(
      recalculationCheck({
        statedKg: 4_000,
        restatedKg: 3_808,
        addedKg: [],
        removedKg: [],
        thresholdPercent: 5,
      }),
    ).toMatchObject({
      methodChangeKg: -192,
      exceeded: false,
    });
    expect(
      recalculationCheck({
        statedKg: 4_000,
        restatedKg: 3_808,
        addedKg: [],
        removedKg: [],
        thresholdPercent: 4,
      }).exceeded,
    ).toBe(true);
    // Exactly 5 % (200 of 4,000) is not above 5 %.
    expect(
      recalculationCheck({
        statedKg: 4_000,
        restatedKg: 4_000,
        addedKg: [200],
        removedKg: [],
        thresholdPercent: 5,
      }).exceeded,
    ).toBe(false);
  });

  it('with a base year of 0 kg any change counts and shares are not given', () => {
    expect(
      recalculationCheck({ statedKg: 0, restatedKg: 0, addedKg: [50], removedKg: [], thresholdPercent: 5 }),
    ).toMatchObject({
      totalShare: null,
      exceeded: true,
    });
    expect(
      recalculationCheck({ statedKg: 0, restatedKg: 0, addedKg: [], removedKg: [], thresholdPercent: 5 })
        .exceeded,
    ).toBe(false);
  });
});

describe('restatement on offer (issue 33)', () => {
  const entry = { factorId: 'f1', factor: 2, errorCode: null, data: {}, originKind: null };
  it('offers a newer version, a withdrawn factor, and nothing for the current one', () => {
    expect(restatementReason(entry, { isWithdrawn: true, newer: { id: 'f2', version: 2 } })).toBe(
      'newerVersion',
    );
    expect(restatementReason(entry, { isWithdrawn: true, newer: null })).toBe('withdrawn');
    expect(restatementReason(entry, { isWithdrawn: false, newer: null })).toBeNull();
  });
  it('flags entries saved before versions were recorded only when they hold a database factor of 0', () => {
    const legacy = { ...entry, factorId: null, factor: 0 };
    expect(restatementReason(legacy, undefined)).toBe('withdrawn');
    // A green tariff or own factor of 0 is the user's figure, and flowed-in entries are the freight tool's.
    expect(restatementReason({ ...legacy, data: { emissionFactor: 0 } }, undefined)).toBeNull();
    expect(restatementReason({ ...legacy, originKind: 'freight' }, undefined)).toBeNull();
    expect(restatementReason({ ...legacy, factor: 0.5 }, undefined)).toBeNull();
  });
});
