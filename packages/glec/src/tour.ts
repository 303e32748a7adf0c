/**
 * A vehicle trip or tour: default method (tkm x default intensity) or fuel-based from measured fuel
 * or from consumption per 100 km x vehicle km including empty running. Empty running is the tour's
 * own share when known, else the GLEC default of the vehicle type (only the fuel method needs it).
 */
import { plannedToActual } from './distance.ts';
import {
  type CompiledFactorSet,
  type DistanceAdjustment,
  type FactorSet,
  resultRef,
  type VehicleTypeFactor,
} from './factor-set.ts';
import {
  addFuelEmissions,
  addRefrigerant,
  checkFuelList,
  consumptionToFuel,
  totalEmissions,
  type Emissions,
} from './fuel.ts';
import {
  massStep,
  planDistance,
  type PlannedDistance,
  requireMode,
  requireVehicleType,
  resolveIntensity,
  resolveSet,
} from './leg.ts';
import {
  attempt,
  fail,
  requireNonNegative,
  requireObject,
  requirePositive,
  requireShare,
  type Result,
} from './result.ts';
import { traceFactor } from './trace.ts';
import type {
  CalculationOptions,
  DistanceType,
  FactorSetRef,
  FuelQuantity,
  FuelUnit,
  Method,
  RefrigerantLeakage,
  TraceStep,
  TransportMode,
  WeightUnit,
} from './types.ts';
import { resolveMass } from './units.ts';

export interface FuelConsumption {
  fuelType: string;
  /** Consumption per 100 vehicle-km in `unit` (vehicle master data: consumption + unitFuelConsumption). */
  per100km: number;
  unit: FuelUnit;
}

export interface TourEmissionInput {
  transportMode: TransportMode;
  glecVehicleType: string;
  /** Loaded distance of the tour in km. */
  distance: number;
  distanceType: DistanceType;
  /** Payload carried (sum of shipment masses); needed for tkm and for the default method. */
  weight?: number;
  /**
   * The tour's transport activity when known as the sum of its shipments' own tkm (each mass x own
   * transport distance, [S1] Example 3, §3.2.1): replaces payload x tour distance, so the tour's
   * intensity and its shipments' allocation keys stand on one tkm basis.
   */
  shipmentTkm?: number;
  weightUnit?: WeightUnit;
  /** Cargo tonnes per TEU for TEU-km intensities (GLEC default 10 t). */
  tonnesPerTeu?: number;
  temperatureControl?: boolean;
  /** Empty km of the tour, same distance type as `distance`. */
  emptyDistance?: number;
  /** Empty km / total km (0 <= share < 1); used when emptyDistance is not known. */
  emptyRunningShare?: number;
  /** Measured fuel of the tour (1-2 slots). */
  fuel?: FuelQuantity[];
  /** False when the measured fuel covers laden trips only; the empty share is then added. Default true. */
  fuelCoversEmptyRunning?: boolean;
  /** Consumption per 100 km (1-2 slots); used when no measured fuel is given. */
  consumption?: FuelConsumption[];
  refrigerant?: RefrigerantLeakage;
}

export interface TourEmissionResult {
  co2Ttw: number;
  co2Wtt: number;
  co2Wtw: number;
  /** null when the fuel method runs without a payload. */
  tkm: number | null;
  intensity: number | null;
  distance: number;
  distanceType: DistanceType;
  /** Empty-running share used or known; null when the method did not need it and none was given. */
  emptyRunningShare: number | null;
  emptyRunningSource: 'tour' | 'vehicle-type-default' | null;
  method: Method;
  glecVehicleType: string;
  factorSet: FactorSetRef;
  trace: TraceStep[];
}

interface EmptyRunning {
  share: number;
  origin: 'tour' | 'vehicle-type-default';
  emptyKm: number | null;
}

/** Tour's own empty running when known, else the GLEC default of the vehicle type; else an error. */
function resolveEmptyRunning(
  input: TourEmissionInput,
  v: VehicleTypeFactor,
  loadedKm: number,
  emptyKm: number | undefined,
  required: boolean,
  steps: TraceStep[] | null,
): EmptyRunning | null {
  let er: EmptyRunning | null = null;
  if (input.emptyDistance !== undefined) {
    requireNonNegative(input.emptyDistance, 'emptyDistance');
    const e = emptyKm!;
    er = { share: e / (loadedKm + e), origin: 'tour', emptyKm: e };
  } else if (input.emptyRunningShare !== undefined) {
    er = { share: requireShare(input.emptyRunningShare, 'emptyRunningShare'), origin: 'tour', emptyKm: null };
  } else if (required) {
    if (v.emptyRunning === undefined) {
      fail(
        'EMPTY_RUNNING_UNKNOWN',
        `no empty-running data for the tour and no GLEC default for ${v.id}`,
        'emptyRunningShare',
      );
    }
    er = { share: v.emptyRunning, origin: 'vehicle-type-default', emptyKm: null };
  }
  if (er !== null && steps !== null && required) {
    const step: TraceStep = {
      step: 'empty-running',
      label:
        er.origin === 'tour'
          ? "Empty running: the tour's own share"
          : 'Empty running: GLEC default of the vehicle type',
      formula:
        er.emptyKm !== null
          ? 'ER = empty km / (loaded km + empty km), both in driven km'
          : 'ER = given share',
      inputs: er.emptyKm !== null ? { loadedKm, emptyKm: er.emptyKm } : {},
      output: { emptyRunningShare: er.share },
    };
    if (er.origin === 'vehicle-type-default')
      step.factor = traceFactor(`emptyRunning:${v.id}`, er.share, 'share', v.emptyRunningSource!);
    steps.push(step);
  }
  return er;
}

/** The tour's tkm: its shipments' own tkm when given, else payload x tour distance; null without a payload. */
function tourTkm(
  input: TourEmissionInput,
  massT: number | null,
  dist: PlannedDistance,
  steps: TraceStep[] | null,
): number | null {
  const fromShipments = input.shipmentTkm !== undefined;
  const tkm = fromShipments
    ? requirePositive(input.shipmentTkm, 'shipmentTkm')
    : massT === null
      ? null
      : massT * dist.km;
  if (tkm !== null && (!(tkm > 0) || tkm === Infinity))
    fail('INVALID_NUMBER', `weight x distance is out of range (tkm = ${tkm})`, 'weight');
  if (steps !== null && tkm !== null) {
    steps.push(
      fromShipments
        ? {
            step: 'activity',
            label: "Transport activity of the tour: sum of its shipments' tkm",
            formula: 'tkm = sum m_i x d_i (each shipment on its own transport distance)',
            inputs: { shipmentTkm: tkm },
            output: { tkm },
            note: 'The same tkm the tour lists, its intensity and the allocation keys use.',
          }
        : {
            step: 'activity',
            label: 'Transport activity of the tour',
            formula: 'tkm = m x d',
            inputs: { massT: massT!, distanceKm: dist.km },
            output: { tkm },
          },
    );
  }
  return tkm;
}

function pushFuelGwps(
  c: CompiledFactorSet,
  fuels: { fuelType: string }[],
  gwps: (string | undefined)[],
): void {
  for (const f of fuels) gwps.push(c.fuels.get(f.fuelType)?.source.gwp);
}

// Vehicle km are actual km: consumption and measured fuel relate to what was driven.
function drivenKm(
  input: TourEmissionInput,
  mode: TransportMode,
  daf: DistanceAdjustment,
  km: number,
): number {
  return input.distanceType === 'actual' ? km : plannedToActual(mode, daf, km);
}

function vehicleKmStep(
  input: TourEmissionInput,
  daf: DistanceAdjustment,
  dist: PlannedDistance,
  er: EmptyRunning,
  loadedActualKm: number,
  vehicleKm: number,
): TraceStep {
  const step: TraceStep = {
    step: 'vehicle-km',
    label: 'Vehicle km including empty running',
    formula: er.emptyKm !== null ? 'km = loaded km + empty km' : 'km = loaded km / (1 - ER)',
    inputs: { loadedActualKm, emptyRunningShare: er.share },
    output: { vehicleKm },
  };
  if (input.distanceType !== 'actual' && daf.kind !== 'none') {
    step.note = `Loaded km converted from ${dist.type} to actual with the DAF; consumption refers to driven km.`;
  }
  return step;
}

export function computeTour(
  c: CompiledFactorSet,
  raw: TourEmissionInput,
  withTrace: boolean,
): TourEmissionResult {
  const input = requireObject(raw, '') as unknown as TourEmissionInput;
  const mode = requireMode(input.transportMode, 'transportMode');
  const v = requireVehicleType(c, input.glecVehicleType, mode, 'glecVehicleType');
  const steps: TraceStep[] | null = withTrace ? [] : null;
  const temperatureControl = input.temperatureControl === true;

  let massT: number | null = null;
  let tonnesPerTeu = c.set.tonnesPerTeu.value;
  if (input.weight !== undefined) {
    const mass = resolveMass(c, input, '');
    massT = mass.tonnes;
    tonnesPerTeu = mass.tonnesPerTeu;
    if (steps !== null) steps.push(massStep(mass, input.weight, String(input.weightUnit), c));
  }
  const dist = planDistance(c, mode, input.distance, input.distanceType, '', steps);
  const tkm = tourTkm(input, massT, dist, steps);

  const acc: Emissions = { ttw: 0, wtt: 0 };
  let method: Method;
  let vehicleTypeId = v.id;
  let er: EmptyRunning | null;
  // GWP bases of the factors used (DESNZ road values are AR5, GLEC values the set's AR6).
  const gwps: (string | undefined)[] = [];
  const daf = c.set.distanceAdjustment[mode];
  const loadedActualKm =
    input.distanceType === 'actual' ? input.distance : drivenKm(input, mode, daf, dist.km);
  // Empty km come in the type of the tour distance: on the same (driven) basis as the loaded km.
  const emptyActual =
    input.emptyDistance === undefined || typeof input.emptyDistance !== 'number'
      ? input.emptyDistance
      : drivenKm(input, mode, daf, input.emptyDistance);

  if (input.fuel !== undefined) {
    method = 'fuel';
    const fuels = checkFuelList(input.fuel, 'fuel');
    const laden = input.fuelCoversEmptyRunning === false;
    er = resolveEmptyRunning(input, v, loadedActualKm, emptyActual, laden, steps);
    const scale = laden ? 1 / (1 - er!.share) : 1;
    addFuelEmissions(c, fuels, 'fuel', acc, steps, scale);
    pushFuelGwps(c, fuels, gwps);
  } else if (input.consumption !== undefined) {
    method = 'fuel';
    const known = resolveEmptyRunning(input, v, loadedActualKm, emptyActual, true, steps)!;
    er = known;
    const emptyKm = known.emptyKm ?? (loadedActualKm * known.share) / (1 - known.share);
    const vehicleKm = loadedActualKm + emptyKm;
    if (steps !== null) steps.push(vehicleKmStep(input, daf, dist, known, loadedActualKm, vehicleKm));
    const fuels = consumptionToFuel(input.consumption, vehicleKm, 'consumption');
    addFuelEmissions(c, fuels, 'consumption', acc, steps);
    pushFuelGwps(c, fuels, gwps);
  } else {
    method = 'default';
    if (tkm === null) fail('MISSING_FIELD', 'weight is required for the default method', 'weight');
    // Default values already contain GLEC load factor and empty running: not applied again.
    er = resolveEmptyRunning(input, v, loadedActualKm, emptyActual, false, steps);
    const g = resolveIntensity(c, v, dist.gcdKm, temperatureControl, steps);
    vehicleTypeId = g.vehicleType.id;
    gwps.push(g.vehicleType.source.gwp);
    const activity = g.vehicleType.activityUnit === 'TEU-km' ? tkm / tonnesPerTeu : tkm;
    acc.ttw = (activity * g.ttw) / 1000;
    acc.wtt = (activity * g.wtt) / 1000;
  }
  if (input.refrigerant !== undefined) {
    addRefrigerant(c, input.refrigerant, 'refrigerant', acc, steps);
    gwps.push(undefined);
  }

  return {
    ...totalEmissions(acc, tkm, dist, steps, {
      label: method === 'fuel' ? 'Tour emissions (fuel-based)' : 'Tour emissions (default intensity)',
      formula: 'E_WTW = E_TTW + E_WTT; intensity = E_WTW / tkm',
    }),
    emptyRunningShare: er === null ? null : er.share,
    emptyRunningSource: er === null ? null : er.origin,
    method,
    glecVehicleType: vehicleTypeId,
    factorSet: resultRef(c, gwps),
    trace: steps ?? [],
  };
}

/** Emissions of one vehicle trip or tour (before allocation to its shipments). */
export function calculateTourEmission(
  input: TourEmissionInput,
  factorSet?: FactorSet,
  options?: CalculationOptions,
): Result<TourEmissionResult> {
  return attempt(() => computeTour(resolveSet(factorSet), input, options?.trace !== false));
}
