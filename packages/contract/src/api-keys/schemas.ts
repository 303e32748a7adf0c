import { z } from 'zod';
import { listOf } from '../http.ts';
import { MAPPING_CATEGORIES, MAPPING_FIELD_IDS } from '../mappings/schemas.ts';

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

/**
 * `POST /api/imports/tours-shipments`: rows keyed by mapping field ids (as in /api/mapping-fields),
 * numbers with a dot, dates as YYYY-MM-DD (optionally with a time). Same validation and codes as a
 * file import.
 */
export const pushBody = z.strictObject({
  category: z.enum(MAPPING_CATEGORIES).default('shipment'),
  rows: z
    .array(z.partialRecord(z.enum(fieldKeys), cellValue))
    .min(1)
    .max(PUSH_MAX_ROWS),
});
