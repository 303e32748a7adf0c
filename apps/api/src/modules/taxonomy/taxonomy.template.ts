import {
  TAX_AMOUNT_KINDS,
  TAX_OBJECTIVES,
  type TaxAmountKind,
  type TaxObjective,
  type TaxRuleSet,
} from '@klimadesk/contract';
import { euActivity, siblingsOf } from './taxonomy.catalogue.ts';
import { type Category, categoryOf } from './taxonomy.categories.ts';
import {
  type ActivityResult,
  type KpiActivity,
  type KpiYear,
  type YearKpis,
  assessActivity,
  isEligibleCriterion,
  meetsDnsh,
  yearKpis,
} from './taxonomy.kpis.ts';

/**
 * The Article 8 disclosure of one financial year as one model, written by the PDF report and the
 * xlsx export alike: the templates of Annex II of the Disclosures Delegated Act (EU) 2021/2178 as
 * replaced by Delegated Regulation (EU) 2023/2486 Annex V (one table per KPI with sections A.1,
 * A.2 and B, then the proportions per objective), and the nuclear and fossil gas templates 1 to 5
 * of its Annex XII (added by Delegated Regulation (EU) 2022/1214 Annex III). Amounts in cents,
 * proportions 0..1 of the KPI's total.
 */

/** The objectives in the column order of the Annex II templates (Water, Pollution, Circular economy). */
export const TEMPLATE_OBJECTIVES: readonly TaxObjective[] = ['CCM', 'CCA', 'WTR', 'PPC', 'CE', 'BIO'];

/** Y: criteria met; N: eligible, not met; N/EL: not eligible for the objective; EL: eligible (A.2). */
export type ScCell = 'Y' | 'N' | 'N/EL' | 'EL';

export type TemplateActivity = {
  name: string;
  naceCode: string;
  euActivityId: string;
  status: 'open' | 'finished';
  kpi: KpiActivity;
};
export type TemplateYearInput = KpiYear & {
  taxYear: number;
  /** Annex XII Template 1: the six answers (bit i for row i + 1); null: the templates are not answered. */
  nuclearGas: number | null;
  /** The disclosure rules of the year; 2026/73 deletes Annex XII and simplifies Annex II. */
  ruleSet: TaxRuleSet;
  notMaterialNote?: string | null;
  opexNotMaterialReason?: string | null;
  activities: TemplateActivity[];
};

export type TemplateRow = {
  name: string;
  /** The activity's codes as the acts write them ("CCM 7.1 / CE 3.1"). */
  code: string;
  amount: number;
  share: number;
  sc: Record<TaxObjective, ScCell>;
  /** A.1 only: no significant harm to the objective (Y/N). */
  dnsh: Record<TaxObjective, 'Y' | 'N'> | null;
  /** A.1 only. */
  minSafeguards: 'Y' | 'N' | null;
  /** The proportion of the same activity in year N-1 (A.1 aligned, A.2 eligible not aligned); null: none. */
  previousShare: number | null;
  enabling: boolean;
  transitional: boolean;
  /** The activity's assessment is not finished: its figures count as assessed so far. */
  unfinished: boolean;
  /** Its amounts are split between objectives only in part. */
  splitIncomplete: boolean;
  /** The row's amount per objective as a proportion of the KPI's total (A.1 aligned, A.2 eligible). */
  byObjective: Record<TaxObjective, number>;
};
export type Subtotal = {
  amount: number;
  share: number;
  /** Per objective: A.1 aligned, A.2 eligible not aligned, A eligible (of the KPI's total). */
  byObjective: Record<TaxObjective, number>;
  previousShare: number | null;
};
export type KindTemplate = {
  kind: TaxAmountKind;
  total: number;
  a1: TemplateRow[];
  a1Total: Subtotal;
  enabling: Subtotal;
  transitional: Subtotal;
  a2: TemplateRow[];
  a2Total: Subtotal;
  aTotal: Subtotal;
  b: { amount: number; share: number; previousShare: number | null };
  /** Proportion per objective: Taxonomy-aligned and Taxonomy-eligible (2023/2486 Annex V). */
  perObjective: Record<TaxObjective, { aligned: number; eligible: number }>;
  /** Eligible, but split to no objective (activities with an incomplete split). */
  unsplitShare: number;
  /** 2026/73: not assessed because not material. */
  notMaterial: { amount: number; share: number };
  /** 2026/73: the KPI is not reported (OpEx not material). */
  notReported: boolean;
};
/** One row of Annex XII templates 2 to 5: amount and proportion, CCM + CCA, CCM, CCA. */
export type NuclearGasCells = { both: number; ccm: number; cca: number };
export type NuclearGasRow = { amount: NuclearGasCells; share: NuclearGasCells };
export type NuclearGasTemplates = {
  answers: boolean[];
  /** Per KPI: templates 2 (aligned, denominator), 3 (aligned, numerator), 4 (eligible not aligned), 5 (not eligible), 8 rows each. */
  byKind: Record<TaxAmountKind, Record<2 | 3 | 4 | 5, NuclearGasRow[]>>;
};
/** 2026/73 summary: nuclear (4.26–4.28) and fossil gas (4.29–4.31) activities within the general templates. */
export type EnergySummary = Record<'nuclear' | 'gas', { aligned: number; eligibleOnly: number }>;
export type YearTemplate = {
  taxYear: number;
  ruleSet: TaxRuleSet;
  notMaterialNote: string | null;
  /** 2026/73: OpEx not material, with the reason (null: OpEx is reported). */
  opexNotMaterialReason: string | null;
  /** 2026/73: per KPI the nuclear and gas amounts the deleted Annex XII templates reported. */
  energy: Record<TaxAmountKind, EnergySummary> | null;
  previousYear: number | null;
  kpis: YearKpis;
  kinds: Record<TaxAmountKind, KindTemplate>;
  nuclearGas: NuclearGasTemplates | null;
  unfinished: string[];
};

/** The sections of 2021/2139 Annexes I and II that Annex XII rows 1 to 6 name, in row order. */
export const NUCLEAR_GAS_SECTIONS = ['4.26', '4.27', '4.28', '4.29', '4.30', '4.31'] as const;

const zeroObjectives = () =>
  Object.fromEntries(TAX_OBJECTIVES.map((o) => [o, 0])) as Record<TaxObjective, number>;
const shareOf = (part: number, total: number) => (total > 0 ? part / total : 0);

/** The criteria that pass the technical screening: eligible, substantial contribution and no significant harm. */
const conformCriteria = (a: KpiActivity) =>
  a.criteria.filter((c) => isEligibleCriterion(a, c) && c.substantialContribution === true && meetsDnsh(c));

/** The same activity in another year: the same economic activity (any act's entry) and name. */
const activityKey = (a: TemplateActivity) =>
  `${siblingsOf(a.euActivityId)
    .map((s) => s.id)
    .sort()
    .join('|')}#${a.name.trim().toLowerCase()}`;

const codesOf = (a: TemplateActivity, objectives: readonly TaxObjective[]) => {
  const codes = euActivity(a.euActivityId)?.codes ?? {};
  return TEMPLATE_OBJECTIVES.filter((o) => objectives.includes(o))
    .map((o) => codes[o] ?? o)
    .join(' / ');
};

type Assessed = { a: TemplateActivity; r: ActivityResult };

const assess = (y: TemplateYearInput): Assessed[] =>
  y.activities.map((a) => ({ a, r: assessActivity(a.kpi, y.minSafeguards) }));

/** The previous year's A.1 and A.2 proportion per activity, by `activityKey`. */
function previousShares(prev: TemplateYearInput | null) {
  const out = new Map<string, Record<TaxAmountKind, { a1: number; a2: number }>>();
  if (!prev) return out;
  for (const { a, r } of assess(prev)) {
    const entry = Object.fromEntries(
      TAX_AMOUNT_KINDS.map((k) => [
        k,
        {
          a1: shareOf(r.alignedAmounts[k], prev.totals[k]),
          a2: shareOf(r.eligibleAmounts[k] - r.alignedAmounts[k], prev.totals[k]),
        },
      ]),
    ) as Record<TaxAmountKind, { a1: number; a2: number }>;
    out.set(activityKey(a), entry);
  }
  return out;
}

/** The KPI a template is for and its total (the denominator of every proportion). */
type KindOf = { kind: TaxAmountKind; total: number };
type Sum = { amount: number; byObjective: Record<TaxObjective, number> };
type RowStart = Pick<TemplateRow, 'name' | 'unfinished' | 'splitIncomplete'>;
/** The rows of sections A.1 and A.2 with the sums they add to. */
type KindRows = {
  a1: TemplateRow[];
  a2: TemplateRow[];
  enabling: Sum;
  transitional: Sum;
  a2ByObjective: Record<TaxObjective, number>;
};

/** The A.1 row of an aligned activity; adds it to the enabling and transitional sums its categories name. */
function alignedRow(
  { kind, total }: KindOf,
  { a, r }: Assessed,
  base: RowStart,
  previousShare: number | null,
  rows: KindRows,
): TemplateRow {
  const conform = conformCriteria(a.kpi).map((c) => c.criterion);
  const categories = conform.map((o) => categoryOf(a.euActivityId, o));
  const has = (c: Category) => categories.includes(c);
  const amount = r.alignedAmounts[kind];
  for (const [flag, sum] of [
    ['E', rows.enabling],
    ['T', rows.transitional],
  ] as const) {
    if (!has(flag)) continue;
    sum.amount += amount;
    for (const o of TAX_OBJECTIVES) sum.byObjective[o] += r.alignedByObjective[kind][o];
  }
  return {
    ...base,
    code: codesOf(a, conform),
    amount,
    share: shareOf(amount, total),
    sc: Object.fromEntries(
      TAX_OBJECTIVES.map((o) => [
        o,
        conform.includes(o) ? 'Y' : a.kpi.euObjectives.includes(o) ? 'N' : 'N/EL',
      ]),
    ) as Record<TaxObjective, ScCell>,
    // Every passing criterion keeps the other objectives from harm; its own objective is its contribution.
    dnsh: Object.fromEntries(
      TAX_OBJECTIVES.map((o) => [
        o,
        conformCriteria(a.kpi).every(
          (c) =>
            c.criterion === o || c.dnsh.some((d) => d.dnsh === o && (d.isAlwaysMet || d.complies === true)),
        )
          ? 'Y'
          : 'N',
      ]),
    ) as Record<TaxObjective, 'Y' | 'N'>,
    minSafeguards: r.minSafeguards ? 'Y' : 'N',
    previousShare,
    byObjective: Object.fromEntries(
      TAX_OBJECTIVES.map((o) => [o, shareOf(r.alignedByObjective[kind][o], total)]),
    ) as Record<TaxObjective, number>,
    enabling: has('E'),
    transitional: has('T'),
  };
}

/** The A.2 row of an activity's eligible part that is not aligned (`rest`); adds it to the A.2 sum. */
function eligibleRow(
  { kind, total }: KindOf,
  { a, r }: Assessed,
  base: RowStart,
  rest: number,
  previousShare: number | null,
  rows: KindRows,
): TemplateRow {
  const eligibleFor = a.kpi.criteria.filter((c) => isEligibleCriterion(a.kpi, c)).map((c) => c.criterion);
  for (const o of TAX_OBJECTIVES)
    rows.a2ByObjective[o] += r.eligibleByObjective[kind][o] - r.alignedByObjective[kind][o];
  return {
    ...base,
    code: codesOf(a, eligibleFor),
    amount: rest,
    share: shareOf(rest, total),
    sc: Object.fromEntries(
      TAX_OBJECTIVES.map((o) => [o, a.kpi.euObjectives.includes(o) ? 'EL' : 'N/EL']),
    ) as Record<TaxObjective, ScCell>,
    dnsh: null,
    minSafeguards: null,
    previousShare,
    byObjective: Object.fromEntries(
      TAX_OBJECTIVES.map((o) => [
        o,
        shareOf(r.eligibleByObjective[kind][o] - r.alignedByObjective[kind][o], total),
      ]),
    ) as Record<TaxObjective, number>,
    enabling: false,
    transitional: false,
  };
}

/** The template of one KPI from its rows, the year's KPI figures and the previous year's. */
function kindResult(
  { kind, total }: KindOf,
  rows: KindRows,
  k: YearKpis[TaxAmountKind],
  p: YearKpis[TaxAmountKind] | null,
): KindTemplate {
  const { enabling, transitional } = rows;
  const byShare = (r: Record<TaxObjective, number>) =>
    Object.fromEntries(TAX_OBJECTIVES.map((o) => [o, shareOf(r[o], total)])) as Record<TaxObjective, number>;
  const a2Amount = k.eligible - k.aligned;
  return {
    kind,
    total,
    a1: rows.a1,
    a1Total: {
      amount: k.aligned,
      share: shareOf(k.aligned, total),
      byObjective: byShare(k.alignedByObjective),
      previousShare: p ? p.alignedShare : null,
    },
    enabling: {
      amount: enabling.amount,
      share: shareOf(enabling.amount, total),
      byObjective: byShare(enabling.byObjective),
      previousShare: null,
    },
    transitional: {
      amount: transitional.amount,
      share: shareOf(transitional.amount, total),
      byObjective: byShare(transitional.byObjective),
      previousShare: null,
    },
    a2: rows.a2,
    a2Total: {
      amount: a2Amount,
      share: shareOf(a2Amount, total),
      byObjective: byShare(rows.a2ByObjective),
      previousShare: p ? shareOf(p.eligible - p.aligned, p.total) : null,
    },
    aTotal: {
      amount: k.eligible,
      share: shareOf(k.eligible, total),
      byObjective: byShare(k.eligibleByObjective),
      previousShare: p ? p.eligibleShare : null,
    },
    b: {
      amount: k.ineligible,
      share: shareOf(k.ineligible, total),
      previousShare: p ? shareOf(p.ineligible, p.total) : null,
    },
    perObjective: Object.fromEntries(
      TAX_OBJECTIVES.map((o) => [
        o,
        {
          aligned: shareOf(k.alignedByObjective[o], total),
          eligible: shareOf(k.eligibleByObjective[o], total),
        },
      ]),
    ) as Record<TaxObjective, { aligned: number; eligible: number }>,
    unsplitShare: shareOf(k.unsplit, total),
    notMaterial: { amount: k.notMaterial, share: shareOf(k.notMaterial, total) },
    notReported: k.notReported,
  };
}

function kindTemplate(
  kind: TaxAmountKind,
  y: TemplateYearInput,
  assessed: Assessed[],
  kpis: YearKpis,
  prev: { shares: ReturnType<typeof previousShares>; kpis: YearKpis | null },
): KindTemplate {
  const of: KindOf = { kind, total: y.totals[kind] };
  const previous = (a: TemplateActivity, section: 'a1' | 'a2') =>
    prev.kpis ? (prev.shares.get(activityKey(a))?.[kind][section] ?? 0) : null;
  const rows: KindRows = {
    a1: [],
    a2: [],
    enabling: { amount: 0, byObjective: zeroObjectives() },
    transitional: { amount: 0, byObjective: zeroObjectives() },
    a2ByObjective: zeroObjectives(),
  };
  for (const x of assessed) {
    const { a, r } = x;
    if (!r.eligible) continue;
    const base: RowStart = {
      name: a.name,
      unfinished: a.status !== 'finished',
      splitIncomplete: r.splitIncomplete,
    };
    if (r.aligned) rows.a1.push(alignedRow(of, x, base, previous(a, 'a1'), rows));
    // The eligible part not aligned: an activity aligned for one objective only in part appears in both.
    const rest = r.eligibleAmounts[kind] - r.alignedAmounts[kind];
    if (rest > 0 || !r.aligned) rows.a2.push(eligibleRow(of, x, base, rest, previous(a, 'a2'), rows));
  }
  return kindResult(of, rows, kpis[kind], prev.kpis?.[kind] ?? null);
}

/**
 * Annex XII templates 2 to 5 for one KPI: rows 1 to 6 the activities of 2021/2139 sections 4.26 to
 * 4.31, row 7 every other activity, row 8 the total; amounts split CCM / CCA as the activities'
 * criteria split them. Template 3's proportions are of the aligned total (its numerator), the others
 * of the KPI's total (denominator). Template 5 rows 1 to 6: the product records nuclear and gas
 * activities only as catalogue (eligible) activities, so their non-eligible amounts are 0.
 */
function nuclearGasOf(kind: TaxAmountKind, y: TemplateYearInput, assessed: Assessed[], k: YearKpis) {
  const total = y.totals[kind];
  const sectionOf = (a: TemplateActivity) => {
    const entry = siblingsOf(a.euActivityId).find(
      (s) => (s.act === '2022/1214' || s.act === '2021/2139') && s.ref,
    );
    return entry ? (NUCLEAR_GAS_SECTIONS as readonly string[]).indexOf(entry.ref ?? '') : -1;
  };
  const rows = (pick: (r: ActivityResult) => { ccm: number; cca: number }, denominator: number) => {
    const sums = Array.from({ length: 7 }, () => ({ ccm: 0, cca: 0 }));
    for (const { a, r } of assessed) {
      const i = sectionOf(a);
      const v = pick(r);
      sums[i >= 0 ? i : 6].ccm += v.ccm;
      sums[i >= 0 ? i : 6].cca += v.cca;
    }
    const all = [
      ...sums,
      sums.reduce((s, v) => ({ ccm: s.ccm + v.ccm, cca: s.cca + v.cca }), { ccm: 0, cca: 0 }),
    ];
    return all.map((v) => ({
      amount: { both: v.ccm + v.cca, ccm: v.ccm, cca: v.cca },
      share: {
        both: shareOf(v.ccm + v.cca, denominator),
        ccm: shareOf(v.ccm, denominator),
        cca: shareOf(v.cca, denominator),
      },
    }));
  };
  const aligned = (r: ActivityResult) => ({
    ccm: r.alignedByObjective[kind].CCM,
    cca: r.alignedByObjective[kind].CCA,
  });
  const eligibleOnly = (r: ActivityResult) => ({
    ccm: r.eligibleByObjective[kind].CCM - r.alignedByObjective[kind].CCM,
    cca: r.eligibleByObjective[kind].CCA - r.alignedByObjective[kind].CCA,
  });
  const template5 = rows(() => ({ ccm: 0, cca: 0 }), total).map((row, i) =>
    i < 6
      ? row
      : {
          amount: { both: k[kind].ineligible, ccm: k[kind].ineligible, cca: 0 },
          share: {
            both: shareOf(k[kind].ineligible, total),
            ccm: shareOf(k[kind].ineligible, total),
            cca: 0,
          },
        },
  );
  return {
    2: rows(aligned, total),
    3: rows(aligned, k[kind].aligned),
    4: rows(eligibleOnly, total),
    5: template5,
  };
}

/** The disclosure of year N, with year N-1 (the company's previous financial year) where it exists. */
export function yearTemplate(y: TemplateYearInput, prev: TemplateYearInput | null): YearTemplate {
  const assessed = assess(y);
  const kpis = yearKpis([{ year: y, activities: y.activities.map((a) => a.kpi) }]);
  const prevKpis = prev ? yearKpis([{ year: prev, activities: prev.activities.map((a) => a.kpi) }]) : null;
  const shares = previousShares(prev);
  const kinds = Object.fromEntries(
    TAX_AMOUNT_KINDS.map((kind) => [kind, kindTemplate(kind, y, assessed, kpis, { shares, kpis: prevKpis })]),
  ) as Record<TaxAmountKind, KindTemplate>;
  const simplified = y.ruleSet === '2026/73';
  const energy = (kind: TaxAmountKind): EnergySummary => {
    const rows = nuclearGasOf(kind, y, assessed, kpis);
    const sum = (t: 2 | 4, from: number) => [0, 1, 2].reduce((s, i) => s + rows[t][from + i].amount.both, 0);
    return {
      nuclear: { aligned: sum(2, 0), eligibleOnly: sum(4, 0) },
      gas: { aligned: sum(2, 3), eligibleOnly: sum(4, 3) },
    };
  };
  return {
    taxYear: y.taxYear,
    ruleSet: y.ruleSet,
    notMaterialNote: simplified ? (y.notMaterialNote ?? null) : null,
    opexNotMaterialReason: simplified && y.opexNotMaterial ? (y.opexNotMaterialReason ?? '') : null,
    energy: simplified
      ? (Object.fromEntries(TAX_AMOUNT_KINDS.map((k) => [k, energy(k)])) as Record<
          TaxAmountKind,
          EnergySummary
        >)
      : null,
    previousYear: prev?.taxYear ?? null,
    kpis,
    kinds,
    // 2026/73 deletes Annex XII: nuclear and gas amounts go into the general templates (`energy`).
    nuclearGas:
      y.nuclearGas === null || simplified
        ? null
        : {
            answers: NUCLEAR_GAS_SECTIONS.map((_, i) => (y.nuclearGas! & (1 << i)) !== 0),
            byKind: Object.fromEntries(
              TAX_AMOUNT_KINDS.map((kind) => [kind, nuclearGasOf(kind, y, assessed, kpis)]),
            ) as NuclearGasTemplates['byKind'],
          },
    unfinished: y.activities.filter((a) => a.status !== 'finished').map((a) => a.name),
  };
}
