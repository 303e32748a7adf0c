import {
  boolean,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { DistanceMethodCode, LocationType, OrderPlace } from '@klimadesk/contract';
import { tenantTable } from '../../platform/db/schema.ts';
import { createdAt, tenantReference, ts, updatedAt } from '../../platform/db/columns.ts';
import { sql } from 'drizzle-orm';

/** Where the location service placed a leg end (kept beside the place as entered). */
export type ResolvedPlace = {
  type: LocationType;
  code: string;
  name: string;
  country: string;
  lat: number;
  lon: number;
};
/** One calculation step of the engine, as stored (English; rendered in the reader's language). */
export type StoredTraceStep = {
  step: string;
  label: string;
  formula: string;
  inputs: Record<string, number | string | boolean | null>;
  factor?: { id: string; value: number; unit: string; source: string; edition: string };
  output: Record<string, number | string | boolean | null>;
  note?: string;
};
export type StoredHub = {
  afterLeg: string;
  beforeLeg: string;
  hubType: string;
  co2Wtw: number;
  trace: StoredTraceStep[];
};

/**
 * Freight orders of a company (seed 000 §3 Order). Alternatives share `alternative_group_id` (the id
 * of the group's first order); position 1 is the basic tour. Totals are kept from the legs and hubs.
 */
export const orders = tenantTable(
  'orders',
  {
    number: text('number').notNull(),
    client: text('client').notNull(),
    cargoType: text('cargo_type').notNull(),
    quantity: integer('quantity'),
    freightType: text('freight_type').notNull(),
    grossWeight: doublePrecision('gross_weight').notNull(),
    grossWeightUnit: text('gross_weight_unit').notNull(),
    containerLoad: text('container_load'),
    containerSpec: text('container_spec'),
    temperatureControl: boolean('temperature_control').notNull().default(false),
    date: date('date').notNull(),
    label: text('label'),
    note: text('note'),
    status: text('status').notNull().default('open'),
    alternativeGroupId: uuid('alternative_group_id').notNull(),
    position: integer('position').notNull().default(1),
    isAutoAlternative: boolean('is_auto_alternative').notNull().default(false),
    /** kg CO2e: TTW and WTT of the legs; WTW of legs and hubs (GLEC hubs are WTW only). */
    co2Ttw: doublePrecision('co2_ttw').notNull().default(0),
    co2Wtt: doublePrecision('co2_wtt').notNull().default(0),
    co2Wtw: doublePrecision('co2_wtw').notNull().default(0),
    hubCo2Wtw: doublePrecision('hub_co2_wtw').notNull().default(0),
    tkm: doublePrecision('tkm').notNull().default(0),
    /** g CO2e (WTW, hubs included) per tkm. */
    intensity: doublePrecision('intensity').notNull().default(0),
    modes: text('modes').array().notNull().default([]),
    hubs: jsonb('hubs').$type<StoredHub[]>().notNull().default([]),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('orders_company_date_idx').on(t.companyId, t.date),
    index('orders_company_group_idx').on(t.companyId, t.alternativeGroupId, t.position),
    index('orders_company_created_idx').on(t.companyId, t.createdAt),
    // Sorting the basic tours by their WTW figure reads the top of an index, not 100,000 rows.
    index('orders_company_wtw_idx').on(t.companyId, t.position, t.co2Wtw),
    // The list's search and client filter are ILIKE '%term%' (seed 000 §5): trigram indexes answer
    // them without reading every order of a large company (bench: 100,000 orders).
    index('orders_number_trgm_idx').using('gin', sql`${t.number} gin_trgm_ops`),
    index('orders_client_trgm_idx').using('gin', sql`${t.client} gin_trgm_ops`),
    index('orders_label_trgm_idx').using('gin', sql`${t.label} gin_trgm_ops`),
  ],
);

/** Legs of an order by activity (pre-, main, on-carriage) and position within it. */
export const orderLegs = tenantTable(
  'order_legs',
  {
    orderId: uuid('order_id').notNull(),
    activity: text('activity').notNull(),
    position: integer('position').notNull(),
    transportMode: text('transport_mode').notNull(),
    origin: jsonb('origin').$type<OrderPlace>().notNull(),
    originResolved: jsonb('origin_resolved').$type<ResolvedPlace | null>(),
    destination: jsonb('destination').$type<OrderPlace>().notNull(),
    destinationResolved: jsonb('destination_resolved').$type<ResolvedPlace | null>(),
    glecVehicleType: text('glec_vehicle_type').notNull(),
    distanceKm: doublePrecision('distance_km').notNull(),
    distanceGiven: boolean('distance_given').notNull(),
    distanceType: text('distance_type').notNull(),
    distanceMethod: text('distance_method').notNull(),
    /** The method as a code (orders.methods.ts); null on legs stored before it, read from the note then. */
    distanceMethodCode: jsonb('distance_method_code').$type<DistanceMethodCode | null>(),
    co2Ttw: doublePrecision('co2_ttw').notNull(),
    co2Wtt: doublePrecision('co2_wtt').notNull(),
    co2Wtw: doublePrecision('co2_wtw').notNull(),
    tkm: doublePrecision('tkm').notNull(),
    intensity: doublePrecision('intensity').notNull(),
    method: text('method').notNull(),
    factorSet: jsonb('factor_set').$type<{ id: string; version: string; gwp: string }>().notNull(),
    trace: jsonb('trace').$type<StoredTraceStep[]>().notNull(),
  },
  (t) => [
    index('order_legs_order_idx').on(t.orderId, t.activity, t.position),
    tenantReference('order_legs_order_fk', [t.companyId, t.orderId], orders).onDelete('cascade'),
  ],
);

/**
 * Pushes of orders through the API (seed 000 §7 `GET /import-tasks`): the orders as sent wait in
 * `payload` for the job and are dropped once it is done; the counts stay.
 */
export const orderImportTasks = tenantTable(
  'order_import_tasks',
  {
    /** The pusher's id of the push, unique per company (a retried push is refused). */
    uploadId: text('upload_id'),
    status: text('status').notNull().default('queued'),
    /** `apiKey` or `session`. */
    source: text('source').notNull(),
    apiKeyId: uuid('api_key_id'),
    /** The user the orders are recorded for (the key's creator unless the push names one). */
    userId: uuid('user_id'),
    /** The key's name or the user's e-mail address, as it was at the push. */
    pushedBy: text('pushed_by').notNull(),
    payload: jsonb('payload').$type<unknown[] | null>(),
    received: integer('received').notNull().default(0),
    saved: integer('saved').notNull().default(0),
    failed: integer('failed').notNull().default(0),
    uploadedAt: ts('uploaded_at').notNull().defaultNow(),
    processedAt: ts('processed_at'),
  },
  (t) => [
    index('order_import_tasks_company_idx').on(t.companyId, t.uploadedAt),
    uniqueIndex('order_import_tasks_upload_uq')
      .on(t.companyId, t.uploadId)
      .where(sql`upload_id is not null`),
  ],
);

/** Coded messages of an order import task (seed 000 §8), in the order they were found. */
export const orderImportMessages = tenantTable(
  'order_import_messages',
  {
    taskId: uuid('task_id').notNull(),
    /** Running number within the task: the log's order. */
    seq: integer('seq').notNull(),
    code: text('code').notNull(),
    level: text('level').notNull(),
    orderIndex: integer('order_index'),
    orderNumber: text('order_number'),
    externalId: text('external_id'),
    orderId: uuid('order_id'),
    activity: text('activity'),
    legIndex: integer('leg_index'),
    field: text('field'),
    value: text('value'),
    params: jsonb('params').$type<Record<string, string | number>>().notNull().default({}),
  },
  (t) => [
    index('order_import_messages_task_idx').on(t.taskId, t.level, t.seq),
    tenantReference('order_import_messages_task_fk', [t.companyId, t.taskId], orderImportTasks).onDelete(
      'cascade',
    ),
  ],
);
