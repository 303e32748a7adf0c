import { type ImportRowCode } from '@klimadesk/contract';
import { glecVehicleTypes } from '@klimadesk/glec';
import { computeTourEmission } from '../tours/index.ts';

/**
 * Plausibility rules of the import, in one place. A row whose tour breaks one is stopped with a
 * warning code unless the upload confirms it (a unit read wrongly, "18,5" t as kg, shows here).
 */

const modeOf = new Map(glecVehicleTypes().map((v) => [v.id, v.mode]));

/**
 * Highest plausible road intensity: 1,000 g CO2e/tkm WTW, about ten times a full truck's GLEC
 * default (factor set, GLEC v3.0 Table 8: artic 34–40 t, 73 TTW + 22 WTT = 95 g/tkm WTW), or three
 * times the class's own default where that is already high (van < 3.5 t: 842 g/tkm, GLEC v3.2 Table 7).
 */
export const ROAD_INTENSITY_LIMIT_G_PER_TKM = 1000;
const CLASS_DEFAULT_MULTIPLE = 3;

/**
 * Lightest plausible tour load: 1 kg per tonne of gross vehicle weight on trucks of 12 t and more
 * (40 kg on a 40 t truck): less than two empty Euro pallets (about 25 kg each, EN 13698-1) on a
 * truck for 20–25 t of payload is a unit read wrongly far more often than a real tour.
 */
export const LOAD_KG_PER_GVW_TONNE = 1;
export const LOAD_RULE_MIN_GVW_T = 12;

const classDefaults = new Map<string, number | null>();

/** The class's GLEC default intensity (g CO2e WTW per tkm), from the engine's default method. */
export function classDefaultIntensity(type: string): number | null {
  if (classDefaults.has(type)) return classDefaults.get(type) ?? null;
  let value: number | null = null;
  try {
    const e = computeTourEmission(
      {
        glecVehicleType: type,
        distanceKm: 100,
        emptyDistanceKm: null,
        weightKg: 1000,
        temperatureControl: false,
        fuel: null,
        consumption: null,
      },
      [],
    );
    value = e.tkm ? (e.default.co2Wtw * 1000) / e.tkm : null;
  } catch {
    value = null;
  }
  classDefaults.set(type, value);
  return value;
}

/** Upper bound of the gross vehicle weight a GLEC road class id names (`…_artic_40t_…` → 40). */
export function grossVehicleTonnes(type: string): number | null {
  const all = [...type.matchAll(/_(\d+)t_/g)];
  const last = all.at(-1);
  return last ? Number(last[1]) : null;
}

export type PlausibilityInput = {
  glecVehicleType: string;
  /** The tour's load in kg (sum of its shipments in a shipment mapping). */
  weightKg: number;
  tkm: number | null;
  /** kg CO2e WTW of the result the tour shows (fuel-based where given, else default). */
  co2WtwKg: number;
};

export type PlausibilityFinding = { code: Extract<ImportRowCode, `implausible${string}`>; detail: string };

/** The rules a computed tour breaks; empty when it looks plausible. */
export function plausibilityFindings(t: PlausibilityInput): PlausibilityFinding[] {
  if ((modeOf.get(t.glecVehicleType) ?? 'road') !== 'road') return [];
  const out: PlausibilityFinding[] = [];
  const gvw = grossVehicleTonnes(t.glecVehicleType);
  if (gvw !== null && gvw >= LOAD_RULE_MIN_GVW_T && t.weightKg < gvw * LOAD_KG_PER_GVW_TONNE) {
    out.push({
      code: 'implausibleLoad',
      detail: `${round(t.weightKg)} kg < ${gvw * LOAD_KG_PER_GVW_TONNE} kg`,
    });
  }
  if (t.tkm !== null && t.tkm > 0) {
    const intensity = (t.co2WtwKg * 1000) / t.tkm;
    const limit = Math.max(
      ROAD_INTENSITY_LIMIT_G_PER_TKM,
      CLASS_DEFAULT_MULTIPLE * (classDefaultIntensity(t.glecVehicleType) ?? 0),
    );
    if (intensity > limit) {
      out.push({ code: 'implausibleIntensity', detail: `${round(intensity)} g/tkm > ${round(limit)} g/tkm` });
    }
  }
  return out;
}

const round = (x: number) => Math.round(x * 10) / 10;
