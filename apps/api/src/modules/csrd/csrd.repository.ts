import { type SQL, and, asc, desc, eq, inArray, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/index.ts';
import { users } from '../../platform/db/schema.ts';
import { deleteCompanyRow, firstRow, joinedRow, tenantRows } from '../../platform/db/rows.ts';
import { tablePage } from '../../platform/lists.ts';
import type { CompanyId } from '../../platform/tenant.ts';
import {
  csrdCustomIros,
  csrdExcelImports,
  csrdFiles,
  csrdIndicatorValues,
  csrdIroEntries,
  csrdMaterialityAnalyses,
  csrdReports,
  csrdScopeEntries,
} from './csrd.schema.ts';

export type AnalysisRow = typeof csrdMaterialityAnalyses.$inferSelect;
export type CustomIroRow = typeof csrdCustomIros.$inferSelect;
export type EntryRow = typeof csrdIroEntries.$inferSelect;
export type ReportRow = typeof csrdReports.$inferSelect;
export type ScopeEntryRow = typeof csrdScopeEntries.$inferSelect;
export type ValueRow = typeof csrdIndicatorValues.$inferSelect;
export type ImportRow = typeof csrdExcelImports.$inferSelect;
export type FileInfoRow = Omit<typeof csrdFiles.$inferSelect, 'data'>;
type Window = { offset: number; limit: number };

const touched = () => ({ updatedAt: new Date() });

// ---------- materiality analyses ----------

export function listAnalyses(db: DbOrTx, companyId: CompanyId, withDeleted: boolean, window: Window) {
  const a = csrdMaterialityAnalyses;
  return tablePage(db, a, {
    where: and(eq(a.companyId, companyId), withDeleted ? undefined : isNull(a.deletedAt)),
    orderBy: [desc(a.createdAt), asc(a.id)],
    window,
  });
}

export const {
  find: findAnalysis,
  insert: insertAnalysis,
  update: updateAnalysis,
} = tenantRows(csrdMaterialityAnalyses, touched);

// ---------- custom IROs and IRO entries ----------

export const listCustomIros = (db: DbOrTx, companyId: CompanyId, analysisId: string) =>
  listCustomIrosOf(db, companyId, [analysisId]);

export async function listCustomIrosOf(db: DbOrTx, companyId: CompanyId, analysisIds: string[]) {
  if (!analysisIds.length) return [];
  const c = csrdCustomIros;
  return db
    .select()
    .from(c)
    .where(and(eq(c.companyId, companyId), inArray(c.materialityAnalysisId, analysisIds)))
    .orderBy(asc(c.createdAt), asc(c.id));
}

export const { insert: insertCustomIro } = tenantRows(csrdCustomIros);

/** Deletes a custom IRO no entry rates any more. */
export async function deleteUnusedCustomIro(db: DbOrTx, companyId: CompanyId, id: string) {
  const e = csrdIroEntries;
  const [used] = await db
    .select({ id: e.id })
    .from(e)
    .where(and(eq(e.companyId, companyId), eq(e.customIroId, id)))
    .limit(1);
  if (!used) await deleteCompanyRow(db, csrdCustomIros, companyId, id);
}

export async function listEntries(db: DbOrTx, companyId: CompanyId, analysisIds: string[]) {
  if (!analysisIds.length) return [];
  const e = csrdIroEntries;
  return db
    .select()
    .from(e)
    .where(and(eq(e.companyId, companyId), inArray(e.materialityAnalysisId, analysisIds)))
    .orderBy(asc(e.createdAt), asc(e.id));
}

export const {
  find: findEntry,
  insert: insertEntry,
  update: updateEntry,
  remove: deleteEntry,
} = tenantRows(csrdIroEntries, touched);

// ---------- reports ----------

export function listReports(db: DbOrTx, companyId: CompanyId, withDeleted: boolean, window: Window) {
  const r = csrdReports;
  return tablePage(db, r, {
    where: and(eq(r.companyId, companyId), withDeleted ? undefined : isNull(r.deletedAt)),
    orderBy: [desc(r.year), asc(r.id)],
    window,
  });
}

export const { find: findReport, update: updateReport } = tenantRows(csrdReports, touched);

export const findReportByYear = (db: DbOrTx, companyId: CompanyId, year: number) =>
  firstRow(
    db
      .select()
      .from(csrdReports)
      .where(and(eq(csrdReports.companyId, companyId), eq(csrdReports.year, year))),
  );

/** Inserts a report unless the company has one of that year (the unique key decides under races). */
export async function insertReport(db: DbOrTx, values: typeof csrdReports.$inferInsert) {
  const [row] = await db
    .insert(csrdReports)
    .values(values)
    .onConflictDoNothing({ target: [csrdReports.companyId, csrdReports.year] })
    .returning();
  return row ?? null;
}

/** Removes analyses and reports whose restore window closed (every company: the sweep's job). */
export async function purgeDeleted(db: DbOrTx, now: Date) {
  const r = await db
    .delete(csrdReports)
    .where(and(isNotNull(csrdReports.deletedAt), lte(csrdReports.deletedAt, now)))
    .returning({ id: csrdReports.id });
  const a = await db
    .delete(csrdMaterialityAnalyses)
    .where(and(isNotNull(csrdMaterialityAnalyses.deletedAt), lte(csrdMaterialityAnalyses.deletedAt, now)))
    .returning({ id: csrdMaterialityAnalyses.id });
  return { reports: r.length, analyses: a.length };
}

// ---------- scope entries ----------

export async function listScopeEntries(db: DbOrTx, companyId: CompanyId, reportId: string, scope?: string) {
  const s = csrdScopeEntries;
  return db
    .select()
    .from(s)
    .where(and(eq(s.companyId, companyId), eq(s.reportId, reportId), scope ? eq(s.scope, scope) : undefined))
    .orderBy(asc(s.createdAt), asc(s.id));
}

export const { find: findScopeEntry, update: updateScopeEntry } = tenantRows(csrdScopeEntries, touched);

export async function insertScopeEntry(db: DbOrTx, values: typeof csrdScopeEntries.$inferInsert) {
  const s = csrdScopeEntries;
  const [row] = await db
    .insert(s)
    .values(values)
    .onConflictDoNothing({ target: [s.companyId, s.reportId, s.scope] })
    .returning();
  return row ?? null;
}

/** Names of users of the company, for the responsible users of scope entries. */
export async function userNames(db: DbOrTx, companyId: CompanyId, ids: string[]) {
  if (!ids.length) return new Map<string, string>();
  const rows = await db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(and(eq(users.companyId, companyId), inArray(users.id, ids)));
  return new Map(rows.map((u) => [u.id, `${u.firstName} ${u.lastName}`.trim()]));
}

// ---------- indicator values and files ----------

export type ValueFilter = { reportId?: string; scopeEntryId?: string; scope?: string };

/** Values with the report and scope of their scope entry. */
export async function listValues(db: DbOrTx, companyId: CompanyId, f: ValueFilter) {
  const v = csrdIndicatorValues;
  const s = csrdScopeEntries;
  const parts: (SQL | undefined)[] = [eq(v.companyId, companyId)];
  if (f.reportId) parts.push(eq(s.reportId, f.reportId));
  if (f.scopeEntryId) parts.push(eq(v.scopeEntryId, f.scopeEntryId));
  if (f.scope) parts.push(eq(s.scope, f.scope));
  const rows = await db
    .select({ value: v, reportId: s.reportId, scope: s.scope })
    .from(v)
    .innerJoin(s, joinedRow(s, v.companyId, v.scopeEntryId))
    .where(and(...parts))
    .orderBy(asc(s.scope), asc(v.indicator), asc(v.id));
  return rows;
}

/** A value with its scope entry's report and scope. */
export async function findValue(db: DbOrTx, companyId: CompanyId, id: string) {
  const v = csrdIndicatorValues;
  const s = csrdScopeEntries;
  const [row] = await db
    .select({ value: v, reportId: s.reportId, scope: s.scope })
    .from(v)
    .innerJoin(s, joinedRow(s, v.companyId, v.scopeEntryId))
    .where(and(eq(v.companyId, companyId), eq(v.id, id)));
  return row ?? null;
}

export async function insertValue(db: DbOrTx, values: typeof csrdIndicatorValues.$inferInsert) {
  const v = csrdIndicatorValues;
  const [row] = await db
    .insert(v)
    .values(values)
    .onConflictDoNothing({ target: [v.companyId, v.scopeEntryId, v.indicator] })
    .returning();
  return row ?? null;
}

export const { update: updateValue } = tenantRows(csrdIndicatorValues, touched);

const fileInfo = {
  id: csrdFiles.id,
  companyId: csrdFiles.companyId,
  indicatorValueId: csrdFiles.indicatorValueId,
  fileName: csrdFiles.fileName,
  mimeType: csrdFiles.mimeType,
  size: csrdFiles.size,
  note: csrdFiles.note,
  uploadedAt: csrdFiles.uploadedAt,
};

export async function listFiles(
  db: DbOrTx,
  companyId: CompanyId,
  valueIds: string[],
): Promise<FileInfoRow[]> {
  if (!valueIds.length) return [];
  const f = csrdFiles;
  return db
    .select(fileInfo)
    .from(f)
    .where(and(eq(f.companyId, companyId), inArray(f.indicatorValueId, valueIds)))
    .orderBy(asc(f.uploadedAt), asc(f.id));
}

export async function insertFile(db: DbOrTx, values: typeof csrdFiles.$inferInsert): Promise<FileInfoRow> {
  const [row] = await db.insert(csrdFiles).values(values).returning(fileInfo);
  return row;
}

export const { find: findFile, remove: deleteFile } = tenantRows(csrdFiles);

// ---------- indicator imports ----------

export function listImports(db: DbOrTx, companyId: CompanyId, reportId: string | undefined, window: Window) {
  const i = csrdExcelImports;
  return tablePage(db, i, {
    where: and(eq(i.companyId, companyId), reportId ? eq(i.reportId, reportId) : undefined),
    // Seed 001 §9: imports by uploadedAt, newest first.
    orderBy: [desc(i.uploadedAt), desc(i.id)],
    window,
  });
}

export const { insert: insertImport } = tenantRows(csrdExcelImports);

/** How many values each scope of a report has (the scope list's progress). */
export async function valueCounts(db: DbOrTx, companyId: CompanyId, reportId: string) {
  const v = csrdIndicatorValues;
  const s = csrdScopeEntries;
  const rows = await db
    .select({ scope: s.scope, n: sql<number>`count(distinct ${v.indicator})::int` })
    .from(v)
    .innerJoin(s, joinedRow(s, v.companyId, v.scopeEntryId))
    .where(and(eq(v.companyId, companyId), eq(s.reportId, reportId)))
    .groupBy(s.scope);
  return new Map(rows.map((r) => [r.scope, r.n]));
}

/** The requirement codes with a value, per topic of a report. */
export async function valueCodes(db: DbOrTx, companyId: CompanyId, reportId: string) {
  const v = csrdIndicatorValues;
  const s = csrdScopeEntries;
  const rows = await db
    .selectDistinct({ scope: s.scope, indicator: v.indicator })
    .from(v)
    .innerJoin(s, joinedRow(s, v.companyId, v.scopeEntryId))
    .where(and(eq(v.companyId, companyId), eq(s.reportId, reportId)));
  const out = new Map<string, string[]>();
  for (const r of rows) out.set(r.scope, [...(out.get(r.scope) ?? []), r.indicator]);
  return out;
}
