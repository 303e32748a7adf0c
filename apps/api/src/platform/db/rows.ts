import { type SQL, and, eq } from 'drizzle-orm';
import type { PgColumn, PgTable, PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { CompanyId } from '../tenant.ts';
import type { DbOrTx } from './index.ts';

/** A table whose rows name their company. */
export type CompanyTable = PgTable & { companyId: PgColumn };

/** A tenant table: every row has an id and names its company. */
export type TenantTable = CompanyTable & { id: PgColumn };

/** WHERE for the rows of a company (tables without an id of their own too), with any further conditions. */
export function companyRows(table: CompanyTable, companyId: CompanyId, ...more: (SQL | undefined)[]): SQL {
  return and(eq(table.companyId, companyId), ...more) as SQL;
}

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
  return companyRows(table, companyId, eq(table.id, id), ...more);
}

/**
 * Join condition: the row of `table` that the column `ref` names, in the company of the column
 * `companyId` (tenant keys are (company_id, id), so a join never crosses companies).
 */
export function joinedRow(table: TenantTable, companyId: PgColumn, ref: PgColumn): SQL {
  return and(eq(table.companyId, companyId), eq(table.id, ref)) as SQL;
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

/** The first row a query answers (through `map` where given), or null. */
export async function firstRow<R, O = R>(rows: PromiseLike<R[]>, map?: (row: R) => O): Promise<O | null> {
  const [row] = await rows;
  if (row === undefined) return null;
  return map ? map(row) : (row as unknown as O);
}

/** Deletes the rows of a company that meet the further conditions. */
export async function deleteCompanyRows(
  db: DbOrTx,
  table: CompanyTable,
  companyId: CompanyId,
  ...more: SQL[]
): Promise<void> {
  await db.delete(table).where(companyRows(table, companyId, ...more));
}

/**
 * The by-id functions of one tenant table, so that a repository names its table once. `touch`
 * gives the columns an update always sets besides the changes (e.g. `updatedAt`).
 */
export function tenantRows<T extends TenantTable>(table: T, touch?: () => PgUpdateSetSource<T>) {
  type Row = T['$inferSelect'];
  type Values = T['$inferInsert'];
  return {
    insert: (db: DbOrTx, values: Values): Promise<Row> => insertRow(db, table, values),
    find: (db: DbOrTx, companyId: CompanyId, id: string): Promise<Row | null> =>
      findCompanyRow(db, table, companyId, id),
    update: (db: DbOrTx, companyId: CompanyId, id: string, values: Partial<Values>): Promise<Row | null> =>
      updateCompanyRow(db, table, companyId, id, { ...values, ...touch?.() } as PgUpdateSetSource<T>),
    remove: (db: DbOrTx, companyId: CompanyId, id: string): Promise<void> =>
      deleteCompanyRow(db, table, companyId, id),
  };
}
