/**
 * Transport distance (ISO 14083 3.2.1; GLEC). Road, rail, sea and inland waterway use SFD: an actual
 * distance is divided by the mode's DAF (road 1.05, sea 1.15). Air uses GCD + 95 km (GLEC; EN 16258):
 * a great-circle distance gets the 95 km, a `GCD+95` or flown (actual) distance is taken as it comes.
 * GLEC default intensities refer to these distances, so activity and intensity stay on one basis;
 * fuel consumption per km works the other way (transport distance -> driven km).
 */
import type { DistanceAdjustment } from './factor-set.ts';
import { fail } from './result.ts';
import type { DistanceType, TransportMode } from './types.ts';

/** Distance type the transport activity of a mode is stated in. */
export function plannedType(mode: TransportMode, given: DistanceType): DistanceType {
  if (mode === 'air') return given === 'actual' ? 'actual' : 'GCD+95';
  if (given === 'actual' || given === 'estimate') return 'SFD';
  return given;
}

/** The air uplift in km (95 in the built-in set); 0 when a set models air without one. */
export function airUpliftKm(daf: DistanceAdjustment): number {
  return daf.kind === 'additive' ? daf.km : 0;
}

/**
 * Transport distance in km from a given distance and its type: the one rule behind every tkm of the
 * engine (legs, tours, shipments, allocation keys).
 */
export function transportKm(
  daf: DistanceAdjustment,
  mode: TransportMode,
  km: number,
  type: DistanceType,
  path: string,
): number {
  if (mode === 'air')
    return type === 'GCD' || type === 'SFD' || type === 'estimate' ? km + airUpliftKm(daf) : km;
  if (type === 'GCD+95')
    fail('UNKNOWN_DISTANCE_TYPE', `distance type GCD+95 is an air distance, not ${mode}`, path);
  return type === 'actual' ? actualToPlanned(daf, km) : km;
}

function actualToPlanned(daf: DistanceAdjustment, km: number): number {
  return daf.kind === 'multiplier' ? km / daf.value : km;
}

/** Driven km from a transport distance (consumption and measured fuel relate to driven km). */
export function plannedToActual(mode: TransportMode, daf: DistanceAdjustment, km: number): number {
  // Air transport distance (GCD + 95 km) already stands for the flown distance.
  if (mode === 'air') return km;
  return daf.kind === 'multiplier' ? km * daf.value : km;
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
