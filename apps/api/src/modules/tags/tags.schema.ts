import { sql } from 'drizzle-orm';
import { index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { companies } from '../../platform/db/schema.ts';
import { createdAt, idColumn, updatedAt } from '../../platform/db/columns.ts';

export const tagGroups = pgTable(
  'tag_groups',
  {
    id: idColumn(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id),
    name: text('name').notNull(),
    colorCode: text('color_code').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('tag_groups_company_idx').on(t.companyId, t.name)],
);

export const tags = pgTable(
  'tags',
  {
    id: idColumn(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id),
    tagGroupId: uuid('tag_group_id')
      .notNull()
      .references(() => tagGroups.id, { onDelete: 'cascade' }),
    value: text('value').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    // A tag value names one group in a company, so a shipment tag has one colour.
    uniqueIndex('tags_company_value_uq').on(t.companyId, sql`lower(${t.value})`),
    index('tags_group_idx').on(t.tagGroupId),
  ],
);
