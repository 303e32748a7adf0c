import {
  type AllocationResult,
  type TourEmissionInput,
  type TourEmissionResult,
  type TransportMode,
  allocateTourEmissions,
  calculateHubEmission,
  calculateTourEmission,
  glecVehicleTypes,
} from '@klimadesk/glec';
import type { StoredResult } from './tours.schema.ts';

const modeOf = new Map(glecVehicleTypes().map((v) => [v.id, v.mode as TransportMode]));

/** Hub between carriages: a shipment handed over from pre-carriage or to on-carriage passes one. */
export const HANDOVER_HUB = 'transhipment';

export type TourInput = {
  glecVehicleType: string;
  distanceKm: number;
  /** `actual` for driven km from the data, `SFD` for distances measured between the places. */
  distanceType?: 'actual' | 'SFD';
  emptyDistanceKm: number | null;
  weightKg: number;
  temperatureControl: boolean;
  /** Measured fuel of the tour (row data). */
  fuel: { fuelType: string; amount: number; unit: 'L' | 'kg' | 'kWh' }[] | null;
  /** Consumption per 100 km of the vehicle (master data). */
  consumption: { fuelType: string; per100km: number; unit: 'L' | 'kg' | 'kWh' }[] | null;
};

export type ShipmentInput = {
  reference: string;
  weightKg: number | null;
  /** The shipment's own distance; the tour distance when the row has none. */
  distanceKm: number;
  distanceType?: 'actual' | 'SFD';
  carriage: 'pre_carriage' | 'main_carriage' | 'on_carriage';
};

export type ShipmentEmission = {
  reference: string;
  share: number;
  default: StoredResult;
  individual: StoredResult | null;
  hubCo2Wtw: number;
};

export type TourEmission = {
  tkm: number | null;
  emptyRunningShare: number | null;
  default: StoredResult;
  individual: StoredResult | null;
  hubCo2Wtw: number;
  shipments: ShipmentEmission[];
};

export class CalculationError extends Error {
  readonly reason: string;
  constructor(reason: string, message: string) {
    super(message);
    this.reason = reason;
  }
}

const stored = (r: TourEmissionResult, trace = r.trace): StoredResult => ({
  method: r.method,
  factorSet: r.factorSet,
  co2Ttw: r.co2Ttw,
  co2Wtt: r.co2Wtt,
  co2Wtw: r.co2Wtw,
  trace,
});

/** The engine input of a tour; tests build the same input to compare results. */
export function tourEngineInput(t: TourInput, method: 'default' | 'individual'): TourEmissionInput {
  const base: TourEmissionInput = {
    transportMode: modeOf.get(t.glecVehicleType) ?? 'road',
    glecVehicleType: t.glecVehicleType,
    distance: t.distanceKm,
    // Imported distances are driven kilometres; measured ones are planned (SFD).
    distanceType: t.distanceType ?? 'actual',
    weight: t.weightKg,
    weightUnit: 'kg',
    temperatureControl: t.temperatureControl,
    ...(t.emptyDistanceKm !== null ? { emptyDistance: t.emptyDistanceKm } : {}),
  };
  if (method === 'default') return base;
  return t.fuel ? { ...base, fuel: t.fuel } : { ...base, consumption: t.consumption ?? [] };
}

function run(input: TourEmissionInput): TourEmissionResult {
  const r = calculateTourEmission(input);
  if (!r.ok) throw new CalculationError(r.error.code, `${r.error.code}: ${r.error.message}`);
  return r.value;
}

function allocate(
  tour: TourEmissionResult,
  mode: TransportMode,
  shipments: ShipmentInput[],
): AllocationResult {
  const r = allocateTourEmissions({
    tour: { co2Ttw: tour.co2Ttw, co2Wtt: tour.co2Wtt, trace: tour.trace, factorSet: tour.factorSet },
    transportMode: mode,
    shipments: shipments.map((s) => ({
      id: s.reference,
      ...(s.weightKg !== null && s.weightKg > 0 ? { weight: s.weightKg, weightUnit: 'kg' as const } : {}),
      distance: s.distanceKm,
      distanceType: s.distanceType ?? ('actual' as const),
    })),
  });
  if (!r.ok) throw new CalculationError(r.error.code, `${r.error.code}: ${r.error.message}`);
  return r.value;
}

/**
 * A tour's default (GLEC intensity) and individual (fuel-based, when fuel data exists) emissions,
 * allocated to its shipments by tkm, plus a transhipment hub for every pre- or on-carriage
 * handover. Every result keeps the factor set and its calculation trace.
 */
export function computeTourEmission(t: TourInput, shipments: ShipmentInput[]): TourEmission {
  const mode = modeOf.get(t.glecVehicleType) ?? 'road';
  const def = run(tourEngineInput(t, 'default'));
  const hasFuel = (t.fuel && t.fuel.length > 0) || (t.consumption && t.consumption.length > 0);
  const ind = hasFuel ? run(tourEngineInput(t, 'individual')) : null;
  const out: TourEmission = {
    tkm: def.tkm,
    emptyRunningShare: def.emptyRunningShare,
    default: stored(def),
    individual: ind ? stored(ind) : null,
    hubCo2Wtw: 0,
    shipments: [],
  };
  if (shipments.length === 0) return out;
  const aDef = allocate(def, mode, shipments);
  const aInd = ind ? allocate(ind, mode, shipments) : null;
  shipments.forEach((s, i) => {
    const d = aDef.shipments[i];
    let hub = 0;
    if (s.carriage !== 'main_carriage' && s.weightKg !== null && s.weightKg > 0) {
      const h = calculateHubEmission({
        hubType: HANDOVER_HUB,
        weight: s.weightKg,
        weightUnit: 'kg',
        temperatureControl: t.temperatureControl,
      });
      if (h.ok) hub = h.value.co2Wtw;
    }
    out.hubCo2Wtw += hub;
    const ii = aInd?.shipments[i];
    out.shipments.push({
      reference: s.reference,
      share: d.share,
      default: {
        method: 'default',
        factorSet: def.factorSet,
        co2Ttw: d.co2Ttw,
        co2Wtt: d.co2Wtt,
        co2Wtw: d.co2Wtw,
        // The tour's own sheet is stored on the tour; a shipment keeps its allocation steps.
        trace: d.trace.slice(def.trace.length),
      },
      individual:
        ii && ind
          ? {
              method: 'fuel',
              factorSet: ind.factorSet,
              co2Ttw: ii.co2Ttw,
              co2Wtt: ii.co2Wtt,
              co2Wtw: ii.co2Wtw,
              trace: ii.trace.slice(ind.trace.length),
            }
          : null,
      hubCo2Wtw: hub,
    });
  });
  return out;
}
