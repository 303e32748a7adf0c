/** Fuel-based ("individual") emissions from primary fuel data: E = sum over fuels of Q x EF ([S1] 4.2). */
import type { CompiledFactorSet } from './factor-set.ts';
import { fail, requireNonNegative, requirePositive, requireString } from './result.ts';
import { memoFactor, wtwFactor } from './trace.ts';
import type { DistanceType, FuelQuantity, RefrigerantLeakage, TraceStep } from './types.ts';
import { fuelQuantity } from './units.ts';

/** Vehicles carry two fuel slots (seed: Vehicle.fuelInformation); more are rejected. */
export const MAX_FUEL_SLOTS = 2;

export interface Emissions {
  /** kg CO2e */
  ttw: number;
  wtt: number;
}

export function checkFuelList(list: unknown, path: string): FuelQuantity[] {
  if (!Array.isArray(list) || list.length === 0)
    fail('INVALID_INPUT', `${path} must list at least one fuel`, path);
  if (list.length > MAX_FUEL_SLOTS)
    fail('TOO_MANY_FUELS', `at most ${MAX_FUEL_SLOTS} fuel slots are allowed`, path);
  return list as FuelQuantity[];
}

/**
 * Adds the emissions of measured fuel quantities. `scale` multiplies each quantity (used when the
 * fuel covers laden trips only and the empty-running share must be added, GLEC rule [S3] 4.3.5).
 */
export function addFuelEmissions(
  c: CompiledFactorSet,
  fuels: FuelQuantity[],
  path: string,
  acc: Emissions,
  steps: TraceStep[] | null,
  scale = 1,
): void {
  for (let i = 0; i < fuels.length; i++) {
    const p = `${path}[${i}]`;
    const item = fuels[i]!;
    const id = requireString(item?.fuelType, `${p}.fuelType`);
    const f = c.fuels.get(id);
    if (f === undefined) fail('UNKNOWN_FUEL_TYPE', `unknown fuel type ${id}`, `${p}.fuelType`);
    if (item.unit === undefined) fail('MISSING_FIELD', `${p}.unit is required`, `${p}.unit`);
    const amount = requireNonNegative(item.amount, `${p}.amount`);
    const q = fuelQuantity(f, amount, item.unit, p) * scale;
    const ttw = q * f.ttw;
    const wtt = q * f.wtt;
    acc.ttw += ttw;
    acc.wtt += wtt;
    if (steps !== null) {
      const inputs: Record<string, number | string> = {
        fuelType: id,
        amount,
        unit: item.unit,
        EF_TTW: f.ttw,
        EF_WTT: f.wtt,
      };
      let formula = 'E_TTW = Q x EF_TTW; E_WTT = Q x EF_WTT';
      if (item.unit === 'L') {
        inputs.densityKgPerL = f.densityKgPerL!;
        formula = 'Q[kg] = V[L] x density; E_TTW = Q x EF_TTW; E_WTT = Q x EF_WTT';
      }
      if (scale !== 1) {
        inputs.emptyRunningScale = scale;
        formula = 'Q = Q_laden / (1 - ER); ' + formula;
      }
      const step: TraceStep = {
        step: 'fuel',
        label: 'Fuel slot ' + (i + 1) + ': ' + f.label.en,
        formula,
        inputs,
        factor: wtwFactor(f, 'fuel:', f.energyUnit === 'kg' ? 'kg CO2e/kg (WTW)' : 'kg CO2e/kWh (WTW)'),
        output: {
          quantity: q,
          quantityUnit: f.energyUnit,
          co2TtwKg: ttw,
          co2WttKg: wtt,
          co2WtwKg: ttw + wtt,
        },
      };
      if (f.ttw === 0)
        step.note = 'TTW factor is 0 (e.g. electricity): all emissions of this carrier are upstream (WTT).';
      steps.push(step);
    }
  }
}

/** Refrigerant leakage counts as operation (TTW) emissions of the transport element ([S1] 4.2.4). */
export function addRefrigerant(
  c: CompiledFactorSet,
  r: RefrigerantLeakage,
  path: string,
  acc: Emissions,
  steps: TraceStep[] | null,
): void {
  const id = requireString(r?.refrigerant, `${path}.refrigerant`);
  const f = c.refrigerants.get(id);
  if (f === undefined) fail('UNKNOWN_REFRIGERANT', `unknown refrigerant ${id}`, `${path}.refrigerant`);
  const kg = requireNonNegative(r.leakedKg, `${path}.leakedKg`);
  const e = kg * f.gwp100;
  acc.ttw += e;
  if (steps !== null) {
    steps.push({
      step: 'refrigerant',
      label: `Refrigerant leakage (${f.id})`,
      formula: 'E_ref = leaked kg x GWP100 (counted as TTW/operation)',
      inputs: { refrigerant: f.id, leakedKg: kg },
      factor: memoFactor(f, 'gwp:', f.id, f.gwp100, 'kg CO2e/kg', f.source),
      output: { co2TtwKg: e },
    });
  }
}

/**
 * The closing figures of a leg or a tour: E_WTW = E_TTW + E_WTT, the intensity in g CO2e per tkm
 * (none without tonne-km), the distance they rest on, and the emissions step of the trace.
 */
export function totalEmissions<K extends number | null>(
  acc: Emissions,
  tkm: K,
  distance: { km: number; type: DistanceType },
  steps: TraceStep[] | null,
  step: { label: string; formula: string; path?: string },
) {
  const co2Wtw = acc.ttw + acc.wtt;
  if (!Number.isFinite(co2Wtw)) fail('INVALID_NUMBER', 'emissions are out of range', step.path);
  const intensity = (tkm === null ? null : (co2Wtw * 1000) / tkm) as K extends number
    ? number
    : number | null;
  if (steps !== null) {
    steps.push({
      step: 'emissions',
      label: step.label,
      formula: step.formula,
      inputs: { tkm },
      output: { co2TtwKg: acc.ttw, co2WttKg: acc.wtt, co2WtwKg: co2Wtw, intensityGPerTkm: intensity },
    });
  }
  return {
    co2Ttw: acc.ttw,
    co2Wtt: acc.wtt,
    co2Wtw,
    tkm,
    intensity,
    distance: distance.km,
    distanceType: distance.type,
  };
}

/** Per-100-km consumption to a quantity: Q = consumption / 100 x vehicle km. */
export function consumptionToFuel(
  list: { fuelType: string; per100km: number; unit: FuelQuantity['unit'] }[],
  vehicleKm: number,
  path: string,
): FuelQuantity[] {
  if (!Array.isArray(list) || list.length === 0)
    fail('INVALID_INPUT', `${path} must list at least one fuel`, path);
  if (list.length > MAX_FUEL_SLOTS)
    fail('TOO_MANY_FUELS', `at most ${MAX_FUEL_SLOTS} fuel slots are allowed`, path);
  return list.map((item, i) => ({
    fuelType: item?.fuelType,
    amount: (requirePositive(item?.per100km, `${path}[${i}].per100km`) / 100) * vehicleKm,
    unit: item?.unit,
  }));
}
