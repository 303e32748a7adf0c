import { index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { companies } from '../../platform/db/schema.ts';
import { companyRowKey, createdAt, idColumn, ts } from '../../platform/db/columns.ts';

/** REST API keys of a company: only a SHA-256 hash of the key is stored; the key is shown once. */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: idColumn(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id),
    name: text('name').notNull(),
    /** First characters of the key, so admins can tell keys apart. */
    prefix: text('prefix').notNull(),
    keyHash: text('key_hash').notNull(),
    createdBy: uuid('created_by').notNull(),
    createdAt: createdAt(),
    lastUsedAt: ts('last_used_at'),
    revokedAt: ts('revoked_at'),
  },
  (t) => [
    uniqueIndex('api_keys_hash_uq').on(t.keyHash),
    index('api_keys_company_idx').on(t.companyId, t.createdAt),
    companyRowKey('api_keys', t),
  ],
);
