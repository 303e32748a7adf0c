import { and, count, eq, ilike, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import { type DbOrTx, preparedPerDb, schema } from '../../platform/db/index.ts';
import { type ListQuery, likeTerm, orderBy, pageWindow, listPage } from '../../platform/lists.ts';
import type { CompanyId } from '../../platform/tenant.ts';
import { companyRow, firstRow, tenantRows } from '../../platform/db/rows.ts';

const u = schema.users;
const c = schema.companies;
const m = schema.userGroupMembers;

export type UserRow = typeof u.$inferSelect;
export type UserWithCompany = UserRow & { companyName: string; groupId: string | null };

const selection = {
  user: u,
  companyName: c.name,
  groupId: m.groupId,
};

function joined(db: DbOrTx) {
  return db
    .select(selection)
    .from(u)
    .innerJoin(c, eq(c.id, u.companyId))
    .leftJoin(m, and(eq(m.userId, u.id), eq(m.companyId, u.companyId)));
}

const flatten = (r: { user: UserRow; companyName: string; groupId: string | null }): UserWithCompany => ({
  ...r.user,
  companyName: r.companyName,
  groupId: r.groupId,
});

/**
 * The name of a company that has not been deleted, or null: a user is created and invited only in
 * a live company (the companies module keeps the rows; this module reads the name it mails).
 */
export const liveCompanyName = (db: DbOrTx, companyId: CompanyId): Promise<string | null> =>
  firstRow(
    db
      .select({ name: c.name })
      .from(c)
      .where(and(eq(c.id, companyId), isNull(c.deletedAt))),
    (r) => r.name,
  );

/** Login names are global: the one lookup that is not scoped to a company. */
export async function findUsersByEmail(db: DbOrTx, email: string): Promise<UserRow[]> {
  return db.select().from(u).where(eq(u.email, email)).orderBy(u.status);
}

export const findActiveByEmail = (db: DbOrTx, email: string): Promise<UserRow | null> =>
  firstRow(
    db
      .select()
      .from(u)
      .where(and(eq(u.email, email), ne(u.status, 3))),
  );

export const findUser = (db: DbOrTx, companyId: CompanyId, id: string): Promise<UserWithCompany | null> =>
  firstRow(joined(db).where(companyRow(u, companyId, id)), flatten);

/**
 * The signed-in user with the company fields the route list needs, in one query; prepared once
 * per database handle, since /users/me runs it on every page load.
 */
const userWithCompany = preparedPerDb((db) =>
  db
    .select({
      ...selection,
      company: {
        id: c.id,
        name: c.name,
        isBasic: c.isBasic,
        unlocked: c.unlocked,
        modules: c.modules,
        initialModule: c.initialModule,
        partnerVariant: c.partnerVariant,
      },
    })
    .from(u)
    .innerJoin(c, eq(c.id, u.companyId))
    .leftJoin(m, and(eq(m.userId, u.id), eq(m.companyId, u.companyId)))
    .where(and(eq(u.companyId, sql.placeholder('companyId')), eq(u.id, sql.placeholder('id'))))
    .prepare('kd_user_with_company'),
);

export async function findUserWithCompany(db: DbOrTx, companyId: CompanyId, id: string) {
  const [row] = await userWithCompany(db).execute({ companyId, id });
  return row ? { user: flatten(row), company: row.company } : null;
}

/** A user of any company: for the platform admin, or an id the platform holds (a session's impersonator). */
export async function findUserAnyCompany(db: DbOrTx, id: string): Promise<UserWithCompany | null> {
  const [row] = await joined(db).where(eq(u.id, id));
  return row ? flatten(row) : null;
}

export type UserFilter = { companyId?: CompanyId; search?: string; status?: number };

export async function listUsers(
  db: DbOrTx,
  f: UserFilter,
  q: ListQuery,
): Promise<{ rows: UserWithCompany[]; total: number }> {
  const where: SQL[] = [];
  if (f.companyId) where.push(eq(u.companyId, f.companyId));
  where.push(f.status ? eq(u.status, f.status) : ne(u.status, 3));
  if (f.search) {
    const t = likeTerm(f.search);
    where.push(or(ilike(u.email, t), ilike(u.firstName, t), ilike(u.lastName, t), ilike(c.name, t)) as SQL);
  }
  const { rows, total } = await listPage(db, {
    rows: joined(db).$dynamic(),
    from: u,
    // The search reads the company name.
    count: db.select({ total: count() }).from(u).innerJoin(c, eq(c.id, u.companyId)).$dynamic(),
    where: and(...where),
    orderBy: orderBy(
      q,
      {
        lastName: u.lastName,
        firstName: u.firstName,
        email: u.email,
        createdAt: u.createdAt,
        lastLogin: u.lastLogin,
      },
      [sql`${u.lastName} asc`, sql`${u.id} asc`],
    ),
    window: pageWindow(q),
  });
  return { rows: rows.map(flatten), total };
}

export const { insert: insertUser, update: updateUser } = tenantRows(u, () => ({ updatedAt: sql`now()` }));

/** Active users of a company with their roles, for the last-admin rules. */
export async function activeUsersOfCompany(
  db: DbOrTx,
  companyId: CompanyId,
): Promise<Pick<UserRow, 'id' | 'roles' | 'email' | 'firstName' | 'lastName'>[]> {
  return db
    .select({ id: u.id, roles: u.roles, email: u.email, firstName: u.firstName, lastName: u.lastName })
    .from(u)
    .where(and(eq(u.companyId, companyId), eq(u.status, 1)));
}

export async function removeFromGroups(db: DbOrTx, companyId: CompanyId, userId: string): Promise<void> {
  await db.delete(m).where(and(eq(m.companyId, companyId), eq(m.userId, userId)));
}

const tk = schema.userTokens;
export type TokenRow = typeof tk.$inferSelect;
export type TokenInsert = typeof tk.$inferInsert;

export async function insertToken(db: DbOrTx, values: TokenInsert): Promise<void> {
  await db.insert(tk).values(values);
}

/** A token by its hash: the link holder names no company, the hash is the key. */
export async function findToken(db: DbOrTx, tokenHash: string, kind: string): Promise<TokenRow | null> {
  const [row] = await db
    .select()
    .from(tk)
    .where(and(eq(tk.tokenHash, tokenHash), eq(tk.kind, kind)));
  return row ?? null;
}

/** Marks a token used unless it already was; false when another request got there first. */
export async function claimToken(db: DbOrTx, companyId: CompanyId, id: string): Promise<boolean> {
  const claimed = await db
    .update(tk)
    .set({ usedAt: sql`now()` })
    .where(companyRow(tk, companyId, id, isNull(tk.usedAt)))
    .returning({ id: tk.id });
  return claimed.length > 0;
}

/** Ends every open token of one kind of a user, e.g. the other reset links after a reset. */
export async function expireTokens(
  db: DbOrTx,
  companyId: CompanyId,
  userId: string,
  kind: string,
): Promise<void> {
  await db
    .update(tk)
    .set({ usedAt: sql`now()` })
    .where(and(eq(tk.companyId, companyId), eq(tk.userId, userId), eq(tk.kind, kind), isNull(tk.usedAt)));
}
