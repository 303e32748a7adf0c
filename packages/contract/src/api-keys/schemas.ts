import { z } from 'zod';
import { listOf } from '../http.ts';
import { MAPPING_CATEGORIES, MAPPING_FIELD_IDS, importTask } from '../mappings/schemas.ts';

/** Keys start with this, so a bearer token is told from a session token without a lookup. */
export const API_KEY_PREFIX = 'kdk_';
/** Rows per push; larger data goes as several pushes or as a file upload. */
export const PUSH_MAX_ROWS = 5000;

export const apiKey = z.object({
  id: z.uuid(),
  name: z.string(),
  prefix: z.string(),
  createdAt: z.string(),
  createdBy: z.string().nullable(),
  /** Who created the key, by name and e-mail (null once the account is gone). */
  createdByName: z.string().nullable(),
  createdByEmail: z.string().nullable(),
  /** Whether the creating account is deleted: its keys still work until revoked. */
  createdByDeleted: z.boolean(),
  lastUsedAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
});
export type ApiKey = z.infer<typeof apiKey>;
export const apiKeyList = listOf(apiKey);
export const apiKeyBody = z.strictObject({ name: z.string().trim().min(1).max(100) });
/** The key itself is in this answer only; it is stored hashed. */
export const createdApiKey = z.object({ apiKey, key: z.string() });

const cellValue = z.union([z.string().max(1000), z.number().finite(), z.boolean(), z.null()]);
const fieldKeys = MAPPING_FIELD_IDS as [string, ...string[]];

const pushRow = z.partialRecord(z.enum(fieldKeys), cellValue);

/**
 * `POST /api/imports/tours-shipments`: rows keyed by mapping field ids (as in /api/mapping-fields),
 * numbers with a dot, dates as YYYY-MM-DD (optionally with a time). Same validation and codes as a
 * file import.
 */
export const pushBody = z.strictObject({
  category: z.enum(MAPPING_CATEGORIES).default('shipment'),
  rows: z.array(pushRow).min(1).max(PUSH_MAX_ROWS),
});

/** Rows per bulk push (`POST /api/imports/bulk`). */
export const BULK_MAX_ROWS = 10_000;
/** Body size of a bulk push (10,000 rows of a dozen fields fit in a few MB). */
export const BULK_MAX_BYTES = 16 * 1024 * 1024;
/** Row issues listed in a bulk job's answer; all of them are in the import's error report. */
export const BULK_MAX_ISSUES = 1000;

// OpenAPI examples sit on the fields: the document generator keeps a field's metadata, not the body's.
const bulkExampleRows = [
  {
    tourReference: 'T-1001',
    shipmentReference: 'S-1',
    departureDate: '2026-03-02',
    glecTransportType: 'road_in_12_20t_diesel',
    weight: 8000,
    distance: 290,
    shipper: 'Muster AG',
  },
  {
    tourReference: 'T-1001',
    shipmentReference: 'S-2',
    departureDate: '2026-03-02',
    glecTransportType: 'road_in_12_20t_diesel',
    weight: 1200,
    distance: 290,
  },
];

/**
 * `POST /api/imports/bulk`: up to 10,000 rows of shipments (or tours with their shipments) in one
 * call, the rows as in the push above. Tours and shipments are keyed by the caller's references,
 * so the same rows again change nothing; a repeated `requestId` answers the first call's job and
 * queues nothing.
 */
export const bulkPushBody = z.strictObject({
  category: z.enum(MAPPING_CATEGORIES).default('shipment'),
  requestId: z
    .string()
    .trim()
    .min(1)
    .max(200)
    .optional()
    .meta({ examples: ['erp-2026-03-02-0001'] }),
  rows: z
    .array(pushRow)
    .min(1)
    .max(BULK_MAX_ROWS)
    .meta({ examples: [bulkExampleRows] }),
});

export const bulkIssue = z.object({
  row: z.number().int().nullable(),
  column: z.string().nullable(),
  code: z.string(),
  message: z.string().nullable(),
  tour: z.string().nullable(),
});

/**
 * A bulk push's job: the import task's progress and counts, and once done its row issues (the
 * first BULK_MAX_ISSUES; `issuesTruncated` says there are more). `repeated`: the answer of a call
 * whose `requestId` was sent before.
 */
export const bulkJob = importTask.extend({
  requestId: z.string().nullable(),
  repeated: z.boolean(),
  issues: z.array(bulkIssue).meta({
    examples: [[{ row: 3, column: 'weight', code: 'invalidWeight', message: 'heavy', tour: 'T-1001' }]],
  }),
  issuesTruncated: z.boolean(),
});
export type BulkJob = z.infer<typeof bulkJob>;
