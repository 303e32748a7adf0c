import { z } from 'zod';
import { calendarDay } from '../calendar.ts';
import { listOf, paginationQuery, paginationQueryOf } from '../http.ts';
import { YEAR_MAX, YEAR_MIN } from '../constants.ts';
import {
  CSRD_CATEGORIES,
  CSRD_IMPORT_PAGE_SIZE,
  CSRD_SCOPES,
  CSRD_STATUSES,
  CSRD_UNIT_IDS,
  CSRD_UNIT_TYPES,
  IRO_CATEGORIES,
  IRO_TIMES,
  IRREMEDIABILITY_WEIGHT_MAX,
  MA_SCALES,
  SEVERITY_FORMULAS,
} from './reference.ts';
import { ESRS_VERSIONS } from './reliefs.ts';

const text = (max: number) => z.string().trim().min(1).max(max);
const note = z.string().trim().max(4000).nullable();
export const csrdCategory = z.enum(CSRD_CATEGORIES);
export const csrdScopeCode = z.enum(CSRD_SCOPES);
export const csrdStatus = z.enum(CSRD_STATUSES);
export const iroCategory = z.enum(IRO_CATEGORIES);
export const iroTime = z.enum(IRO_TIMES);
export const csrdUnitId = z.enum(CSRD_UNIT_IDS);
const instant = z.string();
/** Names in both languages of the product (the ESRS are published in every EU language). */
const names = z.object({ de: z.string(), en: z.string() });

// ---------- static data (seed 001 §3 "CSRD static data") ----------

export const disclosureRequirement = z.object({
  /** The DR code of the ESRS text, e.g. `E1-6`, `SBM-3` or `E1.IRO-1`. */
  code: z.string(),
  scope: csrdScopeCode,
  title: z.string(),
  kind: z.enum(['general', 'minimum disclosure requirement', 'ESRS 2 related', 'topical']),
  /** The unit type a numeric value of this requirement is in; null: any (or text and tables only). */
  unitType: z.enum(CSRD_UNIT_TYPES).nullable(),
});
export type DisclosureRequirement = z.infer<typeof disclosureRequirement>;

/** A report scope: one ESRS standard with its disclosure requirements. */
export const csrdScope = z.object({
  id: csrdScopeCode,
  category: csrdCategory,
  name: names,
  disclosureRequirements: z.array(disclosureRequirement),
});
export type CsrdScope = z.infer<typeof csrdScope>;

/** A NACE Rev. 2 section, the sector list of a materiality analysis. */
export const maSector = z.object({ id: z.string(), name: z.string(), divisions: z.string() });
export type MaSector = z.infer<typeof maSector>;

/** A materiality scope: a topical standard (or ESRS 2) with its AR 16 matter count. */
export const maScope = z.object({
  id: csrdScopeCode,
  category: csrdCategory,
  name: names,
  matterCount: z.number().int(),
});
export type MaScope = z.infer<typeof maScope>;

export const csrdUnit = z.object({ id: csrdUnitId, toBase: z.number() });
export const csrdUnitType = z.object({
  id: z.enum(CSRD_UNIT_TYPES),
  baseUnit: csrdUnitId,
  units: z.array(csrdUnit),
});
export type CsrdUnitTypeInfo = z.infer<typeof csrdUnitType>;

/** Scopes of a category in order, with the categories before and after it (the page's arrows). */
export const navigationQuery = z.strictObject({ category: csrdCategory.default('ESRS') });
export const navigationScope = z.object({
  id: csrdScopeCode,
  name: names,
  /** Report: the topic's status; analysis: null. */
  status: csrdStatus.nullable(),
  /** Report: mandatory from the analysis; analysis: material by the scores. */
  flagged: z.boolean(),
  /** IRO entries of the analysis or indicator values of the report in this scope. */
  count: z.number().int(),
});
export const navigation = z.object({
  category: csrdCategory,
  scopes: z.array(navigationScope),
  previousCategory: csrdCategory.nullable(),
  nextCategory: csrdCategory.nullable(),
});
export type CsrdNavigation = z.infer<typeof navigation>;
export const maNavigationQuery = z.strictObject({
  category: csrdCategory.default('ESRS'),
  materialityAnalysis: z.uuid(),
});

// ---------- materiality analyses ----------

const scaleValue = z.union(
  MA_SCALES.map((s) => z.literal(s)) as [z.ZodLiteral<3>, z.ZodLiteral<4>, z.ZodLiteral<5>, z.ZodLiteral<10>],
);

/** Scores of one ESRS topic: the highest of its entries, and whether it passes the threshold. */
export const topicResult = z.object({
  scope: csrdScopeCode,
  category: csrdCategory,
  impactScore: z.number().nullable(),
  financialScore: z.number().nullable(),
  material: z.boolean(),
  entryCount: z.number().int(),
});
export type TopicResult = z.infer<typeof topicResult>;

/**
 * Scores of one assessed matter (an AR 16 sub-topic or sub-sub-topic, or a custom IRO): the highest
 * of its entries. A material matter brings its disclosure requirements into the report (ESRS 1 §30).
 */
export const matterResult = z.object({
  /** AR 16 id (`E1.3`, `S1.1.8`) or the uuid of a custom IRO. */
  iro: z.string(),
  scope: csrdScopeCode,
  custom: z.boolean(),
  impactScore: z.number().nullable(),
  financialScore: z.number().nullable(),
  material: z.boolean(),
});
export type MatterResult = z.infer<typeof matterResult>;

export const materialityAnalysis = z.object({
  id: z.uuid(),
  name: z.string(),
  scale: scaleValue,
  scaleNote: z.string().nullable(),
  /** Highest value an entry may be given (at most the scale). */
  scaleUpperLimit: z.number().int(),
  /** Impact materiality threshold (and the financial one unless `financialThreshold` is set). */
  threshold: z.number(),
  thresholdNote: z.string().nullable(),
  /** Financial materiality threshold; null: the same as `threshold`. */
  financialThreshold: z.number().nullable(),
  /** How the severity criteria of an impact become one figure (ESRS 1 AR 10, EFRAG IG 1). */
  severityFormula: z.enum(SEVERITY_FORMULAS),
  /** Weight of the irremediable character in the mean (1 … 3). */
  irremediabilityWeight: z.number(),
  reasons: z.string().nullable(),
  /** NACE sections (`ma-sectors` ids). */
  sectors: z.array(z.string()),
  /** Pillars included in the analysis. */
  scopes: z.array(csrdCategory),
  iroEntryCount: z.number().int(),
  /** Per topic, in ESRS order; only topics with entries. */
  results: z.array(topicResult),
  /** Per assessed matter, in AR 16 order, custom IROs last. */
  matterResults: z.array(matterResult).optional(),
  /** Set: marked for deletion, purged after this instant unless restored. */
  deletedAt: instant.nullable(),
  createdAt: instant,
  updatedAt: instant,
});
export type MaterialityAnalysis = z.infer<typeof materialityAnalysis>;
export const materialityAnalysisList = listOf(materialityAnalysis);
export const materialityAnalysisListQuery = z.strictObject({
  ...paginationQuery,
  /** Include analyses marked for deletion (to restore them); default true. */
  withDeleted: z.enum(['true', 'false']).optional(),
});

const analysisFields = {
  name: text(200),
  scale: scaleValue,
  scaleNote: note.optional(),
  scaleUpperLimit: z.number().int().min(1).optional(),
  threshold: z.number().min(0),
  thresholdNote: note.optional(),
  financialThreshold: z.number().min(0).nullable().optional(),
  severityFormula: z.enum(SEVERITY_FORMULAS).optional(),
  irremediabilityWeight: z.number().min(1).max(IRREMEDIABILITY_WEIGHT_MAX).optional(),
  reasons: note.optional(),
  sectors: z
    .array(z.string().regex(/^[A-U]$/))
    .max(21)
    .optional(),
  scopes: z.array(csrdCategory).max(4).optional(),
};
/** Scale must be 3, 4, 5 or 10; limit and threshold within it (ValueAboveLimitProvided, LimitLessThanThreshold). */
export const materialityAnalysisBody = z.strictObject(analysisFields);
export type MaterialityAnalysisBody = z.infer<typeof materialityAnalysisBody>;
/** Merge patch; `deletedAt` non-null marks for deletion (the server sets now + 1 day), null restores. */
export const materialityAnalysisPatch = z.strictObject({
  ...z.object(analysisFields).partial().shape,
  deletedAt: z.string().nullable().optional(),
});
export type MaterialityAnalysisPatch = z.infer<typeof materialityAnalysisPatch>;

/** An IRO of the inventory: an AR 16 sustainability matter or a custom IRO of one analysis. */
export const iro = z.object({
  /** AR 16 id (`E1.2`, `S1.1.3`) or the uuid of a custom IRO. */
  id: z.string(),
  name: z.string(),
  topic: z.string(),
  subTopic: z.string().nullable(),
  level: z.enum(['sub-topic', 'sub-sub-topic', 'custom']),
  scope: csrdScopeCode,
  category: csrdCategory,
  /** The default kind of impact (seed 001 §3: negative default, positive). */
  iroCategory: z.enum(['negative', 'positive']),
  /** NACE section of a custom IRO; null: AR 16 lists every matter for every sector. */
  sector: z.string().nullable(),
  custom: z.boolean(),
  /**
   * The topical requirements the matter brings into the report when material (ESRS 1 §30(a));
   * null for a custom IRO, which maps to no AR 16 row (its whole standard is offered).
   */
  disclosureRequirements: z.array(z.string()).nullable().optional(),
});
export type Iro = z.infer<typeof iro>;
export const iroQuery = z.strictObject({
  /** Comma-separated NACE sections. */
  sectors: z.string().max(100).optional(),
  /** Adds this analysis's custom IROs. */
  materialityAnalysis: z.uuid().optional(),
});

export const iroEntry = z.object({
  id: z.uuid(),
  materialityAnalysisId: z.uuid(),
  /** AR 16 id or null for a custom IRO. */
  iro: z.string().nullable(),
  customIro: z
    .object({ id: z.uuid(), name: z.string(), scope: csrdScopeCode, sector: z.string().nullable() })
    .nullable(),
  name: z.string(),
  scope: csrdScopeCode,
  category: iroCategory,
  /** An actual impact (already happening): scored without likelihood. */
  actual: z.boolean(),
  /** How widespread (1 … limit); impacts only. */
  entryScope: z.number().int().nullable(),
  /** Impacts: how grave; risks and opportunities: the financial magnitude (1 … limit). */
  entryScale: z.number().int(),
  /** How hard to remedy (1 … limit); negative impacts only. */
  remediability: z.number().int().nullable(),
  /** Likelihood in percent (0-100), read in bands of the scale. */
  probability: z.number().int(),
  probabilityBand: z.number().int(),
  time: iroTime,
  scoreInternal: z.number().int().nullable(),
  scoreExternal: z.number().int().nullable(),
  note: z.string().nullable(),
  /** Impact materiality (impacts) or financial materiality (risks, opportunities), on the analysis's scale. */
  score: z.number(),
  material: z.boolean(),
});
export type IroEntry = z.infer<typeof iroEntry>;
export const iroEntryList = listOf(iroEntry);
export const iroEntryQuery = z.strictObject({
  materialityAnalysis: z.uuid(),
  scope: csrdScopeCode.optional(),
  category: z.string().max(20).optional(),
});

const entryFields = {
  /** `negative`, `positive`, `risk` or `opportunity` (otherwise ErrorEnumIroCategory). */
  category: z.string().max(30),
  /** `short`, `medium` or `long` (otherwise ErrorEnumIroTime). */
  time: z.string().max(30),
  actual: z.boolean().optional(),
  // Ratings run from 1 to the analysis's upper limit (ValueAboveLimitProvided beyond it).
  entryScope: z.number().int().min(1).nullable().optional(),
  entryScale: z.number().int().min(1),
  remediability: z.number().int().min(1).nullable().optional(),
  probability: z.number().int().min(0).max(100),
  scoreInternal: z.number().int().min(1).nullable().optional(),
  scoreExternal: z.number().int().min(1).nullable().optional(),
  note: note.optional(),
};
/** An entry on an AR 16 matter (`iro`) or on a new custom IRO (`customIro`): exactly one of them. */
export const iroEntryBody = z.strictObject({
  materialityAnalysis: z.uuid(),
  iro: z.string().max(20).nullable().optional(),
  customIro: z
    .strictObject({
      name: text(300),
      scope: csrdScopeCode,
      sector: z
        .string()
        .regex(/^[A-U]$/)
        .nullable()
        .optional(),
    })
    .nullable()
    .optional(),
  ...entryFields,
});
export type IroEntryBody = z.infer<typeof iroEntryBody>;
export const iroEntryPatch = z.strictObject(z.object(entryFields).partial().shape);
export type IroEntryPatch = z.infer<typeof iroEntryPatch>;

/** The inventory: every IRO of the analysis's sectors and scopes with its entries. */
export const inventory = z.object({
  materialityAnalysisId: z.uuid(),
  items: z.array(iro.extend({ entries: z.array(iroEntry) })),
});
export type Inventory = z.infer<typeof inventory>;

// ---------- reports ----------

export const reportCategory = z.object({
  id: csrdScopeCode,
  mandatory: z.boolean(),
  /**
   * The requirements the topic owes (ESRS 1 §29-§30): ESRS 2 all of them, a material topic its
   * ESRS 2-related ones and those of its material matters; absent or null: every requirement
   * (a topic chosen without an assessment).
   */
  disclosureRequirements: z.array(z.string()).nullable().optional(),
});
export type ReportCategory = z.infer<typeof reportCategory>;

export const reportScope = z.object({
  id: csrdScopeCode,
  category: csrdCategory,
  name: names,
  mandatory: z.boolean(),
  status: csrdStatus,
  /** Disclosure requirements with at least one value. */
  filled: z.number().int(),
  total: z.number().int(),
});
export type ReportScope = z.infer<typeof reportScope>;

export const csrdReport = z.object({
  id: z.uuid(),
  year: z.number().int(),
  materialityAnalysisId: z.uuid().nullable(),
  materialityAnalysisName: z.string().nullable(),
  /** Selected scopes (seed: categories with id and mandatory flag). */
  categories: z.array(reportCategory),
  /** The ESRS set the report follows. */
  standardVersion: z.enum(ESRS_VERSIONS),
  /** Average employees of the financial year; null: not stated. */
  employees: z.number().int().nullable(),
  /** Net revenue and balance sheet total in cents; null: not stated. */
  netRevenueCents: z.number().int().nullable(),
  balanceSheetCents: z.number().int().nullable(),
  isPublicInterest: z.boolean().nullable(),
  deletedAt: instant.nullable(),
  createdAt: instant,
  updatedAt: instant,
});
export type CsrdReport = z.infer<typeof csrdReport>;
export const csrdReportList = listOf(csrdReport);
export const csrdReportListQuery = z.strictObject({
  ...paginationQuery,
  withDeleted: z.enum(['true', 'false']).optional(),
});
const year = z.number().int().min(YEAR_MIN).max(YEAR_MAX);
/** A report per year (ReportForYearExists); `maId` makes its material topics mandatory. */
export const csrdReportBody = z.strictObject({
  year,
  categories: z.array(z.strictObject({ id: csrdScopeCode, mandatory: z.boolean().optional() })).max(11),
  maId: z.uuid().nullable().optional(),
});
export type CsrdReportBody = z.infer<typeof csrdReportBody>;
const cents = z.number().int().min(0).max(1e17);
/**
 * Merge patch of a report: `deletedAt` non-null marks for deletion (now + 1 day), null restores;
 * the setup (standard version, size figures) changes the reliefs shown.
 */
export const csrdReportPatch = z.strictObject({
  deletedAt: z.string().nullable().optional(),
  standardVersion: z.enum(ESRS_VERSIONS).optional(),
  employees: z.number().int().min(0).max(10_000_000).nullable().optional(),
  netRevenueCents: cents.nullable().optional(),
  balanceSheetCents: cents.nullable().optional(),
  isPublicInterest: z.boolean().nullable().optional(),
});
/** New selection and statuses; mandatory scopes stay selected (MandatoryScopeNotDeselectable). */
export const updateScopesBody = z.strictObject({
  categories: z
    .array(z.strictObject({ id: csrdScopeCode }))
    .max(11)
    .optional(),
  statuses: z
    .array(z.strictObject({ id: csrdScopeCode, status: csrdStatus }))
    .max(11)
    .optional(),
});
export type UpdateScopesBody = z.infer<typeof updateScopesBody>;
export const reportInitialQuery = z.strictObject({ maId: z.uuid() });
/** The categories a report created from an analysis starts with, and the analysis's results. */
export const reportInitial = z.object({
  materialityAnalysisId: z.uuid(),
  categories: z.array(reportCategory),
  results: z.array(topicResult),
  /** IRO-1-related requirements of topics outside the report, owed all the same (ESRS 1 §29). */
  processDisclosures: z.array(z.string()).optional(),
});
export type ReportInitial = z.infer<typeof reportInitial>;

/**
 * The gross GHG emissions of the report's year from the carbon footprint (E1-6 take-over): every
 * CFC report of the company that year summed over business units, kg CO2e unrounded; `figures`
 * null when the company has no CFC report that year.
 */
export const csrdCfcFigures = z.object({
  year: z.number().int(),
  figures: z
    .object({
      scope1Kg: z.number(),
      scope2LocationBasedKg: z.number(),
      scope2MarketBasedKg: z.number(),
      scope3Kg: z.number(),
      totalKg: z.number(),
      reportCount: z.number().int(),
    })
    .nullable(),
});
export type CsrdCfcFigures = z.infer<typeof csrdCfcFigures>;

/** A PDF or xlsx as base64 with its file name (seed 001 §7). */
export const csrdFile = z.object({ fileName: z.string(), mimeType: z.string(), data: z.string() });

export const importSheet = z.object({
  sheet: z.string(),
  added: z.number().int(),
  updated: z.number().int(),
  invalid: z.number().int(),
});
export const importIssue = z.object({
  sheet: z.string(),
  row: z.number().int(),
  column: z.string().nullable(),
  code: z.string(),
});
export const excelImport = z.object({
  id: z.uuid(),
  reportId: z.uuid(),
  fileName: z.string(),
  uploadedAt: instant,
  uploadedBy: z.uuid().nullable(),
  uploadedByName: z.string().nullable(),
  sheets: z.array(importSheet),
  /** The invalid rows (at most 1,000), each with the reason code. */
  issues: z.array(importIssue),
});
export type ExcelImport = z.infer<typeof excelImport>;
export const excelImportList = listOf(excelImport);
export const excelImportQuery = z.strictObject({
  ...paginationQueryOf(CSRD_IMPORT_PAGE_SIZE),
  report: z.uuid().optional(),
});
/** Codes of an invalid template row. */
export const CSRD_IMPORT_CODES = [
  'unknownIndicator',
  'invalidNumber',
  'unknownUnit',
  'invalidUnitTypes',
  'unitMissing',
] as const;

/** `POST csrd-reports/import`: into `report`, either a filled template (`file`) or an analysis's results. */
export const reportImportResult = z.object({ report: csrdReport, import: excelImport.nullable() });

// ---------- scope entries and indicator values ----------

export const csrdFileInfo = z.object({
  id: z.uuid(),
  fileName: z.string(),
  mimeType: z.string(),
  size: z.number().int(),
  note: z.string().nullable(),
  uploadedAt: instant,
});
export type CsrdFileInfo = z.infer<typeof csrdFileInfo>;

export const indicatorValue = z.object({
  id: z.uuid(),
  scopeEntryId: z.uuid(),
  /** The disclosure requirement code. */
  indicator: z.string(),
  unit: csrdUnitId.nullable(),
  numericValue: z.number().nullable(),
  /** The numeric value in the base unit of its type (for sums and the PDF). */
  baseValue: z.number().nullable(),
  textValue: z.string().nullable(),
  /** Rows of cells; the first row holds the column titles. */
  tableValue: z.array(z.array(z.string())).nullable(),
  /** Why the value differs from its source (E1-6: the carbon footprint of the year). */
  reconciliationNote: z.string().nullable(),
  files: z.array(csrdFileInfo),
  updatedAt: instant,
});
export type IndicatorValue = z.infer<typeof indicatorValue>;
export const indicatorValueList = listOf(indicatorValue);
export const indicatorValueQuery = z.strictObject({
  report: z.uuid().optional(),
  scopeEntry: z.uuid().optional(),
  scope: csrdScopeCode.optional(),
});
const table = z.array(z.array(z.string().max(2000)).max(50)).max(500);
const valueFields = {
  unit: csrdUnitId.nullable().optional(),
  numericValue: z.number().finite().min(-1e15).max(1e15).nullable().optional(),
  textValue: z.string().max(20_000).nullable().optional(),
  tableValue: table.nullable().optional(),
  reconciliationNote: z.string().trim().max(4000).nullable().optional(),
};
/** One value per disclosure requirement and scope entry (IndicatorValueExists). */
export const indicatorValueBody = z.strictObject({
  scopeEntry: z.uuid(),
  indicator: z.string().max(30),
  ...valueFields,
});
export type IndicatorValueBody = z.infer<typeof indicatorValueBody>;
export const indicatorValuePatch = z.strictObject(valueFields);
export type IndicatorValuePatch = z.infer<typeof indicatorValuePatch>;

/** The work on one topic of a report: one entry per report and scope (ScopeEntryExists). */
export const scopeEntry = z.object({
  id: z.uuid(),
  reportId: z.uuid(),
  scope: csrdScopeCode,
  deadline: z.string().nullable(),
  note: z.string().nullable(),
  responsibleUser: z.uuid().nullable(),
  responsibleUserName: z.string().nullable(),
  status: csrdStatus,
  indicatorValues: z.array(indicatorValue),
});
export type ScopeEntry = z.infer<typeof scopeEntry>;
export const scopeEntryList = listOf(scopeEntry);
export const scopeEntryQuery = z.strictObject({ report: z.uuid(), scope: csrdScopeCode.optional() });
const scopeEntryFields = {
  deadline: calendarDay.nullable().optional(),
  note: note.optional(),
  responsibleUser: z.uuid().nullable().optional(),
  status: csrdStatus.optional(),
};
export const scopeEntryBody = z.strictObject({ report: z.uuid(), scope: csrdScopeCode, ...scopeEntryFields });
export type ScopeEntryBody = z.infer<typeof scopeEntryBody>;
export const scopeEntryPatch = z.strictObject(scopeEntryFields);
export type ScopeEntryPatch = z.infer<typeof scopeEntryPatch>;

export const fileParams = z.strictObject({ id: z.uuid() });

export { csrdE16, csrdReliefs, csrdTaskBody, csrdTaskPatch, csrdTaskQuery } from './statements.ts';
