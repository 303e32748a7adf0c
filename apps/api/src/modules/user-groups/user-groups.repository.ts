import { and, eq, inArray, sql } from 'drizzle-orm';
import { type DbOrTx, schema } from '../../platform/db/index.ts';
import { type ListQuery, orderBy, pageWindow, tablePage } from '../../platform/lists.ts';
import type { CompanyId } from '../../platform/tenant.ts';
import { deleteCompanyRow, findCompanyRow, insertRow, updateCompanyRow } from '../../platform/db/rows.ts';

const g = schema.userGroups;
const m = schema.userGroupMembers;
const u = schema.users;
const a = schema.accessRights;

export type GroupRow = typeof g.$inferSelect;
export type AccessRightRow = typeof a.$inferSelect;

export const findGroup = (db: DbOrTx, companyId: CompanyId, id: string) =>
  findCompanyRow(db, g, companyId, id);

export async function findGroupByName(
  db: DbOrTx,
  companyId: CompanyId,
  name: string,
): Promise<GroupRow | null> {
  const [row] = await db
    .select()
    .from(g)
    .where(and(eq(g.companyId, companyId), sql`lower(${g.name}) = lower(${name})`));
  return row ?? null;
}

export async function listGroups(db: DbOrTx, companyId: CompanyId, q: ListQuery) {
  return tablePage(db, g, {
    where: eq(g.companyId, companyId),
    orderBy: orderBy(q, { name: g.name, createdAt: g.createdAt }, [sql`${g.name} asc`]),
    window: pageWindow(q),
  });
}

export async function membersOf(db: DbOrTx, companyId: CompanyId, groupIds: string[]) {
  if (groupIds.length === 0) return [];
  return db
    .select({ groupId: m.groupId, id: u.id, firstName: u.firstName, lastName: u.lastName, email: u.email })
    .from(m)
    .innerJoin(u, and(eq(u.companyId, m.companyId), eq(u.id, m.userId)))
    .where(and(eq(m.companyId, companyId), inArray(m.groupId, groupIds), eq(u.status, 1)))
    .orderBy(u.lastName);
}

export const insertGroup = (db: DbOrTx, values: typeof g.$inferInsert) => insertRow(db, g, values);

export async function updateGroup(
  db: DbOrTx,
  companyId: CompanyId,
  id: string,
  values: Partial<typeof g.$inferInsert>,
) {
  await updateCompanyRow(db, g, companyId, id, { ...values, updatedAt: sql`now()` });
}

export const deleteGroup = (db: DbOrTx, companyId: CompanyId, id: string) =>
  deleteCompanyRow(db, g, companyId, id);

/** Sets the members of a group; a user joining leaves every other group (one group per user). */
export async function setMembers(db: DbOrTx, companyId: CompanyId, groupId: string, userIds: string[]) {
  await db.delete(m).where(and(eq(m.companyId, companyId), eq(m.groupId, groupId)));
  if (userIds.length === 0) return;
  await db.delete(m).where(and(eq(m.companyId, companyId), inArray(m.userId, userIds)));
  await db.insert(m).values(userIds.map((userId) => ({ companyId, groupId, userId })));
}

export async function activeUserIds(db: DbOrTx, companyId: CompanyId, ids: string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: u.id })
    .from(u)
    .where(and(eq(u.companyId, companyId), inArray(u.id, ids), eq(u.status, 1)));
  return rows.map((r) => r.id);
}

export async function listAccessRights(
  db: DbOrTx,
  companyId: CompanyId,
  groupId?: string,
): Promise<AccessRightRow[]> {
  return db
    .select()
    .from(a)
    .where(groupId ? and(eq(a.companyId, companyId), eq(a.groupId, groupId)) : eq(a.companyId, companyId))
    .orderBy(a.createdAt);
}

export async function insertAccessRights(
  db: DbOrTx,
  rows: (typeof a.$inferInsert)[],
): Promise<AccessRightRow[]> {
  if (rows.length === 0) return [];
  return db.insert(a).values(rows).returning();
}

export async function deleteAccessRights(db: DbOrTx, companyId: CompanyId, groupId: string) {
  await db.delete(a).where(and(eq(a.companyId, companyId), eq(a.groupId, groupId)));
}
