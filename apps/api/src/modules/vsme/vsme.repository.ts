/** SQL of the VSME reports and their values (every query by company id). */
import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/index.ts';
import { companyRows, tenantRows } from '../../platform/db/rows.ts';
import { tablePage } from '../../platform/lists.ts';
import type { CompanyId } from '../../platform/tenant.ts';
import { type StoredValue, vsmeReports, vsmeValues } from './vsme.schema.ts';

export type ReportRow = typeof vsmeReports.$inferSelect;
export type ValueRow = typeof vsmeValues.$inferSelect;

const touched = () => ({ updatedAt: new Date() });

export const {
  find: findReport,
  insert: insertReport,
  update: updateReport,
  remove: deleteReport,
} = tenantRows(vsmeReports, touched);

export function listReports(db: DbOrTx, companyId: CompanyId, window: { offset: number; limit: number }) {
  const r = vsmeReports;
  return tablePage(db, r, { where: eq(r.companyId, companyId), orderBy: [desc(r.year), asc(r.id)], window });
}

export async function findReportOfYear(db: DbOrTx, companyId: CompanyId, year: number) {
  const [row] = await db
    .select({ id: vsmeReports.id })
    .from(vsmeReports)
    .where(companyRows(vsmeReports, companyId, eq(vsmeReports.year, year)));
  return row ?? null;
}

/** The values of some reports, by report. */
export async function valuesOf(
  db: DbOrTx,
  companyId: CompanyId,
  reportIds: readonly string[],
): Promise<Map<string, ValueRow[]>> {
  const out = new Map<string, ValueRow[]>(reportIds.map((id) => [id, []]));
  if (!reportIds.length) return out;
  const rows = await db
    .select()
    .from(vsmeValues)
    .where(companyRows(vsmeValues, companyId, inArray(vsmeValues.reportId, [...reportIds])))
    .orderBy(asc(vsmeValues.concept), asc(vsmeValues.member));
  for (const r of rows) out.get(r.reportId)?.push(r);
  return out;
}

export type ValueChange = {
  concept: string;
  member: string;
  value: StoredValue | null;
  overrideReason: string | null;
};

/** Writes values (null: removes it), one statement per value, in the caller's transaction. */
export async function saveValues(db: DbOrTx, companyId: CompanyId, reportId: string, changes: ValueChange[]) {
  const now = new Date();
  for (const c of changes) {
    const where = companyRows(
      vsmeValues,
      companyId,
      eq(vsmeValues.reportId, reportId),
      eq(vsmeValues.concept, c.concept),
      eq(vsmeValues.member, c.member),
    );
    if (c.value === null) {
      await db.delete(vsmeValues).where(where);
      continue;
    }
    const value = { v: c.value };
    await db
      .insert(vsmeValues)
      .values({
        companyId,
        reportId,
        concept: c.concept,
        member: c.member,
        value,
        overrideReason: c.overrideReason,
      })
      .onConflictDoUpdate({
        target: [vsmeValues.companyId, vsmeValues.reportId, vsmeValues.concept, vsmeValues.member],
        set: { value, overrideReason: c.overrideReason, updatedAt: now },
      });
  }
  await db
    .update(vsmeReports)
    .set({ updatedAt: now })
    .where(and(eq(vsmeReports.companyId, companyId), eq(vsmeReports.id, reportId)));
}
