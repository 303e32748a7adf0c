import { type SQL, and, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { PgColumn, PgTable, PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Language } from '@klimadesk/contract';
import { type DbOrTx, rowsOf } from '../../platform/db/index.ts';
import { insertRow } from '../../platform/db/rows.ts';
import type { CompanyId } from '../../platform/tenant.ts';
import {
  type ActivityTranslations,
  type FactorTranslations,
  emissionActivities,
  emissionFactors,
  emissionProviderBlocks,
  emissionProviders,
  emissionSourceVersions,
  emissionSources,
} from './emission-db.schema.ts';

/**
 * Who reads: the company and whether it is the platform, which keeps the provider data. Provider
 * rows have no company; a company's own rows (custom activities and sources, customer factors)
 * carry its id and are read only with it (every query below filters by `companyId`).
 */
export type Scope = { companyId: CompanyId; isAdmin: boolean };

export type ActivityRow = typeof emissionActivities.$inferSelect;
export type FactorInsert = typeof emissionFactors.$inferInsert;
export type SourceRow = typeof emissionSources.$inferSelect;

/** Provider rows or the company's own (the tenant rule of every readable row here). */
const ownOrProvider = (column: PgColumn, companyId: CompanyId) =>
  or(isNull(column), eq(column, companyId)) as SQL;

/**
 * The factors a company may use (alias `f`): its own, and the provider's public ones of providers
 * it is not blocked from. The platform admin reads the provider's factors also before they are public.
 */
export function factorVisible(scope: Scope): SQL {
  if (scope.isAdmin) return sql`(f.company_id is null or f.company_id = ${scope.companyId})`;
  // The blocked providers are read once per statement (an init plan), not once per factor row.
  return sql`(f.company_id = ${scope.companyId} or (f.company_id is null and f.is_public and (f.provider_id is null or f.provider_id <> all (array(select b.provider_id from emission_provider_blocks b where b.company_id = ${scope.companyId})))))`;
}

/** The factors on offer: visible and not withdrawn (an older version, a blank source cell once loaded as 0). */
export const factorOffered = (scope: Scope): SQL => sql`(${factorVisible(scope)} and f.withdrawn_at is null)`;

// ---------- providers ----------

export async function listProviders(db: DbOrTx) {
  return rowsOf<{ id: string; name: string; factorCount: number }>(
    await db.execute(sql`select p.id, p.name,
      (select count(*)::int from emission_factors f where f.provider_id = p.id) as "factorCount"
      from emission_providers p order by p.name`),
  );
}

export async function findProvider(db: DbOrTx, id: string) {
  const [row] = await db.select().from(emissionProviders).where(eq(emissionProviders.id, id));
  return row ?? null;
}

export async function insertProvider(db: DbOrTx, name: string) {
  const [row] = await db.insert(emissionProviders).values({ name }).onConflictDoNothing().returning();
  return row ?? null;
}

/** The provider of a data set, made on first use. */
export async function ensureProvider(db: DbOrTx, name: string): Promise<string> {
  await db.insert(emissionProviders).values({ name }).onConflictDoNothing();
  const [row] = await db.select().from(emissionProviders).where(eq(emissionProviders.name, name));
  return row.id;
}

export async function blockedProviders(db: DbOrTx, companyId: CompanyId): Promise<string[]> {
  const rows = await db
    .select({ id: emissionProviderBlocks.providerId })
    .from(emissionProviderBlocks)
    .where(eq(emissionProviderBlocks.companyId, companyId));
  return rows.map((r) => r.id);
}

export async function setBlockedProviders(db: DbOrTx, companyId: CompanyId, providerIds: string[]) {
  await db.delete(emissionProviderBlocks).where(eq(emissionProviderBlocks.companyId, companyId));
  if (providerIds.length)
    await db
      .insert(emissionProviderBlocks)
      .values(providerIds.map((providerId) => ({ companyId, providerId })));
}

// ---------- sources and editions ----------

const sourceColumns = sql`s.id, s.name, s.url, s.details, s.licence, s.company_id as "companyId", s.dataset_key as "datasetKey",
  (select count(*)::int from emission_source_versions v where v.source_id = s.id) as "versionCount",
  (select count(*)::int from emission_factors f where f.source_id = s.id) as "factorCount"`;

export type SourceListRow = {
  id: string;
  name: string;
  url: string | null;
  details: string | null;
  licence: string | null;
  companyId: string | null;
  datasetKey: string | null;
  versionCount: number;
  factorCount: number;
};

export async function listSources(
  db: DbOrTx,
  companyId: CompanyId,
  q: { term?: string; offset: number; limit: number },
) {
  const term = q.term?.trim()
    ? sql`and s.name ilike ${`%${q.term.trim().replace(/[\\%_]/g, (c) => `\\${c}`)}%`}`
    : sql``;
  const where = sql`(s.company_id is null or s.company_id = ${companyId}) ${term}`;
  const rows = rowsOf<SourceListRow>(
    await db.execute(
      sql`select ${sourceColumns} from emission_sources s where ${where} order by s.company_id nulls first, s.name limit ${q.limit} offset ${q.offset}`,
    ),
  );
  const [{ total }] = rowsOf<{ total: number }>(
    await db.execute(sql`select count(*)::int as total from emission_sources s where ${where}`),
  );
  return { rows, total };
}

export async function findSource(
  db: DbOrTx,
  companyId: CompanyId,
  id: string,
): Promise<SourceListRow | null> {
  const [row] = rowsOf<SourceListRow>(
    await db.execute(
      sql`select ${sourceColumns} from emission_sources s where s.id = ${id} and (s.company_id is null or s.company_id = ${companyId})`,
    ),
  );
  return row ?? null;
}

/** The condition on rows a scope may change: the provider's for the platform admin, else the own. */
function writable(column: PgColumn, scope: Scope): SQL {
  return scope.isAdmin
    ? (or(isNull(column), eq(column, scope.companyId)) as SQL)
    : eq(column, scope.companyId);
}

type WritableTable = PgTable & { id: PgColumn; companyId: PgColumn };

/**
 * The update of one table's rows by id, limited to the rows the scope may change (see `writable`)
 * and stamping `updatedAt`; it answers the row as stored, or null.
 */
function writableUpdate<T extends WritableTable>(table: T) {
  return async (
    db: DbOrTx,
    scope: Scope,
    id: string,
    values: Partial<T['$inferInsert']>,
  ): Promise<T['$inferSelect'] | null> => {
    const [row] = await db
      .update(table as WritableTable)
      .set({ ...values, updatedAt: new Date() } as PgUpdateSetSource<WritableTable>)
      .where(and(eq(table.id, id), writable(table.companyId, scope)))
      .returning();
    return (row as T['$inferSelect'] | undefined) ?? null;
  };
}

export const insertSource = (db: DbOrTx, values: typeof emissionSources.$inferInsert) =>
  insertRow(db, emissionSources, values);

export const updateSource = writableUpdate(emissionSources);

export async function deleteSource(db: DbOrTx, scope: Scope, id: string) {
  await db
    .delete(emissionSources)
    .where(and(eq(emissionSources.id, id), writable(emissionSources.companyId, scope)));
}

export async function sourceUseCount(db: DbOrTx, id: string): Promise<number> {
  const [{ n }] = rowsOf<{ n: number }>(
    await db.execute(sql`select (select count(*) from emission_factors where source_id = ${id})
      + (select count(*) from emission_source_versions where source_id = ${id}) as n`),
  );
  return Number(n);
}

export type VersionRow = {
  id: string;
  sourceId: string;
  sourceName: string;
  version: string;
  validFrom: string;
  validUntil: string | null;
  releaseDate: string | null;
  factorCount: number;
};

const versionColumns = sql`v.id, v.source_id as "sourceId", s.name as "sourceName", v.version,
  v.valid_from::text as "validFrom", v.valid_until::text as "validUntil", v.release_date::text as "releaseDate",
  (select count(*)::int from emission_factors f where f.source_version_id = v.id) as "factorCount"`;

export async function listVersions(
  db: DbOrTx,
  companyId: CompanyId,
  q: { sourceId?: string; offset: number; limit: number },
) {
  const where = sql`(v.company_id is null or v.company_id = ${companyId}) ${q.sourceId ? sql`and v.source_id = ${q.sourceId}` : sql``}`;
  const rows = rowsOf<VersionRow>(
    await db.execute(sql`select ${versionColumns} from emission_source_versions v join emission_sources s on s.id = v.source_id
      where ${where} order by v.valid_from desc, s.name limit ${q.limit} offset ${q.offset}`),
  );
  const [{ total }] = rowsOf<{ total: number }>(
    await db.execute(sql`select count(*)::int as total from emission_source_versions v where ${where}`),
  );
  return { rows, total };
}

export async function findVersion(db: DbOrTx, companyId: CompanyId, id: string): Promise<VersionRow | null> {
  const [row] = rowsOf<VersionRow>(
    await db.execute(sql`select ${versionColumns} from emission_source_versions v join emission_sources s on s.id = v.source_id
      where v.id = ${id} and (v.company_id is null or v.company_id = ${companyId})`),
  );
  return row ?? null;
}

export async function findVersionByName(db: DbOrTx, sourceId: string, version: string) {
  const [row] = await db
    .select()
    .from(emissionSourceVersions)
    .where(and(eq(emissionSourceVersions.sourceId, sourceId), eq(emissionSourceVersions.version, version)));
  return row ?? null;
}

export const insertVersion = (db: DbOrTx, values: typeof emissionSourceVersions.$inferInsert) =>
  insertRow(db, emissionSourceVersions, values);

// ---------- activities ----------

export type SearchInput = {
  term: string[];
  categories: string[] | null;
  country: string | null;
  providerId: string | null;
  sourceId: string | null;
  custom: boolean | null;
  /** A factor of this GWP set or of none counts (issue 33: one report, one set). */
  gwpSet?: 'AR5' | 'AR6' | null;
  sorting: 'relevance' | 'name' | '-name';
  lang: Language;
  offset: number;
  limit: number;
};

/**
 * The ranked activity search (issue 18). A match class orders the hits: a name equal to the term,
 * a name starting with it, a word of a name starting with it, a synonym (or its word) starting with
 * it, then the term's words anywhere; within a class the everyday activities first (`rank_weight`),
 * then shorter names. Only activities with a factor the reader may use are listed.
 */
export async function searchActivities(db: DbOrTx, scope: Scope, q: SearchInput) {
  const folded = q.term.join(' ');
  const factorFilter = sql.join(
    [
      factorOffered(scope),
      q.country ? sql`(f.country = ${q.country} or f.country is null)` : undefined,
      q.providerId ? sql`f.provider_id = ${q.providerId}` : undefined,
      q.sourceId ? sql`f.source_id = ${q.sourceId}` : undefined,
      q.gwpSet ? sql`(f.gwp_set = ${q.gwpSet} or f.gwp_set is null)` : undefined,
    ].filter((x): x is SQL => x !== undefined),
    sql` and `,
  );
  const conditions: SQL[] = [
    sql`(a.company_id is null or a.company_id = ${scope.companyId})`,
    sql`exists (select 1 from emission_factors f where f.activity_id = a.id and ${factorFilter})`,
  ];
  if (q.categories?.length) conditions.push(sql`a.categories && ${sql.param(q.categories)}::text[]`);
  if (q.custom === true) conditions.push(sql`a.company_id = ${scope.companyId}`);
  if (q.custom === false) conditions.push(sql`a.company_id is null`);
  for (const word of q.term) conditions.push(sql`a.search_text like ${`%${word}%`}`);
  const name = sql`(a.translations -> ${q.lang} ->> 'name')`;
  const rank = folded
    ? sql`case when a.search_names like ${`%|${folded}|%`} then 0
        when a.search_names like ${`%|${folded}%`} then 1
        when a.search_names like ${`% ${folded}%`} then 2
        when a.search_text like ${`%|${folded}%`} or a.search_text like ${`% ${folded}%`} then 3
        else 4 end`
    : sql`0`;
  const order =
    q.sorting === 'name'
      ? sql`${name} asc, a.id`
      : q.sorting === '-name'
        ? sql`${name} desc, a.id`
        : folded
          ? sql`rank, a.rank_weight, length(${name}), ${name}, a.id`
          : sql`${name}, a.id`;
  const where = sql.join(conditions, sql` and `);
  const rows = rowsOf<ActivityRow & { total: number }>(
    await db.execute(sql`select a.id, a.company_id as "companyId", a.internal_name as "internalName", a.categories,
        a.translations, a.treatment_id as "treatmentId", ${rank} as rank, count(*) over ()::int as total
      from emission_activities a where ${where} order by ${order} limit ${q.limit} offset ${q.offset}`),
  );
  return { rows, total: rows[0]?.total ?? (q.offset > 0 ? await countActivities(db, where) : 0) };
}

async function countActivities(db: DbOrTx, where: SQL): Promise<number> {
  const [{ total }] = rowsOf<{ total: number }>(
    await db.execute(sql`select count(*)::int as total from emission_activities a where ${where}`),
  );
  return total;
}

export type ActivityFacts = {
  activityId: string;
  factorCount: number;
  baseUnits: string[];
  countries: string[];
  sources: { id: string; name: string }[];
  preview: {
    value: number;
    unit: string;
    country: string | null;
    source: string | null;
    year: number | null;
  }[];
};

/** How many factors the search answer shows per activity. */
const PREVIEW_SIZE = 3;

/** Counts, units, countries and sources of the factors the reader may use, per activity. */
export async function activityFacts(
  db: DbOrTx,
  scope: Scope,
  ids: string[],
): Promise<Map<string, ActivityFacts>> {
  if (!ids.length) return new Map();
  const rows = rowsOf<ActivityFacts>(
    await db.execute(sql`select f.activity_id as "activityId", count(*)::int as "factorCount",
        array_agg(distinct f.base_unit) as "baseUnits",
        coalesce(array_agg(distinct f.country) filter (where f.country is not null), '{}') as countries,
        coalesce(json_agg(distinct jsonb_build_object('id', s.id, 'name', s.name)) filter (where s.id is not null), '[]') as sources,
        json_agg(json_build_object('value', f.co2_factor, 'unit', f.base_unit, 'country', f.country,
          'source', s.name, 'year', f.year) order by f.country nulls first, f.year desc nulls last, f.co2_factor) as preview
      from emission_factors f left join emission_sources s on s.id = f.source_id
      where f.activity_id in ${ids} and ${factorOffered(scope)} group by f.activity_id`),
  );
  // The generally valid and newest first; the rest stays behind the activity's detail.
  return new Map(rows.map((r) => [r.activityId, { ...r, preview: r.preview.slice(0, PREVIEW_SIZE) }]));
}

export async function findActivity(
  db: DbOrTx,
  companyId: CompanyId,
  id: string,
): Promise<ActivityRow | null> {
  const [row] = await db
    .select()
    .from(emissionActivities)
    .where(and(eq(emissionActivities.id, id), ownOrProvider(emissionActivities.companyId, companyId)));
  return row ?? null;
}

export const insertActivity = (db: DbOrTx, values: typeof emissionActivities.$inferInsert) =>
  insertRow(db, emissionActivities, values);

export const updateActivity = writableUpdate(emissionActivities);

export async function deleteActivity(db: DbOrTx, scope: Scope, id: string) {
  await db
    .delete(emissionActivities)
    .where(and(eq(emissionActivities.id, id), writable(emissionActivities.companyId, scope)));
}

/** Factors of other owners than the activity's own (customer factors on a provider activity). */
export async function foreignFactorCount(db: DbOrTx, activity: ActivityRow): Promise<number> {
  const owner = activity.companyId
    ? sql`f.company_id is distinct from ${activity.companyId}`
    : sql`f.company_id is not null`;
  const [{ n }] = rowsOf<{ n: number }>(
    await db.execute(
      sql`select count(*)::int as n from emission_factors f where f.activity_id = ${activity.id} and ${owner}`,
    ),
  );
  return n;
}

/** The activity owner's own factors (provider factors of a provider activity; the company's of a custom one). */
export async function ownFactorCount(db: DbOrTx, activity: ActivityRow): Promise<number> {
  const owner = activity.companyId ? sql`f.company_id = ${activity.companyId}` : sql`f.company_id is null`;
  const [{ n }] = rowsOf<{ n: number }>(
    await db.execute(
      sql`select count(*)::int as n from emission_factors f where f.activity_id = ${activity.id} and ${owner} and f.withdrawn_at is null`,
    ),
  );
  return n;
}

export async function countriesOfActivity(db: DbOrTx, scope: Scope, activityId: string): Promise<string[]> {
  const rows = rowsOf<{ country: string }>(
    await db.execute(sql`select distinct f.country from emission_factors f
      where f.activity_id = ${activityId} and f.country is not null and ${factorOffered(scope)} order by 1`),
  );
  return rows.map((r) => r.country);
}

// ---------- factors ----------

export type FactorRow = {
  id: string;
  activityId: string;
  activityTranslations: ActivityTranslations;
  baseUnit: string;
  unitTypes: string[];
  co2Factor: number;
  biogenicCo2Factor: number | null;
  co2: number | null;
  ch4: number | null;
  n2o: number | null;
  wttFactor: number | null;
  country: string | null;
  sourceId: string | null;
  sourceName: string | null;
  sourceVersionId: string | null;
  sourceVersion: string | null;
  translations: FactorTranslations;
  validFrom: string;
  validUntil: string | null;
  version: number;
  year: number | null;
  releaseDate: string | null;
  providerId: string | null;
  providerName: string | null;
  coverage: string | null;
  lcaActivity: string | null;
  isPublic: boolean;
  companyId: string | null;
  companyName: string | null;
  externalId: string | null;
  gwpSet: string | null;
  lineageId: string;
  withdrawnAt: string | null;
  withdrawnReason: string | null;
};

const factorSelect = sql`select f.id, f.activity_id as "activityId", a.translations as "activityTranslations",
    f.base_unit as "baseUnit", f.unit_types as "unitTypes", f.co2_factor as "co2Factor",
    f.biogenic_co2_factor as "biogenicCo2Factor", f.co2, f.ch4, f.n2o, f.wtt_factor as "wttFactor", f.country,
    f.source_id as "sourceId", s.name as "sourceName", f.source_version_id as "sourceVersionId", v.version as "sourceVersion",
    f.translations, f.valid_from::text as "validFrom", f.valid_until::text as "validUntil", f.version, f.year,
    f.release_date::text as "releaseDate", f.provider_id as "providerId", p.name as "providerName", f.coverage,
    f.lca_activity as "lcaActivity", f.is_public as "isPublic", f.company_id as "companyId", c.name as "companyName",
    f.external_id as "externalId", f.gwp_set as "gwpSet", coalesce(f.lineage_id, f.id) as "lineageId",
    f.withdrawn_at as "withdrawnAt", f.withdrawn_reason as "withdrawnReason"
  from emission_factors f
  join emission_activities a on a.id = f.activity_id
  left join emission_sources s on s.id = f.source_id
  left join emission_source_versions v on v.id = f.source_version_id
  left join emission_providers p on p.id = f.provider_id
  left join companies c on c.id = f.company_id`;

export async function factorsOfActivity(db: DbOrTx, scope: Scope, activityId: string): Promise<FactorRow[]> {
  return rowsOf<FactorRow>(
    await db.execute(sql`${factorSelect} where f.activity_id = ${activityId} and ${factorOffered(scope)}
      order by f.company_id nulls first, f.country nulls first, f.base_unit, f.valid_from desc`),
  );
}

export async function findFactor(db: DbOrTx, scope: Scope, id: string): Promise<FactorRow | null> {
  const [row] = rowsOf<FactorRow>(
    await db.execute(sql`${factorSelect} where f.id = ${id} and ${factorVisible(scope)}`),
  );
  return row ?? null;
}

/** Customer factors of one company (or of every company: the platform admin without a filter). */
export async function listCustomerFactors(
  db: DbOrTx,
  companies: CompanyId | 'all',
  q: { activityId?: string; term?: string[]; offset: number; limit: number; lang: Language },
) {
  const conditions = [
    companies === 'all' ? sql`f.company_id is not null` : sql`f.company_id = ${companies}`,
    sql`f.withdrawn_at is null`,
  ];
  if (q.activityId) conditions.push(sql`f.activity_id = ${q.activityId}`);
  for (const word of q.term ?? []) conditions.push(sql`a.search_text like ${`%${word}%`}`);
  const where = sql.join(conditions, sql` and `);
  const rows = rowsOf<FactorRow>(
    await db.execute(sql`${factorSelect} where ${where}
      order by c.name, a.translations -> ${q.lang} ->> 'name', f.valid_from desc, f.id limit ${q.limit} offset ${q.offset}`),
  );
  const [{ total }] = rowsOf<{ total: number }>(
    await db.execute(
      sql`select count(*)::int as total from emission_factors f join emission_activities a on a.id = f.activity_id where ${where}`,
    ),
  );
  return { rows, total };
}

export async function insertFactors(db: DbOrTx, values: FactorInsert[]) {
  if (!values.length) return [];
  return db.insert(emissionFactors).values(values).returning({ id: emissionFactors.id });
}

/** Inserts a data set's factors; an edition's row already loaded (same external id) is left as it is. */
export async function insertFactorsOnce(db: DbOrTx, values: FactorInsert[]): Promise<number> {
  if (!values.length) return 0;
  const rows = await db
    .insert(emissionFactors)
    .values(values)
    .onConflictDoNothing({ target: [emissionFactors.sourceVersionId, emissionFactors.externalId] })
    .returning({ id: emissionFactors.id });
  return rows.length;
}

/** A factor row as the scope may change it: the provider's for the platform admin, else the own. */
export async function updateFactor(db: DbOrTx, scope: Scope, id: string, values: Partial<FactorInsert>) {
  const [row] = await db
    .update(emissionFactors)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(emissionFactors.id, id), writableFactor(scope)))
    .returning({ id: emissionFactors.id });
  return row ?? null;
}

export async function deleteFactor(db: DbOrTx, scope: Scope, id: string) {
  await db.delete(emissionFactors).where(and(eq(emissionFactors.id, id), writableFactor(scope)));
}

function writableFactor(scope: Scope): SQL {
  return scope.isAdmin
    ? (or(isNull(emissionFactors.companyId), eq(emissionFactors.companyId, scope.companyId)) as SQL)
    : eq(emissionFactors.companyId, scope.companyId);
}

export type PeriodKey = {
  activityId: string;
  country: string | null;
  providerId: string | null;
  companyId: string | null;
  baseUnit: string;
  validFrom: string;
  validUntil: string | null;
  exceptId?: string;
};

/**
 * The first factor whose period overlaps the given one for the same activity, country, provider
 * and owner (seed 002 §5). The unit is part of the key: DESNZ gives one fuel per litre, kWh and
 * tonne for the same period, which are one figure in three units, not competing figures.
 */
export async function overlappingFactor(db: DbOrTx, k: PeriodKey): Promise<string | null> {
  const until = k.validUntil ?? '9999-12-31';
  const [row] = rowsOf<{ id: string }>(
    await db.execute(sql`select f.id from emission_factors f
      where f.activity_id = ${k.activityId} and f.base_unit = ${k.baseUnit}
        and f.country is not distinct from ${k.country}
        and f.provider_id is not distinct from ${k.providerId}
        and f.company_id is not distinct from ${k.companyId} and f.withdrawn_at is null
        and f.valid_from <= ${until}::date and coalesce(f.valid_until, '9999-12-31'::date) >= ${k.validFrom}::date
        ${k.exceptId ? sql`and f.id <> ${k.exceptId}` : sql``}
      limit 1`),
  );
  return row?.id ?? null;
}

// ---------- built-in data sets ----------

export async function sourceByDataset(db: DbOrTx, key: string) {
  const [row] = await db.select().from(emissionSources).where(eq(emissionSources.datasetKey, key));
  return row ?? null;
}

/** The editions loaded per data set key. */
export async function loadedEditions(
  db: DbOrTx,
): Promise<{ key: string; version: string; factorCount: number }[]> {
  return rowsOf(
    await db.execute(sql`select s.dataset_key as key, v.version,
      (select count(*)::int from emission_factors f where f.source_version_id = v.id) as "factorCount"
      from emission_sources s join emission_source_versions v on v.source_id = s.id where s.dataset_key is not null`),
  );
}

export async function activitiesByDatasetKey(db: DbOrTx, keys: string[]): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  for (let i = 0; i < keys.length; i += 1000) {
    const rows = await db
      .select({ id: emissionActivities.id, key: emissionActivities.datasetKey })
      .from(emissionActivities)
      .where(inArray(emissionActivities.datasetKey, keys.slice(i, i + 1000)));
    for (const r of rows) out.set(r.key as string, r.id);
  }
  return out;
}

export async function insertActivities(db: DbOrTx, values: (typeof emissionActivities.$inferInsert)[]) {
  const out: { id: string; datasetKey: string | null }[] = [];
  for (let i = 0; i < values.length; i += 500) {
    out.push(
      ...(await db
        .insert(emissionActivities)
        .values(values.slice(i, i + 500))
        .returning({ id: emissionActivities.id, datasetKey: emissionActivities.datasetKey })),
    );
  }
  return out;
}

/** Ends the open periods of a data set's earlier editions the day before the new one starts. */
export async function closeOpenPeriods(
  db: DbOrTx,
  sourceId: string,
  newVersionId: string,
  dayBefore: string,
) {
  await db.execute(sql`update emission_factors set valid_until = ${dayBefore}::date, updated_at = now()
    where source_id = ${sourceId} and source_version_id <> ${newVersionId} and valid_until is null
      and valid_from <= ${dayBefore}::date`);
}

/** An activity by its internal name (case ignored): the company's own first, then the provider's. */
export async function findActivityByInternalName(db: DbOrTx, companyId: CompanyId, name: string) {
  const [row] = await db
    .select()
    .from(emissionActivities)
    .where(
      and(
        sql`lower(${emissionActivities.internalName}) = ${name.toLowerCase()}`,
        ownOrProvider(emissionActivities.companyId, companyId),
      ),
    )
    .orderBy(sql`${emissionActivities.companyId} nulls last`)
    .limit(1);
  return row ?? null;
}

/**
 * An activity by its name in German or English or its internal name (case ignored), optionally
 * of one category: the company's own first, then the provider's (the CFC section import).
 */
export async function findActivityByName(
  db: DbOrTx,
  companyId: CompanyId,
  name: string,
  category: string | null,
): Promise<ActivityRow | null> {
  const n = name.trim().toLowerCase();
  const [row] = await db
    .select()
    .from(emissionActivities)
    .where(
      and(
        sql`(lower(${emissionActivities.translations}->'de'->>'name') = ${n}
          or lower(${emissionActivities.translations}->'en'->>'name') = ${n}
          or lower(${emissionActivities.internalName}) = ${n})`,
        category ? sql`${category} = any(${emissionActivities.categories})` : undefined,
        ownOrProvider(emissionActivities.companyId, companyId),
      ),
    )
    .orderBy(sql`${emissionActivities.companyId} nulls last`, emissionActivities.rankWeight)
    .limit(1);
  return row ?? null;
}

/** A source by its name (case ignored): the company's own first, then the provider's. */
export async function findSourceByName(
  db: DbOrTx,
  companyId: CompanyId,
  name: string,
): Promise<string | null> {
  const [row] = await db
    .select({ id: emissionSources.id })
    .from(emissionSources)
    .where(
      and(
        sql`lower(${emissionSources.name}) = ${name.toLowerCase()}`,
        or(isNull(emissionSources.companyId), eq(emissionSources.companyId, companyId)),
      ),
    )
    .orderBy(sql`${emissionSources.companyId} nulls last`)
    .limit(1);
  return row?.id ?? null;
}
