import { z } from 'zod';
import { listOf, paginationQueryOf } from '../http.ts';
import { MAX_LEGS_PER_ORDER } from './schemas.ts';

/**
 * Orders pushed through the API (`POST /api/orders/import`, by API key or session) and the import
 * log of their coded messages (seed 000 §8 order import messages, §9 page sizes).
 */
export const ORDER_IMPORT_TASK_PAGE_SIZE = 30;
export const ORDER_IMPORT_LOG_PAGE_SIZE = 15;
/** Orders per push: one push stays within the 1 MB body cap; more data goes as several pushes. */
export const ORDER_IMPORT_MAX_ORDERS = 500;

/**
 * Levels of seed 000 §8: `critical` refuses the whole push (nothing is saved), `error` refuses one
 * order (its other orders are saved), `warning` and `info` are saved with the order.
 */
export const ORDER_IMPORT_LEVELS = ['critical', 'error', 'warning', 'info'] as const;
export type OrderImportLevel = (typeof ORDER_IMPORT_LEVELS)[number];

/**
 * Every message code of the order import with its level (seed 000 §8: invalid origin or destination
 * fields, invalid cargo, container, train, aircraft or vehicle type, distance or emission
 * calculation failed, orders or legs missing, unit cargo unsupported for the mode, order save
 * failed, invalid upload id, company id, user id, weight, weight unit, quantity, status). An
 * invalid, revoked or unknown API key never reaches the import: the call answers `apiKeyInvalid`
 * (401) before a task exists.
 */
export const ORDER_IMPORT_MESSAGES = {
  // The push as a whole (nothing saved).
  OrderImportOrdersMissing: 'critical',
  OrderImportInvalidUploadId: 'critical',
  OrderImportUploadIdUsed: 'critical',
  OrderImportInvalidCompanyId: 'critical',
  OrderImportInvalidUserId: 'critical',
  // One order (not saved).
  OrderImportInvalidNumber: 'error',
  OrderImportInvalidClient: 'error',
  OrderImportInvalidCargoType: 'error',
  OrderImportInvalidFreightType: 'error',
  OrderImportInvalidContainerType: 'error',
  OrderImportInvalidContainerLoad: 'error',
  OrderImportInvalidWeight: 'error',
  OrderImportInvalidWeightUnit: 'error',
  OrderImportInvalidQuantity: 'error',
  OrderImportInvalidStatus: 'error',
  OrderImportInvalidDate: 'error',
  OrderImportInvalidText: 'error',
  OrderImportLegsMissing: 'error',
  OrderImportInvalidActivity: 'error',
  OrderImportTooManyLegs: 'error',
  OrderImportQuotaReached: 'error',
  OrderImportSaveFailed: 'error',
  // One leg (its order is not saved).
  OrderImportInvalidTransportMode: 'error',
  OrderImportInvalidOrigin: 'error',
  OrderImportInvalidDestination: 'error',
  OrderImportOriginNotFound: 'error',
  OrderImportDestinationNotFound: 'error',
  OrderImportEqualOriginDestination: 'error',
  OrderImportInvalidVehicleType: 'error',
  OrderImportInvalidTrainType: 'error',
  OrderImportInvalidAircraftType: 'error',
  OrderImportInvalidShipType: 'error',
  OrderImportUnitCargoNotForMode: 'error',
  OrderImportContainerNotForMode: 'error',
  OrderImportInvalidDistance: 'error',
  OrderImportInvalidDistanceType: 'error',
  OrderImportDistanceCalculationFailed: 'error',
  OrderImportEmissionCalculationFailed: 'error',
  // Saved, with a note.
  OrderImportDuplicateNumber: 'warning',
  OrderImportContainerTypeMissing: 'warning',
  OrderImportPlaceNotFoundDistanceGiven: 'warning',
  OrderImportStatusDefaulted: 'info',
  OrderImportOrderSaved: 'info',
} as const satisfies Record<string, OrderImportLevel>;
export type OrderImportCode = keyof typeof ORDER_IMPORT_MESSAGES;
export const ORDER_IMPORT_CODES = Object.keys(ORDER_IMPORT_MESSAGES) as [
  OrderImportCode,
  ...OrderImportCode[],
];

// The push takes every value as sent (types checked, values not): a wrong value becomes a coded
// message of its order instead of refusing the whole push.
const raw = (max: number) => z.string().max(max);

/** A leg end in any form of the location service (country + postal code or city, UN/LOCODE, IATA code). */
export const importPlace = z.strictObject({
  country: raw(100).optional(),
  zipCode: raw(100).optional(),
  city: raw(200).optional(),
  street: raw(200).optional(),
  locode: raw(50).optional(),
  iataCode: raw(50).optional(),
});

export const importLeg = z.strictObject({
  transportMode: raw(50).optional(),
  origin: importPlace.optional(),
  destination: importPlace.optional(),
  glecVehicleType: raw(100).optional(),
  distance: z.number().finite().optional(),
  /** `actual` (default), `shortestFeasible` or `greatCircle`: the kind of the given distance. */
  distanceType: raw(50).optional(),
});

export const importActivity = z.strictObject({
  activity: raw(50).optional(),
  legs: z.array(importLeg).max(MAX_LEGS_PER_ORDER).optional(),
});

/** One order as in `POST /api/orders` (fields named the same), plus the pusher's own id. */
export const importOrder = z.strictObject({
  /** The pusher's id of the order (shown in the log beside the order number). */
  externalId: raw(100).optional(),
  number: raw(200).optional(),
  client: raw(200).optional(),
  cargoType: raw(50).optional(),
  quantity: z.number().finite().nullable().optional(),
  freightType: raw(50).optional(),
  grossWeight: z.number().finite().optional(),
  grossWeightUnit: raw(50).optional(),
  containerLoad: raw(50).nullable().optional(),
  containerSpec: raw(50).nullable().optional(),
  temperatureControl: z.boolean().optional(),
  date: raw(50).optional(),
  label: raw(500).nullable().optional(),
  note: raw(5000).nullable().optional(),
  status: raw(50).optional(),
  activities: z.array(importActivity).max(10).optional(),
});
export type ImportOrder = z.infer<typeof importOrder>;

export const orderImportBody = z.strictObject({
  /** The pusher's id of this push: letters, digits and `._:-`, once per company (a retry is refused). */
  uploadId: raw(200).optional(),
  /** When given, must be the key's own company. */
  companyId: raw(100).optional(),
  /** The user the orders are recorded for: an active user of the company. */
  userId: raw(100).optional(),
  orders: z.array(importOrder).max(ORDER_IMPORT_MAX_ORDERS).default([]),
});
export type OrderImportBody = z.input<typeof orderImportBody>;

export const ORDER_IMPORT_STATUSES = ['queued', 'processing', 'success', 'partial', 'failed'] as const;
export type OrderImportStatus = (typeof ORDER_IMPORT_STATUSES)[number];

export const orderImportTask = z.object({
  id: z.uuid(),
  uploadId: z.string().nullable(),
  /** queued → processing → success (every order saved), partial (some) or failed (none). */
  status: z.enum(ORDER_IMPORT_STATUSES),
  source: z.enum(['apiKey', 'session']),
  /** The API key's name, or the signed-in user's e-mail address. */
  pushedBy: z.string(),
  uploadedAt: z.string(),
  processedAt: z.string().nullable(),
  received: z.number().int(),
  saved: z.number().int(),
  failed: z.number().int(),
  /** Messages of the task by level. */
  messages: z.object({
    critical: z.number().int(),
    error: z.number().int(),
    warning: z.number().int(),
    info: z.number().int(),
  }),
});
export type OrderImportTask = z.infer<typeof orderImportTask>;
export const orderImportTaskList = listOf(orderImportTask);
export const orderImportTaskListQuery = z.strictObject({
  ...paginationQueryOf(ORDER_IMPORT_TASK_PAGE_SIZE),
  status: z.enum(ORDER_IMPORT_STATUSES).optional(),
});

export const orderImportMessage = z.object({
  id: z.uuid(),
  code: z.enum(ORDER_IMPORT_CODES),
  level: z.enum(ORDER_IMPORT_LEVELS),
  /** Position of the order in the push (1 = first); null for a message on the whole push. */
  orderIndex: z.number().int().nullable(),
  orderNumber: z.string().nullable(),
  externalId: z.string().nullable(),
  /** The saved order (warnings and info of a saved order). */
  orderId: z.uuid().nullable(),
  activity: z.string().nullable(),
  /** Position of the leg within its activity (1 = first). */
  legIndex: z.number().int().nullable(),
  field: z.string().nullable(),
  /** The value as sent, at most 200 characters. */
  value: z.string().nullable(),
  /** Further parameters of the message text (e.g. limit, transportMode). */
  params: z.record(z.string(), z.union([z.string(), z.number()])),
});
export type OrderImportMessage = z.infer<typeof orderImportMessage>;
export const orderImportLog = listOf(orderImportMessage);

/** A comma-separated level list; absent means every level. */
const levelList = z
  .string()
  .max(100)
  .transform((v) => (v === '' ? [] : v.split(',').map((x) => x.trim())))
  .pipe(z.array(z.enum(ORDER_IMPORT_LEVELS)));

export const orderImportLogQuery = z.strictObject({
  ...paginationQueryOf(ORDER_IMPORT_LOG_PAGE_SIZE),
  level: levelList.optional(),
});
