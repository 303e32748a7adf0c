import { and, eq, inArray, sql } from 'drizzle-orm';
import { type DbOrTx, schema } from '../../platform/db/index.ts';
import { type ListQuery, orderBy, pageWindow, tablePage } from '../../platform/lists.ts';
import type { CompanyId } from '../../platform/tenant.ts';
import { companyRows, deleteCompanyRows, firstRow, joinedRow, tenantRows } from '../../platform/db/rows.ts';

const g = schema.userGroups;
const m = schema.userGroupMembers;
const u = schema.users;
const a = schema.accessRights;

export type GroupRow = typeof g.$inferSelect;
export type AccessRightRow = typeof a.$inferSelect;

export const {
  find: findGroup,
  insert: insertGroup,
  update: updateGroup,
  remove: deleteGroup,
} = tenantRows(g, () => ({ updatedAt: sql`now()` }));

export const findGroupByName = (db: DbOrTx, companyId: CompanyId, name: string): Promise<GroupRow | null> =>
  firstRow(
    db
      .select()
      .from(g)
      .where(companyRows(g, companyId, sql`lower(${g.name}) = lower(${name})`)),
  );

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
    .innerJoin(u, joinedRow(u, m.companyId, m.userId))
    .where(and(eq(m.companyId, companyId), inArray(m.groupId, groupIds), eq(u.status, 1)))
    .orderBy(u.lastName);
}

/** Sets the members of a group; a user joining leaves every other group (one group per user). */
export async function setMembers(db: DbOrTx, companyId: CompanyId, groupId: string, userIds: string[]) {
  await deleteCompanyRows(db, m, companyId, eq(m.groupId, groupId));
  if (userIds.length === 0) return;
  await deleteCompanyRows(db, m, companyId, inArray(m.userId, userIds));
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
    .where(companyRows(a, companyId, groupId ? eq(a.groupId, groupId) : undefined))
    .orderBy(a.createdAt);
}

export async function insertAccessRights(
  db: DbOrTx,
  rows: (typeof a.$inferInsert)[],
): Promise<AccessRightRow[]> {
  if (rows.length === 0) return [];
  return db.insert(a).values(rows).returning();
}

export const deleteAccessRights = (db: DbOrTx, companyId: CompanyId, groupId: string) =>
  deleteCompanyRows(db, a, companyId, eq(a.groupId, groupId));

/** The shippers an external read-only user's group allows (rights.cft.shipperFilters). */
export async function allowedShippers(db: DbOrTx, companyId: CompanyId, userId: string): Promise<string[]> {
  const [row] = await db
    .select({ rights: schema.userGroups.rights })
    .from(schema.userGroupMembers)
    .innerJoin(
      schema.userGroups,
      and(
        eq(schema.userGroups.companyId, schema.userGroupMembers.companyId),
        eq(schema.userGroups.id, schema.userGroupMembers.groupId),
      ),
    )
    .where(and(eq(schema.userGroupMembers.companyId, companyId), eq(schema.userGroupMembers.userId, userId)));
  const cft = (row?.rights as { cft?: { shipperFilters?: string[] } } | undefined)?.cft;
  return cft?.shipperFilters ?? [];
}
