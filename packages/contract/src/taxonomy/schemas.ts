import { z } from 'zod';
import { listOf, paginationQueryOf } from '../http.ts';

/**
 * EU taxonomy (seed 001 §1–§9 "Taxonomy"): financial years, activities with their criteria, DNSH
 * checks and minimum safeguards, tags and files, the overview and the dashboard's KPIs.
 */

/** Seed 001 §9: the activity overview shows 15 rows per page. */
export const TAX_ACTIVITY_PAGE_SIZE = 15;
/** Seed 001 §3/§9: the minimum safeguards of a financial year hold 14 flags, packed in one number. */
export const TAX_MIN_SAFEGUARD_FLAGS = 14;
export const TAX_MIN_SAFEGUARDS_ALL = (1 << TAX_MIN_SAFEGUARD_FLAGS) - 1;
/** Upload limit of a taxonomy file (activity, criterion, DNSH check or financial year). */
export const TAX_FILE_MAX_BYTES = 10 * 1024 * 1024;
/** Evidence files: documents, spreadsheets, images and archives of certificates. */
export const TAX_FILE_TYPES_ALLOWED = [
  'application/pdf',
  'image/png',
  'image/jpeg',
  'text/plain',
  'text/csv',
  'application/zip',
  'application/msword',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.ms-excel',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/vnd.ms-powerpoint',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation',
] as const;
/** Seed 001 §5: valid years run from 1900 to 2100. */
export const TAX_YEAR_MIN = 1900;
export const TAX_YEAR_MAX = 2100;
/** Filter values per repeated query key (tags, years). */
export const TAX_FILTER_VALUES_MAX = 50;

/**
 * The six environmental objectives of Taxonomy Regulation (EU) 2020/852 Art. 9, in its order
 * (/work/shared/data/eu-taxonomy/eu_taxonomy_environmental_objectives.csv). A criterion of an
 * activity is one of them (its substantial contribution); its DNSH checks are the other five.
 */
export const TAX_OBJECTIVES = ['CCM', 'CCA', 'WTR', 'CE', 'PPC', 'BIO'] as const;
export type TaxObjective = (typeof TAX_OBJECTIVES)[number];
export const TAX_ACTIVITY_STATUSES = ['open', 'finished'] as const;
export type TaxActivityStatus = (typeof TAX_ACTIVITY_STATUSES)[number];
/** What a file belongs to (seed 001 §3 Files; the path of the delete call spells `financial-year`). */
export const TAX_FILE_OWNERS = ['activity', 'criteria', 'dnsh', 'financialYear'] as const;
export type TaxFileOwner = (typeof TAX_FILE_OWNERS)[number];
export const TAX_FILE_PATH_TYPES = ['activity', 'criteria', 'dnsh', 'financial-year'] as const;
/** Seed 001 §3: the three figures of every activity, criterion and financial year. */
export const TAX_AMOUNT_KINDS = ['turnover', 'capex', 'opex'] as const;
export type TaxAmountKind = (typeof TAX_AMOUNT_KINDS)[number];
/**
 * The disclosure rules a financial year follows: Delegated Regulation (EU) 2021/2178 with its
 * templates as amended up to 2023/2486, or as simplified by Delegated Regulation (EU) 2026/73
 * (OJ L 2026/73, 8.1.2026; applies from 1 January 2026, for the financial year 2025 at the
 * undertaking's choice, in full either way).
 */
export const TAX_RULE_SETS = ['2021/2178', '2026/73'] as const;
export type TaxRuleSet = (typeof TAX_RULE_SETS)[number];
/** 2026/73: the first financial year that may follow it, and the first that must. */
export const TAX_SIMPLIFIED_FROM = 2025;
export const TAX_SIMPLIFIED_ONLY_FROM = 2026;
/**
 * 2026/73: activities that together account for less than 10 % of a KPI's total (turnover, CapEx
 * or OpEx, each on its own) are not material and need not be assessed.
 */
export const TAX_MATERIALITY_THRESHOLD = 0.1;

const text = (max: number) => z.string().trim().min(1).max(max);
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .transform((v) => (v === '' ? null : v))
    .nullable();
/**
 * Seed 001 §9: an amount in EUR, never negative, rounded to two decimals (the server keeps cents).
 * The cap keeps every sum within exact integer cents.
 */
export const taxAmount = z.number().finite().min(0).max(1e12);
export const taxYear = z.number().int().min(TAX_YEAR_MIN).max(TAX_YEAR_MAX);
/** A share between 0 and 1 (the screens show it as percent, seed 001 §9: up to two decimals). */
const share = z.number().min(0).max(1);
/** Whether a check passed: true passed, false failed, null not assessed yet. */
const assessment = z.boolean().nullable();

/** A query key given once or repeated (`tags=a&tags=b`) arrives as text or a list. */
const repeated = <T extends z.ZodType>(item: T) =>
  z.union([item, z.array(item).max(TAX_FILTER_VALUES_MAX)]).transform((v) => (Array.isArray(v) ? v : [v]));
const yearInQuery = z.coerce.number().int().min(TAX_YEAR_MIN).max(TAX_YEAR_MAX);

/** The filters of the overview, the dashboard and the exports (seed 001 §7): tag ids and tax years. */
export const taxFilters = {
  tags: repeated(z.uuid()).optional(),
  years: repeated(yearInQuery).optional(),
};

// ---------- files and tags ----------

export const taxFile = z.object({
  id: z.uuid(),
  name: z.string(),
  note: z.string().nullable(),
  mimeType: z.string(),
  size: z.number().int(),
  type: z.enum(TAX_FILE_OWNERS),
  /** The activity, criterion, DNSH check or financial year the file belongs to. */
  ownerId: z.uuid(),
  createdAt: z.string(),
});
export type TaxFile = z.infer<typeof taxFile>;
/** `POST /api/tax/files`: the form fields besides the file (seed 001 §7). */
export const taxFileForm = z.strictObject({
  id: z.uuid(),
  type: z.enum(TAX_FILE_OWNERS).default('activity'),
  note: z.string().trim().max(1000).optional(),
});
/** The owner type in the path is one of `TAX_FILE_PATH_TYPES`; another names no file (404). */
export const taxFileDeleteParams = z.strictObject({
  type: z
    .string()
    .max(20)
    .describe(`One of ${TAX_FILE_PATH_TYPES.join(', ')}`),
  id: z.uuid(),
});

/** Seed 001 §3: a tag has a value; its colour marks it in lists and filters. */
export const taxTag = z.object({
  id: z.uuid(),
  value: z.string(),
  /** `#rrggbb`; text on it is black above brightness 150, else white (seed 001 §9). */
  color: z.string(),
  activityCount: z.number().int(),
});
export type TaxTag = z.infer<typeof taxTag>;
const color = z.string().regex(/^#[0-9a-fA-F]{6}$/, 'colour #rrggbb');
export const taxTagBody = z.strictObject({ value: text(60), color: color.default('#1f6f5c') });
export const taxTagPatchBody = z.strictObject({ value: text(60).optional(), color: color.optional() });
export const taxTagList = listOf(taxTag);
const tagRef = z.object({ id: z.uuid(), value: z.string(), color: z.string() });

// ---------- financial years ----------

export const taxFinancialYear = z.object({
  id: z.uuid(),
  taxYear: z.number().int(),
  totalTurnover: z.number(),
  totalCapex: z.number(),
  totalOpex: z.number(),
  /**
   * The 14 minimum-safeguard flags, bit i (value 2^i) for the i-th check of `tax-minimum-safeguards`
   * (the catalogue's order); all met is 16383.
   */
  minSafeguards: z.number().int(),
  reviewInstitute: z.string().nullable(),
  /** Frozen for review: data entry ended, nothing of the year can be changed until the review is cancelled. */
  inReview: z.boolean(),
  showInstituteInReport: z.boolean(),
  /**
   * Template 1 of Annex XII of the Disclosures Delegated Act (nuclear and fossil gas related
   * activities, 2022/1214): bit i answers row i + 1 with yes; null: the templates are not answered.
   */
  nuclearGas: z.number().int().nullable(),
  ruleSet: z.enum(TAX_RULE_SETS),
  /** 2026/73: amounts (EUR) of the activities not assessed because not material, per KPI. */
  notMaterialTurnover: z.number(),
  notMaterialCapex: z.number(),
  notMaterialOpex: z.number(),
  /** 2026/73: sectors of the not-material activities and why they are not material. */
  notMaterialNote: z.string().nullable(),
  /** 2026/73: OpEx is not material for the business model; only its total is disclosed. */
  opexNotMaterial: z.boolean(),
  opexNotMaterialReason: z.string().nullable(),
  files: z.array(taxFile),
  activityCount: z.number().int(),
  /** The caller may change the year and its activities (group rights, review, tariff state). */
  canWrite: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TaxFinancialYear = z.infer<typeof taxFinancialYear>;
export const taxFinancialYearList = listOf(taxFinancialYear);

const minSafeguardsField = z.number().int().min(0).max(TAX_MIN_SAFEGUARDS_ALL);
/** Annex XII Template 1 has six rows (2021/2139 sections 4.26 to 4.31). */
export const TAX_NUCLEAR_GAS_ROWS = 6;
const nuclearGasField = z
  .number()
  .int()
  .min(0)
  .max((1 << TAX_NUCLEAR_GAS_ROWS) - 1)
  .nullable();
const financialYearFields = {
  totalTurnover: taxAmount,
  totalCapex: taxAmount,
  totalOpex: taxAmount,
  minSafeguards: minSafeguardsField,
  reviewInstitute: optionalText(200),
  showInstituteInReport: z.boolean(),
  nuclearGas: nuclearGasField,
  ruleSet: z.enum(TAX_RULE_SETS),
  notMaterialTurnover: taxAmount,
  notMaterialCapex: taxAmount,
  notMaterialOpex: taxAmount,
  notMaterialNote: optionalText(2000),
  opexNotMaterial: z.boolean(),
  opexNotMaterialReason: optionalText(2000),
};
export const taxFinancialYearBody = z.strictObject({
  taxYear,
  totalTurnover: taxAmount.default(0),
  totalCapex: taxAmount.default(0),
  totalOpex: taxAmount.default(0),
  minSafeguards: minSafeguardsField.default(0),
  reviewInstitute: optionalText(200).optional(),
  showInstituteInReport: z.boolean().default(false),
  nuclearGas: nuclearGasField.default(null),
  /** Without one, the rules that apply to the year: 2026/73 from 2026, 2021/2178 before. */
  ruleSet: z.enum(TAX_RULE_SETS).optional(),
  notMaterialTurnover: taxAmount.default(0),
  notMaterialCapex: taxAmount.default(0),
  notMaterialOpex: taxAmount.default(0),
  notMaterialNote: optionalText(2000).optional(),
  opexNotMaterial: z.boolean().default(false),
  opexNotMaterialReason: optionalText(2000).optional(),
});
/** Merge patch; `inReview: true` freezes the year (starts the review), `false` cancels the review. */
export const taxFinancialYearPatchBody = z.strictObject({
  ...Object.fromEntries(Object.entries(financialYearFields).map(([k, v]) => [k, v.optional()])),
  inReview: z.boolean().optional(),
}) as z.ZodObject<
  { [K in keyof typeof financialYearFields]: z.ZodOptional<(typeof financialYearFields)[K]> } & {
    inReview: z.ZodOptional<z.ZodBoolean>;
  }
>;
export type TaxFinancialYearBody = z.input<typeof taxFinancialYearBody>;
export type TaxFinancialYearPatchBody = z.input<typeof taxFinancialYearPatchBody>;

// ---------- activities ----------

const amounts = { turnover: taxAmount.default(0), capex: taxAmount.default(0), opex: taxAmount.default(0) };

export const taxDnshCheck = z.object({
  id: z.uuid(),
  /** The objective this check keeps from significant harm (one of the five other than the criterion). */
  dnsh: z.enum(TAX_OBJECTIVES),
  weight: z.number().int(),
  /** The activity does no significant harm to this objective (null: not assessed yet). */
  complies: assessment,
  /** The catalogue has no criteria for this objective, or they are met by definition. */
  isAlwaysMet: z.boolean(),
  files: z.array(taxFile),
});
export const taxActivityCriterion = z.object({
  id: z.uuid(),
  /** The objective the activity contributes substantially to. */
  criterion: z.enum(TAX_OBJECTIVES),
  weight: z.number().int(),
  /** The substantial-contribution assessment (null: not assessed yet). */
  substantialContribution: assessment,
  /** The part of the activity's amounts attributed to this objective (EUR). */
  turnover: z.number(),
  capex: z.number(),
  opex: z.number(),
  files: z.array(taxFile),
  dnshActivityCriteria: z.array(taxDnshCheck),
});

/** Seed 001 §2 overview columns: the outcome of each step for one activity. */
export const taxAssessment = z.object({
  /** The EU activity is in the catalogue for a selected objective. */
  eligible: z.boolean(),
  substantialContribution: z.boolean(),
  dnsh: z.boolean(),
  minSafeguards: z.boolean(),
  aligned: z.boolean(),
  /** The share of the activity's turnover in objectives with substantial contribution and no harm. */
  potentiallyConformShare: share,
  /**
   * The criteria's amounts split part of the activity's amounts between objectives and leave the
   * rest to none: the whole amount still counts as eligible, the split is to be completed.
   */
  splitIncomplete: z.boolean(),
});
export type TaxAssessment = z.infer<typeof taxAssessment>;

const yearRef = z.object({ id: z.uuid(), taxYear: z.number().int() });
const euActivityRef = z.object({ id: z.string(), name: z.string() });

export const taxActivity = z.object({
  id: z.uuid(),
  name: z.string(),
  year: yearRef,
  naceCode: z.string(),
  euActivity: euActivityRef,
  turnover: z.number(),
  capex: z.number(),
  opex: z.number(),
  status: z.enum(TAX_ACTIVITY_STATUSES),
  /** Seed 001 §3: the 14 questions of the wizard collapsed into one answer on the activity. */
  minSafeguards: z.boolean(),
  tags: z.array(tagRef),
  files: z.array(taxFile),
  activityCriteria: z.array(taxActivityCriterion),
  assessment: taxAssessment,
  canWrite: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TaxActivity = z.infer<typeof taxActivity>;

export const taxDnshInput = z.strictObject({
  dnsh: z.enum(TAX_OBJECTIVES),
  complies: assessment.optional(),
  isAlwaysMet: z.boolean().optional(),
});
export const taxCriterionInput = z.strictObject({
  criterion: z.enum(TAX_OBJECTIVES),
  weight: z.number().int().min(0).max(1000).optional(),
  substantialContribution: assessment.optional(),
  turnover: taxAmount.optional(),
  capex: taxAmount.optional(),
  opex: taxAmount.optional(),
  /** The DNSH checks to set; checks not named keep their answers. */
  dnshActivityCriteria: z.array(taxDnshInput).max(TAX_OBJECTIVES.length).optional(),
});
export type TaxCriterionInput = z.input<typeof taxCriterionInput>;

const activityFields = {
  name: text(200),
  naceCode: text(20),
  ...amounts,
  status: z.enum(TAX_ACTIVITY_STATUSES).default('open'),
  minSafeguards: z.boolean().default(false),
  tags: z.array(z.uuid()).max(50).default([]),
};
/**
 * A new activity: the EU activity first (seed 001 §5), then the financial year (`year`) and at least
 * one criterion. Criteria not listed are removed with their data (seed 001 §4: deselecting deletes).
 */
export const taxActivityBody = z.strictObject({
  euActivity: text(80),
  year: z.uuid(),
  ...activityFields,
  activityCriteria: z.array(taxCriterionInput).min(1).max(TAX_OBJECTIVES.length),
});
/** Merge patch: `euActivity` and `year` may be sent only unchanged (fixed once saved). */
export const taxActivityPatchBody = z.strictObject({
  euActivity: text(80).optional(),
  year: z.uuid().optional(),
  name: activityFields.name.optional(),
  naceCode: activityFields.naceCode.optional(),
  turnover: taxAmount.optional(),
  capex: taxAmount.optional(),
  opex: taxAmount.optional(),
  status: z.enum(TAX_ACTIVITY_STATUSES).optional(),
  minSafeguards: z.boolean().optional(),
  tags: z.array(z.uuid()).max(50).optional(),
  activityCriteria: z.array(taxCriterionInput).min(1).max(TAX_OBJECTIVES.length).optional(),
});
export type TaxActivityBody = z.input<typeof taxActivityBody>;
export type TaxActivityPatchBody = z.input<typeof taxActivityPatchBody>;

export const taxActivityListQuery = z.strictObject({
  ...paginationQueryOf(TAX_ACTIVITY_PAGE_SIZE),
  ...taxFilters,
  status: z.enum(TAX_ACTIVITY_STATUSES).optional(),
});
const activityItem = taxActivity.omit({ activityCriteria: true, files: true });
export const taxActivityList = listOf(activityItem);

// ---------- overview and dashboard ----------

/** Seed 001 §2: the 15 columns of the overview, with the ids the screen links by. */
export const taxOverviewRow = z.object({
  id: z.uuid(),
  name: z.string(),
  naceCode: z.string(),
  euActivity: euActivityRef,
  year: yearRef,
  status: z.enum(TAX_ACTIVITY_STATUSES),
  eligible: z.boolean(),
  substantialContribution: z.boolean(),
  dnsh: z.boolean(),
  minSafeguards: z.boolean(),
  aligned: z.boolean(),
  potentiallyConformShare: share,
  splitIncomplete: z.boolean(),
  turnover: z.number(),
  capex: z.number(),
  opex: z.number(),
  tags: z.array(tagRef),
  updatedAt: z.string(),
});
export type TaxOverviewRow = z.infer<typeof taxOverviewRow>;
export const taxOverviewQuery = z.strictObject({
  ...paginationQueryOf(TAX_ACTIVITY_PAGE_SIZE),
  ...taxFilters,
  /** `true`: finished activities only; `false`: open ones only. */
  finished: z.enum(['true', 'false', '1', '0']).optional(),
});
export const taxOverviewList = listOf(taxOverviewRow);

export const taxDashboardQuery = z.strictObject({
  ...taxFilters,
  /** The figures as if every year covered followed this rule set (the comparison of both); default each year's own. */
  ruleSet: z.enum(TAX_RULE_SETS).optional(),
});
/** One figure's chart: amounts in EUR (seed 001 §3 "Charts hold eligible, ineligible and conformShare"). */
export const taxChart = z.object({
  eligible: z.number(),
  /** The financial years' total less the eligible amount. */
  ineligible: z.number(),
  /** The aligned (taxonomy-conform) amount, part of the eligible one. */
  conformShare: z.number(),
  /** The aligned amount per objective, each activity's amount split by its criteria (no double counting). */
  byObjective: z.object({
    CCM: z.number(),
    CCA: z.number(),
    WTR: z.number(),
    CE: z.number(),
    PPC: z.number(),
    BIO: z.number(),
  }),
  /** The eligible amount per objective (Annex II "Taxonomy-eligible per objective"); with `unsplit` it adds up to `eligible`. */
  eligibleByObjective: z.object({
    CCM: z.number(),
    CCA: z.number(),
    WTR: z.number(),
    CE: z.number(),
    PPC: z.number(),
    BIO: z.number(),
  }),
  /** Eligible amounts of activities whose split between objectives is incomplete. */
  unsplit: z.number(),
  /** Some year's activities add up to more than its total (kept from before the check). */
  exceedsTotal: z.boolean(),
  /** 2026/73: not assessed because not material (not part of `ineligible`). */
  notMaterial: z.number(),
  /** 2026/73: the KPI is not reported (OpEx not material in every year covered). */
  notReported: z.boolean(),
});
/** One figure's KPI (Disclosures Delegated Act (EU) 2021/2178 Art. 8 KPIs): total in EUR, shares 0..1. */
export const taxKpi = z.object({ total: z.number(), eligible: share, conformShare: share });
export const taxDashboardStats = z.object({
  charts: z.object({ turnover: taxChart, capex: taxChart, opex: taxChart }),
  kpis: z.object({ turnover: taxKpi, capex: taxKpi, opex: taxKpi }),
  activityCount: z.number().int(),
  /** The financial years the figures cover. */
  years: z.array(z.number().int()),
  /** The rule sets the figures follow (each year's own, or the one asked for). */
  ruleSets: z.array(z.enum(TAX_RULE_SETS)),
});
export type TaxDashboardStats = z.infer<typeof taxDashboardStats>;
