import { plannedType, transportKm } from './distance.ts';
import type { FactorSet } from './factor-set.ts';
import { requireDistanceType, requireMode, resolveSet } from './leg.ts';
import { attempt, requirePositive, type Result } from './result.ts';
import type { DistanceType, TransportMode } from './types.ts';

/**
 * The transport distance behind a tkm (ISO 14083: SFD, an actual road distance / DAF; air GCD + 95
 * km): the one rule callers outside the engine use for a stored or shown tkm.
 */
export function transportDistance(
  transportMode: TransportMode,
  distance: number,
  distanceType: DistanceType,
  factorSet?: FactorSet,
): Result<{ km: number; type: DistanceType }> {
  return attempt(() => {
    const mode = requireMode(transportMode, 'transportMode');
    const type = requireDistanceType(distanceType, 'distanceType');
    const d = requirePositive(distance, 'distance');
    const daf = resolveSet(factorSet).set.distanceAdjustment[mode];
    return { km: transportKm(daf, mode, d, type, 'distanceType'), type: plannedType(mode, type) };
  });
}
