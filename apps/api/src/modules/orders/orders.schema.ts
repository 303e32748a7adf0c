import {
  boolean,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  uuid,
} from 'drizzle-orm/pg-core';
import type { LocationType, OrderPlace } from '@klimadesk/contract';
import { companies } from '../../platform/db/schema.ts';
import { createdAt, idColumn, updatedAt } from '../../platform/db/columns.ts';

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
export const orders = pgTable(
  'orders',
  {
    id: idColumn(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id),
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
  ],
);

/** Legs of an order by activity (pre-, main, on-carriage) and position within it. */
export const orderLegs = pgTable(
  'order_legs',
  {
    id: idColumn(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
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
    co2Ttw: doublePrecision('co2_ttw').notNull(),
    co2Wtt: doublePrecision('co2_wtt').notNull(),
    co2Wtw: doublePrecision('co2_wtw').notNull(),
    tkm: doublePrecision('tkm').notNull(),
    intensity: doublePrecision('intensity').notNull(),
    method: text('method').notNull(),
    factorSet: jsonb('factor_set').$type<{ id: string; version: string; gwp: string }>().notNull(),
    trace: jsonb('trace').$type<StoredTraceStep[]>().notNull(),
  },
  (t) => [index('order_legs_order_idx').on(t.orderId, t.activity, t.position)],
);
