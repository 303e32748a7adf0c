import {
  TAX_AMOUNT_KINDS,
  TAX_MIN_SAFEGUARDS_ALL,
  TAX_OBJECTIVES,
  type TaxAmountKind,
  type TaxAssessment,
  type TaxObjective,
} from '@klimadesk/contract';

/**
 * The taxonomy's computation, pure: per activity eligibility, substantial contribution, DNSH,
 * minimum safeguards and alignment (Taxonomy Regulation (EU) 2020/852 Art. 3), and per financial
 * year the Article 8 KPIs (Disclosures Delegated Act (EU) 2021/2178 Annex I): eligible and aligned
 * shares of turnover, CapEx and OpEx over the year's totals. Every amount is in cents.
 */

export type Amounts = Record<TaxAmountKind, number>;

export type KpiDnsh = { dnsh: TaxObjective; complies: boolean | null; isAlwaysMet: boolean };
export type KpiCriterion = {
  criterion: TaxObjective;
  substantialContribution: boolean | null;
  amounts: Amounts;
  dnsh: KpiDnsh[];
};
export type KpiActivity = {
  /** The objectives the catalogue lists for the activity's EU activity (empty: not in the catalogue). */
  euObjectives: readonly TaxObjective[];
  /** The activity's answer to the minimum-safeguard questions. */
  minSafeguards: boolean;
  amounts: Amounts;
  criteria: KpiCriterion[];
};
export type KpiYear = {
  totals: Amounts;
  minSafeguards: number;
  /** 2026/73: amounts of the activities not assessed because not material (part of the totals). */
  notMaterial?: Amounts;
  /** 2026/73: OpEx not material for the business model, its KPI not reported. */
  opexNotMaterial?: boolean;
};

export type ActivityResult = TaxAssessment & {
  /** Eligible and aligned amounts of the activity, each counted once. */
  eligibleAmounts: Amounts;
  alignedAmounts: Amounts;
  /** The aligned amounts per objective; they add up to `alignedAmounts`. */
  alignedByObjective: Record<TaxAmountKind, Record<TaxObjective, number>>;
  /** The eligible amounts per objective; with `unsplit` they add up to `eligibleAmounts`. */
  eligibleByObjective: Record<TaxAmountKind, Record<TaxObjective, number>>;
  /** The part of the eligible amount the criteria's split leaves to no objective (an incomplete split). */
  unsplit: Amounts;
};

const zero = (): Amounts => ({ turnover: 0, capex: 0, opex: 0 });
const zeroByObjective = (): Record<TaxObjective, number> =>
  Object.fromEntries(TAX_OBJECTIVES.map((o) => [o, 0])) as Record<TaxObjective, number>;
const zeroByKind = () => ({ turnover: zeroByObjective(), capex: zeroByObjective(), opex: zeroByObjective() });
const objectiveOrder = (a: KpiCriterion, b: KpiCriterion) =>
  TAX_OBJECTIVES.indexOf(a.criterion) - TAX_OBJECTIVES.indexOf(b.criterion);

/** Whether all 14 minimum-safeguard flags of a financial year are set. */
export const allSafeguardsMet = (flags: number) =>
  (flags & TAX_MIN_SAFEGUARDS_ALL) === TAX_MIN_SAFEGUARDS_ALL;

/** The criterion's objective is one the catalogue lists for the activity's EU activity. */
export const isEligibleCriterion = (a: Pick<KpiActivity, 'euObjectives'>, c: KpiCriterion) =>
  a.euObjectives.includes(c.criterion);

/** DNSH (Art. 17): each of the five other objectives is checked and complies, or is always met. */
export function meetsDnsh(c: KpiCriterion): boolean {
  return TAX_OBJECTIVES.filter((o) => o !== c.criterion).every((o) => {
    const check = c.dnsh.find((d) => d.dnsh === o);
    return check !== undefined && (check.isAlwaysMet || check.complies === true);
  });
}

/** Substantial contribution passed and no significant harm: the technical screening is met. */
const isConform = (a: KpiActivity, c: KpiCriterion) =>
  isEligibleCriterion(a, c) && c.substantialContribution === true && meetsDnsh(c);

/** Whether the criteria's own amounts split the activity's amount of one kind (any of them given). */
const hasSplit = (a: KpiActivity, kind: TaxAmountKind) => a.criteria.some((c) => c.amounts[kind] > 0);

/**
 * The part of an activity's amount of one kind that belongs to a set of its criteria, per objective.
 * The criteria's own amounts split the activity's when any is given; without a split the whole
 * amount belongs to the set's first objective (Article 9 order) as soon as it holds a criterion.
 * So an activity that contributes to several objectives is counted once, split between them
 * (Disclosures Delegated Act Annex I 1.2.2.2, and 1.1.2.2 / 1.1.3.2 as amended by 2023/2486 Annex V:
 * "breakdown ... allocated to substantial contribution to each environmental objective").
 */
function splitOf(a: KpiActivity, set: KpiCriterion[], kind: TaxAmountKind): Record<TaxObjective, number> {
  const out = zeroByObjective();
  if (set.length === 0) return out;
  if (!hasSplit(a, kind)) {
    out[[...set].sort(objectiveOrder)[0].criterion] = a.amounts[kind];
    return out;
  }
  // The split never exceeds the activity's amount (the service refuses it); capped here as well.
  let left = a.amounts[kind];
  for (const c of [...set].sort(objectiveOrder)) {
    const part = Math.min(c.amounts[kind], left);
    out[c.criterion] += part;
    left -= part;
  }
  return out;
}

const sum = (r: Record<TaxObjective, number>) => TAX_OBJECTIVES.reduce((s, o) => s + r[o], 0);

/**
 * Seed 001 §2 overview columns and the amounts they stand for, for one activity of a year.
 * Eligibility is the activity's (Art. 1(5) of 2021/2178: described in the delegated acts): its whole
 * amount is eligible whether or not its amounts are split between objectives; the part a split
 * leaves to no objective is `unsplit`. Alignment follows the split: the parts of the objectives
 * whose criteria are met.
 */
export function assessActivity(a: KpiActivity, yearSafeguards: number): ActivityResult {
  const eligibleCriteria = a.criteria.filter((c) => isEligibleCriterion(a, c));
  const conform = a.criteria.filter((c) => isConform(a, c));
  const minSafeguards = a.minSafeguards && allSafeguardsMet(yearSafeguards);
  const aligned = conform.length > 0 && minSafeguards;
  const eligible = eligibleCriteria.length > 0;
  const eligibleAmounts = zero();
  const alignedAmounts = zero();
  const unsplit = zero();
  const alignedByObjective = zeroByKind();
  const eligibleByObjective = zeroByKind();
  for (const kind of TAX_AMOUNT_KINDS) {
    if (!eligible) continue;
    eligibleAmounts[kind] = a.amounts[kind];
    eligibleByObjective[kind] = splitOf(a, eligibleCriteria, kind);
    unsplit[kind] = a.amounts[kind] - sum(eligibleByObjective[kind]);
    if (aligned) {
      alignedByObjective[kind] = splitOf(a, conform, kind);
      alignedAmounts[kind] = sum(alignedByObjective[kind]);
    }
  }
  const conformTurnover = sum(splitOf(a, conform, 'turnover'));
  return {
    eligible,
    substantialContribution: eligibleCriteria.some((c) => c.substantialContribution === true),
    dnsh: eligibleCriteria.some(meetsDnsh),
    minSafeguards,
    aligned,
    // "Potentially": the technical screening is met; the minimum safeguards may still be open.
    potentiallyConformShare:
      a.amounts.turnover > 0 ? conformTurnover / a.amounts.turnover : conform.length > 0 ? 1 : 0,
    splitIncomplete: TAX_AMOUNT_KINDS.some((k) => unsplit[k] > 0),
    eligibleAmounts,
    alignedAmounts,
    alignedByObjective,
    eligibleByObjective,
    unsplit,
  };
}

export type KindFigures = {
  total: number;
  eligible: number;
  ineligible: number;
  aligned: number;
  eligibleShare: number;
  alignedShare: number;
  alignedByObjective: Record<TaxObjective, number>;
  eligibleByObjective: Record<TaxObjective, number>;
  /** Eligible amounts no objective holds (activities with an incomplete split). */
  unsplit: number;
  /** The activities' amounts add up to more than the years' total (data kept from before the check). */
  exceedsTotal: boolean;
  /** 2026/73: not assessed because not material; neither eligible nor counted as non-eligible. */
  notMaterial: number;
  /** 2026/73: the KPI is not reported (OpEx not material in every year covered). */
  notReported: boolean;
};
export type YearKpis = Record<TaxAmountKind, KindFigures>;

/**
 * Article 8 KPIs over one or more financial years: the years' totals are the denominators, each
 * activity's eligible and aligned amounts the numerators (each activity once).
 */
export function yearKpis(years: { year: KpiYear; activities: KpiActivity[] }[]): YearKpis {
  const out = {} as YearKpis;
  const results = years.map(({ year, activities }) =>
    activities.map((a) => assessActivity(a, year.minSafeguards)),
  );
  for (const kind of TAX_AMOUNT_KINDS) {
    const total = years.reduce((s, y) => s + y.year.totals[kind], 0);
    let eligible = 0;
    let aligned = 0;
    let unsplit = 0;
    const byObjective = zeroByObjective();
    const eligibleByObjective = zeroByObjective();
    for (const r of results.flat()) {
      eligible += r.eligibleAmounts[kind];
      aligned += r.alignedAmounts[kind];
      unsplit += r.unsplit[kind];
      for (const o of TAX_OBJECTIVES) {
        byObjective[o] += r.alignedByObjective[kind][o];
        eligibleByObjective[o] += r.eligibleByObjective[kind][o];
      }
    }
    const notMaterial = years.reduce((s, y) => s + (y.year.notMaterial?.[kind] ?? 0), 0);
    const exceedsTotal = years.some(
      (y) =>
        y.activities.reduce((t, a) => t + a.amounts[kind], y.year.notMaterial?.[kind] ?? 0) >
        y.year.totals[kind],
    );
    out[kind] = {
      total,
      eligible,
      // Annex I 2(e) of 2021/2178: the non-eligible part of the denominator; 2026/73 takes the not-material part out of it.
      ineligible: Math.max(0, total - eligible - notMaterial),
      aligned,
      eligibleShare: total > 0 ? Math.min(1, eligible / total) : 0,
      alignedShare: total > 0 ? Math.min(1, aligned / total) : 0,
      alignedByObjective: byObjective,
      eligibleByObjective,
      unsplit,
      exceedsTotal,
      notMaterial,
      notReported: kind === 'opex' && years.length > 0 && years.every((y) => y.year.opexNotMaterial === true),
    };
  }
  return out;
}

/**
 * The 14 minimum-safeguard flags in one integer: flag i is bit i (value 2^i), i in the order of the
 * catalogue's `minimumSafeguards()` (derived from eu_taxonomy_minimum_safeguards.csv topics 1 to 4,
 * see data/SOURCES.md).
 */
export function packSafeguards(flags: readonly boolean[]): number {
  return flags.reduce((n, on, i) => (on && i < 14 ? n | (1 << i) : n), 0);
}
export function unpackSafeguards(n: number): boolean[] {
  return Array.from({ length: 14 }, (_, i) => (n & (1 << i)) !== 0);
}
