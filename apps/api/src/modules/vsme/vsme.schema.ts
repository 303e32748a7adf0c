import { boolean, date, index, integer, jsonb, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { tenantTable } from '../../platform/db/schema.ts';
import { createdAt, tenantReference, updatedAt } from '../../platform/db/columns.ts';

/** A value as stored: a figure, a text, yes/no or a list of member QNames (`VsmeValue`). */
export type StoredValue = number | string | boolean | string[];

/**
 * VSME reports (issue 40): one per company and year. `comprehensive` is option B (basic and
 * comprehensive module); the entity identifier names the company in the Inline XBRL contexts.
 */
export const vsmeReports = tenantTable(
  'vsme_reports',
  {
    year: integer('year').notNull(),
    comprehensive: boolean('comprehensive').notNull().default(false),
    periodStart: date('period_start').notNull(),
    periodEnd: date('period_end').notNull(),
    identifierScheme: text('identifier_scheme').notNull().default('lei'),
    identifier: text('identifier'),
    /** Disclosure codes the company marked as not applicable to it. */
    notApplicable: jsonb('not_applicable').$type<string[]>().notNull().default([]),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('vsme_reports_company_year_uq').on(t.companyId, t.year)],
);

/**
 * Entered values of a report's datapoints: one per concept and member (the identity of an XBRL
 * fact). A value over a footprint figure keeps the reason the user gave for it.
 */
export const vsmeValues = tenantTable(
  'vsme_values',
  {
    reportId: uuid('report_id').notNull(),
    concept: text('concept').notNull(),
    /** '' : no dimension; a member QName; `typed:<identifier>` for a typed table's row. */
    member: text('member').notNull().default(''),
    /** Wrapped (`{ v }`): a bare JSON string such as a postal code "20095" would read back as a number. */
    value: jsonb('value').$type<{ v: StoredValue }>().notNull(),
    overrideReason: text('override_reason'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('vsme_values_fact_uq').on(t.companyId, t.reportId, t.concept, t.member),
    index('vsme_values_report_idx').on(t.companyId, t.reportId),
    tenantReference('vsme_values_report_fk', [t.companyId, t.reportId], vsmeReports).onDelete('cascade'),
  ],
);
