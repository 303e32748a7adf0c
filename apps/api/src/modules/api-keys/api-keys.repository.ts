import { and, desc, eq, isNull } from 'drizzle-orm';
import { type DbOrTx, schema } from '../../platform/db/index.ts';
import { apiKeys } from './api-keys.schema.ts';
import type { CompanyId } from '../../platform/tenant.ts';
import { companyRow, findCompanyRow, insertRow } from '../../platform/db/rows.ts';

export type ApiKeyRow = typeof apiKeys.$inferSelect;

/** A key with the account that created it, as the list shows it. */
export type ApiKeyListRow = ApiKeyRow & {
  creator: { firstName: string; lastName: string; email: string; status: number } | null;
};

export async function listKeys(db: DbOrTx, companyId: CompanyId): Promise<ApiKeyListRow[]> {
  const u = schema.users;
  const rows = await db
    .select({
      key: apiKeys,
      creator: { firstName: u.firstName, lastName: u.lastName, email: u.email, status: u.status },
    })
    .from(apiKeys)
    .leftJoin(u, and(eq(u.companyId, apiKeys.companyId), eq(u.id, apiKeys.createdBy)))
    .where(eq(apiKeys.companyId, companyId))
    .orderBy(desc(apiKeys.createdAt));
  return rows.map((r) => ({ ...r.key, creator: r.creator }));
}

/** The creating account as the list shows it. */
export async function creatorOf(db: DbOrTx, companyId: CompanyId, userId: string) {
  const u = schema.users;
  const [row] = await db
    .select({ firstName: u.firstName, lastName: u.lastName, email: u.email, status: u.status })
    .from(u)
    .where(and(eq(u.companyId, companyId), eq(u.id, userId)));
  return row ?? null;
}

/** Revokes the live keys a user created (offboarding); answers how many. */
export async function revokeKeysCreatedBy(db: DbOrTx, companyId: CompanyId, userId: string): Promise<number> {
  const rows = await db
    .update(apiKeys)
    .set({ revokedAt: new Date() })
    .where(and(eq(apiKeys.companyId, companyId), eq(apiKeys.createdBy, userId), isNull(apiKeys.revokedAt)))
    .returning({ id: apiKeys.id });
  return rows.length;
}

export const insertKey = (db: DbOrTx, values: typeof apiKeys.$inferInsert) => insertRow(db, apiKeys, values);

export const findKey = (db: DbOrTx, companyId: CompanyId, id: string) =>
  findCompanyRow(db, apiKeys, companyId, id);

export async function revokeKey(db: DbOrTx, companyId: CompanyId, id: string): Promise<void> {
  await db
    .update(apiKeys)
    .set({ revokedAt: new Date() })
    .where(companyRow(apiKeys, companyId, id, isNull(apiKeys.revokedAt)));
}

/** A live key with its company (deleted companies' keys do not work). */
export async function keyByHash(db: DbOrTx, keyHash: string) {
  const c = schema.companies;
  const [row] = await db
    .select({
      id: apiKeys.id,
      prefix: apiKeys.prefix,
      createdBy: apiKeys.createdBy,
      companyId: c.id,
      isBasic: c.isBasic,
      modules: c.modules,
      isPlatform: c.isPlatform,
      companyDeleted: c.deletedAt,
    })
    .from(apiKeys)
    .innerJoin(c, eq(c.id, apiKeys.companyId))
    .where(and(eq(apiKeys.keyHash, keyHash), isNull(apiKeys.revokedAt)));
  return row ?? null;
}

export async function touchKey(db: DbOrTx, companyId: CompanyId, id: string): Promise<void> {
  await db
    .update(apiKeys)
    .set({ lastUsedAt: new Date() })
    .where(companyRow(apiKeys, companyId, id));
}
