import { sql } from 'drizzle-orm';
import {
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { CfcEntryData } from '@klimadesk/contract';
import { companyIdColumn, tenantTable, userGroups, users } from '../../platform/db/schema.ts';
import { bytea, createdAt, tenantReference, textList, updatedAt } from '../../platform/db/columns.ts';

/** A company's CFC settings (seed 001 §3 Company settings): base year and selected sections. */
export const cfcSettings = tenantTable(
  'cfc_settings',
  {
    baseYear: integer('base_year'),
    /** GHG Protocol Corporate Standard ch. 5: the significance threshold of a base-year recalculation, percent. */
    recalculationThreshold: doublePrecision('recalculation_threshold').notNull().default(5),
    /** The GWP set new reports take (DESNZ 2025, the main factor source, is AR5). */
    gwpSet: text('gwp_set').notNull().default('AR5'),
    /** Selected leaf sections; empty: every section the tariff allows. */
    sections: textList('sections'),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('cfc_settings_company_uq').on(t.companyId)],
);

/** Business units (seed 001 §3): a company's sites or divisions, each with reports per year. */
export const cfcBusinessUnits = tenantTable(
  'cfc_business_units',
  {
    /** The unit's part of the edit address (`/cfc/edit/{urlId}/{year}`), unique per company. */
    urlId: text('url_id').notNull(),
    name: text('name').notNull(),
    companyName: text('company_name'),
    description: text('description'),
    city: text('city'),
    country: text('country'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('cfc_business_units_name_uq').on(t.companyId, sql`lower(${t.name})`),
    uniqueIndex('cfc_business_units_url_uq').on(t.companyId, t.urlId),
  ],
);

/** A report of one business unit and year (seed 001 §3 Report), with the scope 2 methods. */
export const cfcReports = tenantTable(
  'cfc_reports',
  {
    businessUnitId: uuid('business_unit_id').notNull(),
    year: integer('year').notNull(),
    powerMarketBased: boolean('power_market_based').notNull().default(false),
    /** The report's one GWP set (IPCC AR5 or AR6): its entries use factors of this set only. */
    gwpSet: text('gwp_set').notNull().default('AR5'),
    thermalMarketBased: boolean('thermal_market_based').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('cfc_reports_unit_year_uq').on(t.companyId, t.businessUnitId, t.year),
    tenantReference('cfc_reports_unit_fk', [t.companyId, t.businessUnitId], cfcBusinessUnits).onDelete(
      'cascade',
    ),
  ],
);

/**
 * Entries of a report section (seed 001 §3 Entry). `data` keeps the entered fields; the figures
 * are computed on save from the emission database and kept with the factor used, or `errorCode`
 * says why there is none (the section counts flag such entries).
 */
export const cfcEntries = tenantTable(
  'cfc_entries',
  {
    reportId: uuid('report_id').notNull(),
    section: text('section').notNull(),
    activityId: uuid('activity_id'),
    data: jsonb('data').$type<CfcEntryData>().notNull(),
    co2eKg: doublePrecision('co2e_kg'),
    co2eMarketKg: doublePrecision('co2e_market_kg'),
    wttKg: doublePrecision('wtt_kg'),
    factor: doublePrecision('factor'),
    factorUnit: text('factor_unit'),
    factorSource: text('factor_source'),
    factorYear: integer('factor_year'),
    /** The exact factor row and version used, its source edition and GWP set (an auditor's trace). */
    factorId: uuid('factor_id'),
    factorVersion: integer('factor_version'),
    factorEdition: text('factor_edition'),
    factorGwpSet: text('factor_gwp_set'),
    quantity: doublePrecision('quantity'),
    /** Scope 2: what the market-based figure rests on (contract, supplier, grid fallback) and its factor. */
    marketBasis: text('market_basis'),
    marketFactor: doublePrecision('market_factor'),
    marketFactorUnit: text('market_factor_unit'),
    marketFactorSource: text('market_factor_source'),
    /** The market-based factor's row, version and edition when it comes from the database (issue 33). */
    marketFactorId: uuid('market_factor_id'),
    marketFactorVersion: integer('market_factor_version'),
    marketFactorEdition: text('market_factor_edition'),
    /** The figure by gas (kg CO2e) where the factor gives the split, and biogenic CO2 (kg, outside the scopes). */
    co2Kg: doublePrecision('co2_kg'),
    ch4Kg: doublePrecision('ch4_kg'),
    n2oKg: doublePrecision('n2o_kg'),
    biogenicCo2Kg: doublePrecision('biogenic_co2_kg'),
    dataQuality: smallint('data_quality'),
    errorCode: text('error_code'),
    /** A flowed-in entry's origin (freight tool: tour or shipment) and a label to show. */
    originKind: text('origin_kind'),
    originId: text('origin_id'),
    originLabel: text('origin_label'),
    /** A flowed-in freight figure's share of the year's tours or orders, percent (several units split it). */
    originShare: doublePrecision('origin_share'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('cfc_entries_report_idx').on(t.companyId, t.reportId, t.section),
    tenantReference('cfc_entries_report_fk', [t.companyId, t.reportId], cfcReports).onDelete('cascade'),
  ],
);

/** Documents of an entry (seed 001 §3 Entry documents): the file itself, at most 10 MB. */
export const cfcDocuments = tenantTable(
  'cfc_documents',
  {
    entryId: uuid('entry_id').notNull(),
    fileName: text('file_name').notNull(),
    mimeType: text('mime_type').notNull(),
    size: integer('size').notNull(),
    data: bytea('data').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('cfc_documents_entry_idx').on(t.companyId, t.entryId),
    tenantReference('cfc_documents_entry_fk', [t.companyId, t.entryId], cfcEntries).onDelete('cascade'),
  ],
);

/**
 * CFC access rights of a user group (seed 001 §3 Access right, §6): every business unit (null) or
 * one, every report of it (null) or one, read or read and write.
 */
export const cfcAccessRights = tenantTable(
  'cfc_access_rights',
  {
    groupId: uuid('group_id').notNull(),
    businessUnitId: uuid('business_unit_id'),
    reportId: uuid('report_id'),
    rights: textList('rights'),
    createdAt: createdAt(),
  },
  (t) => [
    index('cfc_access_rights_group_idx').on(t.companyId, t.groupId),
    tenantReference('cfc_access_rights_group_fk', [t.companyId, t.groupId], userGroups).onDelete('cascade'),
    tenantReference('cfc_access_rights_unit_fk', [t.companyId, t.businessUnitId], cfcBusinessUnits).onDelete(
      'cascade',
    ),
    tenantReference('cfc_access_rights_report_fk', [t.companyId, t.reportId], cfcReports).onDelete('cascade'),
  ],
);

/** The last edited section per user (seed 001 §3, §4), to resume there. */
export const cfcLastSections = pgTable(
  'cfc_last_sections',
  {
    companyId: companyIdColumn(),
    userId: uuid('user_id').notNull(),
    businessUnitId: uuid('business_unit_id').notNull(),
    year: integer('year').notNull(),
    section: text('section').notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.userId] }),
    tenantReference('cfc_last_sections_user_fk', [t.companyId, t.userId], users).onDelete('cascade'),
    tenantReference('cfc_last_sections_unit_fk', [t.companyId, t.businessUnitId], cfcBusinessUnits).onDelete(
      'cascade',
    ),
  ],
);

/**
 * Section help texts the platform admin changed (provider content, no company): one row per
 * section and language; without a row the built-in text of the section tree holds.
 */
export const cfcHelpTexts = pgTable(
  'cfc_help_texts',
  {
    section: text('section').notNull(),
    language: text('language').notNull(),
    text: text('text').notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.section, t.language] })],
);
