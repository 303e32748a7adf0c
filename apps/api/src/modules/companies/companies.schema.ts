import { integer, pgTable, text } from 'drizzle-orm/pg-core';
import { companyIdColumn } from '../../platform/db/schema.ts';
import { bytea, updatedAt } from '../../platform/db/columns.ts';

/**
 * A company's logo for the header of its documents (issue 37): one PNG or JPEG per company, its
 * type and size read from the bytes on upload. Kept apart from `companies` so company reads stay small.
 */
export const companyLogos = pgTable('company_logos', {
  companyId: companyIdColumn().primaryKey(),
  mimeType: text('mime_type').notNull(),
  width: integer('width').notNull(),
  height: integer('height').notNull(),
  data: bytea('data').notNull(),
  updatedAt: updatedAt(),
});
