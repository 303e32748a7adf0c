import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/index.ts';
import { findCompanyRow, insertRow, updateCompanyRow } from '../../platform/db/rows.ts';
import { type ListQuery, pageWindow, tablePage } from '../../platform/lists.ts';
import type { CompanyId } from '../../platform/tenant.ts';
import { orderImportMessages, orderImportTasks, orders } from './orders.schema.ts';

export type ImportTaskRow = typeof orderImportTasks.$inferSelect;
export type ImportTaskInsert = typeof orderImportTasks.$inferInsert;
export type ImportMessageRow = typeof orderImportMessages.$inferSelect;
export type ImportMessageInsert = Omit<
  typeof orderImportMessages.$inferInsert,
  'companyId' | 'taskId' | 'seq'
>;
export type LevelCounts = Record<'critical' | 'error' | 'warning' | 'info', number>;

export const insertTask = (db: DbOrTx, values: ImportTaskInsert) => insertRow(db, orderImportTasks, values);

export const findTask = (db: DbOrTx, companyId: CompanyId, id: string) =>
  findCompanyRow(db, orderImportTasks, companyId, id);

export const updateTask = (
  db: DbOrTx,
  companyId: CompanyId,
  id: string,
  values: Partial<Omit<ImportTaskInsert, 'id' | 'companyId'>>,
) => updateCompanyRow(db, orderImportTasks, companyId, id, values);

export async function uploadIdUsed(db: DbOrTx, companyId: CompanyId, uploadId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: orderImportTasks.id })
    .from(orderImportTasks)
    .where(and(eq(orderImportTasks.companyId, companyId), eq(orderImportTasks.uploadId, uploadId)));
  return !!row;
}

/** Newest push first (seed 000 §7 "sorted by uploadedAt desc"). */
export function listTasks(db: DbOrTx, companyId: CompanyId, q: ListQuery & { status?: string }) {
  const t = orderImportTasks;
  return tablePage(db, t, {
    where: and(eq(t.companyId, companyId), q.status ? eq(t.status, q.status) : undefined),
    orderBy: [desc(t.uploadedAt), desc(t.id)],
    window: pageWindow(q),
  });
}

/** Messages of the listed tasks by level, in one query. */
export async function levelCounts(
  db: DbOrTx,
  companyId: CompanyId,
  taskIds: string[],
): Promise<Map<string, LevelCounts>> {
  const out = new Map<string, LevelCounts>();
  if (!taskIds.length) return out;
  const m = orderImportMessages;
  const rows = await db
    .select({ taskId: m.taskId, level: m.level, n: count() })
    .from(m)
    .where(and(eq(m.companyId, companyId), inArray(m.taskId, taskIds)))
    .groupBy(m.taskId, m.level);
  for (const r of rows) {
    const counts = out.get(r.taskId) ?? { critical: 0, error: 0, warning: 0, info: 0 };
    counts[r.level as keyof LevelCounts] = r.n;
    out.set(r.taskId, counts);
  }
  return out;
}

/** The log of one task in the order the messages were found, optionally of some levels only. */
export function listMessages(
  db: DbOrTx,
  companyId: CompanyId,
  taskId: string,
  q: ListQuery & { level?: string[] },
) {
  const m = orderImportMessages;
  const levels = q.level === undefined ? undefined : q.level.length ? inArray(m.level, q.level) : sql`false`;
  return tablePage(db, m, {
    where: and(eq(m.companyId, companyId), eq(m.taskId, taskId), levels),
    orderBy: [asc(m.seq)],
    window: pageWindow(q),
  });
}

/** Appends messages to a task's log after the ones it has. */
export async function appendMessages(
  db: DbOrTx,
  companyId: CompanyId,
  taskId: string,
  messages: ImportMessageInsert[],
): Promise<void> {
  if (!messages.length) return;
  const m = orderImportMessages;
  const [{ last }] = await db
    .select({ last: sql<number>`coalesce(max(${m.seq}), 0)::int` })
    .from(m)
    .where(and(eq(m.companyId, companyId), eq(m.taskId, taskId)));
  await db.insert(m).values(messages.map((msg, i) => ({ ...msg, companyId, taskId, seq: last + i + 1 })));
}

/** Which of these order numbers the company has already (the import warns, it does not refuse). */
export async function existingNumbers(
  db: DbOrTx,
  companyId: CompanyId,
  numbers: string[],
): Promise<Set<string>> {
  if (!numbers.length) return new Set();
  const rows = await db
    .selectDistinct({ number: orders.number })
    .from(orders)
    .where(and(eq(orders.companyId, companyId), inArray(orders.number, numbers)));
  return new Set(rows.map((r) => r.number));
}
