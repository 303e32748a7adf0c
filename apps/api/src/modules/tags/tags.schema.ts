import { sql } from 'drizzle-orm';
import { index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { companies } from '../../platform/db/schema.ts';
import { companyRowKey, createdAt, idColumn, tenantReference, updatedAt } from '../../platform/db/columns.ts';

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
  (t) => [index('tag_groups_company_idx').on(t.companyId, t.name), companyRowKey('tag_groups', t)],
);

export const tags = pgTable(
  'tags',
  {
    id: idColumn(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id),
    tagGroupId: uuid('tag_group_id').notNull(),
    value: text('value').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    // A tag value names one group in a company, so a shipment tag has one colour.
    uniqueIndex('tags_company_value_uq').on(t.companyId, sql`lower(${t.value})`),
    index('tags_group_idx').on(t.tagGroupId),
    tenantReference('tags_group_fk', [t.companyId, t.tagGroupId], tagGroups).onDelete('cascade'),
  ],
);
