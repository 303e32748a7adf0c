/**
 * Immutable factor versions (issue 33, docs/decisions/0013): a saved factor is never overwritten.
 * A change inserts the next version (same lineage, version + 1) and withdraws the old row, which
 * stays readable for the entries that used it. Zero DESNZ factors that earlier loaders made from
 * blank source cells are withdrawn on start, not corrected in place.
 */
import { eq, sql } from 'drizzle-orm';
import { type DbOrTx, rowsOf } from '../../platform/db/index.ts';
import type { Dataset } from './emission-db.datasets.ts';
import { type FactorInsert, type Scope, factorOffered } from './emission-db.repository.ts';
import { emissionFactors } from './emission-db.schema.ts';

/** The version state of a factor an entry used: the newest offered version of its lineage, if another. */
export type FactorVersionState = {
  id: string;
  version: number;
  lineageId: string;
  withdrawnReason: string | null;
  isWithdrawn: boolean;
  /**
   * The factor a restatement moves to, when it is not this row: the newest offered version of the
   * lineage, else (with a scope) the matching factor of a newer edition of the same source.
   */
  newer: { id: string; version: number; kind: 'version' | 'edition'; edition: string | null } | null;
};

/**
 * The version state of some factors (any owner: the ids come from the company's own entries). With
 * the reader's scope, a newer edition of the factor's source that the reader may use counts too.
 */
export async function factorVersionStates(
  db: DbOrTx,
  ids: readonly string[],
  scope?: Scope,
): Promise<Map<string, FactorVersionState>> {
  const unique = [...new Set(ids)];
  if (!unique.length) return new Map();
  const rows = rowsOf<{
    id: string;
    version: number;
    lineageId: string;
    withdrawnReason: string | null;
    isWithdrawn: boolean;
    newerId: string | null;
    newerVersion: number | null;
  }>(
    await db.execute(sql`select f.id, f.version, coalesce(f.lineage_id, f.id) as "lineageId",
        f.withdrawn_reason as "withdrawnReason", f.withdrawn_at is not null as "isWithdrawn",
        n.id as "newerId", n.version as "newerVersion"
      from emission_factors f
      left join lateral (select g.id, g.version from emission_factors g
        where coalesce(g.lineage_id, g.id) = coalesce(f.lineage_id, f.id) and g.withdrawn_at is null
          and g.id <> f.id and g.version > f.version
        order by g.version desc limit 1) n on true
      where f.id in ${unique}`),
  );
  const editions = scope ? await newerEditionFactors(db, unique, scope) : new Map<string, EditionFactor>();
  return new Map(
    rows.map((r) => {
      const edition = editions.get(r.id);
      const newer = r.newerId
        ? { id: r.newerId, version: r.newerVersion as number, kind: 'version' as const, edition: null }
        : edition
          ? { id: edition.id, version: edition.version, kind: 'edition' as const, edition: edition.edition }
          : null;
      const state = {
        id: r.id,
        version: r.version,
        lineageId: r.lineageId,
        withdrawnReason: r.withdrawnReason,
        isWithdrawn: r.isWithdrawn,
        newer,
      };
      return [r.id, state];
    }),
  );
}

type EditionFactor = { oldId: string; id: string; version: number; edition: string };

/**
 * The factor of the newest later edition of the same source (e.g. DESNZ 2026 after DESNZ 2025) for
 * the same activity, country, base unit and GWP set, offered to the reader. Within that edition the
 * factor whose period overlaps the old one's comes first (a revised grid year), else the nearest
 * period (the next year's edition). Editions are ordered by their start, then by when they were added.
 */
async function newerEditionFactors(
  db: DbOrTx,
  ids: readonly string[],
  scope: Scope,
): Promise<Map<string, EditionFactor>> {
  const rows = rowsOf<EditionFactor>(
    await db.execute(sql`select o.id as "oldId", n.id, n.version, n.edition
      from emission_factors o
      join emission_source_versions ov on ov.id = o.source_version_id
      join lateral (select f.id, f.version, v.version as edition from emission_factors f
          join emission_source_versions v on v.id = f.source_version_id
        where f.source_id = o.source_id and f.activity_id = o.activity_id and f.base_unit = o.base_unit
          and f.country is not distinct from o.country and f.gwp_set is not distinct from o.gwp_set
          and (v.valid_from, v.created_at) > (ov.valid_from, ov.created_at) and ${factorOffered(scope)}
        order by v.valid_from desc, v.created_at desc,
          (f.valid_from <= coalesce(o.valid_until, '9999-12-31') and coalesce(f.valid_until, '9999-12-31') >= o.valid_from) desc,
          abs(f.valid_from - o.valid_from), f.version desc
        limit 1) n on true
      where o.id in ${ids}`),
  );
  return new Map(rows.map((r) => [r.oldId, r]));
}

/**
 * Writes the next version of a factor: a new row with the lineage of `current` and its version + 1;
 * `current` is withdrawn (reason `newerVersion`). Answers the new row's id.
 */
export async function insertNextVersion(
  tx: DbOrTx,
  current: { id: string; lineageId: string; version: number },
  values: FactorInsert,
): Promise<string> {
  const [row] = await tx
    .insert(emissionFactors)
    .values({ ...values, lineageId: current.lineageId, version: current.version + 1 })
    .returning({ id: emissionFactors.id });
  await tx.execute(sql`update emission_factors set withdrawn_at = now(), withdrawn_reason = 'newerVersion',
      lineage_id = coalesce(lineage_id, id), updated_at = now()
    where id = ${current.id} and withdrawn_at is null`);
  return row.id;
}

/**
 * Withdraws the zero factors of a data set's loaded editions whose row the data set does not hold
 * with a value of 0: a blank DESNZ cell means "no factor" (DESNZ 2025 flat file), and loaders before
 * the blank-cell rule stored such rows as 0. One cheap query when there is nothing to do.
 * Answers the withdrawn factor ids.
 */
export async function withdrawBlankZeroFactors(
  db: DbOrTx,
  key: string,
  dataset: () => Dataset,
): Promise<string[]> {
  const zeros = rowsOf<{ id: string; ext: string | null }>(
    await db.execute(sql`select f.id, f.external_id as ext from emission_factors f
      join emission_sources s on s.id = f.source_id
      where s.dataset_key = ${key} and f.co2_factor = 0 and f.withdrawn_at is null and f.company_id is null`),
  );
  if (!zeros.length) return [];
  const realZeros = new Set(
    dataset()
      .activities.flatMap((a) => a.f)
      .filter((f) => f.co2e === 0)
      .map((f) => f.ext),
  );
  const ids = zeros.filter((z) => z.ext === null || !realZeros.has(z.ext)).map((z) => z.id);
  if (ids.length)
    await db.execute(sql`update emission_factors set withdrawn_at = now(), withdrawn_reason = 'blankCell',
        updated_at = now() where id in ${ids}`);
  return ids;
}

/**
 * Who keeps figures made with the factors: the carbon footprint's entries. The cfc module answers;
 * it imports this module, so the question comes in as a port (filled in `modules/index.ts`).
 */
export type FactorUsers = {
  /** Whether figures of any company rest on one of these factors (then it is withdrawn, not deleted). */
  usesAnyFactor: (db: DbOrTx, factorIds: readonly string[]) => Promise<boolean>;
};

/** Every factor row of an activity, of any owner and version (their traces stay with the activity). */
export async function factorIdsOfActivity(db: DbOrTx, activityId: string): Promise<string[]> {
  const rows = await db
    .select({ id: emissionFactors.id })
    .from(emissionFactors)
    .where(eq(emissionFactors.activityId, activityId));
  return rows.map((r) => r.id);
}

/** Withdraws a factor that is deleted while entries use it (reason `deleted`); the row stays readable. */
export async function withdrawDeletedFactor(db: DbOrTx, id: string): Promise<void> {
  await db.execute(sql`update emission_factors set withdrawn_at = now(), withdrawn_reason = 'deleted',
      lineage_id = coalesce(lineage_id, id), updated_at = now()
    where id = ${id} and withdrawn_at is null`);
}
