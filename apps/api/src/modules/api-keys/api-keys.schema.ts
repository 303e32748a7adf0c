import { index, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { tenantTable } from '../../platform/db/schema.ts';
import { createdAt, ts } from '../../platform/db/columns.ts';

/** REST API keys of a company: only a SHA-256 hash of the key is stored; the key is shown once. */
export const apiKeys = tenantTable(
  'api_keys',
  {
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
  ],
);
