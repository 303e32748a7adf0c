/**
 * Distance adjustment (DAF). GLEC defaults refer to planned distances (SFD; GCD for air) with the
 * mode's DAF already inside, so an actual distance is converted back to the planned basis before
 * it meets a default intensity; fuel consumption per km works the other way (planned -> actual).
 */
import type { DistanceAdjustment } from './factor-set.ts';
import { fail } from './result.ts';
import type { DistanceType, TransportMode } from './types.ts';

/** Planned distance type of a mode: GCD between airports for air, SFD elsewhere ([S1] 3.2.1, Table 3). */
export function plannedType(mode: TransportMode, given: DistanceType): DistanceType {
  if (given !== 'actual') return given;
  return mode === 'air' ? 'GCD' : 'SFD';
}

export function actualToPlanned(daf: DistanceAdjustment, km: number, path: string): number {
  if (daf.kind === 'multiplier') return km / daf.value;
  if (daf.kind === 'additive') {
    const planned = km - daf.km;
    if (planned <= 0) {
      fail(
        'DISTANCE_BELOW_ADJUSTMENT',
        `actual distance ${km} km is not above the ${daf.km} km adjustment`,
        path,
      );
    }
    return planned;
  }
  return km;
}

export function plannedToActual(daf: DistanceAdjustment, km: number): number {
  if (daf.kind === 'multiplier') return km * daf.value;
  if (daf.kind === 'additive') return km + daf.km;
  return km;
}

const dafTexts = new WeakMap<DistanceAdjustment, string>();

export function dafText(daf: DistanceAdjustment): string {
  let t = dafTexts.get(daf);
  if (t === undefined) {
    t = daf.kind === 'multiplier' ? `x ${daf.value}` : daf.kind === 'additive' ? `+ ${daf.km} km` : 'none';
    dafTexts.set(daf, t);
  }
  return t;
}
