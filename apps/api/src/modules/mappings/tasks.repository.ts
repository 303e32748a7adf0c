import { setImmediate as nextTurn } from 'node:timers/promises';
import { and, asc, count, desc, eq, gte, ilike, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import { type DbOrTx, rowsOf, schema } from '../../platform/db/index.ts';
import { type ListQuery, likeTerm, pageWindow, listPage, tablePage } from '../../platform/lists.ts';
import { copyInto } from '../../platform/db/bulk.ts';
import {
  mappingImportFiles,
  mappingImportRows,
  mappingImportTasks,
  mappings,
  tourCodes,
} from './mappings.schema.ts';
import type { CompanyId } from '../../platform/tenant.ts';
import {
  companyRow,
  companyRows,
  deleteCompanyRows,
  firstRow,
  joinedRow,
  tenantRows,
} from '../../platform/db/rows.ts';

type DbKind = 'postgres' | 'pglite';

export type TaskRow = typeof mappingImportTasks.$inferSelect;
export type TaskListRow = TaskRow & { templateName: string | null; importerEmail: string | null };
export type TourCodeRow = typeof tourCodes.$inferSelect;

const listColumns = {
  task: mappingImportTasks,
  templateName: mappings.templateName,
  importerEmail: schema.users.email,
};

function withJoins<T extends { task: TaskRow; templateName: string | null; importerEmail: string | null }>(
  r: T,
): TaskListRow {
  return { ...r.task, templateName: r.templateName, importerEmail: r.importerEmail };
}

export const { insert: insertTask, find: taskById } = tenantRows(mappingImportTasks);

/** Tasks with their template's name and their importer's email. */
const joinedTasks = (db: DbOrTx) =>
  db
    .select(listColumns)
    .from(mappingImportTasks)
    .leftJoin(mappings, joinedRow(mappings, mappingImportTasks.companyId, mappingImportTasks.mappingId))
    .leftJoin(
      schema.users,
      joinedRow(schema.users, mappingImportTasks.companyId, mappingImportTasks.importedBy),
    );

/** Bytes of one stored piece of an upload (see `mappingImportFiles`). */
export const FILE_PIECE_BYTES = 256 * 1024;

/** Stores the upload piece by piece, one statement each. */
export async function saveFile(
  db: DbOrTx,
  taskId: string,
  companyId: CompanyId,
  data: Buffer,
): Promise<void> {
  const pieces = Math.max(1, Math.ceil(data.length / FILE_PIECE_BYTES));
  for (let part = 0; part < pieces; part++) {
    const piece = data.subarray(part * FILE_PIECE_BYTES, (part + 1) * FILE_PIECE_BYTES);
    await db.insert(mappingImportFiles).values({ taskId, companyId, part, data: piece });
    // A resolved query continues as a microtask; the explicit turn lets waiting requests in.
    await nextTurn();
  }
}

/** The stored upload, read piece by piece; null when the company has no such file. */
export async function loadFile(db: DbOrTx, companyId: CompanyId, taskId: string): Promise<Buffer | null> {
  const byTask = companyRows(mappingImportFiles, companyId, eq(mappingImportFiles.taskId, taskId));
  const [file] = await db
    .select({ parts: sql<number>`count(*)`.mapWith(Number) })
    .from(mappingImportFiles)
    .where(byTask);
  if (!file || file.parts === 0) return null;
  const pieces: Buffer[] = [];
  for (let part = 0; part < file.parts; part++) {
    const [row] = await db
      .select({ data: mappingImportFiles.data })
      .from(mappingImportFiles)
      .where(and(byTask, eq(mappingImportFiles.part, part)));
    if (!row) return null;
    pieces.push(row.data);
    await nextTurn();
  }
  return Buffer.concat(pieces);
}

export const deleteFile = (db: DbOrTx, companyId: CompanyId, taskId: string) =>
  deleteCompanyRows(db, mappingImportFiles, companyId, eq(mappingImportFiles.taskId, taskId));

export const findTask = (db: DbOrTx, companyId: CompanyId, id: string): Promise<TaskListRow | null> =>
  firstRow(joinedTasks(db).where(companyRow(mappingImportTasks, companyId, id)), withJoins);

export async function listTasks(db: DbOrTx, companyId: CompanyId, q: ListQuery) {
  const { rows, total } = await listPage(db, {
    rows: joinedTasks(db).$dynamic(),
    from: mappingImportTasks,
    where: eq(mappingImportTasks.companyId, companyId),
    // Newest first (seed 002 §9: import tasks by uploadedAt descending).
    orderBy: [desc(mappingImportTasks.uploadedAt), desc(mappingImportTasks.id)],
    window: pageWindow(q, 1000),
  });
  return { rows: rows.map(withJoins), total };
}

/** Import lists a company has made (trial limit); cancelled and unreadable uploads do not count. */
export async function countImportLists(db: DbOrTx, companyId: CompanyId): Promise<number> {
  const [{ n }] = await db
    .select({ n: count() })
    .from(mappingImportTasks)
    .where(
      companyRows(
        mappingImportTasks,
        companyId,
        sql`${mappingImportTasks.status} not in ('cancelled', 'mapping_field_not_matched', 'failed')`,
      ),
    );
  return n;
}

/** Updates a task; with `onlyIf` only while it still has one of those statuses. */
export async function updateTask(
  db: DbOrTx,
  companyId: CompanyId,
  id: string,
  values: Partial<typeof mappingImportTasks.$inferInsert>,
  onlyIf?: string[],
): Promise<boolean> {
  const rows = await db
    .update(mappingImportTasks)
    .set(values)
    .where(
      companyRow(
        mappingImportTasks,
        companyId,
        id,
        onlyIf ? inArray(mappingImportTasks.status, onlyIf) : undefined,
      ),
    )
    .returning({ id: mappingImportTasks.id });
  return rows.length > 0;
}

export type StagedRow = {
  taskId: string;
  companyId: CompanyId;
  rowNumber: number;
  tourReference: string;
  data: string;
};

/** Staged rows of a task, written with COPY (the hot path of every import). */
export async function stageRows(db: DbOrTx, kind: DbKind, rows: StagedRow[]): Promise<void> {
  await copyInto(
    db,
    kind,
    'mapping_import_rows',
    ['task_id', 'company_id', 'row_number', 'tour_reference', 'data'],
    rows.map((r) => [r.taskId, r.companyId, r.rowNumber, r.tourReference, r.data]),
  );
}

export const clearStaging = (db: DbOrTx, companyId: CompanyId, taskId: string) =>
  deleteCompanyRows(db, mappingImportRows, companyId, eq(mappingImportRows.taskId, taskId));

/**
 * The staged rows of the next `tours` tour references after `after`, ordered by tour and row
 * (keyset paging over the staging index keeps memory flat); a tour is never split.
 */
export async function nextStagedTours(
  db: DbOrTx,
  companyId: CompanyId,
  taskId: string,
  after: string | null,
  tours: number,
): Promise<{ tourReference: string; data: string }[]> {
  const from = after === null ? sql`` : sql` and tour_reference > ${after}`;
  // The last reference of the batch first, then one range scan of the staging index.
  const last = await db.execute(sql`
    select max(tour_reference) as last from (
      select distinct tour_reference from mapping_import_rows
      where company_id = ${companyId} and task_id = ${taskId}${from}
      order by tour_reference limit ${tours}) refs`);
  const upTo = rowsOf<{ last: string | null }>(last)[0]?.last ?? null;
  if (upTo === null) return [];
  const result = await db.execute(sql`
    select tour_reference as "tourReference", data from mapping_import_rows
    where company_id = ${companyId} and task_id = ${taskId}${from} and tour_reference <= ${upTo}
    order by tour_reference, row_number`);
  return rowsOf<{ tourReference: string; data: string }>(result);
}

export async function insertTourCodes(db: DbOrTx, rows: (typeof tourCodes.$inferInsert)[]): Promise<void> {
  for (let i = 0; i < rows.length; i += 1000) await db.insert(tourCodes).values(rows.slice(i, i + 1000));
}

export const clearTourCodes = (db: DbOrTx, companyId: CompanyId, taskId: string) =>
  deleteCompanyRows(db, tourCodes, companyId, eq(tourCodes.taskId, taskId));

/** Staged rows of a task (a resume checks them against its checkpoint). */
export async function countStaged(db: DbOrTx, companyId: CompanyId, taskId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(mappingImportRows)
    .where(and(eq(mappingImportRows.companyId, companyId), eq(mappingImportRows.taskId, taskId)));
  return row?.n ?? 0;
}

/**
 * Removes what an interrupted read left after its checkpoint: staged rows and tour codes of later
 * file rows, and codes without a row (the write's, rolled back with it anyway).
 */
export async function trimAfterCheckpoint(db: DbOrTx, companyId: CompanyId, taskId: string, row: number) {
  await deleteCompanyRows(
    db,
    mappingImportRows,
    companyId,
    eq(mappingImportRows.taskId, taskId),
    sql`${mappingImportRows.rowNumber} > ${row}`,
  );
  await deleteCompanyRows(
    db,
    tourCodes,
    companyId,
    eq(tourCodes.taskId, taskId),
    sql`(${tourCodes.rowNumber} is null or ${tourCodes.rowNumber} > ${row})`,
  );
}

export async function listTourCodes(
  db: DbOrTx,
  companyId: CompanyId,
  q: ListQuery & { taskId?: string; search?: string; code?: string; after?: Date; before?: Date },
) {
  const parts: SQL[] = [eq(tourCodes.companyId, companyId)];
  if (q.taskId) parts.push(eq(tourCodes.taskId, q.taskId));
  if (q.code) parts.push(eq(tourCodes.code, q.code));
  if (q.after) parts.push(gte(tourCodes.createdAt, q.after));
  if (q.before) parts.push(lt(tourCodes.createdAt, q.before));
  if (q.search) {
    const term = likeTerm(q.search);
    parts.push(
      or(
        ilike(tourCodes.tourReference, term),
        ilike(tourCodes.code, term),
        ilike(tourCodes.message, term),
      ) as SQL,
    );
  }
  return tablePage(db, tourCodes, {
    where: and(...parts),
    orderBy: [desc(tourCodes.createdAt), asc(tourCodes.rowNumber), asc(tourCodes.id)],
    window: pageWindow(q, 100_000),
  });
}

export async function tourCodesOfTask(
  db: DbOrTx,
  companyId: CompanyId,
  taskId: string,
): Promise<TourCodeRow[]> {
  return db
    .select()
    .from(tourCodes)
    .where(companyRows(tourCodes, companyId, eq(tourCodes.taskId, taskId)))
    .orderBy(asc(tourCodes.rowNumber), asc(tourCodes.id));
}

/**
 * Open tasks (`uploaded`, `in_processing_queue`) past the time limit whose job is gone or dead:
 * the job row no longer exists, has ended, or is `running` under a lock older than the limit (its
 * worker died). They become `mapping_timed_out`; their staged rows and file go with them.
 * A task whose job is still queued is left alone: the job times the import out itself when it
 * runs. Answers the swept task ids and their jobs, which the caller ends through the queue.
 */
export async function sweepTimedOutTasks(
  db: DbOrTx,
  limitSeconds: number,
): Promise<{ taskIds: string[]; jobIds: string[] }> {
  const limit = sql`make_interval(secs => ${limitSeconds})`;
  const result = await db.execute(sql`
    update mapping_import_tasks t
    set status = 'mapping_timed_out', processed_at = now(), message = 'timeout'
    where t.status in ('uploaded', 'in_processing_queue')
      and coalesce(t.started_at, t.uploaded_at) < now() - ${limit}
      and not exists (
        select 1 from jobs j where j.id = t.job_id
          and (j.status = 'queued' or (j.status = 'running' and j.locked_at >= now() - ${limit})))
    returning t.id, t.job_id as "jobId"`);
  const swept = rowsOf<{ id: string; jobId: string | null }>(result);
  if (swept.length === 0) return { taskIds: [], jobIds: [] };
  const ids = swept.map((r) => r.id);
  await db.delete(mappingImportRows).where(inArray(mappingImportRows.taskId, ids));
  await db.delete(mappingImportFiles).where(inArray(mappingImportFiles.taskId, ids));
  return { taskIds: ids, jobIds: swept.flatMap((r) => (r.jobId ? [r.jobId] : [])) };
}
