/**
 * Allocation of a tour's emissions to its shipments ([S1] Example 3, Table 6 notes):
 * key_i = tkm_i / sum tkm, with tkm_i = m_i x d_i on each shipment's own planned distance (SFD/GCD
 * from pick-up to drop-off), or 1/n when masses are missing. The tour total includes its empty
 * running, so nothing stays unallocated. Rounding happens once, here, to whole grams with the
 * largest-remainder method so the shipment sum equals the tour total exactly: the tour's WTW in
 * grams is round(TTW + WTT), its TTW round(TTW), its WTT the difference, so the shipments' WTW add
 * up to the tour's WTW to the gram (WTT may then differ from round(WTT) by 1 g).
 */
import { transportKm } from './distance.ts';
import type { FactorSet } from './factor-set.ts';
import { requireDistanceType, requireMode, resolveSet } from './leg.ts';
import {
  attempt,
  fail,
  requireNonNegative,
  requireObject,
  requirePositive,
  requireString,
  type Result,
} from './result.ts';
import type { DistanceType, FactorSetRef, TraceStep, TransportMode, WeightUnit } from './types.ts';

export interface AllocationShipmentInput {
  id: string;
  /** Shipment mass; when any shipment lacks it the whole tour is allocated by count. */
  weight?: number;
  weightUnit?: 'kg' | 't';
  /** The shipment's own distance from pick-up to drop-off (not the km it rode in the vehicle). */
  distance: number;
  /** Default SFD. Other types become the transport distance of the tour's mode (actual / DAF; air GCD + 95 km). */
  distanceType?: DistanceType;
}

export interface AllocationInput {
  /** Tour totals in kg CO2e, e.g. a TourEmissionResult; its trace is prepended to each shipment's trace. */
  tour: { co2Ttw: number; co2Wtt: number; trace?: TraceStep[]; factorSet?: FactorSetRef };
  /** Needed only when a shipment distance is not SFD. */
  transportMode?: TransportMode;
  shipments: AllocationShipmentInput[];
}

export interface ShipmentAllocation {
  id: string;
  /** Allocation key (share of the tour, 0..1). */
  share: number;
  tkm: number | null;
  /** Whole grams; the shipment sums equal the tour totals exactly. */
  co2TtwG: number;
  co2WttG: number;
  co2WtwG: number;
  /** Same in kg CO2e. */
  co2Ttw: number;
  co2Wtt: number;
  co2Wtw: number;
  /** g CO2e/tkm (WTW) of the shipment; null when allocated by count. */
  intensity: number | null;
  trace: TraceStep[];
}

export interface AllocationResult {
  basis: 'tkm' | 'count';
  /** Tour totals in whole grams; WTW = TTW + WTT. */
  tourTtwG: number;
  tourWttG: number;
  tourWtwG: number;
  factorSet?: FactorSetRef;
  shipments: ShipmentAllocation[];
}

/**
 * Largest-remainder rounding: splits the integer `total` in proportion to `weights` into integers
 * that sum to `total` exactly. Ties go to the lower index, so results are deterministic.
 */
export function largestRemainder(total: number, weights: ArrayLike<number>): number[] {
  const out = new Float64Array(weights.length);
  const frac = new Float64Array(weights.length);
  lrmInto(total, weights, 0, weights.length, out, 0, frac);
  return Array.from(out);
}

/** Core on typed arrays: weights[from..to) -> out[outFrom..); `frac` is scratch of length >= n. */
function lrmInto(
  total: number,
  weights: ArrayLike<number>,
  from: number,
  to: number,
  out: Float64Array,
  outFrom: number,
  frac: Float64Array,
): void {
  const n = to - from;
  let sumW = 0;
  for (let i = from; i < to; i++) sumW += weights[i]!;
  let assigned = 0;
  for (let k = 0; k < n; k++) {
    const exact = sumW > 0 ? (total * weights[from + k]!) / sumW : total / n;
    const fl = Math.floor(exact);
    out[outFrom + k] = fl;
    frac[k] = exact - fl;
    assigned += fl;
  }
  let rest = total - assigned;
  if (n > 32 && rest > 4) {
    // Many parts: sort once instead of repeated scans.
    const idx = Array.from({ length: n }, (_, k) => k).sort((a, b) => frac[b]! - frac[a]! || a - b);
    for (let j = 0; rest > 0; j = (j + 1) % n, rest--) out[outFrom + idx[j]!]! += 1;
    return;
  }
  while (rest > 0) {
    let best = 0;
    for (let k = 1; k < n; k++) if (frac[k]! > frac[best]!) best = k;
    out[outFrom + best]! += 1;
    frac[best] = -1;
    rest--;
  }
  // Floating-point can overshoot by one unit at most; take it back from the smallest remainder.
  while (rest < 0) {
    let worst = -1;
    for (let k = 0; k < n; k++) {
      if (out[outFrom + k]! > 0 && (worst < 0 || frac[k]! < frac[worst]!)) worst = k;
    }
    out[outFrom + worst]! -= 1;
    frac[worst] = 2;
    rest++;
  }
}

function toGrams(kg: number, path: string): number {
  return Math.round(requireNonNegative(kg, path) * 1000);
}

/** Tour totals in whole grams: WTW = round(TTW + WTT) (the figure the tour shows), WTT = WTW - TTW. */
export function tourGrams(ttwKg: number, wttKg: number): { ttwG: number; wttG: number; wtwG: number } {
  const ttwG = Math.round(ttwKg * 1000);
  const wtwG = Math.round((ttwKg + wttKg) * 1000);
  return { ttwG, wttG: wtwG - ttwG, wtwG };
}

/**
 * Checks the shipments and writes each one's tkm (own transport distance) into `tkm`; true when a
 * mass is missing and the tour then goes by count.
 */
function readShipmentTkm(
  input: AllocationInput,
  list: AllocationShipmentInput[],
  factorSet: FactorSet | undefined,
  tkm: Float64Array,
): boolean {
  const n = list.length;
  let byCount = false;
  let mode: TransportMode | undefined;
  const ids = new Set<string>();
  for (let i = 0; i < n; i++) {
    const p = `shipments[${i}]`;
    const s = requireObject(list[i], p) as unknown as AllocationShipmentInput;
    const id = requireString(s.id, `${p}.id`);
    if (ids.has(id)) fail('INVALID_INPUT', `duplicate shipment id ${id}`, `${p}.id`);
    ids.add(id);
    let d = requirePositive(s.distance, `${p}.distance`);
    const type =
      s.distanceType === undefined ? 'SFD' : requireDistanceType(s.distanceType, `${p}.distanceType`);
    if (type !== 'SFD') {
      mode ??= requireMode(input.transportMode, 'transportMode');
      d = transportKm(resolveSet(factorSet).set.distanceAdjustment[mode], mode, d, type, `${p}.distanceType`);
    }
    if (s.weight === undefined || s.weight === null) {
      byCount = true;
    } else {
      const w = requirePositive(s.weight, `${p}.weight`);
      const unit: WeightUnit | undefined = s.weightUnit;
      if (unit !== 'kg' && unit !== 't')
        fail(
          unit === undefined ? 'MISSING_FIELD' : 'UNKNOWN_WEIGHT_UNIT',
          `${p}.weightUnit must be kg or t`,
          `${p}.weightUnit`,
        );
      tkm[i] = (unit === 'kg' ? w / 1000 : w) * d;
    }
  }
  return byCount;
}

export function computeAllocation(raw: AllocationInput, factorSet: FactorSet | undefined): AllocationResult {
  const input = requireObject(raw, '') as unknown as AllocationInput;
  const tour = requireObject(input.tour, 'tour') as unknown as AllocationInput['tour'];
  toGrams(tour.co2Ttw, 'tour.co2Ttw');
  toGrams(tour.co2Wtt, 'tour.co2Wtt');
  const { ttwG, wttG } = tourGrams(tour.co2Ttw, tour.co2Wtt);
  const list = input.shipments;
  if (!Array.isArray(list) || list.length === 0)
    fail('EMPTY_TOUR', 'a tour needs at least one shipment to allocate to', 'shipments');
  const n = list.length;
  const tkm = new Float64Array(n);
  const byCount = readShipmentTkm(input, list, factorSet, tkm);
  const weights = byCount ? new Float64Array(n).fill(1) : tkm;
  let sumW = 0;
  for (let i = 0; i < n; i++) sumW += weights[i]!;
  const scratch = new Float64Array(n);
  const ttw = new Float64Array(n);
  const wtt = new Float64Array(n);
  lrmInto(ttwG, weights, 0, n, ttw, 0, scratch);
  lrmInto(wttG, weights, 0, n, wtt, 0, scratch);

  const shipments: ShipmentAllocation[] = [];
  const tourTrace = tour.trace ?? [];
  for (let i = 0; i < n; i++) {
    const share = weights[i]! / sumW;
    const wtwG = ttw[i]! + wtt[i]!;
    const shipmentTkm = byCount ? null : tkm[i]!;
    const step: TraceStep = {
      step: 'allocation',
      label: byCount
        ? 'Allocation to the shipment by count (masses missing)'
        : "Allocation to the shipment by tkm share (incl. the tour's empty running)",
      formula: byCount
        ? 'key = 1 / n; E_i = E_tour x key, rounded to g (largest remainder)'
        : 'key = tkm_i / sum tkm; tkm_i = m_i x d_i (own SFD/GCD); E_i = E_tour x key, rounded to g (largest remainder)',
      note: ROUNDING_NOTE,
      inputs: byCount
        ? { shipment: list[i]!.id, shipments: n, tourTtwG: ttwG, tourWttG: wttG }
        : { shipment: list[i]!.id, tkm: tkm[i]!, tourTkmSum: sumW, tourTtwG: ttwG, tourWttG: wttG },
      output: { share, co2TtwG: ttw[i]!, co2WttG: wtt[i]!, co2WtwG: wtwG },
    };
    shipments.push({
      id: list[i]!.id,
      share,
      tkm: shipmentTkm,
      co2TtwG: ttw[i]!,
      co2WttG: wtt[i]!,
      co2WtwG: wtwG,
      co2Ttw: ttw[i]! / 1000,
      co2Wtt: wtt[i]! / 1000,
      co2Wtw: wtwG / 1000,
      intensity: shipmentTkm === null ? null : wtwG / shipmentTkm,
      trace: [...tourTrace, step],
    });
  }
  const result: AllocationResult = {
    basis: byCount ? 'count' : 'tkm',
    tourTtwG: ttwG,
    tourWttG: wttG,
    tourWtwG: ttwG + wttG,
    shipments,
  };
  if (tour.factorSet !== undefined) result.factorSet = tour.factorSet;
  return result;
}

/** How the sheets explain the rounding (the same words for the engine's and the API's allocation step). */
export const ROUNDING_NOTE =
  "Largest remainder: each shipment first gets the whole grams of its exact part; the grams left over go one each to the largest fractional parts (ties to the first shipment), so the shipments add up to the tour's WTW to the gram. Tour grams: WTW = round(TTW + WTT), TTW = round(TTW), WTT = WTW - TTW.";

/** Allocates one tour's emissions to its shipments (object form, with per-shipment trace). */
export function allocateTourEmissions(
  input: AllocationInput,
  factorSet?: FactorSet,
): Result<AllocationResult> {
  return attempt(() => computeAllocation(input, factorSet));
}

export interface ColumnarAllocationInput {
  /** Per tour: TTW and WTT in kg CO2e (rounded to whole grams here). */
  tourTtwKg: Float64Array;
  tourWttKg: Float64Array;
  /** Length tours + 1; shipments of tour t are [tourOffsets[t], tourOffsets[t+1]). */
  tourOffsets: Uint32Array | Int32Array;
  /** Per shipment: mass in t (NaN = unknown, the tour then goes by count) and planned distance in km. */
  massT: Float64Array;
  distanceKm: Float64Array;
}

export interface ColumnarAllocationResult {
  /** Per shipment, whole grams. WTW = TTW + WTT. */
  ttwG: Float64Array;
  wttG: Float64Array;
  /** Per tour: 0 = by tkm, 1 = by count. */
  basis: Uint8Array;
}

/**
 * Bulk allocation for imports and dashboards: columnar typed arrays, no per-shipment objects or
 * trace. Same key and rounding as allocateTourEmissions.
 */
export function allocateToursColumnar(input: ColumnarAllocationInput): Result<ColumnarAllocationResult> {
  return attempt(() => {
    const { tourTtwKg, tourWttKg, tourOffsets, massT, distanceKm } = input;
    const tours = tourTtwKg.length;
    const n = massT.length;
    if (tourWttKg.length !== tours || tourOffsets.length !== tours + 1)
      fail('INVALID_INPUT', 'tour arrays differ in length', 'tourOffsets');
    if (distanceKm.length !== n || tourOffsets[0] !== 0 || tourOffsets[tours] !== n)
      fail('INVALID_INPUT', 'shipment arrays do not match the offsets', 'tourOffsets');
    const ttwG = new Float64Array(n);
    const wttG = new Float64Array(n);
    const basis = new Uint8Array(tours);
    let maxLen = 0;
    for (let t = 0; t < tours; t++) {
      const len = tourOffsets[t + 1]! - tourOffsets[t]!;
      if (len < 0) fail('INVALID_INPUT', 'tourOffsets must not decrease', `tourOffsets[${t + 1}]`);
      if (len > maxLen) maxLen = len;
    }
    const weights = new Float64Array(maxLen);
    const frac = new Float64Array(maxLen);
    const outT = new Float64Array(maxLen);
    const outW = new Float64Array(maxLen);
    for (let t = 0; t < tours; t++) {
      const from = tourOffsets[t]!;
      const to = tourOffsets[t + 1]!;
      const a = tourTtwKg[t]!;
      const b = tourWttKg[t]!;
      if (!(a >= 0) || !(b >= 0) || a === Infinity || b === Infinity)
        fail('INVALID_NUMBER', 'tour emissions must be finite and >= 0', `tourTtwKg[${t}]`);
      const { ttwG: tg, wttG: wg } = tourGrams(a, b);
      if (to === from) {
        if (tg + wg > 0) fail('EMPTY_TOUR', `tour ${t} has emissions but no shipments`, `tourOffsets[${t}]`);
        continue;
      }
      let count = false;
      for (let i = from; i < to; i++) {
        const d = distanceKm[i]!;
        if (!(d > 0) || d === Infinity)
          fail('INVALID_NUMBER', 'shipment distance must be finite and above zero', `distanceKm[${i}]`);
        const m = massT[i]!;
        if (m !== m) {
          count = true;
        } else if (!(m > 0) || m === Infinity) {
          fail(
            'INVALID_NUMBER',
            'shipment mass must be finite and above zero (NaN = unknown)',
            `massT[${i}]`,
          );
        }
        weights[i - from] = m * d;
      }
      if (count) {
        basis[t] = 1;
        for (let k = 0; k < to - from; k++) weights[k] = 1;
      }
      lrmInto(tg, weights, 0, to - from, outT, 0, frac);
      lrmInto(wg, weights, 0, to - from, outW, 0, frac);
      ttwG.set(outT.subarray(0, to - from), from);
      wttG.set(outW.subarray(0, to - from), from);
    }
    return { ttwG, wttG, basis };
  });
}
