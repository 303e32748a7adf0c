import { z } from 'zod';
import { YEAR_MAX, YEAR_MIN } from '../constants.ts';
import { listOf, orderQuery, paginationQuery } from '../http.ts';
import { parseDecimal } from '../numbers.ts';

/** Fleet item status (seed 000 §4): active, decommissioned; deleted items are not listed. */
export const FLEET_STATUS = { active: 1, decommissioned: 2, deleted: 3 } as const;
export const FUEL_UNITS = ['L', 'kg', 'kWh'] as const;

/** Save result codes of seed 000 §4: 1 error, 2 saved, 3 saved and decommissioned. */
export const SAVE_RESULT = { error: 1, saved: 2, savedAndDecommissioned: 3 } as const;

/** Numbers arrive as numbers or as text with comma or dot decimals (seed 000 §5). */
export const decimalInput = z.preprocess(
  (v) => (typeof v === 'string' ? parseDecimal(v) : v),
  z.number().finite().min(0).max(1e9).nullable(),
);

const text = (max = 255) => z.string().trim().max(max);

export const fuelSlot = z.object({
  consumption: decimalInput.optional(),
  unitFuelConsumption: z.enum(FUEL_UNITS).nullable().optional(),
  fuelType: z.string().trim().max(50).nullable().optional(),
});

/** Payload, maximum weight and empty weight, in this order on vehicles and trailers. */
const weightFields = <T extends z.ZodType>(weight: T) => ({ maxPayload: weight, maxWeight: weight, weight });

const vehicleFields = {
  licensePlate: text(20),
  vehicleLocation: text().nullable().optional(),
  description: text(1000).nullable().optional(),
  vehicleReference: text(100).nullable().optional(),
  fuelInformation: z.array(fuelSlot).max(2).optional(),
  glecVehicleType: z.string().trim().max(100).nullable().optional(),
  manufacturer: text(100).nullable().optional(),
  type: text(100).nullable().optional(),
  model: text(100).nullable().optional(),
  ...weightFields(decimalInput.optional()),
  enginePowerPs: decimalInput.optional(),
  enginePowerKw: decimalInput.optional(),
  engineDisplacement: decimalInput.optional(),
  yearOfConstruction: z.coerce.number().int().nullable().optional(),
  exhaustStandard: text(50).nullable().optional(),
  hasCoolingUnit: z.boolean().optional(),
  coolingUnitDescription: text(500).nullable().optional(),
};

export const vehicleBody = z.strictObject(vehicleFields);
export const vehiclePatchBody = z.strictObject(vehicleFields).partial();

const nullableNumber = z.number().nullable();

/** Status (1 active, 2 decommissioned), its dates and the sample flag, the same for every fleet item. */
const lifecycle = {
  status: z.number().int(),
  restoredAt: z.string().nullable(),
  decommissionedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  sample: z.boolean(),
};

export const vehicle = z.object({
  id: z.uuid(),
  licensePlate: z.string(),
  vehicleLocation: z.string().nullable(),
  description: z.string().nullable(),
  vehicleReference: z.string().nullable(),
  fuelInformation: z.array(
    z.object({
      consumption: nullableNumber,
      unitFuelConsumption: z.enum(FUEL_UNITS).nullable(),
      fuelType: z.string().nullable(),
    }),
  ),
  glecVehicleType: z.string().nullable(),
  manufacturer: z.string().nullable(),
  type: z.string().nullable(),
  model: z.string().nullable(),
  ...weightFields(nullableNumber),
  enginePowerPs: nullableNumber,
  enginePowerKw: nullableNumber,
  engineDisplacement: nullableNumber,
  yearOfConstruction: z.number().int().nullable(),
  exhaustStandard: z.string().nullable(),
  hasCoolingUnit: z.boolean(),
  coolingUnitDescription: z.string().nullable(),
  ...lifecycle,
});
export type Vehicle = z.infer<typeof vehicle>;

const trailerFields = {
  licensePlate: text(20),
  description: text(1000).nullable().optional(),
  trailerReference: text(100).nullable().optional(),
  glecTrailerType: z.string().trim().max(100).nullable().optional(),
  loadVolume: decimalInput.optional(),
  ...weightFields(decimalInput.optional()),
  hasCoolingUnit: z.boolean().optional(),
  coolingUnitDescription: text(500).nullable().optional(),
  yearOfConstruction: z.coerce.number().int().nullable().optional(),
};

export const trailerBody = z.strictObject(trailerFields);
export const trailerPatchBody = z.strictObject(trailerFields).partial();

export const trailer = z.object({
  id: z.uuid(),
  licensePlate: z.string(),
  description: z.string().nullable(),
  trailerReference: z.string().nullable(),
  glecTrailerType: z.string().nullable(),
  loadVolume: nullableNumber,
  ...weightFields(nullableNumber),
  hasCoolingUnit: z.boolean(),
  coolingUnitDescription: z.string().nullable(),
  yearOfConstruction: z.number().int().nullable(),
  ...lifecycle,
});
export type Trailer = z.infer<typeof trailer>;

export const fleetListQuery = z.strictObject({
  ...paginationQuery,
  /** 1 active (default), 2 decommissioned, `all`. */
  status: z.enum(['1', '2', 'all']).default('1'),
  search: z.string().trim().max(100).optional(),
  ...orderQuery(['licensePlate', 'createdAt', 'updatedAt', 'yearOfConstruction', 'description']),
});
export const fleetExportQuery = fleetListQuery.omit({ page: true, limit: true, pagination: true });

export const vehicleSaveResult = z.object({ result: z.number().int(), vehicle });
export const trailerSaveResult = z.object({ result: z.number().int(), trailer });

export const importResult = z.object({ created: z.number().int(), updated: z.number().int() });

export const importRowError = z.object({
  row: z.number().int(),
  code: z.string(),
  field: z.string().nullable(),
});

export const vehicleList = listOf(vehicle);
export const trailerList = listOf(trailer);

export const templateQuery = z.strictObject({ lang: z.enum(['de', 'en']).optional() });

export const YEAR_RANGE = { min: YEAR_MIN, max: YEAR_MAX } as const;
