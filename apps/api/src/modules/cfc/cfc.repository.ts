/** SQL of the carbon footprint (issue 19). Every query on tenant rows takes the company id. */
import { type SQL, and, asc, desc, eq, inArray, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/index.ts';
import { userGroups } from '../../platform/db/schema.ts';
import type { CompanyId } from '../../platform/tenant.ts';
import { companyRow, firstRow, joinedRow, tenantRows } from '../../platform/db/rows.ts';
import {
  cfcAccessRights,
  cfcBusinessUnits,
  cfcDocuments,
  cfcEntries,
  cfcHelpTexts,
  cfcLastSections,
  cfcReports,
  cfcSettings,
} from './cfc.schema.ts';

export type SettingsRow = typeof cfcSettings.$inferSelect;
export type UnitRow = typeof cfcBusinessUnits.$inferSelect;
export type ReportRow = typeof cfcReports.$inferSelect;
export type EntryRow = typeof cfcEntries.$inferSelect;
export type EntryInsert = Omit<typeof cfcEntries.$inferInsert, 'companyId'>;
export type DocumentMeta = Omit<typeof cfcDocuments.$inferSelect, 'data' | 'companyId'>;
export type AccessRightRow = typeof cfcAccessRights.$inferSelect & { groupName: string };

const touched = () => ({ updatedAt: new Date() });
const units = tenantRows(cfcBusinessUnits, touched);
const entries = tenantRows(cfcEntries, touched);

// ---------- settings ----------

export async function findSettings(db: DbOrTx, companyId: CompanyId): Promise<SettingsRow | null> {
  const [row] = await db.select().from(cfcSettings).where(eq(cfcSettings.companyId, companyId));
  return row ?? null;
}

export async function saveSettings(
  db: DbOrTx,
  companyId: CompanyId,
  values: { baseYear?: number; sections?: string[]; recalculationThreshold?: number; gwpSet?: string },
): Promise<SettingsRow> {
  const [row] = await db
    .insert(cfcSettings)
    .values({ companyId, ...values })
    .onConflictDoUpdate({ target: cfcSettings.companyId, set: { ...values, updatedAt: new Date() } })
    .returning();
  return row;
}

// ---------- business units ----------

export type UnitWithCount = UnitRow & { reportCount: number };

export async function listUnits(db: DbOrTx, companyId: CompanyId): Promise<UnitWithCount[]> {
  const rows = await db
    .select({
      unit: cfcBusinessUnits,
      reportCount: sql<number>`(select count(*)::int from cfc_reports r where r.company_id = ${cfcBusinessUnits.companyId} and r.business_unit_id = ${cfcBusinessUnits.id})`,
    })
    .from(cfcBusinessUnits)
    .where(eq(cfcBusinessUnits.companyId, companyId))
    .orderBy(asc(sql`lower(${cfcBusinessUnits.name})`));
  return rows.map((r) => ({ ...r.unit, reportCount: r.reportCount }));
}

/** How many reports a business unit has (the unit answers carry it). */
export async function unitReportCount(db: DbOrTx, companyId: CompanyId, unitId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(cfcReports)
    .where(and(eq(cfcReports.companyId, companyId), eq(cfcReports.businessUnitId, unitId)));
  return row?.n ?? 0;
}

export async function countUnits(db: DbOrTx, companyId: CompanyId): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(cfcBusinessUnits)
    .where(eq(cfcBusinessUnits.companyId, companyId));
  return row.n;
}

export const { find: findUnit, update: updateUnit } = units;

export const findUnitByUrl = (db: DbOrTx, companyId: CompanyId, urlId: string): Promise<UnitRow | null> =>
  firstRow(
    db
      .select()
      .from(cfcBusinessUnits)
      .where(and(eq(cfcBusinessUnits.companyId, companyId), eq(cfcBusinessUnits.urlId, urlId))),
  );

/** A unit of the company with this name (case and outer spaces ignored), other than `exceptId`. */
export async function unitNamed(
  db: DbOrTx,
  companyId: CompanyId,
  name: string,
  exceptId?: string,
): Promise<boolean> {
  const rows = await db
    .select({ id: cfcBusinessUnits.id })
    .from(cfcBusinessUnits)
    .where(
      and(
        eq(cfcBusinessUnits.companyId, companyId),
        sql`lower(${cfcBusinessUnits.name}) = lower(${name.trim()})`,
        exceptId ? sql`${cfcBusinessUnits.id} <> ${exceptId}` : undefined,
      ),
    );
  return rows.length > 0;
}

export async function urlIdsStartingWith(
  db: DbOrTx,
  companyId: CompanyId,
  prefix: string,
): Promise<string[]> {
  const rows = await db
    .select({ urlId: cfcBusinessUnits.urlId })
    .from(cfcBusinessUnits)
    .where(
      and(eq(cfcBusinessUnits.companyId, companyId), sql`${cfcBusinessUnits.urlId} like ${`${prefix}%`}`),
    );
  return rows.map((r) => r.urlId);
}

export const insertUnit = (
  db: DbOrTx,
  companyId: CompanyId,
  values: Omit<typeof cfcBusinessUnits.$inferInsert, 'companyId'>,
): Promise<UnitRow> => units.insert(db, { ...values, companyId });

/** Deletes a unit; its reports, entries, documents and access rights go with it (foreign keys). */
export async function deleteUnit(db: DbOrTx, companyId: CompanyId, id: string): Promise<boolean> {
  const rows = await db
    .delete(cfcBusinessUnits)
    .where(and(eq(cfcBusinessUnits.companyId, companyId), eq(cfcBusinessUnits.id, id)))
    .returning({ id: cfcBusinessUnits.id });
  return rows.length > 0;
}

export async function companyNames(db: DbOrTx, companyId: CompanyId, text: string): Promise<string[]> {
  const term = `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const rows = await db
    .selectDistinct({ name: cfcBusinessUnits.companyName })
    .from(cfcBusinessUnits)
    .where(and(eq(cfcBusinessUnits.companyId, companyId), sql`${cfcBusinessUnits.companyName} ilike ${term}`))
    .orderBy(asc(cfcBusinessUnits.companyName))
    .limit(20);
  return rows.map((r) => r.name).filter((n): n is string => n !== null);
}

// ---------- reports ----------

export type ReportWithUnit = ReportRow & {
  unit: UnitRow;
  entryCount: number;
  incompleteCount: number;
};

const reportCounts = {
  entryCount: sql<number>`(select count(*)::int from cfc_entries e where e.company_id = ${cfcReports.companyId} and e.report_id = ${cfcReports.id})`,
  incompleteCount: sql<number>`(select count(*)::int from cfc_entries e where e.company_id = ${cfcReports.companyId} and e.report_id = ${cfcReports.id} and e.error_code is not null)`,
};

function reportQuery(db: DbOrTx, where: SQL | undefined) {
  return db
    .select({ report: cfcReports, unit: cfcBusinessUnits, ...reportCounts })
    .from(cfcReports)
    .innerJoin(cfcBusinessUnits, joinedRow(cfcBusinessUnits, cfcReports.companyId, cfcReports.businessUnitId))
    .where(where);
}

const withUnit = (r: { report: ReportRow; unit: UnitRow; entryCount: number; incompleteCount: number }) => ({
  ...r.report,
  unit: r.unit,
  entryCount: r.entryCount,
  incompleteCount: r.incompleteCount,
});

/** Reports of the company, optionally of some units and a year, newest year first. */
export async function listReports(
  db: DbOrTx,
  companyId: CompanyId,
  filter: { unitId?: string; year?: number },
): Promise<ReportWithUnit[]> {
  const rows = await reportQuery(
    db,
    and(
      eq(cfcReports.companyId, companyId),
      filter.unitId ? eq(cfcReports.businessUnitId, filter.unitId) : undefined,
      filter.year !== undefined ? eq(cfcReports.year, filter.year) : undefined,
    ),
  ).orderBy(desc(cfcReports.year), asc(sql`lower(${cfcBusinessUnits.name})`));
  return rows.map(withUnit);
}

export async function findReport(
  db: DbOrTx,
  companyId: CompanyId,
  id: string,
): Promise<ReportWithUnit | null> {
  const [row] = await reportQuery(db, and(eq(cfcReports.companyId, companyId), eq(cfcReports.id, id)));
  return row ? withUnit(row) : null;
}

export async function findReportOf(
  db: DbOrTx,
  companyId: CompanyId,
  unitId: string,
  year: number,
): Promise<ReportWithUnit | null> {
  const [row] = await reportQuery(
    db,
    and(
      eq(cfcReports.companyId, companyId),
      eq(cfcReports.businessUnitId, unitId),
      eq(cfcReports.year, year),
    ),
  );
  return row ? withUnit(row) : null;
}

export async function insertReport(
  db: DbOrTx,
  companyId: CompanyId,
  unitId: string,
  year: number,
  gwpSet: 'AR5' | 'AR6' = 'AR5',
): Promise<ReportRow | null> {
  const [row] = await db
    .insert(cfcReports)
    .values({ companyId, businessUnitId: unitId, year, gwpSet })
    .onConflictDoNothing()
    .returning();
  return row ?? null;
}

export async function deleteReport(db: DbOrTx, companyId: CompanyId, id: string): Promise<boolean> {
  const rows = await db
    .delete(cfcReports)
    .where(and(eq(cfcReports.companyId, companyId), eq(cfcReports.id, id)))
    .returning({ id: cfcReports.id });
  return rows.length > 0;
}

export async function setReportMethod(
  db: DbOrTx,
  companyId: CompanyId,
  id: string,
  method: 'power' | 'thermal',
  marketBased: boolean,
): Promise<void> {
  await db
    .update(cfcReports)
    .set(
      method === 'power'
        ? { powerMarketBased: marketBased, updatedAt: new Date() }
        : { thermalMarketBased: marketBased, updatedAt: new Date() },
    )
    .where(and(eq(cfcReports.companyId, companyId), eq(cfcReports.id, id)));
}

export async function sectionCounts(
  db: DbOrTx,
  companyId: CompanyId,
  reportId: string,
): Promise<{ section: string; count: number; incomplete: number }[]> {
  return db
    .select({
      section: cfcEntries.section,
      count: sql<number>`count(*)::int`,
      incomplete: sql<number>`(count(*) filter (where ${cfcEntries.errorCode} is not null))::int`,
    })
    .from(cfcEntries)
    .where(and(eq(cfcEntries.companyId, companyId), eq(cfcEntries.reportId, reportId)))
    .groupBy(cfcEntries.section);
}

// ---------- entries ----------

export async function listEntries(
  db: DbOrTx,
  companyId: CompanyId,
  reportId: string,
  section: string | undefined,
  window: { offset: number; limit: number },
): Promise<{ rows: EntryRow[]; total: number }> {
  const where = and(
    eq(cfcEntries.companyId, companyId),
    eq(cfcEntries.reportId, reportId),
    section ? eq(cfcEntries.section, section) : undefined,
  );
  const rows = await db
    .select()
    .from(cfcEntries)
    .where(where)
    .orderBy(asc(cfcEntries.createdAt), asc(cfcEntries.id))
    .offset(window.offset)
    .limit(window.limit);
  const [count] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(cfcEntries)
    .where(where);
  return { rows, total: count.n };
}

export const { find: findEntry, update: updateEntry } = entries;

export async function findEntries(db: DbOrTx, companyId: CompanyId, ids: string[]): Promise<EntryRow[]> {
  if (!ids.length) return [];
  return db
    .select()
    .from(cfcEntries)
    .where(and(eq(cfcEntries.companyId, companyId), inArray(cfcEntries.id, ids)));
}

export const insertEntry = (db: DbOrTx, companyId: CompanyId, values: EntryInsert): Promise<EntryRow> =>
  entries.insert(db, { ...values, companyId });

export async function deleteEntries(db: DbOrTx, companyId: CompanyId, ids: string[]): Promise<number> {
  if (!ids.length) return 0;
  const rows = await db
    .delete(cfcEntries)
    .where(and(eq(cfcEntries.companyId, companyId), inArray(cfcEntries.id, ids)))
    .returning({ id: cfcEntries.id });
  return rows.length;
}

/** Entries whose figures depend on the report's unit (its site country), to compute again. */
export async function entriesOfUnit(db: DbOrTx, companyId: CompanyId, unitId: string): Promise<EntryRow[]> {
  return db
    .select({ e: cfcEntries })
    .from(cfcEntries)
    .innerJoin(cfcReports, joinedRow(cfcReports, cfcEntries.companyId, cfcEntries.reportId))
    .where(and(eq(cfcEntries.companyId, companyId), eq(cfcReports.businessUnitId, unitId)))
    .then((rows) => rows.map((r) => r.e));
}

/**
 * Whether entries of any company used one of these factors, as their factor or the market-based one.
 * Across companies on purpose: the emission database asks it before it deletes a provider factor,
 * which it withdraws instead while a published figure rests on it (ADR 0013).
 */
export async function entriesUseAnyFactor(db: DbOrTx, factorIds: readonly string[]): Promise<boolean> {
  if (!factorIds.length) return false;
  const ids = [...factorIds];
  const rows = await db
    .select({ id: cfcEntries.id })
    .from(cfcEntries)
    .where(or(inArray(cfcEntries.factorId, ids), inArray(cfcEntries.marketFactorId, ids)))
    .limit(1);
  return rows.length > 0;
}

// ---------- documents ----------

const documentMeta = {
  id: cfcDocuments.id,
  entryId: cfcDocuments.entryId,
  fileName: cfcDocuments.fileName,
  mimeType: cfcDocuments.mimeType,
  size: cfcDocuments.size,
  createdAt: cfcDocuments.createdAt,
};

export async function documentsOf(
  db: DbOrTx,
  companyId: CompanyId,
  entryIds: string[],
): Promise<DocumentMeta[]> {
  if (!entryIds.length) return [];
  return db
    .select(documentMeta)
    .from(cfcDocuments)
    .where(and(eq(cfcDocuments.companyId, companyId), inArray(cfcDocuments.entryId, entryIds)))
    .orderBy(asc(cfcDocuments.createdAt));
}

export async function insertDocument(
  db: DbOrTx,
  companyId: CompanyId,
  values: { entryId: string; fileName: string; mimeType: string; data: Buffer },
): Promise<DocumentMeta> {
  const [row] = await db
    .insert(cfcDocuments)
    .values({ ...values, size: values.data.length, companyId })
    .returning(documentMeta);
  return row;
}

export const findDocument = (
  db: DbOrTx,
  companyId: CompanyId,
  id: string,
): Promise<(DocumentMeta & { data: Buffer }) | null> =>
  firstRow(
    db
      .select({ ...documentMeta, data: cfcDocuments.data })
      .from(cfcDocuments)
      .where(companyRow(cfcDocuments, companyId, id)),
  );

export const findDocumentMeta = (
  db: DbOrTx,
  companyId: CompanyId,
  id: string,
): Promise<DocumentMeta | null> =>
  firstRow(
    db
      .select(documentMeta)
      .from(cfcDocuments)
      .where(companyRow(cfcDocuments, companyId, id)),
  );

export const { remove: deleteDocument } = tenantRows(cfcDocuments);

// ---------- access rights ----------

const rightSelect = {
  id: cfcAccessRights.id,
  companyId: cfcAccessRights.companyId,
  groupId: cfcAccessRights.groupId,
  businessUnitId: cfcAccessRights.businessUnitId,
  reportId: cfcAccessRights.reportId,
  rights: cfcAccessRights.rights,
  createdAt: cfcAccessRights.createdAt,
  groupName: userGroups.name,
};

export async function listRights(
  db: DbOrTx,
  companyId: CompanyId,
  groupId?: string,
): Promise<AccessRightRow[]> {
  return db
    .select(rightSelect)
    .from(cfcAccessRights)
    .innerJoin(userGroups, joinedRow(userGroups, cfcAccessRights.companyId, cfcAccessRights.groupId))
    .where(
      and(
        eq(cfcAccessRights.companyId, companyId),
        groupId ? eq(cfcAccessRights.groupId, groupId) : undefined,
      ),
    )
    .orderBy(asc(userGroups.name), asc(cfcAccessRights.createdAt));
}

export const findGroup = (db: DbOrTx, companyId: CompanyId, id: string): Promise<{ id: string } | null> =>
  firstRow(
    db
      .select({ id: userGroups.id })
      .from(userGroups)
      .where(companyRow(userGroups, companyId, id)),
  );

export type RightInput = { businessUnitId: string | null; reportId: string | null; rights: string[] };

export async function insertRights(
  db: DbOrTx,
  companyId: CompanyId,
  groupId: string,
  rights: RightInput[],
): Promise<void> {
  if (!rights.length) return;
  await db.insert(cfcAccessRights).values(rights.map((r) => ({ ...r, companyId, groupId })));
}

export async function deleteRights(db: DbOrTx, companyId: CompanyId, groupId: string): Promise<number> {
  const rows = await db
    .delete(cfcAccessRights)
    .where(and(eq(cfcAccessRights.companyId, companyId), eq(cfcAccessRights.groupId, groupId)))
    .returning({ id: cfcAccessRights.id });
  return rows.length;
}

// ---------- last edited section ----------

export async function saveLastSection(
  db: DbOrTx,
  companyId: CompanyId,
  userId: string,
  values: { businessUnitId: string; year: number; section: string },
): Promise<void> {
  await db
    .insert(cfcLastSections)
    .values({ companyId, userId, ...values })
    .onConflictDoUpdate({
      target: [cfcLastSections.companyId, cfcLastSections.userId],
      set: { ...values, updatedAt: new Date() },
    });
}

export async function findLastSection(
  db: DbOrTx,
  companyId: CompanyId,
  userId: string,
): Promise<{ businessUnitId: string; urlId: string; year: number; section: string } | null> {
  const [row] = await db
    .select({
      businessUnitId: cfcLastSections.businessUnitId,
      urlId: cfcBusinessUnits.urlId,
      year: cfcLastSections.year,
      section: cfcLastSections.section,
    })
    .from(cfcLastSections)
    .innerJoin(
      cfcBusinessUnits,
      joinedRow(cfcBusinessUnits, cfcLastSections.companyId, cfcLastSections.businessUnitId),
    )
    .where(and(eq(cfcLastSections.companyId, companyId), eq(cfcLastSections.userId, userId)));
  return row ?? null;
}

// ---------- help texts (provider content) ----------

export async function listHelpTexts(
  db: DbOrTx,
): Promise<{ section: string; language: string; text: string }[]> {
  return db
    .select({ section: cfcHelpTexts.section, language: cfcHelpTexts.language, text: cfcHelpTexts.text })
    .from(cfcHelpTexts);
}

export async function saveHelpText(db: DbOrTx, section: string, language: string, text: string | null) {
  if (text === null) {
    await db
      .delete(cfcHelpTexts)
      .where(and(eq(cfcHelpTexts.section, section), eq(cfcHelpTexts.language, language)));
    return;
  }
  await db
    .insert(cfcHelpTexts)
    .values({ section, language, text })
    .onConflictDoUpdate({
      target: [cfcHelpTexts.section, cfcHelpTexts.language],
      set: { text, updatedAt: new Date() },
    });
}
