import { type ErrorKey, YEAR_MAX, YEAR_MIN } from '@klimadesk/contract';
import { TRAILER_TYPES, fuelTypes, glecVehicleTypes } from '@klimadesk/glec';
import type { FuelSlot } from './fleet.schema.ts';

export type RuleError = { code: ErrorKey; field: string | null };

// Fleet vehicles are road vehicles; the other modes come in through orders and imports.
const ROAD_TYPES = new Map(
  glecVehicleTypes()
    .filter((v) => v.mode === 'road')
    .map((v) => [v.id, v]),
);
const FUELS = new Map(fuelTypes().map((f) => [f.id, f]));
const TRAILERS = new Set(TRAILER_TYPES.map((t) => t.id));

const filled = (v: unknown) => v !== null && v !== undefined && v !== '';

/** A fuel type by id or by its German or English label, in any case. */
export function resolveFuelType(value: string): string | null {
  const v = value.trim().toLowerCase();
  for (const f of FUELS.values()) {
    if (f.id === v || f.label.de.toLowerCase() === v || f.label.en.toLowerCase() === v) return f.id;
  }
  return null;
}

export function resolveVehicleType(value: string): string | null {
  const v = value.trim().toLowerCase();
  for (const t of ROAD_TYPES.values()) {
    if (t.id === v || t.label.de.toLowerCase() === v || t.label.en.toLowerCase() === v) return t.id;
  }
  return null;
}

export function resolveTrailerType(value: string): string | null {
  const v = value.trim().toLowerCase();
  for (const t of TRAILER_TYPES) {
    if (t.id === v || t.label.de.toLowerCase() === v || t.label.en.toLowerCase() === v) return t.id;
  }
  return null;
}

function yearError(year: number | null | undefined): RuleError[] {
  if (year === null || year === undefined) return [];
  return Number.isInteger(year) && year >= YEAR_MIN && year <= YEAR_MAX
    ? []
    : [{ code: 'InvalidYearOfConstruction', field: 'yearOfConstruction' }];
}

/** The fuel rules of seed 000 §5: per slot none or all three fields; the unit fits the fuel. */
export function fuelErrors(slots: Partial<FuelSlot>[]): RuleError[] {
  const errors: RuleError[] = [];
  slots.forEach((slot, i) => {
    const field = `fuelInformation.${i}`;
    const count = [slot.consumption, slot.unitFuelConsumption, slot.fuelType].filter(filled).length;
    if (count === 0) return;
    if (count < 3) {
      errors.push({ code: 'IncompleteFuelInfo', field });
      return;
    }
    const fuel = FUELS.get(slot.fuelType as string);
    if (!fuel) errors.push({ code: 'FuelTypeNotFound', field: `${field}.fuelType` });
    else if (!fuel.units.includes(slot.unitFuelConsumption as 'L' | 'kg' | 'kWh')) {
      errors.push({ code: 'FuelTypeUnit', field: `${field}.unitFuelConsumption` });
    }
  });
  return errors;
}

export type VehicleFields = {
  licensePlate?: string | null;
  glecVehicleType?: string | null;
  fuelInformation?: Partial<FuelSlot>[];
  yearOfConstruction?: number | null;
};

/** The plate and the GLEC type every fleet item needs; the type must be one of `known`. */
function plateAndTypeErrors(
  plate: string | null | undefined,
  field: 'glecVehicleType' | 'glecTrailerType',
  type: string | null | undefined,
  known: Pick<ReadonlySet<string>, 'has'>,
): RuleError[] {
  const errors: RuleError[] = [];
  if (!filled(plate?.trim())) errors.push({ code: 'MissingRequiredFields', field: 'licensePlate' });
  if (!filled(type)) errors.push({ code: 'MissingRequiredFields', field });
  else if (!known.has(type as string)) errors.push({ code: 'InvalidGlecType', field });
  return errors;
}

export function vehicleErrors(v: VehicleFields): RuleError[] {
  return [
    ...plateAndTypeErrors(v.licensePlate, 'glecVehicleType', v.glecVehicleType, ROAD_TYPES),
    ...fuelErrors(v.fuelInformation ?? []),
    ...yearError(v.yearOfConstruction),
  ];
}

export type TrailerFields = {
  licensePlate?: string | null;
  glecTrailerType?: string | null;
  yearOfConstruction?: number | null;
};

export function trailerErrors(t: TrailerFields): RuleError[] {
  return [
    ...plateAndTypeErrors(t.licensePlate, 'glecTrailerType', t.glecTrailerType, TRAILERS),
    ...yearError(t.yearOfConstruction),
  ];
}

export function plateKey(plate: string): string {
  return plate.toUpperCase().replace(/[\s\-–.]/g, '');
}
