/**
 * Default (intensity-based) figures of the shipments of one vehicle tour (ISO 14083 5.1; [S1] 5.1):
 * each shipment is its own mass x its own transport distance x the vehicle class intensity. The
 * intensity already holds load factor and empty running, so nothing is allocated; the tour's default
 * total is the sum of its shipments. Allocation by tkm is for measured tour totals (allocation.ts).
 */
import { resultRef } from './factor-set.ts';
import { calculation, computeLeg, type Computation } from './leg.ts';
import { fail, requireFields } from './result.ts';
import type {
  DistanceType,
  FactorSetRef,
  LegEmissionResult,
  TraceStep,
  TransportMode,
  WeightUnit,
} from './types.ts';

export interface ShipmentDefaultsInput {
  transportMode: TransportMode;
  glecVehicleType: string;
  temperatureControl?: boolean;
  /** Cargo tonnes per TEU for TEU-km intensities (GLEC default 10 t). */
  tonnesPerTeu?: number;
  shipments: {
    id: string;
    weight: number;
    weightUnit: WeightUnit;
    /** The shipment's own distance from pick-up to drop-off (the tour's when it has none). */
    distance: number;
    distanceType: DistanceType;
  }[];
}

export interface ShipmentDefault extends LegEmissionResult {
  id: string;
}

export interface ShipmentDefaultsResult {
  /** Sums over the shipments, kg CO2e. */
  co2Ttw: number;
  co2Wtt: number;
  co2Wtw: number;
  /** Sum of the shipments' tkm. */
  tkm: number;
  intensity: number;
  method: 'default';
  glecVehicleType: string;
  factorSet: FactorSetRef;
  shipments: ShipmentDefault[];
  /** One step: the tour default as the sum of its shipments. */
  trace: TraceStep[];
}

const computeShipmentDefaults: Computation<ShipmentDefaultsInput, ShipmentDefaultsResult> = (
  c,
  raw,
  path,
  withTrace,
) => {
  const { input } = requireFields(raw, path);
  if (!Array.isArray(input.shipments) || input.shipments.length === 0)
    fail('EMPTY_TOUR', 'a tour needs at least one shipment', 'shipments');
  let ttw = 0;
  let wtt = 0;
  let tkm = 0;
  let vehicleType = input.glecVehicleType;
  const shipments = input.shipments.map((s, i) => {
    const leg = computeLeg(
      c,
      {
        transportMode: input.transportMode,
        glecVehicleType: input.glecVehicleType,
        weight: s.weight,
        weightUnit: s.weightUnit,
        distance: s.distance,
        distanceType: s.distanceType,
        temperatureControl: input.temperatureControl === true,
        ...(input.tonnesPerTeu === undefined ? {} : { tonnesPerTeu: input.tonnesPerTeu }),
      },
      `shipments[${i}]`,
      withTrace,
    );
    ttw += leg.co2Ttw;
    wtt += leg.co2Wtt;
    tkm += leg.tkm;
    vehicleType = leg.glecVehicleType;
    return { ...leg, id: s.id };
  });
  const co2Wtw = ttw + wtt;
  const result: ShipmentDefaultsResult = {
    co2Ttw: ttw,
    co2Wtt: wtt,
    co2Wtw,
    tkm,
    intensity: (co2Wtw * 1000) / tkm,
    method: 'default',
    glecVehicleType: vehicleType,
    factorSet: resultRef(
      c,
      shipments.map((x) => x.factorSet.gwp),
    ),
    shipments,
    trace: [] as TraceStep[],
  };
  if (withTrace) result.trace = shipmentSumTrace(result);
  return result;
};

/** Default figures of a tour's shipments and their sum; each equals `POST /api/legs/emission` for it. */
export const calculateShipmentDefaults = calculation(computeShipmentDefaults);

/**
 * The tour's default sheet under the shipment rule: each shipment's figure, then the sum. Cheap
 * enough for bulk imports, which keep only this part of the sheet with the tour.
 */
export function shipmentSumTrace(r: Omit<ShipmentDefaultsResult, 'trace'>): TraceStep[] {
  return [
    {
      step: 'shipment-defaults',
      label: 'Default figure of each shipment: own mass x own transport distance x intensity',
      formula: 'E_i = m_i x d_i x g (kg CO2e WTW per shipment)',
      inputs: Object.fromEntries(r.shipments.map((x) => [x.id, x.tkm])),
      output: Object.fromEntries(r.shipments.map((x) => [x.id, x.co2Wtw])),
    },
    {
      step: 'shipment-sum',
      label: "Tour default: sum of its shipments' default figures (no allocation)",
      formula: 'E_tour = sum E_i; tkm_tour = sum m_i x d_i',
      inputs: { shipments: r.shipments.length, tkm: r.tkm },
      output: { co2TtwKg: r.co2Ttw, co2WttKg: r.co2Wtt, co2WtwKg: r.co2Wtw, intensityGPerTkm: r.intensity },
      note: 'ISO 14083: a modelled figure needs no allocation; load factor and empty running are inside the intensity.',
    },
  ];
}
