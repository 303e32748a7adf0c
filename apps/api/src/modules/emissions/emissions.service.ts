import {
  type GlecErrorInfo,
  calculateLegEmission,
  formatTrace,
  localizeTrace,
  listFuelTypes,
  listGlecVehicleTypes,
  listTrailerTypes,
} from '@klimadesk/glec';
import type { ErrorKey, Language, emissionsSchemas } from '@klimadesk/contract';
import type { z } from 'zod';
import type { Actor } from '../../platform/access.ts';
import type { AppContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { findCompany } from '../companies/index.ts';
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

/** Europe and global types, plus the regions the company chose (company setting factorRegions). */
export async function vehicleTypes(
  ctx: AppContext,
  actor: Actor,
  lang: Language,
  query: { mode?: string; regions?: 'all' },
) {
  const { mode } = query;
  const regions =
    query.regions === 'all' ? undefined : ((await findCompany(ctx.db, actor.companyId))?.factorRegions ?? []);
  const all = listGlecVehicleTypes(lang, undefined, regions).filter((v) => !mode || v.mode === mode);
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

/** One leg with its calculation sheet in the request language. */
export function legEmission(input: z.output<typeof emissionsSchemas.legEmissionBody>, lang: Language) {
  const result = calculateLegEmission(input);
  if (!result.ok) throw engineError(result.error);
  const r = result.value;
  return { ...r, trace: localizeTrace(r.trace, lang), sheet: formatTrace(r.trace, undefined, lang) };
}
