import {
  bigint,
  boolean,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  smallint,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { tenantTable, users } from '../../platform/db/schema.ts';
import { bytea, createdAt, tenantReference, ts, updatedAt } from '../../platform/db/columns.ts';

/** A report topic; `disclosureRequirements` absent or null: it owes every requirement (csrd.applicability.ts). */
export type StoredCategory = { id: string; mandatory: boolean; disclosureRequirements?: string[] | null };
export type StoredImportSheet = { sheet: string; added: number; updated: number; invalid: number };
export type StoredImportIssue = { sheet: string; row: number; column: string | null; code: string };

/**
 * Double materiality analyses (seed 001 §3 Materiality analysis). `deleted_at` set: marked for
 * deletion, restorable until that instant, then purged by the sweep.
 */
export const csrdMaterialityAnalyses = tenantTable(
  'csrd_materiality_analyses',
  {
    name: text('name').notNull(),
    scale: smallint('scale').notNull(),
    scaleNote: text('scale_note'),
    scaleUpperLimit: smallint('scale_upper_limit').notNull(),
    /** The impact materiality threshold; also the financial one unless that is set. */
    threshold: doublePrecision('threshold').notNull(),
    thresholdNote: text('threshold_note'),
    financialThreshold: doublePrecision('financial_threshold'),
    /** `mean` or `max` of the severity criteria (ESRS 1 AR 10), with the irremediability weight. */
    severityFormula: text('severity_formula').notNull().default('mean'),
    irremediabilityWeight: doublePrecision('irremediability_weight').notNull().default(1),
    reasons: text('reasons'),
    sectors: text('sectors').array().notNull().default([]),
    scopes: text('scopes').array().notNull().default([]),
    deletedAt: ts('deleted_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('csrd_materiality_analyses_company_idx').on(t.companyId, t.createdAt),
    index('csrd_materiality_analyses_deleted_idx').on(t.deletedAt),
  ],
);

/** IROs a company added to one analysis beside the AR 16 matters. */
export const csrdCustomIros = tenantTable(
  'csrd_custom_iros',
  {
    materialityAnalysisId: uuid('materiality_analysis_id').notNull(),
    name: text('name').notNull(),
    scope: text('scope').notNull(),
    sector: text('sector'),
    createdAt: createdAt(),
  },
  (t) => [
    tenantReference(
      'csrd_custom_iros_analysis_fk',
      [t.companyId, t.materialityAnalysisId],
      csrdMaterialityAnalyses,
    ).onDelete('cascade'),
  ],
);

/** Ratings of an IRO in one category (seed 001 §3 IRO entry). */
export const csrdIroEntries = tenantTable(
  'csrd_iro_entries',
  {
    materialityAnalysisId: uuid('materiality_analysis_id').notNull(),
    /** AR 16 id; null for a custom IRO. */
    iro: text('iro'),
    customIroId: uuid('custom_iro_id'),
    category: text('category').notNull(),
    actual: boolean('actual').notNull().default(false),
    entryScope: smallint('entry_scope'),
    entryScale: smallint('entry_scale').notNull(),
    remediability: smallint('remediability'),
    probability: smallint('probability').notNull(),
    time: text('time').notNull(),
    scoreInternal: smallint('score_internal'),
    scoreExternal: smallint('score_external'),
    note: text('note'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('csrd_iro_entries_analysis_idx').on(t.companyId, t.materialityAnalysisId),
    tenantReference(
      'csrd_iro_entries_analysis_fk',
      [t.companyId, t.materialityAnalysisId],
      csrdMaterialityAnalyses,
    ).onDelete('cascade'),
    tenantReference('csrd_iro_entries_custom_fk', [t.companyId, t.customIroId], csrdCustomIros).onDelete(
      'cascade',
    ),
  ],
);

/**
 * CSRD reports, one per company and year (seed 001 §5). The analysis a report was made from is
 * kept by id and name only: the report outlives the analysis's purge.
 */
export const csrdReports = tenantTable(
  'csrd_reports',
  {
    year: integer('year').notNull(),
    materialityAnalysisId: uuid('materiality_analysis_id'),
    materialityAnalysisName: text('materiality_analysis_name'),
    categories: jsonb('categories').$type<StoredCategory[]>().notNull().default([]),
    /** Status per selected scope; a scope missing here is todo. */
    statuses: jsonb('statuses').$type<Record<string, string>>().notNull().default({}),
    /** The ESRS set the report follows (`esrs-2023` or the revised, simplified set). */
    standardVersion: text('standard_version').notNull().default('esrs-2023'),
    /** Average employees in the financial year (ESRS 1 Appendix C phase-ins, the CSRD wave). */
    employees: integer('employees'),
    /** Net revenue in cents (ESRS E1 §53: GHG intensity per net revenue). */
    netRevenueCents: bigint('net_revenue_cents', { mode: 'number' }),
    /** Balance sheet total in cents (the size criteria of Directive 2013/34/EU Art. 3). */
    balanceSheetCents: bigint('balance_sheet_cents', { mode: 'number' }),
    /** Whether the company is a public-interest entity (listed, bank, insurer): the first wave. */
    isPublicInterest: boolean('is_public_interest'),
    deletedAt: ts('deleted_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('csrd_reports_company_year_uq').on(t.companyId, t.year),
    index('csrd_reports_deleted_idx').on(t.deletedAt),
  ],
);

/** The work on one topic of a report (seed 001 §3 Scope entry). */
export const csrdScopeEntries = tenantTable(
  'csrd_scope_entries',
  {
    reportId: uuid('report_id').notNull(),
    scope: text('scope').notNull(),
    deadline: date('deadline'),
    note: text('note'),
    responsibleUserId: uuid('responsible_user_id'),
    status: text('status').notNull().default('todo'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('csrd_scope_entries_scope_uq').on(t.companyId, t.reportId, t.scope),
    tenantReference('csrd_scope_entries_report_fk', [t.companyId, t.reportId], csrdReports).onDelete(
      'cascade',
    ),
    tenantReference('csrd_scope_entries_user_fk', [t.companyId, t.responsibleUserId], users),
  ],
);

/** The value of one disclosure requirement in a scope entry (seed 001 §3 Indicator value). */
export const csrdIndicatorValues = tenantTable(
  'csrd_indicator_values',
  {
    scopeEntryId: uuid('scope_entry_id').notNull(),
    indicator: text('indicator').notNull(),
    unit: text('unit'),
    numericValue: doublePrecision('numeric_value'),
    textValue: text('text_value'),
    tableValue: jsonb('table_value').$type<string[][] | null>(),
    /** Why an entered value differs from its source (E1-6 against the carbon footprint). */
    reconciliationNote: text('reconciliation_note'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('csrd_indicator_values_indicator_uq').on(t.companyId, t.scopeEntryId, t.indicator),
    tenantReference(
      'csrd_indicator_values_entry_fk',
      [t.companyId, t.scopeEntryId],
      csrdScopeEntries,
    ).onDelete('cascade'),
  ],
);

/** Files attached to indicator values, kept in the database (at most 10 MB each). */
export const csrdFiles = tenantTable(
  'csrd_files',
  {
    indicatorValueId: uuid('indicator_value_id').notNull(),
    fileName: text('file_name').notNull(),
    mimeType: text('mime_type').notNull(),
    size: integer('size').notNull(),
    note: text('note'),
    data: bytea('data').notNull(),
    uploadedAt: createdAt(),
  },
  (t) => [
    tenantReference('csrd_files_value_fk', [t.companyId, t.indicatorValueId], csrdIndicatorValues).onDelete(
      'cascade',
    ),
  ],
);

/** Indicator uploads of a report (seed 001 §3 Excel import record). */
export const csrdExcelImports = tenantTable(
  'csrd_excel_imports',
  {
    reportId: uuid('report_id').notNull(),
    fileName: text('file_name').notNull(),
    uploadedAt: ts('uploaded_at').notNull().defaultNow(),
    uploadedBy: uuid('uploaded_by'),
    uploadedByName: text('uploaded_by_name'),
    sheets: jsonb('sheets').$type<StoredImportSheet[]>().notNull().default([]),
    issues: jsonb('issues').$type<StoredImportIssue[]>().notNull().default([]),
  },
  (t) => [
    index('csrd_excel_imports_report_idx').on(t.companyId, t.reportId, t.uploadedAt),
    tenantReference('csrd_excel_imports_report_fk', [t.companyId, t.reportId], csrdReports).onDelete(
      'cascade',
    ),
  ],
);
