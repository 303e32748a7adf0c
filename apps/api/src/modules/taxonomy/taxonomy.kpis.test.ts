import { describe, expect, it } from 'vitest';
import { FULLY_ALIGNED } from '../../../test/taxonomy-assessment.ts';
import type { TaxObjective } from '@klimadesk/contract';
import {
  type KpiActivity,
  type KpiCriterion,
  assessActivity,
  meetsDnsh,
  packSafeguards,
  unpackSafeguards,
  yearKpis,
} from './taxonomy.kpis.ts';

const EUR = 100;
const ALL_FLAGS = 16383;
const others = (o: TaxObjective) =>
  (['CCM', 'CCA', 'WTR', 'CE', 'PPC', 'BIO'] as const).filter((x) => x !== o);
const criterion = (
  o: TaxObjective,
  sc: boolean | null,
  failing: TaxObjective[] = [],
  amounts = { turnover: 0, capex: 0, opex: 0 },
): KpiCriterion => ({
  criterion: o,
  substantialContribution: sc,
  amounts,
  dnsh: others(o).map((d) => ({ dnsh: d, complies: !failing.includes(d), isAlwaysMet: false })),
});
const activity = (
  turnover: number,
  capex: number,
  opex: number,
  criteria: KpiCriterion[],
  euObjectives: TaxObjective[] = ['CCM', 'CCA'],
): KpiActivity => ({
  euObjectives,
  minSafeguards: true,
  amounts: { turnover: turnover * EUR, capex: capex * EUR, opex: opex * EUR },
  criteria,
});

describe('taxonomy KPIs: worked example of issue 20', () => {
  // Financial year: turnover 10,000,000 EUR, CapEx 2,000,000, OpEx 1,000,000; all 14 flags set.
  // A (aligned, CCM):          turnover 3,000,000  CapEx 800,000  OpEx 200,000
  // B (eligible, DNSH WTR fails): turnover 2,000,000 CapEx 500,000 OpEx 300,000
  // C (not eligible: BIO is not an objective of its EU activity): 1,500,000 / 100,000 / 50,000
  // Eligible = A + B: turnover 5,000,000 / 10,000,000 = 50 %; CapEx 1,300,000 / 2,000,000 = 65 %;
  //   OpEx 500,000 / 1,000,000 = 50 %.
  // Aligned = A: turnover 3,000,000 / 10,000,000 = 30 %; CapEx 800,000 / 2,000,000 = 40 %;
  //   OpEx 200,000 / 1,000,000 = 20 %.
  const a = activity(3_000_000, 800_000, 200_000, [criterion('CCM', true)]);
  const b = activity(2_000_000, 500_000, 300_000, [criterion('CCM', true, ['WTR'])]);
  const c = activity(1_500_000, 100_000, 50_000, [criterion('BIO', true)]);
  const year = {
    totals: { turnover: 10_000_000 * EUR, capex: 2_000_000 * EUR, opex: 1_000_000 * EUR },
    minSafeguards: ALL_FLAGS,
  };

  it('assesses each activity', () => {
    expect(assessActivity(a, ALL_FLAGS)).toMatchObject(FULLY_ALIGNED);
    expect(assessActivity(b, ALL_FLAGS)).toMatchObject({
      eligible: true,
      substantialContribution: true,
      dnsh: false,
      aligned: false,
      potentiallyConformShare: 0,
    });
    expect(assessActivity(c, ALL_FLAGS)).toMatchObject({ eligible: false, aligned: false });
  });

  it('computes the eligible and aligned shares', () => {
    const k = yearKpis([{ year, activities: [a, b, c] }]);
    expect(k.turnover).toMatchObject({
      total: 1_000_000_000,
      eligible: 500_000_000,
      ineligible: 500_000_000,
      aligned: 300_000_000,
    });
    expect(k.turnover.eligibleShare).toBeCloseTo(0.5, 12);
    expect(k.turnover.alignedShare).toBeCloseTo(0.3, 12);
    expect(k.capex.eligibleShare).toBeCloseTo(0.65, 12);
    expect(k.capex.alignedShare).toBeCloseTo(0.4, 12);
    expect(k.opex.eligibleShare).toBeCloseTo(0.5, 12);
    expect(k.opex.alignedShare).toBeCloseTo(0.2, 12);
    expect(k.turnover.alignedByObjective.CCM).toBe(300_000_000);
  });

  it('is not aligned when a company-level safeguard flag is missing', () => {
    const flags = packSafeguards(Array.from({ length: 14 }, (_, i) => i !== 5));
    expect(assessActivity(a, flags)).toMatchObject({
      minSafeguards: false,
      aligned: false,
      potentiallyConformShare: 1,
    });
    expect(yearKpis([{ year: { ...year, minSafeguards: flags }, activities: [a] }]).turnover.aligned).toBe(0);
  });
});

describe('taxonomy KPIs: no double counting', () => {
  it('counts an activity contributing to two objectives once, split by its criteria', () => {
    // Turnover 1,000 EUR: CCM 600, CCA 400, both conform → aligned 1,000 (not 2,000): 600 CCM + 400 CCA.
    const two = activity(1000, 0, 0, [
      criterion('CCM', true, [], { turnover: 600 * EUR, capex: 0, opex: 0 }),
      criterion('CCA', true, [], { turnover: 400 * EUR, capex: 0, opex: 0 }),
    ]);
    const r = assessActivity(two, ALL_FLAGS);
    expect(r.alignedAmounts.turnover).toBe(1000 * EUR);
    expect(r.alignedByObjective.turnover).toMatchObject({ CCM: 600 * EUR, CCA: 400 * EUR });
    expect(r.eligibleAmounts.turnover).toBe(1000 * EUR);
  });

  it('without a split, the whole amount goes once to the first conform objective', () => {
    const two = activity(1000, 0, 0, [criterion('CCA', true), criterion('CCM', true)]);
    const r = assessActivity(two, ALL_FLAGS);
    expect(r.alignedByObjective.turnover).toMatchObject({ CCM: 1000 * EUR, CCA: 0 });
    expect(r.alignedAmounts.turnover).toBe(1000 * EUR);
  });

  it('aligns only the conform part when one of two objectives fails its DNSH', () => {
    // CCM 700 conform, CCA 300 fails DNSH on BIO: aligned 700 of 1,000, potentially conform 70 %.
    const two = activity(1000, 0, 0, [
      criterion('CCM', true, [], { turnover: 700 * EUR, capex: 0, opex: 0 }),
      criterion('CCA', true, ['BIO'], { turnover: 300 * EUR, capex: 0, opex: 0 }),
    ]);
    const r = assessActivity(two, ALL_FLAGS);
    expect(r.aligned).toBe(true);
    expect(r.alignedAmounts.turnover).toBe(700 * EUR);
    expect(r.potentiallyConformShare).toBeCloseTo(0.7, 12);
  });
});

describe('taxonomy checks', () => {
  it('needs every other objective checked for DNSH; always met counts', () => {
    const c = criterion('CCM', true);
    expect(meetsDnsh(c)).toBe(true);
    expect(meetsDnsh({ ...c, dnsh: c.dnsh.slice(1) })).toBe(false);
    expect(meetsDnsh({ ...c, dnsh: c.dnsh.map((d) => ({ ...d, complies: null, isAlwaysMet: true })) })).toBe(
      true,
    );
    expect(meetsDnsh({ ...c, dnsh: c.dnsh.map((d) => ({ ...d, complies: null })) })).toBe(false);
  });

  it('a substantial contribution not yet assessed is not passed', () => {
    const r = assessActivity(activity(100, 0, 0, [criterion('CCM', null)]), ALL_FLAGS);
    expect(r).toMatchObject({ eligible: true, substantialContribution: false, dnsh: true, aligned: false });
  });

  it('packs the 14 flags bit i for flag i', () => {
    expect(packSafeguards([true])).toBe(1);
    expect(packSafeguards(Array.from({ length: 14 }, () => true))).toBe(ALL_FLAGS);
    expect(packSafeguards([false, false, true])).toBe(4);
    expect(unpackSafeguards(4 | 8192)).toEqual([false, false, true, ...Array(10).fill(false), true]);
  });
});

describe('taxonomy KPIs: the audit cases of issue 34', () => {
  it('counts an activity under a climate and an environmental objective once', () => {
    // Year turnover 1,000,000 EUR. "Construction of new buildings" is CCM/CCA 7.1 (2021/2139) and
    // CE 3.1 (2023/2486): one activity with 100,000 turnover, split CCM 60,000 / CE 40,000; a solar
    // park (CCM 4.1) with 450,000. Eligible = 100,000 + 450,000 = 550,000 / 1,000,000 = 55 % (the
    // building registered twice, once per act, made 650,000 = 65 %). Beside the total, per objective:
    // CCM 60,000 + 450,000 = 510,000 (51 %), CE 40,000 (4 %); 51 % + 4 % = 55 %.
    const building = activity(
      100_000,
      0,
      0,
      [
        criterion('CCM', true, [], { turnover: 60_000 * EUR, capex: 0, opex: 0 }),
        criterion('CE', true, [], { turnover: 40_000 * EUR, capex: 0, opex: 0 }),
      ],
      ['CCM', 'CCA', 'CE'],
    );
    const solar = activity(450_000, 0, 0, [criterion('CCM', true)]);
    const k = yearKpis([
      {
        year: { totals: { turnover: 1_000_000 * EUR, capex: 0, opex: 0 }, minSafeguards: ALL_FLAGS },
        activities: [building, solar],
      },
    ]);
    expect(k.turnover.eligible).toBe(550_000 * EUR);
    expect(k.turnover.eligibleShare).toBeCloseTo(0.55, 12);
    expect(k.turnover.eligibleByObjective).toMatchObject({ CCM: 510_000 * EUR, CE: 40_000 * EUR, CCA: 0 });
    expect(k.turnover.alignedByObjective).toMatchObject({ CCM: 510_000 * EUR, CE: 40_000 * EUR });
    expect(k.turnover.aligned).toBe(550_000 * EUR);
    expect(k.turnover.unsplit).toBe(0);
  });

  it('keeps amounts no criterion is given in eligible and shows the split as incomplete', () => {
    // Year CapEx 1,000,000 EUR; one activity with 950,000 CapEx, split CCM 600,000 (passes) and CCA
    // 320,000 (not assessed): 30,000 split to no objective. Eligible = 950,000 / 1,000,000 = 95 %
    // (92 % before: 600,000 + 320,000); aligned = the CCM part, 600,000 = 60 %; per objective CCM
    // 60 %, CCA 32 %, and 3 % allocated to none.
    const a = activity(0, 950_000, 0, [
      criterion('CCM', true, [], { turnover: 0, capex: 600_000 * EUR, opex: 0 }),
      criterion('CCA', null, [], { turnover: 0, capex: 320_000 * EUR, opex: 0 }),
    ]);
    const r = assessActivity(a, ALL_FLAGS);
    expect(r).toMatchObject({ eligible: true, aligned: true, splitIncomplete: true });
    expect(r.unsplit).toEqual({ turnover: 0, capex: 30_000 * EUR, opex: 0 });
    const k = yearKpis([
      {
        year: { totals: { turnover: 0, capex: 1_000_000 * EUR, opex: 0 }, minSafeguards: ALL_FLAGS },
        activities: [a],
      },
    ]);
    expect(k.capex.eligibleShare).toBeCloseTo(0.95, 12);
    expect(k.capex.alignedShare).toBeCloseTo(0.6, 12);
    expect(k.capex.eligibleByObjective).toMatchObject({ CCM: 600_000 * EUR, CCA: 320_000 * EUR });
    expect(k.capex.unsplit).toBe(30_000 * EUR);
    // A complete split is not flagged; one criterion without amounts takes the whole amount.
    expect(assessActivity(activity(0, 100, 0, [criterion('CCM', true)]), ALL_FLAGS).splitIncomplete).toBe(
      false,
    );
  });

  it('names a year whose activities add up to more than its total', () => {
    // Activities of 1,500,000 under a turnover total of 1,000,000 (kept from before the check):
    // flagged; the shares stay capped at 100 %.
    const k = yearKpis([
      {
        year: { totals: { turnover: 1_000_000 * EUR, capex: 0, opex: 0 }, minSafeguards: ALL_FLAGS },
        activities: [activity(1_500_000, 0, 0, [criterion('CCM', true)])],
      },
    ]);
    expect(k.turnover.exceedsTotal).toBe(true);
    expect(k.turnover.eligibleShare).toBe(1);
    expect(k.capex.exceedsTotal).toBe(false);
  });
});
