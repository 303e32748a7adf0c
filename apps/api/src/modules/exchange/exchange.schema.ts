import {
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
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
    /**
     * `received` (notifications), `pending` (requests not answered yet), `fulfilled` / `rejected`
     * (answer delivered), `undeliverable` (no confirmed connection to the requester).
     */
    status: text('status').notNull(),
    receivedAt: createdAt(),
    answeredAt: ts('answered_at'),
  },
  (t) => [
    uniqueIndex('exchange_events_source_id_uq').on(t.companyId, t.source, t.eventId),
    index('exchange_events_company_idx').on(t.companyId, t.receivedAt),
    tenantReference('exchange_events_client_fk', [t.companyId, t.exchangeClientId], exchangeClients).onDelete(
      'cascade',
    ),
  ],
);

/**
 * Partner connections: the company's credentials at a partner's host system. The secret is kept
 * encrypted (AES-256-GCM, exchange.crypto.ts); outbound calls go only to a confirmed `base_url`.
 */
export const exchangeConnections = tenantTable(
  'exchange_connections',
  {
    name: text('name').notNull(),
    baseUrl: text('base_url').notNull(),
    clientId: text('client_id').notNull(),
    secretEncrypted: text('secret_encrypted').notNull(),
    pactVersion: integer('pact_version').notNull(),
    createdBy: uuid('created_by').notNull(),
    createdAt: createdAt(),
    /** The base URL an admin confirmed; outbound calls need it equal to `base_url`. */
    confirmedUrl: text('confirmed_url'),
    confirmedBy: uuid('confirmed_by'),
    confirmedAt: ts('confirmed_at'),
    lastUsedAt: ts('last_used_at'),
    lastError: text('last_error'),
    /** The partner gets a Published event for every new footprint version of the company (opt-in). */
    publishUpdates: boolean('publish_updates').notNull().default(false),
    /**
     * The exchange client the partner authenticates with when it sends events here (PACT v2.3
     * "Action Events": events only after authentication); its Published events re-fetch (decision 0018).
     */
    eventsClientId: uuid('events_client_id'),
  },
  (t) => [index('exchange_connections_company_idx').on(t.companyId, t.createdAt)],
);

/** ShipmentFootprints fetched from a partner (iLEAP §6.1 inside a PACT footprint), one row per PfId. */
export const exchangePartnerFootprints = tenantTable(
  'exchange_partner_footprints',
  {
    connectionId: uuid('connection_id').notNull(),
    pfId: text('pf_id').notNull(),
    shipmentReference: text('shipment_reference').notNull(),
    shipmentId: uuid('shipment_id'),
    status: text('status').notNull(),
    co2eWtwKg: doublePrecision('co2e_wtw_kg').notNull(),
    tkm: doublePrecision('tkm').notNull(),
    massKg: doublePrecision('mass_kg'),
    primaryDataShare: doublePrecision('primary_data_share'),
    periodStart: ts('period_start').notNull(),
    periodEnd: ts('period_end').notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    fetchedAt: createdAt(),
    /** kg CO2e tank-to-wheel: the sum of the TCEs' `co2eTTW` (iLEAP §6.2). */
    co2eTtwKg: doublePrecision('co2e_ttw_kg'),
    /** PACT v2 `version` of the fetched footprint (v3 has none: 0). */
    pfVersion: integer('pf_version').notNull().default(0),
    /** The own tour (leg of the shipment) whose figure this primary data replaces; null: not used. */
    appliedTourId: uuid('applied_tour_id'),
    appliedBy: uuid('applied_by'),
    appliedAt: ts('applied_at'),
    /** The `pf_version` whose figures the leg uses; a higher `pf_version` fetched later is offered. */
    appliedVersion: integer('applied_version'),
  },
  (t) => [
    uniqueIndex('exchange_partner_footprints_pf_uq').on(t.companyId, t.connectionId, t.pfId),
    index('exchange_partner_footprints_shipment_idx').on(t.companyId, t.shipmentReference),
    index('exchange_partner_footprints_fetched_idx').on(t.companyId, t.fetchedAt),
    tenantReference(
      'exchange_partner_footprints_connection_fk',
      [t.companyId, t.connectionId],
      exchangeConnections,
    ).onDelete('cascade'),
  ],
);

/**
 * Served footprint versions (PACT v2.3 "Product Footprint Lifecycle", v3.0 the same rules without
 * `version`/`updated`): every row is written once and never changed. A changed shipment is a major
 * change: its PfId gets a further row with `status` Deprecated and `updated`, and a new PfId
 * (`precedingPfIds` [old]) starts at version 0. The first PfId of a shipment is the shipment's id.
 */
export const exchangeFootprintVersions = tenantTable(
  'exchange_footprint_versions',
  {
    pfId: uuid('pf_id').notNull(),
    version: integer('version').notNull(),
    kind: text('kind').notNull(),
    /** The shipment id the footprint is of. */
    subject: uuid('subject').notNull(),
    shipper: text('shipper'),
    status: text('status').notNull(),
    precedingPfIds: jsonb('preceding_pf_ids').$type<string[]>(),
    /** SHA-256 of the footprint's content (all but id and timestamps): equal digest, no new version. */
    digest: text('digest').notNull(),
    snapshot: jsonb('snapshot').$type<Record<string, unknown>>().notNull(),
    created: ts('created').notNull(),
    updated: ts('updated'),
  },
  (t) => [
    uniqueIndex('exchange_footprint_versions_pf_uq').on(t.companyId, t.pfId, t.version),
    index('exchange_footprint_versions_subject_idx').on(t.companyId, t.subject),
  ],
);

/**
 * Which footprints each exchange client fetched (list or by id), so the carrier sees what a
 * shipper's software read: one row per client and PfId with the count and the first and last time.
 */
export const exchangeFetches = tenantTable(
  'exchange_fetches',
  {
    exchangeClientId: uuid('exchange_client_id').notNull(),
    pfId: uuid('pf_id').notNull(),
    kind: text('kind').notNull(),
    /** The shipment reference, TOC or HOC id the footprint is of. */
    productKey: text('product_key').notNull(),
    version: integer('version').notNull(),
    status: text('status').notNull(),
    fetchCount: integer('fetch_count').notNull().default(1),
    firstFetchedAt: createdAt(),
    lastFetchedAt: ts('last_fetched_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('exchange_fetches_client_pf_uq').on(t.companyId, t.exchangeClientId, t.pfId),
    index('exchange_fetches_last_idx').on(t.companyId, t.exchangeClientId, t.lastFetchedAt),
    tenantReference(
      'exchange_fetches_client_fk',
      [t.companyId, t.exchangeClientId],
      exchangeClients,
    ).onDelete('cascade'),
  ],
);
