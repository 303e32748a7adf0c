import { sql } from 'drizzle-orm';
import { index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { tenantKey, tenantTable } from '../../platform/db/schema.ts';
import { createdAt, tenantReference, updatedAt } from '../../platform/db/columns.ts';

export const tagGroups = tenantTable(
  'tag_groups',
  {
    name: text('name').notNull(),
    colorCode: text('color_code').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('tag_groups_company_idx').on(t.companyId, t.name)],
);

// The only tenant table here without a (company_id, id) key, so it takes the key columns alone.
export const tags = pgTable(
  'tags',
  {
    ...tenantKey(),
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
