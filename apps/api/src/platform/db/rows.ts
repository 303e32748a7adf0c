import { type SQL, and, eq } from 'drizzle-orm';
import type { PgColumn, PgTable, PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { CompanyId } from '../tenant.ts';
import type { DbOrTx } from './index.ts';

/** A tenant table: every row has an id and names its company. */
export type TenantTable = PgTable & { id: PgColumn; companyId: PgColumn };

/**
 * WHERE for one row of a company by its id (and any further conditions): the company is always
 * part of it, so an id from the wire never reaches another company's row.
 */
export function companyRow(
  table: TenantTable,
  companyId: CompanyId,
  id: string,
  ...more: (SQL | undefined)[]
): SQL {
  return and(eq(table.companyId, companyId), eq(table.id, id), ...more) as SQL;
}

/** One row of a company by its id, or null. */
export async function findCompanyRow<T extends TenantTable>(
  db: DbOrTx,
  table: T,
  companyId: CompanyId,
  id: string,
): Promise<T['$inferSelect'] | null> {
  const [row] = await db
    .select()
    .from(table as TenantTable)
    .where(companyRow(table, companyId, id));
  return (row as T['$inferSelect'] | undefined) ?? null;
}

/** Inserts one row and answers it as stored (defaults and generated ids filled in). */
export async function insertRow<T extends PgTable>(
  db: DbOrTx,
  table: T,
  values: T['$inferInsert'],
): Promise<T['$inferSelect']> {
  const [row] = await db
    .insert(table as PgTable)
    .values(values as PgTable['$inferInsert'])
    .returning();
  return row as T['$inferSelect'];
}

/** Changes one row of a company by its id; answers the row as stored, or null when there is none. */
export async function updateCompanyRow<T extends TenantTable>(
  db: DbOrTx,
  table: T,
  companyId: CompanyId,
  id: string,
  values: PgUpdateSetSource<T>,
): Promise<T['$inferSelect'] | null> {
  const [row] = await db
    .update(table as TenantTable)
    .set(values)
    .where(companyRow(table, companyId, id))
    .returning();
  return (row as T['$inferSelect'] | undefined) ?? null;
}

/** Deletes one row of a company by its id. */
export async function deleteCompanyRow(db: DbOrTx, table: TenantTable, companyId: CompanyId, id: string) {
  await db.delete(table).where(companyRow(table, companyId, id));
}
