import { describe, expect, it } from 'vitest';
import { allocateTourEmissions, allocateToursColumnar, largestRemainder } from './allocation.ts';

describe('largestRemainder', () => {
  it('splits exactly and gives the leftover units to the largest remainders', () => {
    // 10 in ratio 1:1:1 -> 3.33 each; one unit left goes to the first (tie -> lower index).
    expect(largestRemainder(10, [1, 1, 1])).toEqual([4, 3, 3]);
    // 100 in ratio 0.155 : 0.845 -> 15.5 / 84.5; tie of remainders -> lower index.
    expect(largestRemainder(100, [155, 845])).toEqual([16, 84]);
    // 7 in ratio 1:2:4 is exact.
    expect(largestRemainder(7, [1, 2, 4])).toEqual([1, 2, 4]);
    // Remainders .6 / .3 / .1 of 10 x [0.46, 0.33, 0.21] -> first gets the extra unit.
    expect(largestRemainder(10, [46, 33, 21])).toEqual([5, 3, 2]);
  });

  it('handles many parts (sorted path) and still sums exactly', () => {
    const weights = Array.from({ length: 101 }, (_, i) => (i % 7) + 1);
    const parts = largestRemainder(1_000_003, weights);
    expect(parts.reduce((a, b) => a + b, 0)).toBe(1_000_003);
    for (const p of parts) expect(Number.isInteger(p)).toBe(true);
    // Largest weight gets the largest part.
    expect(parts[6]).toBeGreaterThan(parts[0]!);
  });

  it('splits evenly when all weights are zero', () => {
    expect(largestRemainder(5, [0, 0])).toEqual([3, 2]);
  });
});

describe('allocateTourEmissions', () => {
  it('charges the whole tour incl. empty running to the shipments', () => {
    const r = allocateTourEmissions({
      tour: { co2Ttw: 80.123, co2Wtt: 20.0004 },
      shipments: [
        { id: 'a', weight: 3, weightUnit: 't', distance: 120 },
        { id: 'b', weight: 4500, weightUnit: 'kg', distance: 60 },
      ],
    });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    const v = r.value;
    expect(v.tourTtwG).toBe(80123);
    expect(v.tourWttG).toBe(20000);
    expect(v.shipments.reduce((s, x) => s + x.co2TtwG, 0)).toBe(80123);
    expect(v.shipments.reduce((s, x) => s + x.co2WtwG, 0)).toBe(100123);
    // tkm 360 vs 270
    expect(v.shipments[0]!.share).toBeCloseTo(360 / 630, 12);
    expect(v.shipments[0]!.intensity).toBeCloseTo(v.shipments[0]!.co2WtwG / 360, 12);
    expect(v.shipments[1]!.trace.at(-1)!.step).toBe('allocation');
  });

  it('prepends the tour trace so each shipment has a full calculation sheet', () => {
    const tourTrace = [{ step: 'emissions', label: 'Tour', formula: 'x', inputs: {}, output: {} }];
    const r = allocateTourEmissions({
      tour: { co2Ttw: 1, co2Wtt: 1, trace: tourTrace },
      shipments: [{ id: 'a', distance: 5 }],
    });
    expect(r.ok && r.value.shipments[0]!.trace.map((s) => s.step)).toEqual(['emissions', 'allocation']);
  });

  it('rejects duplicate ids, negative totals and missing weight units', () => {
    const dup = allocateTourEmissions({
      tour: { co2Ttw: 1, co2Wtt: 0 },
      shipments: [
        { id: 'a', distance: 1 },
        { id: 'a', distance: 1 },
      ],
    });
    expect(!dup.ok && dup.error.code).toBe('INVALID_INPUT');
    const neg = allocateTourEmissions({
      tour: { co2Ttw: -1, co2Wtt: 0 },
      shipments: [{ id: 'a', distance: 1 }],
    });
    expect(!neg.ok && neg.error.path).toBe('tour.co2Ttw');
    const unit = allocateTourEmissions({
      tour: { co2Ttw: 1, co2Wtt: 0 },
      shipments: [{ id: 'a', distance: 1, weight: 2 }],
    });
    expect(!unit.ok && unit.error.code).toBe('MISSING_FIELD');
    const actual = allocateTourEmissions({
      tour: { co2Ttw: 1, co2Wtt: 0 },
      shipments: [{ id: 'a', distance: 1, distanceType: 'actual' }],
    });
    expect(!actual.ok && actual.error.path).toBe('transportMode');
  });
});

describe('allocateToursColumnar', () => {
  it('matches the object form and falls back to count per tour', () => {
    const r = allocateToursColumnar({
      tourTtwKg: Float64Array.from([10, 1]),
      tourWttKg: Float64Array.from([3, 0.5]),
      tourOffsets: Uint32Array.from([0, 3, 5]),
      massT: Float64Array.from([5, 2, 1, NaN, 4]),
      distanceKm: Float64Array.from([100, 300, 50, 10, 10]),
    });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    const obj = allocateTourEmissions({
      tour: { co2Ttw: 10, co2Wtt: 3 },
      shipments: [
        { id: 'a', weight: 5, weightUnit: 't', distance: 100 },
        { id: 'b', weight: 2, weightUnit: 't', distance: 300 },
        { id: 'c', weight: 1, weightUnit: 't', distance: 50 },
      ],
    });
    expect(obj.ok).toBe(true);
    if (!obj.ok) return;
    expect(Array.from(r.value.ttwG.subarray(0, 3))).toEqual(obj.value.shipments.map((s) => s.co2TtwG));
    expect(Array.from(r.value.wttG.subarray(0, 3))).toEqual(obj.value.shipments.map((s) => s.co2WttG));
    expect(Array.from(r.value.basis)).toEqual([0, 1]);
    expect(Array.from(r.value.ttwG.subarray(3))).toEqual([500, 500]);
    expect(Array.from(r.value.wttG.subarray(3))).toEqual([250, 250]);
  });

  it('rejects inconsistent arrays, negative masses and empty tours with emissions', () => {
    const base = {
      tourTtwKg: Float64Array.from([1]),
      tourWttKg: Float64Array.from([1]),
      tourOffsets: Uint32Array.from([0, 1]),
      massT: Float64Array.from([1]),
      distanceKm: Float64Array.from([1]),
    };
    const off = allocateToursColumnar({ ...base, tourOffsets: Uint32Array.from([0, 2]) });
    expect(!off.ok && off.error.code).toBe('INVALID_INPUT');
    const neg = allocateToursColumnar({ ...base, massT: Float64Array.from([-1]) });
    expect(!neg.ok && neg.error.code).toBe('INVALID_NUMBER');
    const empty = allocateToursColumnar({
      ...base,
      tourTtwKg: Float64Array.from([1, 1]),
      tourWttKg: Float64Array.from([0, 0]),
      tourOffsets: Uint32Array.from([0, 1, 1]),
    });
    expect(!empty.ok && empty.error.code).toBe('EMPTY_TOUR');
  });
});

describe('allocation replays the tour WTW to the gram (largest remainder)', () => {
  it('splits 0.4 g TTW + 0.4 g WTT = 0.8 g WTW as 1 g WTW, not 0 g', () => {
    // round(0.4) + round(0.4) = 0 g but the tour shows round(0.8) = 1 g WTW: WTT takes the gram.
    const r = allocateTourEmissions({
      tour: { co2Ttw: 0.0004, co2Wtt: 0.0004 },
      shipments: [
        { id: 'a', weight: 1, weightUnit: 't', distance: 100 },
        { id: 'b', weight: 3, weightUnit: 't', distance: 100 },
      ],
    });
    if (!r.ok) throw new Error(r.error.message);
    expect([r.value.tourTtwG, r.value.tourWttG, r.value.tourWtwG]).toEqual([0, 1, 1]);
    // Keys 100 and 300 tkm: exact parts 0.25 and 0.75 g; the one gram goes to the larger remainder.
    expect(r.value.shipments.map((s) => s.co2WtwG)).toEqual([0, 1]);
    const step = r.value.shipments[0].trace.at(-1)!;
    expect(step.inputs).toMatchObject({ tourTkmSum: 400 });
    expect(step.note).toContain('Largest remainder');
  });
});
