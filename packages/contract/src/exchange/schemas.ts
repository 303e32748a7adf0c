import { z } from 'zod';
import { listOf } from '../http.ts';

/**
 * Exchange clients: credentials a company issues to its customers' software for the PACT / iLEAP
 * data exchange under `/pact` (OAuth 2.0 client credentials, PACT Tech Specs v2.3 §6.3, v3.0
 * "Authentication Flow"). The client id is public; the secret is shown once and stored hashed.
 */
export const EXCHANGE_CLIENT_ID_PREFIX = 'kdx_';

/** Base path of the exchange, beside `/api`: PACT's `Subpath` and `AuthSubpath`. */
export const PACT_BASE_PATH = '/pact';

export const exchangeClient = z.object({
  id: z.uuid(),
  name: z.string(),
  clientId: z.string(),
  /** The shipper (as in the shipper statement) whose shipments alone the client sees; null: all. */
  shipper: z.string().nullable(),
  createdAt: z.string(),
  createdByName: z.string().nullable(),
  lastUsedAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
});
export type ExchangeClient = z.infer<typeof exchangeClient>;
export const exchangeClientList = listOf(exchangeClient);

export const exchangeClientBody = z.strictObject({
  name: z.string().trim().min(1).max(100),
  shipper: z.string().trim().min(1).max(200).nullish(),
});

/** The secret is in this answer only; the server keeps an Argon2id hash of it. */
export const createdExchangeClient = z.object({
  id: z.uuid(),
  clientId: z.string(),
  clientSecret: z.string(),
});

/** A footprint an exchange client fetched (list, by id, or in a RequestFulfilled answer). */
export const exchangeFetch = z.object({
  pfId: z.uuid(),
  kind: z.enum(['shipment', 'toc', 'hoc']),
  /** The shipment reference, TOC or HOC id. */
  productKey: z.string(),
  /** PACT `version` and status of the footprint when it was last fetched. */
  version: z.number().int(),
  status: z.enum(['Active', 'Deprecated']),
  fetchCount: z.number().int(),
  firstFetchedAt: z.string(),
  lastFetchedAt: z.string(),
});
export type ExchangeFetch = z.infer<typeof exchangeFetch>;
export const exchangeFetchList = listOf(exchangeFetch);
