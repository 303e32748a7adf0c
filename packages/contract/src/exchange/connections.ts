import { z } from 'zod';
import { listOf } from '../http.ts';

/**
 * Partner connections: the company's credentials at a partner's PACT / iLEAP host system (base URL,
 * client id, secret kept encrypted), used to fetch transport activity data and ShipmentFootprints
 * and to send the asynchronous event answers (PACT v2.3 / v3.0 "Action Events"). A new base URL is
 * used only after a company admin confirmed it.
 */
export const CONNECTION_STATUSES = ['unconfirmed', 'confirmed'] as const;
export type ConnectionStatus = (typeof CONNECTION_STATUSES)[number];

/** The PACT version of the partner's host system (iLEAP rides on v2). */
export const PACT_VERSIONS = [2, 3] as const;

export const exchangeConnection = z.object({
  id: z.uuid(),
  name: z.string(),
  baseUrl: z.string(),
  clientId: z.string(),
  pactVersion: z.union([z.literal(2), z.literal(3)]),
  status: z.enum(CONNECTION_STATUSES),
  createdAt: z.string(),
  createdByName: z.string().nullable(),
  confirmedAt: z.string().nullable(),
  confirmedByName: z.string().nullable(),
  lastUsedAt: z.string().nullable(),
  /** The last outbound failure (catalogue key) or null. */
  lastError: z.string().nullable(),
  /** The partner gets a Published event for every new footprint version (PACT "Published"). */
  publishUpdates: z.boolean(),
  /**
   * The exchange client (`/api/exchange-clients`) this partner authenticates with when it sends
   * events to Klimadesk: its Published events re-fetch the footprints they name (decision 0018).
   */
  eventsClientId: z.uuid().nullable(),
});
export type ExchangeConnection = z.infer<typeof exchangeConnection>;
export const exchangeConnectionList = listOf(exchangeConnection);

/** An absolute http(s) URL without credentials, query or fragment: the partner's `/pact`-like base path. */
export const partnerBaseUrl = z
  .string()
  .trim()
  .max(500)
  .refine((v) => {
    try {
      const u = new URL(v);
      return (
        (u.protocol === 'https:' || u.protocol === 'http:') &&
        !u.username &&
        !u.password &&
        !u.search &&
        !u.hash
      );
    } catch {
      return false;
    }
  }, 'an absolute http(s) URL without credentials, query or fragment')
  .transform((v) => v.replace(/\/+$/, ''));

export const exchangeConnectionBody = z.strictObject({
  name: z.string().trim().min(1).max(100),
  baseUrl: partnerBaseUrl,
  clientId: z.string().trim().min(1).max(200),
  clientSecret: z.string().min(1).max(500),
  pactVersion: z.union([z.literal(2), z.literal(3)]).default(2),
  publishUpdates: z.boolean().default(false),
  eventsClientId: z.uuid().nullable().default(null),
});

/** What changes without a new confirmation: the events client and whether the partner hears of updates. */
export const exchangeConnectionPatch = z.strictObject({
  publishUpdates: z.boolean().optional(),
  eventsClientId: z.uuid().nullable().optional(),
});

/** The admin repeats the base URL the connection names, so a changed or misread URL is not confirmed. */
export const confirmConnectionBody = z.strictObject({ baseUrl: partnerBaseUrl });

export const connectionTest = z.object({
  ok: z.boolean(),
  /** The token lifetime the partner granted (s). */
  expiresIn: z.number().nullable(),
  /** Footprints on the partner's first page (at most 1 asked for). */
  footprints: z.number().nullable(),
  error: z.string().nullable(),
});

export const fetchIssue = z.object({
  /** The TAD activityId or footprint id the issue is about. */
  ref: z.string(),
  code: z.enum(['tadInvalid', 'tadArrivalMissing', 'footprintInvalid', 'shipmentNotFound']),
  detail: z.string().nullable(),
});
export type FetchIssue = z.infer<typeof fetchIssue>;

export const tadFetchResult = z.object({
  fetched: z.number(),
  imported: z.number(),
  /** The import task of the pipeline the rows went to; null when nothing could be imported. */
  importTaskId: z.uuid().nullable(),
  issues: z.array(fetchIssue),
});

export const footprintFetchResult = z.object({
  fetched: z.number(),
  stored: z.number(),
  /** Footprints whose shipment id names one of the company's own shipments. */
  matched: z.number(),
  issues: z.array(fetchIssue),
});

/** A ShipmentFootprint fetched from a partner (subcontractor), as the shipper view lists it. */
export const partnerFootprint = z.object({
  id: z.uuid(),
  connectionId: z.uuid(),
  connectionName: z.string(),
  pfId: z.string(),
  /** iLEAP ShipmentFootprint.shipmentId at the partner. */
  shipmentReference: z.string(),
  /** The company's own shipment with that reference, if any. */
  shipmentId: z.uuid().nullable(),
  status: z.enum(['Active', 'Deprecated']),
  /** kg CO2e well-to-wheel of the footprint (PACT pCfExcludingBiogenic × declared amount). */
  co2eWtwKg: z.number(),
  tkm: z.number(),
  massKg: z.number().nullable(),
  primaryDataShare: z.number().nullable(),
  periodStart: z.string(),
  periodEnd: z.string(),
  fetchedAt: z.string(),
  /** PACT v2 `version` of the footprint (0 for v3). */
  pfVersion: z.number().int(),
  /** The own tour (leg of the shipment) whose figure this footprint's primary data replaces. */
  appliedTourId: z.uuid().nullable(),
  /** The footprint `version` whose figures the leg uses (a newer one fetched later is offered, not applied). */
  appliedVersion: z.number().int().nullable(),
  /** The legs (tours) of the matched own shipment, to choose where the primary data applies. */
  legs: z.array(z.object({ tourId: z.uuid(), tourReference: z.string() })),
});
export type PartnerFootprint = z.infer<typeof partnerFootprint>;
export const partnerFootprintList = listOf(partnerFootprint);

/**
 * Use a fetched footprint's figures for one leg of the own shipment (tourId), or stop (null): either
 * rewrites the leg's stored figures and everything summed from them, logged (decision 0018).
 */
export const applyPartnerFootprintBody = z.strictObject({ tourId: z.uuid().nullable() });
