import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  smallint,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { tenantTable } from '../../platform/db/schema.ts';
import { createdAt, ts, updatedAt } from '../../platform/db/columns.ts';

export type FuelSlot = {
  consumption: number | null;
  unitFuelConsumption: 'L' | 'kg' | 'kWh' | null;
  fuelType: string | null;
};

const common = () => ({
  licensePlate: text('license_plate').notNull(),
  // Upper case without spaces and dashes: "HH-AB 123" and "hh ab123" are the same plate.
  licensePlateKey: text('license_plate_key').notNull(),
  description: text('description'),
  maxPayload: doublePrecision('max_payload'),
  maxWeight: doublePrecision('max_weight'),
  weight: doublePrecision('weight'),
  hasCoolingUnit: boolean('has_cooling_unit').notNull().default(false),
  coolingUnitDescription: text('cooling_unit_description'),
  yearOfConstruction: integer('year_of_construction'),
  status: smallint('status').notNull().default(1),
  // Set once a tour calculation used the item: later edits then keep this row unchanged.
  usedInCalculations: boolean('used_in_calculations').notNull().default(false),
  replacedById: uuid('replaced_by_id'),
  decommissionedAt: ts('decommissioned_at'),
  restoredAt: ts('restored_at'),
  createdBy: uuid('created_by'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/**
 * The indexes vehicles and trailers share: one active item per plate in a company, and the
 * company's lists by status.
 */
const fleetIndexes = (
  table: string,
  t: { companyId: AnyPgColumn; licensePlateKey: AnyPgColumn; status: AnyPgColumn },
) => [
  uniqueIndex(`${table}_active_plate_uq`)
    .on(t.companyId, t.licensePlateKey)
    .where(sql`status = 1`),
  index(`${table}_company_status_idx`).on(t.companyId, t.status),
];

export const vehicles = tenantTable(
  'vehicles',
  {
    ...common(),
    vehicleLocation: text('vehicle_location'),
    vehicleReference: text('vehicle_reference'),
    fuelInformation: jsonb('fuel_information')
      .$type<FuelSlot[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    glecVehicleType: text('glec_vehicle_type'),
    manufacturer: text('manufacturer'),
    type: text('type'),
    model: text('model'),
    enginePowerPs: doublePrecision('engine_power_ps'),
    enginePowerKw: doublePrecision('engine_power_kw'),
    engineDisplacement: doublePrecision('engine_displacement'),
    exhaustStandard: text('exhaust_standard'),
  },
  (t) => fleetIndexes('vehicles', t),
);

export const trailers = tenantTable(
  'trailers',
  {
    ...common(),
    trailerReference: text('trailer_reference'),
    glecTrailerType: text('glec_trailer_type'),
    loadVolume: doublePrecision('load_volume'),
  },
  (t) => fleetIndexes('trailers', t),
);
