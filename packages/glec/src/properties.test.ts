import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { allocateTourEmissions, allocateToursColumnar } from './allocation.ts';
import { calculateChainEmission } from './chain.ts';
import { GLEC_DEFAULT_FACTOR_SET } from './data/glec-default.ts';
import { calculateLegEmission } from './leg.ts';
import { unwrap } from './result.ts';
import type { DistanceType, LegEmissionInput, TransportMode } from './types.ts';

const vehicleTypes = GLEC_DEFAULT_FACTOR_SET.vehicleTypes;
const mass = fc.double({ min: 0.001, max: 50_000, noNaN: true });
const km = fc.double({ min: 100, max: 20_000, noNaN: true });
const vehicle = fc.constantFrom(...vehicleTypes);

const legArb = fc.record({
  v: vehicle,
  weight: mass,
  distance: km,
  distanceType: fc.constantFrom<DistanceType>('SFD', 'GCD', 'actual'),
  temperatureControl: fc.boolean(),
  withFuel: fc.boolean(),
  fuelKg: fc.double({ min: 0, max: 10_000, noNaN: true }),
  kWh: fc.double({ min: 0, max: 10_000, noNaN: true }),
});

type ArbValue<A> = A extends fc.Arbitrary<infer T> ? T : never;

function toInput(a: ArbValue<typeof legArb>): LegEmissionInput {
  const input: LegEmissionInput = {
    transportMode: a.v.mode,
    glecVehicleType: a.v.id,
    weight: a.weight,
    weightUnit: 't',
    distance: a.distance,
    distanceType: a.distanceType,
    temperatureControl: a.temperatureControl,
  };
  if (a.withFuel)
    input.fuel = [
      { fuelType: 'diesel', amount: a.fuelKg, unit: 'kg' },
      { fuelType: 'electricity_de', amount: a.kWh, unit: 'kWh' },
    ];
  return input;
}

const rel = (a: number, b: number) => Math.abs(a - b) <= 1e-9 * Math.max(1, Math.abs(a), Math.abs(b));

describe('properties', () => {
  it('WTW = TTW + WTT, all figures finite and non-negative, for any valid leg', () => {
    fc.assert(
      fc.property(legArb, (a) => {
        const r = unwrap(calculateLegEmission(toInput(a), undefined, { trace: false }));
        expect(r.co2Wtw).toBe(r.co2Ttw + r.co2Wtt);
        for (const x of [r.co2Ttw, r.co2Wtt, r.co2Wtw, r.tkm, r.intensity, r.distance]) {
          expect(Number.isFinite(x)).toBe(true);
          expect(x).toBeGreaterThanOrEqual(0);
        }
        expect(rel(r.intensity, (r.co2Wtw * 1000) / r.tkm)).toBe(true);
      }),
    );
  });

  it('default emissions scale linearly with mass', () => {
    fc.assert(
      fc.property(legArb, fc.double({ min: 0.01, max: 100, noNaN: true }), (a, k) => {
        const input = toInput({ ...a, withFuel: false });
        const r1 = unwrap(calculateLegEmission(input, undefined, { trace: false }));
        const r2 = unwrap(
          calculateLegEmission({ ...input, weight: a.weight * k }, undefined, { trace: false }),
        );
        expect(rel(r2.co2Wtw, r1.co2Wtw * k)).toBe(true);
        expect(rel(r2.tkm, r1.tkm * k)).toBe(true);
        expect(rel(r2.intensity, r1.intensity)).toBe(true);
      }),
    );
  });

  it('default emissions scale linearly with planned distance within one haul class', () => {
    fc.assert(
      fc.property(legArb, fc.double({ min: 0.1, max: 10, noNaN: true }), (a, k) => {
        // Air: the transport distance GCD + 95 km as given (a GCD would gain the 95 km uplift).
        const air = a.v.mode === 'air';
        const input = toInput({ ...a, withFuel: false, distanceType: air ? 'GCD+95' : 'SFD' });
        const scaled = { ...input, distance: a.distance * k };
        // Air switches default at 1,500 km GCD: compare only within one haul class.
        fc.pre(!air || a.distance - 95 >= 1500 === a.distance * k - 95 >= 1500);
        const r1 = unwrap(calculateLegEmission(input, undefined, { trace: false }));
        const r2 = unwrap(calculateLegEmission(scaled, undefined, { trace: false }));
        expect(rel(r2.co2Wtw, r1.co2Wtw * k)).toBe(true);
        expect(rel(r2.co2Ttw, r1.co2Ttw * k)).toBe(true);
      }),
    );
  });

  it('an actual distance equal to the planned one after DAF gives the same emissions', () => {
    const daf = GLEC_DEFAULT_FACTOR_SET.distanceAdjustment;
    const toActual = (mode: TransportMode, d: number) => {
      const x = daf[mode];
      return x.kind === 'multiplier' ? d * x.value : x.kind === 'additive' ? d + x.km : d;
    };
    fc.assert(
      fc.property(legArb, (a) => {
        const planned = toInput({ ...a, distanceType: 'SFD' });
        const actual = {
          ...planned,
          distanceType: 'actual' as const,
          distance: toActual(a.v.mode, a.distance),
        };
        const r1 = unwrap(calculateLegEmission(planned, undefined, { trace: false }));
        const r2 = unwrap(calculateLegEmission(actual, undefined, { trace: false }));
        expect(rel(r1.co2Wtw, r2.co2Wtw)).toBe(true);
        expect(rel(r1.tkm, r2.tkm)).toBe(true);
      }),
    );
  });

  it('chain WTW = TTW + WTT + hub WTW, and chain tkm is the sum of leg tkm', () => {
    const hub = fc.record({
      type: fc.constant('hub' as const),
      hubType: fc.constantFrom(...GLEC_DEFAULT_FACTOR_SET.hubs.map((h) => h.id)),
    });
    fc.assert(
      fc.property(
        fc.array(legArb, { minLength: 1, maxLength: 4 }),
        fc.array(hub, { maxLength: 3 }),
        mass,
        (legs, hubs, weight) => {
          const elements = [
            ...legs.map((l) => {
              const { weight: _w, weightUnit: _u, ...rest } = toInput(l);
              return { ...rest, type: 'leg' as const };
            }),
            ...hubs,
          ];
          const r = unwrap(
            calculateChainEmission({ weight, weightUnit: 't', elements }, undefined, { trace: false }),
          );
          expect(rel(r.co2Wtw, r.co2Ttw + r.co2Wtt + r.hubCo2Wtw)).toBe(true);
          const legTkm = r.elements.reduce((s, e) => s + (e.type === 'leg' ? e.result.tkm : 0), 0);
          expect(rel(r.tkm, legTkm)).toBe(true);
          expect(rel(r.intensity, (r.co2Wtw * 1000) / r.tkm)).toBe(true);
        },
      ),
    );
  });

  const shipmentArb = fc.record({
    weight: fc.option(fc.double({ min: 0.001, max: 40, noNaN: true }), { nil: undefined, freq: 8 }),
    distance: fc.double({ min: 0.5, max: 2000, noNaN: true }),
  });

  it('allocation sums to the tour total exactly (grams) and never goes negative', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0, max: 1e6, noNaN: true }),
        fc.double({ min: 0, max: 1e6, noNaN: true }),
        fc.array(shipmentArb, { minLength: 1, maxLength: 60 }),
        (ttw, wtt, ships) => {
          const r = unwrap(
            allocateTourEmissions({
              tour: { co2Ttw: ttw, co2Wtt: wtt },
              shipments: ships.map((s, i) =>
                s.weight === undefined
                  ? { id: `s${i}`, distance: s.distance }
                  : { id: `s${i}`, weight: s.weight, weightUnit: 't' as const, distance: s.distance },
              ),
            }),
          );
          const sum = (f: (x: (typeof r.shipments)[number]) => number) =>
            r.shipments.reduce((a, x) => a + f(x), 0);
          expect(sum((x) => x.co2TtwG)).toBe(Math.round(ttw * 1000));
          // WTW replays to the gram of the tour's own WTW; WTT is WTW - TTW (within 1 g of round(WTT)).
          expect(sum((x) => x.co2WtwG)).toBe(Math.round((ttw + wtt) * 1000));
          expect(sum((x) => x.co2WtwG)).toBe(r.tourWtwG);
          expect(Math.abs(sum((x) => x.co2WttG) - Math.round(wtt * 1000))).toBeLessThanOrEqual(1);
          for (const x of r.shipments) expect(x.co2WttG >= 0).toBe(true);
          for (const x of r.shipments) {
            expect(Number.isInteger(x.co2TtwG) && x.co2TtwG >= 0).toBe(true);
            // Rounding moves each share by less than one gram.
            expect(Math.abs(x.co2TtwG - x.share * r.tourTtwG)).toBeLessThan(1 + 1e-6);
          }
          expect(r.basis).toBe(ships.some((s) => s.weight === undefined) ? 'count' : 'tkm');
        },
      ),
    );
  });

  it('columnar allocation sums per tour to each tour total', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.tuple(
            fc.double({ min: 0, max: 1e5, noNaN: true }),
            fc.array(shipmentArb, { minLength: 1, maxLength: 12 }),
          ),
          { minLength: 1, maxLength: 30 },
        ),
        (tours) => {
          const offsets = [0];
          const massT: number[] = [];
          const dist: number[] = [];
          for (const [, ships] of tours) {
            for (const s of ships) {
              massT.push(s.weight ?? NaN);
              dist.push(s.distance);
            }
            offsets.push(massT.length);
          }
          const r = unwrap(
            allocateToursColumnar({
              tourTtwKg: Float64Array.from(tours.map((t) => t[0])),
              tourWttKg: Float64Array.from(tours.map((t) => t[0] / 3)),
              tourOffsets: Uint32Array.from(offsets),
              massT: Float64Array.from(massT),
              distanceKm: Float64Array.from(dist),
            }),
          );
          tours.forEach(([ttw], t) => {
            let a = 0;
            let b = 0;
            for (let i = offsets[t]!; i < offsets[t + 1]!; i++) {
              a += r.ttwG[i]!;
              b += r.wttG[i]!;
            }
            // WTW replays to the gram: TTW = round(TTW), TTW + WTT = round(TTW + WTT); WTT is the
            // difference, within 1 g of round(WTT).
            expect(a).toBe(Math.round(ttw * 1000));
            expect(a + b).toBe(Math.round((ttw + ttw / 3) * 1000));
            expect(Math.abs(b - Math.round((ttw / 3) * 1000))).toBeLessThanOrEqual(1);
          });
        },
      ),
    );
  });

  it('never returns NaN: arbitrary numbers either compute or fail with a code', () => {
    fc.assert(
      fc.property(vehicle, fc.double(), fc.double(), (v, weight, distance) => {
        const r = calculateLegEmission(
          {
            transportMode: v.mode,
            glecVehicleType: v.id,
            weight,
            weightUnit: 'kg',
            distance,
            distanceType: 'SFD',
            temperatureControl: false,
          },
          undefined,
          { trace: false },
        );
        if (r.ok) {
          expect(Number.isFinite(r.value.co2Wtw) && Number.isFinite(r.value.intensity)).toBe(true);
        } else {
          expect(['INVALID_NUMBER']).toContain(r.error.code);
        }
      }),
    );
  });
});
