import {
  type GlecErrorInfo,
  calculateLegEmission,
  formatTrace,
  listFuelTypes,
  listGlecVehicleTypes,
  listSourceVersions,
  listTrailerTypes,
} from '@klimadesk/glec';
import type { ErrorKey, Language, emissionsSchemas } from '@klimadesk/contract';
import type { z } from 'zod';
import { AppError } from '../../platform/errors.ts';
import { list } from '../../platform/lists.ts';

// The engine's own codes that the catalogue already names; the rest travel in detail.reason.
const ENGINE_TO_CATALOGUE: Partial<Record<GlecErrorInfo['code'], ErrorKey>> = {
  UNKNOWN_VEHICLE_TYPE: 'InvalidGlecType',
  VEHICLE_TYPE_MODE_MISMATCH: 'InvalidGlecType',
  UNKNOWN_FUEL_TYPE: 'FuelTypeNotFound',
  FUEL_UNIT_MISMATCH: 'FuelTypeUnit',
  EQUAL_ORIGIN_DESTINATION: 'EqualOriginDestination',
};

export function engineError(error: GlecErrorInfo): AppError {
  const key = ENGINE_TO_CATALOGUE[error.code] ?? 'invalidCalculationInput';
  return new AppError(key, { reason: error.code, field: error.path ?? null, text: error.message });
}

export function vehicleTypes(lang: Language, mode?: string) {
  const all = listGlecVehicleTypes(lang).filter((v) => !mode || v.mode === mode);
  return list(all, all.length);
}

export function trailerTypes(lang: Language) {
  const all = listTrailerTypes(lang);
  return list(all, all.length);
}

export function fuels(lang: Language) {
  const all = listFuelTypes(lang);
  return list(all, all.length);
}

export function sourceVersions(lang: Language) {
  const all = listSourceVersions(lang);
  return list(all, all.length);
}

export function legEmission(input: z.output<typeof emissionsSchemas.legEmissionBody>) {
  const result = calculateLegEmission(input);
  if (!result.ok) throw engineError(result.error);
  return { ...result.value, sheet: formatTrace(result.value.trace) };
}
