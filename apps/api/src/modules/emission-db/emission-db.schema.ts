import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { companies, companyIdColumn } from '../../platform/db/schema.ts';
import { companyRowKey, createdAt, idColumn, textList, updatedAt } from '../../platform/db/columns.ts';

export type ActivityTexts = { name: string; description: string | null; synonyms: string[] };
export type ActivityTranslations = { de: ActivityTexts; en: ActivityTexts };
export type FactorTranslations = { de: { note: string | null }; en: { note: string | null } };

/** Publishers of factor sets (seed 002 §3 Emission provider): provider data, no company. */
export const emissionProviders = pgTable('emission_providers', {
  id: idColumn(),
  name: text('name').notNull().unique(),
  createdAt: createdAt(),
});

/**
 * Sources of factors (seed 002 §3 Source). Without a company a source is the provider's; with one,
 * a company's own (private to it). `datasetKey` marks the built-in data sets the import loads.
 */
export const emissionSources = pgTable(
  'emission_sources',
  {
    id: idColumn(),
    companyId: uuid('company_id').references(() => companies.id),
    name: text('name').notNull(),
    url: text('url'),
    details: text('details'),
    licence: text('licence'),
    datasetKey: text('dataset_key').unique(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [companyRowKey('emission_sources', t), index('emission_sources_company_idx').on(t.companyId)],
);

/** Editions of a source (seed 002 §3 Source version); a new edition adds rows, never overwrites. */
export const emissionSourceVersions = pgTable(
  'emission_source_versions',
  {
    id: idColumn(),
    sourceId: uuid('source_id')
      .notNull()
      .references(() => emissionSources.id),
    /** The source's company, kept here so tenant queries filter editions directly. */
    companyId: uuid('company_id').references(() => companies.id),
    version: text('version').notNull(),
    validFrom: date('valid_from').notNull(),
    validUntil: date('valid_until'),
    releaseDate: date('release_date'),
    createdAt: createdAt(),
  },
  (t) => [
    companyRowKey('emission_source_versions', t),
    uniqueIndex('emission_source_versions_version_idx').on(t.sourceId, t.version),
  ],
);

/**
 * Activities (seed 002 §3 Activity): the provider's (no company) or a company's custom ones.
 * `searchNames`/`searchText` hold the names (and names with synonyms) of both languages folded to
 * lower case without accents, so the ranked search works on PGlite too (no unaccent there).
 */
export const emissionActivities = pgTable(
  'emission_activities',
  {
    id: idColumn(),
    companyId: uuid('company_id').references(() => companies.id),
    internalName: text('internal_name'),
    categories: textList('categories'),
    translations: jsonb('translations').$type<ActivityTranslations>().notNull(),
    treatmentId: text('treatment_id'),
    searchNames: text('search_names').notNull().default(''),
    searchText: text('search_text').notNull().default(''),
    /** Order among equally good matches: 0 for the everyday activities (diesel, natural gas, grid power). */
    rankWeight: smallint('rank_weight').notNull().default(5),
    /** The built-in data set's key of the activity, so a repeated import finds it again. */
    datasetKey: text('dataset_key').unique(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    companyRowKey('emission_activities', t),
    index('emission_activities_company_idx').on(t.companyId),
    index('emission_activities_search_trgm_idx').using('gin', sql`${t.searchText} gin_trgm_ops`),
  ],
);

/**
 * Factors (seed 002 §3 Factor): a provider factor (no company, public or a draft) or a customer
 * factor (a company's, private to it). Figures in kg CO2e per base unit.
 */
export const emissionFactors = pgTable(
  'emission_factors',
  {
    id: idColumn(),
    activityId: uuid('activity_id')
      .notNull()
      .references(() => emissionActivities.id, { onDelete: 'cascade' }),
    companyId: uuid('company_id').references(() => companies.id),
    baseUnit: text('base_unit').notNull(),
    unitTypes: textList('unit_types'),
    co2Factor: doublePrecision('co2_factor').notNull(),
    biogenicCo2Factor: doublePrecision('biogenic_co2_factor'),
    co2: doublePrecision('co2'),
    ch4: doublePrecision('ch4'),
    n2o: doublePrecision('n2o'),
    wttFactor: doublePrecision('wtt_factor'),
    country: text('country'),
    sourceId: uuid('source_id').references(() => emissionSources.id),
    sourceVersionId: uuid('source_version_id').references(() => emissionSourceVersions.id),
    translations: jsonb('translations')
      .$type<FactorTranslations>()
      .notNull()
      .default(sql`'{"de":{"note":null},"en":{"note":null}}'::jsonb`),
    validFrom: date('valid_from').notNull(),
    validUntil: date('valid_until'),
    version: integer('version').notNull().default(1),
    year: integer('year'),
    releaseDate: date('release_date'),
    providerId: uuid('provider_id').references(() => emissionProviders.id),
    coverage: text('coverage'),
    lcaActivity: text('lca_activity'),
    isPublic: boolean('is_public').notNull().default(true),
    externalId: text('external_id'),
    /**
     * The IPCC assessment whose GWP100 values turn the gases into CO2e ('AR5', 'AR6'); null where
     * the publisher states none (GEG). A CFC report sums factors of one set only (IPCC AR5/AR6).
     */
    gwpSet: text('gwp_set'),
    /**
     * Immutable versions (docs/decisions/0013): a change of a saved factor inserts a new row with
     * `version` + 1 and the same lineage (the first version's id); the old row is withdrawn.
     */
    lineageId: uuid('lineage_id'),
    /** Set when the factor is no longer offered (a newer version, or a blank source cell loaded as 0). */
    withdrawnAt: timestamp('withdrawn_at', { withTimezone: true }),
    withdrawnReason: text('withdrawn_reason'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    companyRowKey('emission_factors', t),
    index('emission_factors_lineage_idx').on(t.lineageId),
    index('emission_factors_activity_idx').on(t.activityId, t.country),
    index('emission_factors_company_idx').on(t.companyId),
    index('emission_factors_source_idx').on(t.sourceId),
    uniqueIndex('emission_factors_external_idx').on(t.sourceVersionId, t.externalId),
  ],
);

/** Providers a company may not use (the platform admin's provider access; without rows: all). */
export const emissionProviderBlocks = pgTable(
  'emission_provider_blocks',
  {
    companyId: companyIdColumn(),
    providerId: uuid('provider_id')
      .notNull()
      .references(() => emissionProviders.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.providerId] })],
);
