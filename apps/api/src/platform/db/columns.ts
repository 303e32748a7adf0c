import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  customType,
  foreignKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

/** Column helpers every module's schema uses, so timestamps and ids look the same everywhere. */
export const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
export const idColumn = () =>
  uuid('id')
    .primaryKey()
    .default(sql`gen_random_uuid()`);
export const createdAt = () => ts('created_at').notNull().defaultNow();
export const updatedAt = () => ts('updated_at').notNull().defaultNow();
/** A list of texts (tags, shippers), empty rather than null. */
export const textList = (name: string) =>
  text(name)
    .array()
    .notNull()
    .default(sql`'{}'::text[]`);
/** Stored files (documents, uploads, export chunks) as bytes, read back as a Buffer. */
export const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (v) => Buffer.from(v),
});

/**
 * The (company_id, id) key of a tenant table: what a database distributed by company_id (Citus)
 * keeps unique, and what foreign keys between tenant tables reference (docs/scaling.md).
 */
export const companyRowKey = (table: string, t: { companyId: AnyPgColumn; id: AnyPgColumn }) =>
  uniqueIndex(`${table}_company_row_uq`).on(t.companyId, t.id);

/**
 * A foreign key between two tenant tables that carries the company: (company_id, column) →
 * (company_id, id), so a row can only point at a row of its own company and both stay on one shard.
 */
export const tenantReference = (
  name: string,
  columns: [companyId: AnyPgColumn, column: AnyPgColumn],
  target: { companyId: AnyPgColumn; id: AnyPgColumn },
) => foreignKey({ name, columns, foreignColumns: [target.companyId, target.id] });
