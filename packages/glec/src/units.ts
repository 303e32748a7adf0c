/** Mass, TEU and fuel-quantity conversions with validation. */
import type { CompiledFactorSet, FuelFactor } from './factor-set.ts';
import { fail, fieldPrefix, requirePositive } from './result.ts';
import type { ContainerCount, FuelUnit, WeightUnit } from './types.ts';

export interface MassInput {
  weight?: number;
  weightUnit?: WeightUnit;
  teu?: number;
  containers?: ContainerCount[];
  tonnesPerTeu?: number;
}

export interface Mass {
  /** Freight mass in tonnes. */
  tonnes: number;
  /** TEU when known (given directly, from containers, or from a TEU weight unit). */
  teu: number | undefined;
  tonnesPerTeu: number;
  /** How the mass was obtained, for the trace. */
  how: 'kg' | 't' | 'TEU';
}

/** TEU from container counts: 20 ft = 1, 40 ft = 2, 45 ft = 2.25 TEU ([S2] TCE.packagingOrTrEqAmount). */
export function teuFromContainers(c: CompiledFactorSet, containers: ContainerCount[], path: string): number {
  if (!Array.isArray(containers) || containers.length === 0)
    fail('INVALID_INPUT', `${path} must be a non-empty list`, path);
  let teu = 0;
  for (let i = 0; i < containers.length; i++) {
    const item = containers[i]!;
    const per = c.set.teuPerContainer[item.size];
    if (per === undefined)
      fail('UNKNOWN_CONTAINER_SIZE', `unknown container size ${String(item.size)}`, `${path}[${i}].size`);
    teu += per * requirePositive(item.count, `${path}[${i}].count`);
  }
  return teu;
}

export function resolveMass(c: CompiledFactorSet, input: MassInput, path: string): Mass {
  const prefix = fieldPrefix(path);
  const tonnesPerTeu =
    input.tonnesPerTeu === undefined
      ? c.set.tonnesPerTeu.value
      : requirePositive(input.tonnesPerTeu, `${prefix}tonnesPerTeu`);
  let teu: number | undefined;
  if (input.teu !== undefined) {
    if (input.containers !== undefined)
      fail('INVALID_INPUT', 'give either teu or containers, not both', `${prefix}containers`);
    teu = requirePositive(input.teu, `${prefix}teu`);
  } else if (input.containers !== undefined) {
    teu = teuFromContainers(c, input.containers, `${prefix}containers`);
  }
  const weight = requirePositive(input.weight, `${prefix}weight`);
  const unit = input.weightUnit;
  if (unit === 'kg') return { tonnes: weight / 1000, teu, tonnesPerTeu, how: 'kg' };
  if (unit === 't') return { tonnes: weight, teu, tonnesPerTeu, how: 't' };
  if (unit === 'TEU') {
    if (teu !== undefined)
      fail(
        'INVALID_INPUT',
        'weightUnit TEU already gives the TEU; drop teu/containers',
        `${prefix}weightUnit`,
      );
    // Default cargo per TEU: 10 t (GLEC v3.2 section 4.3.2 via [S3]; [S1] A.1).
    return { tonnes: weight * tonnesPerTeu, teu: weight, tonnesPerTeu, how: 'TEU' };
  }
  if (unit === undefined) fail('MISSING_FIELD', `${prefix}weightUnit is required`, `${prefix}weightUnit`);
  return fail(
    'UNKNOWN_WEIGHT_UNIT',
    `unknown weight unit ${String(unit)} (kg, t or TEU)`,
    `${prefix}weightUnit`,
  );
}

/**
 * Quantity in the fuel factor's energy unit (kg or kWh). Litres go through the density; a unit the
 * fuel does not allow (e.g. kWh of diesel, L of CNG) is rejected.
 */
export function fuelQuantity(f: FuelFactor, amount: number, unit: FuelUnit, path: string): number {
  if (!f.units.includes(unit)) {
    fail(
      'FUEL_UNIT_MISMATCH',
      `unit ${String(unit)} does not fit fuel ${f.id} (allowed: ${f.units.join(', ')})`,
      `${path}.unit`,
    );
  }
  if (unit === 'L') return amount * f.densityKgPerL!;
  return amount;
}
