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
