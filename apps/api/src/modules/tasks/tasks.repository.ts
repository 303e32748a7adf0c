import { type SQL, and, asc, eq, gte, ilike, inArray, isNull, lte, ne, sql } from 'drizzle-orm';
import { TASK_STATUS_ARCHIVED } from '@klimadesk/contract';
import type { DbOrTx } from '../../platform/db/index.ts';
import { users } from '../../platform/db/schema.ts';
import { deleteCompanyRow, findCompanyRow, insertRow, updateCompanyRow } from '../../platform/db/rows.ts';
import { type ListQuery, likeTerm, orderBy, pageWindow, tablePage } from '../../platform/lists.ts';
import type { CompanyId } from '../../platform/tenant.ts';
import { taskNotifications, tasks } from './tasks.schema.ts';

export type TaskRow = typeof tasks.$inferSelect;
export type TaskNotificationRow = typeof taskNotifications.$inferSelect;

/** Users whose accounts are deleted (status 3) are no longer named in tasks. */
const DELETED_USER = 3;

export type TaskFilters = ListQuery & {
  status?: number;
  assignee?: string;
  responsible?: string;
  'deadline[after]'?: string;
  'deadline[before]'?: string;
  search?: string;
  /** Only tasks linked to this CSRD report (and topic), for the CSRD task calls. */
  csrdReport?: string;
  csrdScope?: string;
};

export async function listTasks(db: DbOrTx, companyId: CompanyId, q: TaskFilters) {
  const parts: (SQL | undefined)[] = [eq(tasks.companyId, companyId)];
  parts.push(q.status !== undefined ? eq(tasks.status, q.status) : ne(tasks.status, TASK_STATUS_ARCHIVED));
  if (q.assignee) parts.push(eq(tasks.assigneeId, q.assignee));
  if (q.responsible) parts.push(eq(tasks.responsibleId, q.responsible));
  if (q['deadline[after]']) parts.push(gte(tasks.deadline, q['deadline[after]']));
  if (q['deadline[before]']) parts.push(lte(tasks.deadline, q['deadline[before]']));
  if (q.search) parts.push(ilike(tasks.description, likeTerm(q.search)));
  if (q.csrdReport) parts.push(sql`${tasks.csrdScopeTask}->>'report' = ${q.csrdReport}`);
  if (q.csrdScope) parts.push(sql`${tasks.csrdScopeTask}->>'scope' = ${q.csrdScope}`);
  return tablePage(db, tasks, {
    where: and(...parts),
    // Seed 002 §7: ordered by deadline; tasks without one come last, then the oldest first.
    orderBy: [
      ...orderBy(q, { deadline: tasks.deadline, status: tasks.status, createdAt: tasks.createdAt }, [
        sql`${tasks.deadline} asc nulls last`,
      ]),
      asc(tasks.createdAt),
      asc(tasks.id),
    ],
    window: pageWindow(q, 1000),
  });
}

export const findTask = (db: DbOrTx, companyId: CompanyId, id: string) =>
  findCompanyRow(db, tasks, companyId, id);

export const insertTask = (db: DbOrTx, values: typeof tasks.$inferInsert) => insertRow(db, tasks, values);

export const updateTask = (
  db: DbOrTx,
  companyId: CompanyId,
  id: string,
  values: Partial<typeof tasks.$inferInsert>,
) => updateCompanyRow(db, tasks, companyId, id, { ...values, updatedAt: new Date() });

export const deleteTask = (db: DbOrTx, companyId: CompanyId, id: string) =>
  deleteCompanyRow(db, tasks, companyId, id);

export type CompanyUser = {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
};

const userColumns = {
  id: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
};

/** The company's users (not deleted) among `ids`; an id of another company finds nothing. */
export async function companyUsers(db: DbOrTx, companyId: CompanyId, ids: string[]): Promise<CompanyUser[]> {
  if (ids.length === 0) return [];
  return db
    .select(userColumns)
    .from(users)
    .where(and(eq(users.companyId, companyId), inArray(users.id, ids), ne(users.status, DELETED_USER)));
}

/** Every user of the company a task can name, by name. */
export async function assignableUsers(db: DbOrTx, companyId: CompanyId): Promise<CompanyUser[]> {
  return db
    .select(userColumns)
    .from(users)
    .where(and(eq(users.companyId, companyId), ne(users.status, DELETED_USER)))
    .orderBy(asc(users.lastName), asc(users.firstName), asc(users.id));
}

/** Names of users a list of tasks mentions, also users deleted since (shown as they were). */
export async function usersById(
  db: DbOrTx,
  companyId: CompanyId,
  ids: string[],
): Promise<Map<string, CompanyUser>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select(userColumns)
    .from(users)
    .where(and(eq(users.companyId, companyId), inArray(users.id, [...new Set(ids)])));
  return new Map(rows.map((r) => [r.id, r]));
}

export async function insertNotification(
  db: DbOrTx,
  values: { companyId: CompanyId; userId: string; taskId: string | null; event: string; description: string },
): Promise<TaskNotificationRow> {
  return insertRow(db, taskNotifications, values);
}

/** The user's notifications not yet mailed, oldest first. */
export async function waitingNotifications(
  db: DbOrTx,
  companyId: CompanyId,
  userId: string,
  options: { lock?: boolean } = {},
): Promise<TaskNotificationRow[]> {
  const q = db
    .select()
    .from(taskNotifications)
    .where(
      and(
        eq(taskNotifications.companyId, companyId),
        eq(taskNotifications.userId, userId),
        isNull(taskNotifications.sentAt),
      ),
    )
    .orderBy(asc(taskNotifications.createdAt), asc(taskNotifications.id));
  // Locked, so two workers handling the same user cannot mail the same events twice.
  return options.lock ? q.for('update') : q;
}

export async function markSent(db: DbOrTx, companyId: CompanyId, ids: string[], at: Date): Promise<void> {
  if (ids.length === 0) return;
  await db
    .update(taskNotifications)
    .set({ sentAt: at })
    .where(and(eq(taskNotifications.companyId, companyId), inArray(taskNotifications.id, ids)));
}

/** Every user with waiting notifications, with their company (for the sweep across companies). */
export async function usersWithWaitingNotifications(
  db: DbOrTx,
): Promise<{ companyId: string; userId: string }[]> {
  return db
    .selectDistinct({ companyId: taskNotifications.companyId, userId: taskNotifications.userId })
    .from(taskNotifications)
    .where(isNull(taskNotifications.sentAt));
}

/** The recipient's address, name and preferences. */
export async function recipient(db: DbOrTx, companyId: CompanyId, userId: string) {
  const [row] = await db
    .select({
      id: users.id,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      status: users.status,
      preference: users.preference,
    })
    .from(users)
    .where(and(eq(users.companyId, companyId), eq(users.id, userId)));
  return row ? { ...row, isDeleted: row.status === DELETED_USER } : null;
}
