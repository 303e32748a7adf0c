import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { companyIdColumn, tenantTable } from '../../platform/db/schema.ts';
import { bytea, createdAt, tenantReference, updatedAt } from '../../platform/db/columns.ts';

/** Money in cents (seed 001 §9: amounts with two decimals); bigint keeps 10^12 EUR exact. */
const cents = (name: string) => bigint(name, { mode: 'number' }).notNull().default(0);

/**
 * A company's financial year for the taxonomy (seed 001 §3): the Article 8 denominators, the 14
 * minimum-safeguard flags packed in one integer, the review institute and the review freeze.
 */
export const taxFinancialYears = tenantTable(
  'tax_financial_years',
  {
    taxYear: integer('tax_year').notNull(),
    totalTurnover: cents('total_turnover'),
    totalCapex: cents('total_capex'),
    totalOpex: cents('total_opex'),
    minSafeguards: integer('min_safeguards').notNull().default(0),
    reviewInstitute: text('review_institute'),
    inReview: boolean('in_review').notNull().default(false),
    showInstituteInReport: boolean('show_institute_in_report').notNull().default(false),
    /**
     * The answers to Template 1 of Annex XII of 2021/2178 (nuclear and fossil gas related
     * activities, added by 2022/1214): bit i for row i + 1; null: the templates are not answered.
     */
    nuclearGas: integer('nuclear_gas'),
    /**
     * The disclosure rules the year follows: `2021/2178` (the templates as amended up to 2023/2486)
     * or `2026/73` (Delegated Regulation (EU) 2026/73, simplified, from the financial year 2025 on).
     */
    ruleSet: text('rule_set').notNull().default('2021/2178'),
    /** 2026/73: the amounts of the activities not assessed as not material (together < 10 % per KPI). */
    notMaterialTurnover: cents('not_material_turnover'),
    notMaterialCapex: cents('not_material_capex'),
    notMaterialOpex: cents('not_material_opex'),
    /** 2026/73: the sectors of those activities and why they are not material. */
    notMaterialNote: text('not_material_note'),
    /** 2026/73: OpEx not material for the business model; only its total is disclosed, with the reason. */
    opexNotMaterial: boolean('opex_not_material').notNull().default(false),
    opexNotMaterialReason: text('opex_not_material_reason'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('tax_financial_years_year_uq').on(t.companyId, t.taxYear)],
);

/** Tags of taxonomy activities with their colour (seed 001 §3 Tag). */
export const taxTags = tenantTable(
  'tax_tags',
  {
    value: text('value').notNull(),
    color: text('color').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('tax_tags_value_uq').on(t.companyId, sql`lower(${t.value})`)],
);

/** An assessed business activity (seed 001 §3 Activity); `euActivity` is a catalogue key, fixed once saved. */
export const taxActivities = tenantTable(
  'tax_activities',
  {
    financialYearId: uuid('financial_year_id').notNull(),
    name: text('name').notNull(),
    naceCode: text('nace_code').notNull(),
    euActivity: text('eu_activity').notNull(),
    turnover: cents('turnover'),
    capex: cents('capex'),
    opex: cents('opex'),
    status: text('status').notNull().default('open'),
    minSafeguards: boolean('min_safeguards').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('tax_activities_year_idx').on(t.companyId, t.financialYearId, t.updatedAt),
    tenantReference('tax_activities_year_fk', [t.companyId, t.financialYearId], taxFinancialYears),
  ],
);

export const taxActivityTags = pgTable(
  'tax_activity_tags',
  {
    companyId: companyIdColumn(),
    activityId: uuid('activity_id').notNull(),
    tagId: uuid('tag_id').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.activityId, t.tagId] }),
    index('tax_activity_tags_tag_idx').on(t.companyId, t.tagId),
    tenantReference('tax_activity_tags_activity_fk', [t.companyId, t.activityId], taxActivities).onDelete(
      'cascade',
    ),
    tenantReference('tax_activity_tags_tag_fk', [t.companyId, t.tagId], taxTags).onDelete('cascade'),
  ],
);

/**
 * A selected criterion of an activity (seed 001 §3 activityCriteria): the objective it contributes
 * to, the substantial-contribution assessment and the part of the activity's amounts for it.
 */
export const taxActivityCriteria = tenantTable(
  'tax_activity_criteria',
  {
    activityId: uuid('activity_id').notNull(),
    criterion: text('criterion').notNull(),
    weight: integer('weight').notNull().default(0),
    /** null: not assessed yet. */
    substantialContribution: boolean('substantial_contribution'),
    turnover: cents('turnover'),
    capex: cents('capex'),
    opex: cents('opex'),
  },
  (t) => [
    uniqueIndex('tax_activity_criteria_uq').on(t.companyId, t.activityId, t.criterion),
    tenantReference('tax_activity_criteria_activity_fk', [t.companyId, t.activityId], taxActivities).onDelete(
      'cascade',
    ),
  ],
);

/** A DNSH check of a criterion (seed 001 §3 dnshActivityCriteria): one per other objective. */
export const taxDnshChecks = tenantTable(
  'tax_dnsh_checks',
  {
    criterionId: uuid('criterion_id').notNull(),
    dnsh: text('dnsh').notNull(),
    weight: integer('weight').notNull().default(0),
    /** null: not assessed yet. */
    complies: boolean('complies'),
    isAlwaysMet: boolean('is_always_met').notNull().default(false),
  },
  (t) => [
    uniqueIndex('tax_dnsh_checks_uq').on(t.companyId, t.criterionId, t.dnsh),
    tenantReference(
      'tax_dnsh_checks_criterion_fk',
      [t.companyId, t.criterionId],
      taxActivityCriteria,
    ).onDelete('cascade'),
  ],
);

/**
 * Evidence files (seed 001 §3 Files) of an activity, criterion, DNSH check or financial year. Every
 * file names its financial year (the access rights are per year) and, below a year, its activity,
 * so deleting an activity deletes its files with it.
 */
export const taxFiles = tenantTable(
  'tax_files',
  {
    ownerType: text('owner_type').notNull(),
    ownerId: uuid('owner_id').notNull(),
    financialYearId: uuid('financial_year_id').notNull(),
    activityId: uuid('activity_id'),
    name: text('name').notNull(),
    mimeType: text('mime_type').notNull(),
    size: integer('size').notNull(),
    note: text('note'),
    data: bytea('data').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('tax_files_owner_idx').on(t.companyId, t.ownerType, t.ownerId),
    tenantReference('tax_files_year_fk', [t.companyId, t.financialYearId], taxFinancialYears),
    tenantReference('tax_files_activity_fk', [t.companyId, t.activityId], taxActivities).onDelete('cascade'),
  ],
);
