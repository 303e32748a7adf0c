import { and, desc, eq, getTableColumns, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/index.ts';
import type { CompanyId } from '../../platform/tenant.ts';
import { exchangeConnections, exchangeFootprintVersions } from './exchange.schema.ts';

export type VersionRow = typeof exchangeFootprintVersions.$inferSelect;
export type VersionInsert = typeof exchangeFootprintVersions.$inferInsert;

const v = exchangeFootprintVersions;

/** The latest row of each PfId of the given shipments (its current version: Active or Deprecated). */
export type VersionHead = Omit<VersionRow, 'snapshot'>;

/** Without the snapshots: a page of 250 shipments reads only what decides whether a version is new. */
export async function latestOfSubjects(
  db: DbOrTx,
  companyId: CompanyId,
  subjects: string[],
): Promise<VersionHead[]> {
  if (subjects.length === 0) return [];
  const { snapshot: _snapshot, ...head } = getTableColumns(v);
  const rows = await db
    .select(head)
    .from(v)
    .where(and(eq(v.companyId, companyId), inArray(v.subject, subjects)))
    .orderBy(v.pfId, desc(v.version));
  const latest = new Map<string, VersionHead>();
  for (const r of rows) if (!latest.has(r.pfId)) latest.set(r.pfId, r);
  return [...latest.values()];
}

/** The latest version of one PfId, or null. */
export async function latestOfPf(db: DbOrTx, companyId: CompanyId, pfId: string): Promise<VersionRow | null> {
  const [row] = await db
    .select()
    .from(v)
    .where(and(eq(v.companyId, companyId), eq(v.pfId, pfId)))
    .orderBy(desc(v.version))
    .limit(1);
  return row ?? null;
}

/** Writes a version once; false when that PfId already has this version (another request wrote it). */
export async function insertVersion(db: DbOrTx, values: VersionInsert): Promise<boolean> {
  const rows = await db
    .insert(v)
    .values(values)
    .onConflictDoNothing({ target: [v.companyId, v.pfId, v.version] })
    .returning({ id: v.id });
  return rows.length > 0;
}

/** Writes first versions at once; answers the PfIds written (others were written by another request). */
export async function insertVersions(db: DbOrTx, values: VersionInsert[]): Promise<string[]> {
  if (values.length === 0) return [];
  const rows = await db
    .insert(v)
    .values(values)
    .onConflictDoNothing({ target: [v.companyId, v.pfId, v.version] })
    .returning({ pfId: v.pfId });
  return rows.map((r) => r.pfId);
}

/** Companies whose footprints are to be kept versioned by the sweep (a confirmed, opted-in partner). */
export async function companiesWithSubscribers(db: DbOrTx): Promise<CompanyId[]> {
  const c = exchangeConnections;
  const rows = await db
    .selectDistinct({ companyId: c.companyId })
    .from(c)
    .where(and(eq(c.publishUpdates, true), eq(c.confirmedUrl, c.baseUrl)));
  return rows.map((r) => r.companyId as CompanyId);
}
