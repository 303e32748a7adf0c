import { and, desc, eq, isNull } from 'drizzle-orm';
import { type DbOrTx, schema } from '../../platform/db/index.ts';
import { apiKeys } from './api-keys.schema.ts';
import type { CompanyId } from '../../platform/tenant.ts';
import { companyRow, findCompanyRow, insertRow } from '../../platform/db/rows.ts';

export type ApiKeyRow = typeof apiKeys.$inferSelect;

export async function listKeys(db: DbOrTx, companyId: CompanyId): Promise<ApiKeyRow[]> {
  return db.select().from(apiKeys).where(eq(apiKeys.companyId, companyId)).orderBy(desc(apiKeys.createdAt));
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
