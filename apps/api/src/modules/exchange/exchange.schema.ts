import { index, jsonb, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { tenantTable } from '../../platform/db/schema.ts';
import { createdAt, tenantReference, ts } from '../../platform/db/columns.ts';

/**
 * Exchange clients of a company (PACT / iLEAP data recipients): the client id is public, the
 * secret is kept as an Argon2id hash only; `shipper` binds a client to one shipper's shipments.
 */
export const exchangeClients = tenantTable(
  'exchange_clients',
  {
    name: text('name').notNull(),
    clientId: text('client_id').notNull(),
    secretHash: text('secret_hash').notNull(),
    shipper: text('shipper'),
    createdBy: uuid('created_by').notNull(),
    createdAt: createdAt(),
    lastUsedAt: ts('last_used_at'),
    revokedAt: ts('revoked_at'),
  },
  (t) => [
    uniqueIndex('exchange_clients_client_id_uq').on(t.clientId),
    index('exchange_clients_company_idx').on(t.companyId, t.createdAt),
  ],
);

/** Access tokens of the clients (SHA-256 only, as sessions): bearer tokens of one company. */
export const exchangeTokens = tenantTable(
  'exchange_tokens',
  {
    exchangeClientId: uuid('exchange_client_id').notNull(),
    tokenHash: text('token_hash').notNull(),
    scope: text('scope').notNull(),
    createdAt: createdAt(),
    expiresAt: ts('expires_at').notNull(),
  },
  (t) => [
    uniqueIndex('exchange_tokens_hash_uq').on(t.tokenHash),
    index('exchange_tokens_expiry_idx').on(t.expiresAt),
    tenantReference('exchange_tokens_client_fk', [t.companyId, t.exchangeClientId], exchangeClients).onDelete(
      'cascade',
    ),
  ],
);

/**
 * CloudEvents a client sent to `/pact/{2,3}/events` (PACT v2 "Action Events", v3 /3/events):
 * footprint requests wait here for their answer, notifications are kept as received.
 */
export const exchangeEvents = tenantTable(
  'exchange_events',
  {
    exchangeClientId: uuid('exchange_client_id').notNull(),
    specVersion: text('spec_version').notNull(),
    type: text('type').notNull(),
    eventId: text('event_id').notNull(),
    source: text('source').notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    /** `received` (notifications), `pending` (requests not answered yet). */
    status: text('status').notNull(),
    receivedAt: createdAt(),
  },
  (t) => [
    uniqueIndex('exchange_events_source_id_uq').on(t.companyId, t.source, t.eventId),
    index('exchange_events_company_idx').on(t.companyId, t.receivedAt),
    tenantReference('exchange_events_client_fk', [t.companyId, t.exchangeClientId], exchangeClients).onDelete(
      'cascade',
    ),
  ],
);
