import { sql } from 'drizzle-orm';
import { text, timestamp, uuid } from 'drizzle-orm/pg-core';

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
