import {
  type AllocationResult,
  type TraceStep,
  calculateShipmentDefaults,
  shipmentSumTrace,
  transportDistance,
  type TourEmissionInput,
  type TourEmissionResult,
  type TransportMode,
  allocateTourEmissions,
  calculateHubEmission,
  calculateLegEmission,
  calculateTourEmission,
  glecVehicleTypes,
  ROUNDING_NOTE,
  tourGrams,
  tourLegHandovers,
} from '@klimadesk/glec';
import type { StoredResult } from './tours.schema.ts';

const modeOf = new Map(glecVehicleTypes().map((v) => [v.id, v.mode as TransportMode]));

/** The hub category of a tour's handovers (the engine's rule `tourLegHandovers`). */
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
  /** Cargo tonnes per TEU when not the GLEC default (TEU-km intensities). */
  tonnesPerTeu?: number;
};

export type ShipmentInput = {
  reference: string;
  weightKg: number | null;
  /** The shipment's own distance; the tour distance when the row has none. */
  distanceKm: number;
  distanceType?: 'actual' | 'SFD';
  carriage: 'pre_carriage' | 'main_carriage' | 'on_carriage';
};

/** kg CO2e of one result, without its sheet (the sheet of a shipment follows from the tour's). */
export type Co2 = { co2Ttw: number; co2Wtt: number; co2Wtw: number };

export type ShipmentEmission = {
  reference: string;
  /** Allocation key (0..1) and the shipment's tkm behind it (null when allocated by count). */
  share: number;
  tkm: number | null;
  default: Co2;
  individual: Co2 | null;
  hubCo2Wtw: number;
};

/** The CO2e columns a tour row or a tour-shipment link stores of an emission (import and samples alike). */
export function co2Columns(e: { default: Co2; individual: Co2 | null; hubCo2Wtw: number }) {
  return {
    co2DefaultTtw: e.default.co2Ttw,
    co2DefaultWtt: e.default.co2Wtt,
    co2DefaultWtw: e.default.co2Wtw,
    co2IndividualTtw: e.individual?.co2Ttw ?? null,
    co2IndividualWtt: e.individual?.co2Wtt ?? null,
    co2IndividualWtw: e.individual?.co2Wtw ?? null,
    hubCo2Wtw: e.hubCo2Wtw,
  };
}

/** The figures a tour-shipment link stores of a shipment's part of its tour's emission. */
export const linkFigures = (e: ShipmentEmission) => ({ tkm: e.tkm, share: e.share, ...co2Columns(e) });

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
    ...(t.tonnesPerTeu ? { tonnesPerTeu: t.tonnesPerTeu } : {}),
  };
  if (method === 'default') return base;
  return t.fuel ? { ...base, fuel: t.fuel } : { ...base, consumption: t.consumption ?? [] };
}

function run(input: TourEmissionInput, shipmentTkm?: number): TourEmissionResult {
  const r = calculateTourEmission(shipmentTkm === undefined ? input : { ...input, shipmentTkm });
  if (!r.ok) throw new CalculationError(r.error.code, `${r.error.code}: ${r.error.message}`);
  return r.value;
}

function allocate(
  tour: TourEmissionResult,
  mode: TransportMode,
  shipments: ShipmentInput[],
): AllocationResult {
  const r = allocateTourEmissions({
    // Without the tour's trace: the engine would copy the whole sheet into every shipment.
    tour: { co2Ttw: tour.co2Ttw, co2Wtt: tour.co2Wtt, factorSet: tour.factorSet },
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

function shipmentDefaults(t: TourInput, mode: TransportMode, shipments: ShipmentInput[]) {
  const r = calculateShipmentDefaults(
    {
      transportMode: mode,
      glecVehicleType: t.glecVehicleType,
      temperatureControl: t.temperatureControl,
      ...(t.tonnesPerTeu ? { tonnesPerTeu: t.tonnesPerTeu } : {}),
      shipments: shipments.map((s) => ({
        id: s.reference,
        weight: s.weightKg as number,
        weightUnit: 'kg' as const,
        distance: s.distanceKm,
        distanceType: s.distanceType ?? 'actual',
      })),
    },
    undefined,
    { trace: false },
  );
  if (!r.ok) throw new CalculationError(r.error.code, `${r.error.code}: ${r.error.message}`);
  return r.value;
}

/** A shipment's tkm on the transport distance (ISO 14083: SFD, actual / DAF; air GCD + 95 km). */
export function shipmentTkm(mode: TransportMode, s: ShipmentInput): number | null {
  if (s.weightKg === null || !(s.weightKg > 0)) return null;
  const d = transportDistance(mode, s.distanceKm, s.distanceType ?? 'actual');
  if (!d.ok) throw new CalculationError(d.error.code, `${d.error.code}: ${d.error.message}`);
  return (s.weightKg / 1000) * d.value.km;
}

/**
 * A tour's default (GLEC intensity) and individual (fuel-based, when fuel data exists) emissions
 * and its shipments' parts, plus a transhipment hub for every pre- or on-carriage handover.
 * Default (ISO 14083, no allocation): each shipment is its own mass x own transport distance x the
 * vehicle class intensity, and the tour default is their sum; only a tour with a shipment of
 * unknown mass is computed as a whole and split by count. The individual tour total from measured
 * fuel is allocated by the shipments' tkm.
 */
export function computeTourEmission(t: TourInput, shipments: ShipmentInput[]): TourEmission {
  const mode = modeOf.get(t.glecVehicleType) ?? 'road';
  const def = run(tourEngineInput(t, 'default'));
  const hasFuel = (t.fuel && t.fuel.length > 0) || (t.consumption && t.consumption.length > 0);
  const withMass = shipments.length > 0 && shipments.every((s) => s.weightKg !== null && s.weightKg > 0);
  const perShipment = withMass ? shipmentDefaults(t, mode, shipments) : null;
  // One tkm basis per tour: the fuel sheet's intensity is on the shipments' tkm the tour stores.
  const ind = hasFuel ? run(tourEngineInput(t, 'individual'), perShipment?.tkm) : null;
  const out: TourEmission = {
    tkm: perShipment ? perShipment.tkm : def.tkm,
    emptyRunningShare: def.emptyRunningShare,
    default: perShipment
      ? {
          method: 'default',
          factorSet: perShipment.factorSet,
          co2Ttw: perShipment.co2Ttw,
          co2Wtt: perShipment.co2Wtt,
          co2Wtw: perShipment.co2Wtw,
          trace: shipmentSumTrace(perShipment),
        }
      : stored(def),
    individual: ind ? stored(ind) : null,
    hubCo2Wtw: 0,
    shipments: [],
  };
  if (shipments.length === 0) return out;
  const aDef = perShipment ? null : allocate(def, mode, shipments);
  const aInd = ind ? allocate(ind, mode, shipments) : null;
  shipments.forEach((s, i) => {
    let hub = 0;
    // One hub rule with orders (engine): a hub wherever the goods change vehicle, counted with the
    // pre- or on-carriage leg, so pre → main → on gets the two hubs a chain of three legs gets.
    if (s.weightKg !== null && s.weightKg > 0)
      for (const hubType of tourLegHandovers(s.carriage, mode)) {
        const h = calculateHubEmission(hubInput(hubType, s.weightKg, t.temperatureControl));
        if (h.ok) hub += h.value.co2Wtw;
      }
    out.hubCo2Wtw += hub;
    const own = perShipment?.shipments[i];
    const d = aDef?.shipments[i];
    const ii = aInd?.shipments[i];
    out.shipments.push({
      reference: s.reference,
      share: ii?.share ?? d?.share ?? (own && perShipment ? own.tkm / perShipment.tkm : 0),
      tkm: own ? own.tkm : shipmentTkm(mode, s),
      default: own
        ? { co2Ttw: own.co2Ttw, co2Wtt: own.co2Wtt, co2Wtw: own.co2Wtw }
        : { co2Ttw: d!.co2Ttw, co2Wtt: d!.co2Wtt, co2Wtw: d!.co2Wtw },
      individual: ii ? { co2Ttw: ii.co2Ttw, co2Wtt: ii.co2Wtt, co2Wtw: ii.co2Wtw } : null,
      hubCo2Wtw: hub,
    });
  });
  return out;
}

const hubInput = (hubType: string, weightKg: number, temperatureControl: boolean) => ({
  hubType,
  weight: weightKg,
  weightUnit: 'kg' as const,
  temperatureControl,
});

const grams = (kg: number | null | undefined) => Math.round((kg ?? 0) * 1000);

/** What the sheet of one shipment on one tour is built from (tour columns and the link's figures). */
export type LinkSheetSource = {
  glecVehicleType: string | null;
  temperatureControl: boolean;
  defaultResult: StoredResult | null;
  individualResult: StoredResult | null;
  weightKg: number | null;
  /** The shipment's own distance as imported, and its tkm on the transport distance. */
  distanceKm: number | null;
  tkm: number | null;
  /** The tour's total tkm (sum of its shipments' tkm): the denominator of the allocation key. */
  tourTkm: number | null;
  share: number | null;
  hubCo2Wtw: number | null;
};

type Figures = { ttw: number | null; wtt: number | null; wtw: number | null };

/**
 * The allocation step of a tour total (key: the shipment's tkm share): the tour's tkm and its
 * totals in the grams the engine split (`tourGrams`), so the sheet replays to the gram.
 */
function allocationStep(stored: StoredResult, l: LinkSheetSource, f: Figures): TraceStep {
  const tour = tourGrams(stored.co2Ttw, stored.co2Wtt);
  return {
    step: 'allocation',
    label:
      "Allocation of the measured tour total to the shipment by tkm share (incl. the tour's empty running)",
    formula:
      'key = tkm_i / sum tkm (tkm_i = m_i x d_i on the transport distance; 1/n when a mass is missing); E_i = E_tour x key, rounded to g (largest remainder)',
    inputs: {
      tkm: l.tkm,
      tourTkm: l.tourTkm,
      share: l.share,
      tourTtwG: tour.ttwG,
      tourWttG: tour.wttG,
      tourWtwG: tour.wtwG,
    },
    output: { share: l.share, co2TtwG: grams(f.ttw), co2WttG: grams(f.wtt), co2WtwG: grams(f.wtw) },
    note: ROUNDING_NOTE,
  };
}

/**
 * A shipment's own default calculation (mass x own transport distance x intensity), rebuilt from
 * the link: the distance type is the one that gives the stored tkm back.
 */
function ownDefaultTrace(l: LinkSheetSource): TraceStep[] | null {
  const type = l.glecVehicleType;
  if (!type || !l.weightKg || !l.distanceKm || !l.tkm) return null;
  const mode = modeOf.get(type) ?? 'road';
  const massT = l.weightKg / 1000;
  const distanceType = (['actual', 'SFD'] as const).find((t) => {
    const d = transportDistance(mode, l.distanceKm as number, t);
    return d.ok && Math.abs(d.value.km * massT - (l.tkm as number)) <= 1e-6 * (l.tkm as number);
  });
  if (!distanceType) return null;
  const r = calculateLegEmission({
    transportMode: mode,
    glecVehicleType: type,
    weight: l.weightKg,
    weightUnit: 'kg',
    distance: l.distanceKm,
    distanceType,
    temperatureControl: l.temperatureControl,
  });
  return r.ok ? r.value.trace : null;
}

const ownRule = (r: StoredResult) => (r.trace as TraceStep[]).some((s) => s.step === 'shipment-sum');

/** The hub step of a pre- or on-carriage handover, with its factor and source. */
function hubTrace(l: LinkSheetSource): TraceStep[] {
  if (!l.hubCo2Wtw || !l.weightKg) return [];
  const h = calculateHubEmission(hubInput(HANDOVER_HUB, l.weightKg, l.temperatureControl));
  return h.ok ? h.value.trace : [];
}

/**
 * The sheets of a shipment on a tour: default = its own calculation (or, for a tour split by count,
 * the tour's sheet and the allocation step); individual = the tour's fuel-based sheet and the
 * allocation step; then the handover hub when there is one.
 */
export function linkTraces(
  l: LinkSheetSource,
  co2: { default: Figures; individual: Figures },
): { default: TraceStep[] | null; individual: TraceStep[] | null } {
  const hub = hubTrace(l);
  const def = l.defaultResult;
  const ind = l.individualResult;
  const own = def && ownRule(def) ? ownDefaultTrace(l) : null;
  return {
    default: def
      ? [...(own ?? [...(def.trace as TraceStep[]), allocationStep(def, l, co2.default)]), ...hub]
      : null,
    individual:
      ind && co2.individual.wtw !== null
        ? [...(ind.trace as TraceStep[]), allocationStep(ind, l, co2.individual), ...hub]
        : null,
  };
}
