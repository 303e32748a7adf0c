/**
 * One transport leg (TCE): the `POST /api/legs/emission` calculation.
 * Default method:  E = tkm x g_TOC (GLEC default; LF and empty running already inside, [S1] 5.1).
 * Fuel method:     E = sum Q_fuel x EF_fuel (+ refrigerant), tkm = m x d ([S1] 4.2).
 */
import { airUpliftKm, dafText, plannedType, transportKm } from './distance.ts';
import {
  compileFactorSet,
  type CompiledFactorSet,
  type FactorSet,
  resultRef,
  type VehicleTypeFactor,
} from './factor-set.ts';
import { GLEC_DEFAULT_FACTOR_SET } from './data/glec-default.ts';
import { addFuelEmissions, addRefrigerant, checkFuelList, totalEmissions, type Emissions } from './fuel.ts';
import {
  attempt,
  fail,
  fieldPrefix,
  optionalFlag,
  requireFields,
  requirePositive,
  requireString,
  type GlecErrorCode,
  type Result,
} from './result.ts';
import { givenFactor, memoFactor, wtwFactor } from './trace.ts';
import {
  type CalculationOptions,
  type DistanceType,
  type LegEmissionInput,
  type LegEmissionResult,
  type TraceStep,
  type TransportMode,
} from './types.ts';
import { resolveMass, type Mass } from './units.ts';

const MODES: readonly TransportMode[] = ['road', 'rail', 'sea', 'inland_waterway', 'air'];
const DISTANCE_TYPES: readonly DistanceType[] = ['SFD', 'GCD', 'GCD+95', 'estimate', 'actual'];

/** A required value out of a fixed list; the refusal of another value names the list. */
function requireListed<T extends string>(
  value: unknown,
  path: string,
  allowed: readonly T[],
  code: GlecErrorCode,
  what: string,
): T {
  if (value === undefined || value === null || value === '')
    fail('MISSING_FIELD', `${path} is required`, path);
  if (typeof value !== 'string' || !(allowed as readonly string[]).includes(value))
    fail(code, `unknown ${what} ${String(value)} (${allowed.join(', ')})`, path);
  return value as T;
}

export function requireMode(value: unknown, path: string): TransportMode {
  return requireListed(value, path, MODES, 'UNKNOWN_TRANSPORT_MODE', 'transport mode');
}

export function requireDistanceType(value: unknown, path: string): DistanceType {
  return requireListed(value, path, DISTANCE_TYPES, 'UNKNOWN_DISTANCE_TYPE', 'distance type');
}

export function requireVehicleType(
  c: CompiledFactorSet,
  id: unknown,
  mode: TransportMode | undefined,
  path: string,
): VehicleTypeFactor {
  const key = requireString(id, path);
  const v = c.vehicleTypes.get(key);
  if (v === undefined) fail('UNKNOWN_VEHICLE_TYPE', `unknown GLEC vehicle type ${key}`, path);
  if (mode !== undefined && v.mode !== mode) {
    fail('VEHICLE_TYPE_MODE_MISMATCH', `vehicle type ${key} is ${v.mode}, not ${mode}`, path);
  }
  return v;
}

export interface PlannedDistance {
  km: number;
  type: DistanceType;
  /** Great-circle distance behind an air transport distance (the haul threshold refers to it). */
  gcdKm: number;
}

/** Converts the leg distance to the transport distance (SFD; GCD + 95 km for air) behind the tkm. */
export function planDistance(
  c: CompiledFactorSet,
  mode: TransportMode,
  distance: unknown,
  distanceType: unknown,
  path: string,
  steps: TraceStep[] | null,
): PlannedDistance {
  const prefix = fieldPrefix(path);
  const d = requirePositive(distance, `${prefix}distance`);
  const type = requireDistanceType(distanceType, `${prefix}distanceType`);
  const daf = c.set.distanceAdjustment[mode];
  const km = transportKm(daf, mode, d, type, `${prefix}distanceType`);
  const planned = plannedType(mode, type);
  const uplift = mode === 'air' ? airUpliftKm(daf) : 0;
  const gcdKm = mode === 'air' && km !== d ? d : Math.max(km - uplift, 0);
  if (steps !== null) steps.push(distanceStep(mode, daf, d, type, km, planned));
  return { km, type: planned, gcdKm };
}

function distanceStep(
  mode: TransportMode,
  daf: CompiledFactorSet['set']['distanceAdjustment'][TransportMode],
  d: number,
  type: DistanceType,
  km: number,
  planned: DistanceType,
): TraceStep {
  const output = { distanceKm: km, distanceType: planned };
  if (km !== d) {
    const additive = daf.kind === 'additive';
    return {
      step: 'distance',
      label: additive
        ? 'Air transport distance: great-circle distance plus the GLEC air uplift'
        : `Actual distance converted to ${planned} with the ${mode} distance adjustment factor`,
      formula: additive ? `d = d_GCD + ${daf.km} km` : `d_${planned} = d_actual / DAF`,
      inputs: { distance: d, distanceType: type },
      factor: memoFactor(
        daf,
        'daf:',
        mode,
        additive ? daf.km : daf.kind === 'multiplier' ? daf.value : 1,
        additive ? 'km' : 'factor',
        daf.source,
      ),
      output,
      note: 'Transport activity is stated on the transport distance (ISO 14083: SFD; air GCD + 95 km); GLEC default intensities refer to the same basis.',
    };
  }
  return {
    step: 'distance',
    label: `Transport distance (${planned})`,
    formula:
      type === 'actual'
        ? mode === 'air'
          ? 'd = flown distance (stands for GCD + 95 km)'
          : 'd = d_actual (no DAF for this mode)'
        : type === 'estimate'
          ? 'd = estimated road distance (taken as SFD)'
          : `d = d_${type} (transport distance, no adjustment)`,
    inputs: { distance: d, distanceType: type, daf: dafText(daf) },
    output,
  };
}

export function teuFactor(mass: Mass, c: CompiledFactorSet) {
  const d = c.set.tonnesPerTeu;
  return mass.tonnesPerTeu === d.value
    ? memoFactor(d, '', 'tonnesPerTeu', d.value, 't/TEU', d.source)
    : givenFactor('tonnesPerTeu', mass.tonnesPerTeu, 't/TEU');
}

export function massStep(mass: Mass, weight: number, weightUnit: string, c: CompiledFactorSet): TraceStep {
  if (mass.how === 'TEU') {
    return {
      step: 'mass',
      label: 'Freight mass from TEU',
      formula: 'm = TEU x t/TEU',
      inputs: { teu: weight },
      factor: teuFactor(mass, c),
      output: { massT: mass.tonnes },
    };
  }
  return {
    step: 'mass',
    label: 'Freight mass (actual mass incl. packaging, excl. carrier equipment)',
    formula: mass.how === 'kg' ? 'm[t] = weight[kg] / 1000' : 'm[t] = weight[t]',
    inputs: { weight, weightUnit },
    output: { massT: mass.tonnes },
  };
}

/** Air defaults are split at 1,500 km GCD; the haul follows the great-circle distance. */
function airTypeForDistance(c: CompiledFactorSet, v: VehicleTypeFactor, km: number): VehicleTypeFactor {
  const haul = km >= c.set.airHaulThresholdKm.value ? 'long' : 'short';
  if (v.haul === haul) return v;
  return c.air.get(`${v.aircraft}:${haul}`) ?? v;
}

export interface ResolvedIntensity {
  vehicleType: VehicleTypeFactor;
  /** g CO2e per activity unit on the planned distance basis, after temperature control. */
  ttw: number;
  wtt: number;
}

/** Trace of the air haul choice (GLEC splits air defaults at a great-circle distance threshold). */
function haulStep(
  c: CompiledFactorSet,
  given: VehicleTypeFactor,
  v: VehicleTypeFactor,
  gcdKm: number,
): TraceStep {
  return {
    step: 'haul',
    label: 'Air haul from great-circle distance',
    formula: `haul = long if d_GCD >= ${c.set.airHaulThresholdKm.value} km, else short`,
    inputs: { gcdKm, requestedType: given.id },
    factor: memoFactor(
      c.set.airHaulThresholdKm,
      '',
      'airHaulThresholdKm',
      c.set.airHaulThresholdKm.value,
      'km',
      c.set.airHaulThresholdKm.source,
    ),
    output: { haul: v.haul ?? null, glecVehicleType: v.id },
  };
}

function intensityStep(v: VehicleTypeFactor, variantNote: string | undefined): TraceStep {
  const step: TraceStep = {
    step: 'intensity',
    label: `Default intensity: ${v.label.en}`,
    formula: 'g_WTW = g_TTW + g_WTT',
    inputs: { glecVehicleType: v.id, g_TTW: v.ttw, g_WTT: v.wtt, distanceBasis: v.distanceBasis },
    factor: wtwFactor(v, 'vehicle:', v.activityUnit === 'tkm' ? 'g CO2e/tkm (WTW)' : 'g CO2e/TEU-km (WTW)'),
    output: { intensityWtw: v.ttw + v.wtt, unit: v.activityUnit === 'tkm' ? 'g CO2e/tkm' : 'g CO2e/TEU-km' },
  };
  const notes: string[] = [];
  if (variantNote !== undefined) notes.push(variantNote);
  if (v.note !== undefined) notes.push(v.note);
  notes.push('Default values already include load factor and empty running; neither is applied again.');
  step.note = notes.join(' ');
  return step;
}

/** Trace of temperature control where the vehicle type has no uplift: a reefer default or none available. */
function unchangedTemperatureStep(v: VehicleTypeFactor, ttw: number, wtt: number): TraceStep {
  const t = v.temperature;
  return {
    step: 'temperature',
    label: 'Temperature control',
    formula: 'g_tc = g',
    inputs: { temperatureControl: true },
    output: { g_TTW: ttw, g_WTT: wtt },
    note:
      t.kind === 'unavailable'
        ? t.note
        : 'The selected default is itself temperature-controlled (reefer); no further uplift.',
  };
}

/** Default intensity of a vehicle type on the planned basis, with temperature control applied. */
export function resolveIntensity(
  c: CompiledFactorSet,
  given: VehicleTypeFactor,
  gcdKm: number,
  temperatureControl: boolean,
  steps: TraceStep[] | null,
): ResolvedIntensity {
  let v = given;
  if (v.mode === 'air') {
    v = airTypeForDistance(c, v, gcdKm);
    if (steps !== null) steps.push(haulStep(c, given, v, gcdKm));
  }
  let variantNote: string | undefined;
  if (temperatureControl && v.temperature.kind === 'variant') {
    variantNote = `Temperature-controlled: ${v.id} replaced by ${v.temperature.vehicleType}.`;
    v = c.vehicleTypes.get(v.temperature.vehicleType)!;
  }
  let ttw = v.ttw;
  let wtt = v.wtt;
  if (steps !== null) steps.push(intensityStep(v, variantNote));
  if (v.distanceBasis === 'actual') {
    // Table values before DAF (sea non-container): bring them to the planned basis, g_SFD = g_actual x DAF.
    const daf = c.set.distanceAdjustment[v.mode];
    const m = daf.kind === 'multiplier' ? daf.value : 1;
    ttw *= m;
    wtt *= m;
    if (steps !== null) {
      steps.push({
        step: 'distance-basis',
        label: 'Intensity on actual-distance basis converted to the planned basis',
        formula: 'g_planned = g_actual x DAF',
        inputs: { g_TTW: v.ttw, g_WTT: v.wtt },
        factor: memoFactor(daf, 'daf-basis:', v.mode, m, 'factor', daf.source),
        output: { g_TTW: ttw, g_WTT: wtt },
      });
    }
  }
  if (temperatureControl) {
    const t = v.temperature;
    if (t.kind === 'uplift') {
      const u = c.set.temperatureUplifts[t.uplift]!;
      ttw *= u.value;
      wtt *= u.value;
      if (steps !== null) {
        steps.push({
          step: 'temperature',
          label: `Temperature-controlled uplift (${t.uplift})`,
          formula: 'g_tc = g x uplift',
          inputs: { g_TTW: ttw / u.value, g_WTT: wtt / u.value },
          factor: memoFactor(u, 'uplift:', t.uplift, u.value, 'factor', u.source),
          output: { g_TTW: ttw, g_WTT: wtt },
        });
      }
    } else if (steps !== null) {
      steps.push(unchangedTemperatureStep(v, ttw, wtt));
    }
  }
  return { vehicleType: v, ttw, wtt };
}

export function resolveSet(factorSet: FactorSet | undefined): CompiledFactorSet {
  return compileFactorSet(factorSet ?? GLEC_DEFAULT_FACTOR_SET);
}

/**
 * The throwing core of a calculation; `path` prefixes error paths where it runs for a part of a
 * larger request (a chain's `elements[2]`, a tour's `shipments[0]`).
 */
export type Computation<I, R> = (c: CompiledFactorSet, raw: I, path: string, withTrace: boolean) => R;

/**
 * A calculation with request shape in and response shape out, on the default factor set unless one
 * is given. Never throws for bad input; returns `{ ok: false, error: { code, message, path } }`
 * instead (HTTP 422 in the API).
 */
export function calculation<I, R>(compute: Computation<I, R>) {
  return (input: I, factorSet?: FactorSet, options?: CalculationOptions): Result<R> =>
    attempt(() => compute(resolveSet(factorSet), input, '', options?.trace !== false));
}

function activityStep(mass: Mass, dist: PlannedDistance, tkm: number): TraceStep {
  return {
    step: 'activity',
    label: 'Transport activity',
    formula: 'tkm = m x d',
    inputs: { massT: mass.tonnes, distanceKm: dist.km },
    output: { tkm },
  };
}

/** Fuel method of a leg: adds the measured fuel's emissions to `acc` and their GWP bases to `gwps`. */
function addMeasuredFuel(
  c: CompiledFactorSet,
  input: LegEmissionInput,
  prefix: string,
  temperatureControl: boolean,
  acc: Emissions,
  gwps: (string | undefined)[],
  steps: TraceStep[] | null,
): void {
  const fuels = checkFuelList(input.fuel, `${prefix}fuel`);
  addFuelEmissions(c, fuels, `${prefix}fuel`, acc, steps);
  for (const f of fuels) gwps.push(c.fuels.get(f.fuelType)?.source.gwp);
  if (steps !== null && temperatureControl) {
    steps.push({
      step: 'temperature',
      label: 'Temperature control',
      formula: 'no uplift',
      inputs: { temperatureControl: true },
      output: {},
      note: 'Measured fuel already contains the cooling unit; the default uplift applies to default values only.',
    });
  }
}

/** Default method of a leg: activity x default intensity into `acc`; returns the vehicle type used. */
function addDefaultIntensity(
  c: CompiledFactorSet,
  given: VehicleTypeFactor,
  mass: Mass,
  dist: PlannedDistance,
  tkm: number,
  temperatureControl: boolean,
  acc: Emissions,
  steps: TraceStep[] | null,
): VehicleTypeFactor {
  const g = resolveIntensity(c, given, dist.gcdKm, temperatureControl, steps);
  if (g.vehicleType.activityUnit === 'TEU-km') {
    const teu = mass.teu ?? mass.tonnes / mass.tonnesPerTeu;
    const teuKm = teu * dist.km;
    acc.ttw = (teuKm * g.ttw) / 1000;
    acc.wtt = (teuKm * g.wtt) / 1000;
    if (steps !== null) {
      steps.push({
        step: 'teu-activity',
        label: mass.teu === undefined ? 'TEU from mass (TEU-km intensity)' : 'TEU activity',
        formula: mass.teu === undefined ? 'TEU = m / (t/TEU); TEU-km = TEU x d' : 'TEU-km = TEU x d',
        inputs: { massT: mass.tonnes, distanceKm: dist.km },
        factor: teuFactor(mass, c),
        output: { teu, teuKm },
      });
    }
  } else {
    acc.ttw = (tkm * g.ttw) / 1000;
    acc.wtt = (tkm * g.wtt) / 1000;
  }
  return g.vehicleType;
}

/** Throwing core of calculateLegEmission. */
export const computeLeg: Computation<LegEmissionInput, LegEmissionResult> = (c, raw, path, withTrace) => {
  const { input, prefix } = requireFields(raw, path);
  const mode = requireMode(input.transportMode, `${prefix}transportMode`);
  const given = requireVehicleType(c, input.glecVehicleType, mode, `${prefix}glecVehicleType`);
  if (
    input.origin !== undefined &&
    input.destination !== undefined &&
    sameLocation(input.origin, input.destination)
  ) {
    fail('EQUAL_ORIGIN_DESTINATION', 'origin and destination are the same', `${prefix}destination`);
  }
  const temperatureControl = optionalFlag(input.temperatureControl, `${prefix}temperatureControl`);
  const steps: TraceStep[] | null = withTrace ? [] : null;

  const mass = resolveMass(c, input, path);
  if (steps !== null) steps.push(massStep(mass, input.weight, input.weightUnit, c));
  const dist = planDistance(c, mode, input.distance, input.distanceType, path, steps);
  const tkm = mass.tonnes * dist.km;
  // Guards against under/overflow of extreme inputs (e.g. 5e-324 kg): never NaN or Infinity out.
  if (!(tkm > 0) || tkm === Infinity)
    fail('INVALID_NUMBER', `weight x distance is out of range (tkm = ${tkm})`, `${prefix}weight`);
  if (steps !== null) steps.push(activityStep(mass, dist, tkm));

  const acc: Emissions = { ttw: 0, wtt: 0 };
  let method: 'default' | 'fuel';
  let vehicleTypeId = given.id;
  // GWP bases of the factors used (DESNZ road values are AR5, GLEC values the set's AR6).
  const gwps: (string | undefined)[] = [];
  if (input.fuel !== undefined) {
    method = 'fuel';
    addMeasuredFuel(c, input, prefix, temperatureControl, acc, gwps, steps);
  } else {
    method = 'default';
    const used = addDefaultIntensity(c, given, mass, dist, tkm, temperatureControl, acc, steps);
    vehicleTypeId = used.id;
    gwps.push(used.source.gwp);
  }
  if (input.refrigerant !== undefined) {
    addRefrigerant(c, input.refrigerant, `${prefix}refrigerant`, acc, steps);
    gwps.push(undefined);
  }

  return {
    ...totalEmissions(acc, tkm, dist, steps, {
      label: method === 'fuel' ? 'Leg emissions (fuel-based)' : 'Leg emissions (default intensity)',
      formula:
        method === 'fuel'
          ? 'E_TTW = sum E_TTW,i; E_WTT = sum E_WTT,i; E_WTW = E_TTW + E_WTT; intensity = E_WTW / tkm'
          : 'E = activity x g / 1000 [kg]; E_WTW = E_TTW + E_WTT; intensity = E_WTW / tkm',
      path: path || undefined,
    }),
    method,
    glecVehicleType: vehicleTypeId,
    factorSet: resultRef(c, gwps),
    trace: steps ?? [],
  };
};

function sameLocation(a: unknown, b: unknown): boolean {
  return typeof a === 'string' && typeof b === 'string' && a.trim().toLowerCase() === b.trim().toLowerCase();
}

/** `POST /api/legs/emission`. */
export const calculateLegEmission = calculation(computeLeg);
