import { and, asc, desc, eq, inArray, lt, sql } from 'drizzle-orm';
import { type DbOrTx, schema } from '../../platform/db/index.ts';
import { listPage } from '../../platform/lists.ts';
import { exportFileChunks, exportJobs } from './exports.schema.ts';
import type { CompanyId } from '../../platform/tenant.ts';
import {
  companyRow,
  companyRows,
  deleteCompanyRows,
  firstRow,
  joinedRow,
  tenantRows,
} from '../../platform/db/rows.ts';

export type ExportJobRow = typeof exportJobs.$inferSelect;
export type ExportJobListRow = ExportJobRow & { exportedByName: string | null };

const listColumns = {
  job: exportJobs,
  firstName: schema.users.firstName,
  lastName: schema.users.lastName,
};

function withName(r: { job: ExportJobRow; firstName: string | null; lastName: string | null }) {
  const name = [r.firstName, r.lastName].filter(Boolean).join(' ');
  return { ...r.job, exportedByName: name || null };
}

/** `exportJobById`: the job alone, which the worker runs for the company its row names. */
export const {
  insert: insertExportJob,
  find: exportJobById,
  update: updateExportJob,
} = tenantRows(exportJobs);

/** Jobs with the names of the users who started them. */
const namedJobs = (db: DbOrTx) =>
  db
    .select(listColumns)
    .from(exportJobs)
    .leftJoin(schema.users, joinedRow(schema.users, exportJobs.companyId, exportJobs.exportedBy));

export const findExportJob = (
  db: DbOrTx,
  companyId: CompanyId,
  id: string,
): Promise<ExportJobListRow | null> =>
  firstRow(namedJobs(db).where(companyRow(exportJobs, companyId, id)), withName);

/**
 * An unfinished job the same user started with the same kind, filters and language: a second
 * start (a double click, a retried request) answers it instead of exporting the same rows twice.
 */
export async function unfinishedTwin(
  db: DbOrTx,
  companyId: CompanyId,
  twin: {
    exportedBy: string;
    kind: ExportJobRow['kind'];
    filters: Record<string, unknown>;
    language: ExportJobRow['language'];
  },
  unfinished: number[],
): Promise<string | null> {
  const [row] = await db
    .select({ id: exportJobs.id })
    .from(exportJobs)
    .where(
      and(
        eq(exportJobs.companyId, companyId),
        eq(exportJobs.exportedBy, twin.exportedBy),
        eq(exportJobs.kind, twin.kind),
        eq(exportJobs.language, twin.language),
        inArray(exportJobs.status, unfinished),
        sql`${exportJobs.filters} = ${JSON.stringify(twin.filters)}::jsonb`,
      ),
    )
    .orderBy(desc(exportJobs.exportStartTime))
    .limit(1);
  return row?.id ?? null;
}

export async function listExportJobs(
  db: DbOrTx,
  companyId: CompanyId,
  window: { offset: number; limit: number },
): Promise<{ rows: ExportJobListRow[]; total: number }> {
  const { rows, total } = await listPage(db, {
    rows: namedJobs(db).$dynamic(),
    from: exportJobs,
    where: eq(exportJobs.companyId, companyId),
    orderBy: [desc(exportJobs.exportStartTime), desc(exportJobs.id)],
    window,
  });
  return { rows: rows.map(withName), total };
}

export async function progressOf(db: DbOrTx, companyId: CompanyId, ids: string[]) {
  if (ids.length === 0) return [];
  return db
    .select({ id: exportJobs.id, status: exportJobs.status, progress: exportJobs.progress })
    .from(exportJobs)
    .where(companyRows(exportJobs, companyId, inArray(exportJobs.id, ids)));
}

export async function appendChunk(
  db: DbOrTx,
  companyId: CompanyId,
  exportJobId: string,
  seq: number,
  data: Buffer,
): Promise<void> {
  await db.insert(exportFileChunks).values({ exportJobId, companyId, seq, data });
}

export const deleteChunks = (db: DbOrTx, companyId: CompanyId, exportJobId: string) =>
  deleteCompanyRows(db, exportFileChunks, companyId, eq(exportFileChunks.exportJobId, exportJobId));

/** One chunk of a file (null past the last one); the download reads them one by one. */
export const readChunk = (db: DbOrTx, companyId: CompanyId, exportJobId: string, seq: number) =>
  firstRow(
    db
      .select({ data: exportFileChunks.data })
      .from(exportFileChunks)
      .where(
        companyRows(
          exportFileChunks,
          companyId,
          eq(exportFileChunks.exportJobId, exportJobId),
          eq(exportFileChunks.seq, seq),
        ),
      ),
    (row) => row.data,
  );

/** Finished exports whose download time is over, in every company (the sweep is the system's). */
export async function dueForExpiry(db: DbOrTx, now: Date, limit = 100) {
  return db
    .select({ id: exportJobs.id, companyId: exportJobs.companyId })
    .from(exportJobs)
    .where(and(eq(exportJobs.status, 2), lt(exportJobs.availableUntil, now)))
    .orderBy(asc(exportJobs.availableUntil))
    .limit(limit);
}

/** Marks a job expired and removes its file in one transaction. */
export async function expire(db: DbOrTx, companyId: CompanyId, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    await deleteChunks(tx, companyId, id);
    await tx
      .update(exportJobs)
      .set({ status: 4, fileSize: null })
      .where(companyRow(exportJobs, companyId, id, eq(exportJobs.status, 2)));
  });
}
