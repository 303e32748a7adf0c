import { sql } from 'drizzle-orm';
import {
  boolean,
  doublePrecision,
  index,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { companies } from '../../platform/db/schema.ts';
import { createdAt, idColumn, ts, updatedAt } from '../../platform/db/columns.ts';

/** What a stored emission result keeps next to its totals: the factor set and the calculation sheet. */
export type StoredResult = {
  method: 'default' | 'fuel';
  factorSet: { id: string; version: string };
  co2Ttw: number;
  co2Wtt: number;
  co2Wtw: number;
  trace: unknown[];
};

export type Place = { name: string | null; city: string | null; zip: string | null; country: string | null };

const co2Columns = () => ({
  // kg CO2e; default = GLEC intensity method, individual = fuel-based when fuel data exists.
  co2DefaultTtw: doublePrecision('co2_default_ttw'),
  co2DefaultWtt: doublePrecision('co2_default_wtt'),
  co2DefaultWtw: doublePrecision('co2_default_wtw'),
  co2IndividualTtw: doublePrecision('co2_individual_ttw'),
  co2IndividualWtt: doublePrecision('co2_individual_wtt'),
  co2IndividualWtw: doublePrecision('co2_individual_wtw'),
  hubCo2Wtw: doublePrecision('hub_co2_wtw'),
});

export const tours = pgTable(
  'tours',
  {
    id: idColumn(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id),
    reference: text('reference').notNull(),
    departure: jsonb('departure').$type<Place>().notNull(),
    arrival: jsonb('arrival').$type<Place>().notNull(),
    departureDate: ts('departure_date'),
    arrivalDate: ts('arrival_date'),
    glecVehicleType: text('glec_vehicle_type'),
    vehicleId: uuid('vehicle_id'),
    licensePlate: text('license_plate'),
    vehicleReference: text('vehicle_reference'),
    weightKg: doublePrecision('weight_kg'),
    distanceKm: doublePrecision('distance_km'),
    emptyDistanceKm: doublePrecision('empty_distance_km'),
    emptyRunningShare: doublePrecision('empty_running_share'),
    tkm: doublePrecision('tkm'),
    fuel: jsonb('fuel').$type<{ fuelType: string; amount: number; unit: string }[]>(),
    temperatureControl: boolean('temperature_control').notNull().default(false),
    ...co2Columns(),
    defaultResult: jsonb('default_result').$type<StoredResult>(),
    individualResult: jsonb('individual_result').$type<StoredResult>(),
    tags: text('tags')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    taskId: uuid('task_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('tours_company_reference_uq').on(t.companyId, t.reference),
    index('tours_company_departure_idx').on(t.companyId, t.departureDate.desc()),
    index('tours_company_vehicle_idx').on(t.companyId, t.vehicleId),
    index('tours_tags_idx').using('gin', t.tags),
  ],
);

export const shipments = pgTable(
  'shipments',
  {
    id: idColumn(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id),
    reference: text('reference').notNull(),
    orderNumber: text('order_number'),
    shipper: text('shipper'),
    description: text('description'),
    weightKg: doublePrecision('weight_kg'),
    loadedDistanceKm: doublePrecision('loaded_distance_km'),
    origin: jsonb('origin').$type<Place>(),
    destination: jsonb('destination').$type<Place>(),
    // Earliest departure of its tours, kept here so lists and stats filter without a join.
    departureDate: ts('departure_date'),
    ...co2Columns(),
    tags: text('tags')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    taskId: uuid('task_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('shipments_company_reference_uq').on(t.companyId, t.reference),
    index('shipments_company_departure_idx').on(t.companyId, t.departureDate.desc()),
    index('shipments_company_shipper_idx').on(t.companyId, t.shipper),
    index('shipments_tags_idx').using('gin', t.tags),
  ],
);

/** A shipment's ride on a tour with its carriage and its allocated share of the tour's emissions. */
export const tourShipments = pgTable(
  'tour_shipments',
  {
    tourId: uuid('tour_id')
      .notNull()
      .references(() => tours.id, { onDelete: 'cascade' }),
    shipmentId: uuid('shipment_id')
      .notNull()
      .references(() => shipments.id, { onDelete: 'cascade' }),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id),
    carriage: text('carriage').notNull().default('main_carriage'),
    weightKg: doublePrecision('weight_kg'),
    share: doublePrecision('share'),
    ...co2Columns(),
    defaultResult: jsonb('default_result').$type<StoredResult>(),
    individualResult: jsonb('individual_result').$type<StoredResult>(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tourId, t.shipmentId] }),
    index('tour_shipments_shipment_idx').on(t.shipmentId),
    index('tour_shipments_company_idx').on(t.companyId),
  ],
);
