import { and, asc, count, desc, eq, gt, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import { type DbOrTx, schema } from '../../platform/db/index.ts';
import { type ListQuery, likeTerm, pageWindow } from '../../platform/lists.ts';
import { bulkInsert } from '../tours/bulk.ts';
import {
  mappingImportFiles,
  mappingImportRows,
  mappingImportTasks,
  mappings,
  tourCodes,
} from './mappings.schema.ts';

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

export async function insertTask(
  db: DbOrTx,
  values: typeof mappingImportTasks.$inferInsert,
): Promise<TaskRow> {
  const [row] = await db.insert(mappingImportTasks).values(values).returning();
  return row;
}

export async function saveFile(db: DbOrTx, taskId: string, companyId: string, data: Buffer): Promise<void> {
  await db.insert(mappingImportFiles).values({ taskId, companyId, data });
}

export async function loadFile(db: DbOrTx, taskId: string): Promise<Buffer | null> {
  const [row] = await db
    .select({ data: mappingImportFiles.data })
    .from(mappingImportFiles)
    .where(eq(mappingImportFiles.taskId, taskId));
  return row?.data ?? null;
}

export async function deleteFile(db: DbOrTx, taskId: string): Promise<void> {
  await db.delete(mappingImportFiles).where(eq(mappingImportFiles.taskId, taskId));
}

export async function findTask(db: DbOrTx, companyId: string, id: string): Promise<TaskListRow | null> {
  const [row] = await db
    .select(listColumns)
    .from(mappingImportTasks)
    .leftJoin(mappings, eq(mappings.id, mappingImportTasks.mappingId))
    .leftJoin(schema.users, eq(schema.users.id, mappingImportTasks.importedBy))
    .where(and(eq(mappingImportTasks.companyId, companyId), eq(mappingImportTasks.id, id)));
  return row ? withJoins(row) : null;
}

export async function taskById(db: DbOrTx, id: string): Promise<TaskRow | null> {
  const [row] = await db.select().from(mappingImportTasks).where(eq(mappingImportTasks.id, id));
  return row ?? null;
}

export async function listTasks(db: DbOrTx, companyId: string, q: ListQuery) {
  const cond = eq(mappingImportTasks.companyId, companyId);
  const { offset, limit } = pageWindow(q, 1000);
  const rows = await db
    .select(listColumns)
    .from(mappingImportTasks)
    .leftJoin(mappings, eq(mappings.id, mappingImportTasks.mappingId))
    .leftJoin(schema.users, eq(schema.users.id, mappingImportTasks.importedBy))
    .where(cond)
    // Newest first (seed 002 §9: import tasks by uploadedAt descending).
    .orderBy(desc(mappingImportTasks.uploadedAt), desc(mappingImportTasks.id))
    .limit(limit)
    .offset(offset);
  const [{ total }] = await db.select({ total: count() }).from(mappingImportTasks).where(cond);
  return { rows: rows.map(withJoins), total };
}

/** Import lists a company has made (trial limit); cancelled and unreadable uploads do not count. */
export async function countImportLists(db: DbOrTx, companyId: string): Promise<number> {
  const [{ n }] = await db
    .select({ n: count() })
    .from(mappingImportTasks)
    .where(
      and(
        eq(mappingImportTasks.companyId, companyId),
        sql`${mappingImportTasks.status} not in ('cancelled', 'mapping_field_not_matched', 'failed')`,
      ),
    );
  return n;
}

/** Updates a task; with `onlyIf` only while it still has one of those statuses. */
export async function updateTask(
  db: DbOrTx,
  id: string,
  values: Partial<typeof mappingImportTasks.$inferInsert>,
  onlyIf?: string[],
): Promise<boolean> {
  const rows = await db
    .update(mappingImportTasks)
    .set(values)
    .where(
      and(eq(mappingImportTasks.id, id), ...(onlyIf ? [inArray(mappingImportTasks.status, onlyIf)] : [])),
    )
    .returning({ id: mappingImportTasks.id });
  return rows.length > 0;
}

/** Stops the task's job: a queued job is not claimed any more, a running one sees it between batches. */
export async function cancelJob(db: DbOrTx, jobId: string): Promise<void> {
  await db
    .update(schema.jobs)
    .set({ status: 'cancelled', finishedAt: sql`now()` })
    .where(and(eq(schema.jobs.id, jobId), inArray(schema.jobs.status, ['queued', 'running'])));
}

export async function stageRows(db: DbOrTx, rows: (typeof mappingImportRows.$inferInsert)[]): Promise<void> {
  if (rows.length === 0) return;
  // One JSON parameter per batch: staging is on the hot path of every import.
  await bulkInsert(
    db,
    'mapping_import_rows',
    [
      ['task_id', 'uuid'],
      ['company_id', 'uuid'],
      ['row_number', 'integer'],
      ['tour_reference', 'text'],
      ['data', 'jsonb'],
    ],
    rows.map((r) => ({
      task_id: r.taskId,
      company_id: r.companyId,
      row_number: r.rowNumber,
      tour_reference: r.tourReference,
      data: r.data,
    })),
  );
}

export async function clearStaging(db: DbOrTx, taskId: string): Promise<void> {
  await db.delete(mappingImportRows).where(eq(mappingImportRows.taskId, taskId));
}

/** Next tour references of the staged rows after `after` (keyset paging keeps memory flat). */
export async function nextTourReferences(
  db: DbOrTx,
  taskId: string,
  after: string | null,
  limit: number,
): Promise<string[]> {
  const rows = await db
    .selectDistinct({ ref: mappingImportRows.tourReference })
    .from(mappingImportRows)
    .where(
      and(
        eq(mappingImportRows.taskId, taskId),
        ...(after !== null ? [gt(mappingImportRows.tourReference, after)] : []),
      ),
    )
    .orderBy(asc(mappingImportRows.tourReference))
    .limit(limit);
  return rows.map((r) => r.ref);
}

export async function stagedRowsOf(db: DbOrTx, taskId: string, refs: string[]) {
  if (refs.length === 0) return [];
  return db
    .select({
      rowNumber: mappingImportRows.rowNumber,
      tourReference: mappingImportRows.tourReference,
      data: mappingImportRows.data,
    })
    .from(mappingImportRows)
    .where(and(eq(mappingImportRows.taskId, taskId), inArray(mappingImportRows.tourReference, refs)))
    .orderBy(asc(mappingImportRows.tourReference), asc(mappingImportRows.rowNumber));
}

export async function insertTourCodes(db: DbOrTx, rows: (typeof tourCodes.$inferInsert)[]): Promise<void> {
  for (let i = 0; i < rows.length; i += 1000) await db.insert(tourCodes).values(rows.slice(i, i + 1000));
}

export async function clearTourCodes(db: DbOrTx, taskId: string): Promise<void> {
  await db.delete(tourCodes).where(eq(tourCodes.taskId, taskId));
}

export async function listTourCodes(
  db: DbOrTx,
  companyId: string,
  q: ListQuery & { taskId?: string; search?: string },
) {
  const parts: SQL[] = [eq(tourCodes.companyId, companyId)];
  if (q.taskId) parts.push(eq(tourCodes.taskId, q.taskId));
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
  const cond = and(...parts) as SQL;
  const { offset, limit } = pageWindow(q, 100_000);
  const rows = await db
    .select()
    .from(tourCodes)
    .where(cond)
    .orderBy(desc(tourCodes.createdAt), asc(tourCodes.rowNumber), asc(tourCodes.id))
    .limit(limit)
    .offset(offset);
  const [{ total }] = await db.select({ total: count() }).from(tourCodes).where(cond);
  return { rows, total };
}

export async function tourCodesOfTask(db: DbOrTx, companyId: string, taskId: string): Promise<TourCodeRow[]> {
  return db
    .select()
    .from(tourCodes)
    .where(and(eq(tourCodes.companyId, companyId), eq(tourCodes.taskId, taskId)))
    .orderBy(asc(tourCodes.rowNumber), asc(tourCodes.id));
}
