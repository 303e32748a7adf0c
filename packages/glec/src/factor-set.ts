/**
 * Factor sets are data: an operator can ship a new edition or a carrier-specific set without code
 * changes. A set is validated once and compiled into lookup maps (cached per object).
 */
import { attempt, fail, type Result } from './result.ts';
import type { GlecEdition } from './sources.ts';
import {
  FUEL_UNITS,
  TRANSPORT_MODES,
  type ContainerSize,
  type FactorSetRef,
  type FuelUnit,
  type Label,
  type TransportMode,
} from './types.ts';

export interface FactorSource {
  /** Key of the source document (S1, S5, ...). */
  ref: string;
  /** Document and table the value was read from, e.g. `GLEC v3.2 Module 2 Table 18 (p.111)`. */
  table: string;
  edition: GlecEdition;
  /** True when the value is not from v3.1 (its table was not available) and the nearest edition stands in. */
  nearestEdition: boolean;
  /** Derivation, when the value was computed from sourced inputs rather than printed. */
  computed?: string;
  /** Edition of a non-GLEC publication, e.g. `UK DESNZ GHG conversion factors 2025 v1.0`. */
  publication?: string;
  /** GWP basis when it differs from the factor set's (DESNZ values are AR5). */
  gwp?: string;
}

export type TemperatureRule =
  /** Multiply the ambient intensity by the factor-set uplift with this key (e.g. road HGV +12 %). */
  | { kind: 'uplift'; uplift: string }
  /** Switch to a separate temperature-controlled vehicle type (sea container reefer lanes). */
  | { kind: 'variant'; vehicleType: string }
  /** The type is itself temperature-controlled (reefer lane, refrigerated bulk). */
  | { kind: 'included' }
  /** No GLEC temperature-controlled default exists; the ambient value is used and the trace says so. */
  | { kind: 'unavailable'; note: string };

export interface VehicleTypeFactor {
  id: string;
  mode: TransportMode;
  label: Label;
  region: string;
  /** Tank-to-wheel and well-to-tank intensity in g CO2e per activity unit. */
  ttw: number;
  wtt: number;
  activityUnit: 'tkm' | 'TEU-km';
  /**
   * Distance basis of the intensity: `planned` (SFD, or GCD for air; the mode's DAF is already inside)
   * or `actual` (before DAF; multiplied by the DAF when used with planned distances).
   */
  distanceBasis: 'planned' | 'actual';
  haul?: 'short' | 'long';
  aircraft?: 'belly' | 'freighter' | 'unknown';
  loadFactor?: number;
  /** Default empty-running share (empty km / total km) behind the intensity. */
  emptyRunning?: number;
  emptyRunningSource?: FactorSource;
  temperature: TemperatureRule;
  source: FactorSource;
  note?: string;
}

export interface FuelFactor {
  id: string;
  label: Label;
  /** Unit the emission factors refer to. */
  energyUnit: 'kg' | 'kWh';
  /** kg CO2e per energyUnit. */
  ttw: number;
  wtt: number;
  /** Enables litres; kg per litre. */
  densityKgPerL?: number;
  units: FuelUnit[];
  source: FactorSource;
  densitySource?: FactorSource;
}

export interface HubValue {
  /** kg CO2e (WTW) per activity unit; GLEC publishes no TTW/WTT split for hubs. */
  wtw: number;
  source: FactorSource;
  /** Set when the value stands in for a missing column (e.g. mixed for temperature-controlled). */
  substitute?: string;
}

export interface HubFactor {
  id: string;
  label: Label;
  /** `t` = tonnes leaving the hub; `container` = containers handled (maritime terminals). */
  activityUnit: 't' | 'container';
  /** Conversion for per-container values when only the mass is known. */
  tonnesPerContainer?: number;
  tonnesPerContainerSource?: FactorSource;
  ambient: HubValue;
  temperatureControlled: HubValue;
}

export interface RefrigerantFactor {
  id: string;
  label: Label;
  gwp100: number;
  source: FactorSource;
}

export type DistanceAdjustment =
  | { kind: 'multiplier'; value: number; source: FactorSource }
  | { kind: 'additive'; km: number; source: FactorSource }
  | { kind: 'none'; source: FactorSource };

export interface SourcedNumber {
  value: number;
  source: FactorSource;
}

export interface FactorSet {
  id: string;
  name: string;
  version: string;
  /** ISO date from which the set applies. */
  validFrom: string;
  description?: string;
  gwp: string;
  distanceAdjustment: Record<TransportMode, DistanceAdjustment>;
  temperatureUplifts: Record<string, SourcedNumber>;
  tonnesPerTeu: SourcedNumber;
  teuPerContainer: Record<ContainerSize, number>;
  teuPerContainerSource: FactorSource;
  airHaulThresholdKm: SourcedNumber;
  vehicleTypes: VehicleTypeFactor[];
  fuels: FuelFactor[];
  hubs: HubFactor[];
  refrigerants: RefrigerantFactor[];
}

export interface CompiledFactorSet {
  set: FactorSet;
  ref: FactorSetRef;
  vehicleTypes: Map<string, VehicleTypeFactor>;
  fuels: Map<string, FuelFactor>;
  hubs: Map<string, HubFactor>;
  refrigerants: Map<string, RefrigerantFactor>;
  /** Air types by `${aircraft}:${haul}`, to pick the haul from the distance. */
  air: Map<string, VehicleTypeFactor>;
}

/**
 * The factor-set reference of a result, labelled with the GWP basis of the factors it used: a value
 * that names its own basis (DESNZ: IPCC AR5) keeps it, the others are the set's. Bases are never
 * merged into one figure silently: a result of factors on two bases names both.
 */
export function resultRef(c: CompiledFactorSet, gwps: readonly (string | undefined)[]): FactorSetRef {
  const used = [...new Set(gwps.flatMap((g) => (g ?? c.ref.gwp).split(' + ')))];
  if (used.length === 0 || (used.length === 1 && used[0] === c.ref.gwp)) return c.ref;
  return { ...c.ref, gwp: used.join(' + ') };
}

const compiled = new WeakMap<FactorSet, CompiledFactorSet>();

/** Validated, cached lookup structure. Throws GlecError(INVALID_FACTOR_SET) for malformed sets. */
export function compileFactorSet(set: FactorSet): CompiledFactorSet {
  const hit = compiled.get(set);
  if (hit !== undefined) return hit;
  checkFactorSet(set);
  const c: CompiledFactorSet = {
    set,
    ref: { id: set.id, version: set.version, gwp: set.gwp },
    vehicleTypes: new Map(set.vehicleTypes.map((v) => [v.id, v])),
    fuels: new Map(set.fuels.map((f) => [f.id, f])),
    hubs: new Map(set.hubs.map((h) => [h.id, h])),
    refrigerants: new Map(set.refrigerants.map((r) => [r.id, r])),
    air: new Map(),
  };
  for (const v of set.vehicleTypes) {
    if (v.mode === 'air' && v.aircraft !== undefined && v.haul !== undefined)
      c.air.set(`${v.aircraft}:${v.haul}`, v);
  }
  compiled.set(set, c);
  return c;
}

/** Checks a factor set (e.g. parsed from JSON by an operator) before it is used. */
export function validateFactorSet(input: unknown): Result<FactorSet> {
  return attempt(() => {
    checkFactorSet(input as FactorSet);
    return input as FactorSet;
  });
}

function bad(message: string, path: string): never {
  fail('INVALID_FACTOR_SET', message, path);
}

function checkNumber(v: unknown, path: string, min = 0): void {
  if (typeof v !== 'number' || !Number.isFinite(v) || v < min)
    bad(`${path} must be a finite number >= ${min}`, path);
}

function checkSource(s: unknown, path: string): void {
  const src = s as FactorSource | undefined;
  if (src === undefined || typeof src !== 'object' || src === null) bad(`${path} is missing`, path);
  if (typeof src.ref !== 'string' || src.ref === '') bad(`${path}.ref is missing`, `${path}.ref`);
  if (typeof src.table !== 'string' || src.table === '') bad(`${path}.table is missing`, `${path}.table`);
  if (!['v3.0', 'v3.1', 'v3.2', 'non-GLEC'].includes(src.edition))
    bad(`${path}.edition is invalid`, `${path}.edition`);
  if (typeof src.nearestEdition !== 'boolean')
    bad(`${path}.nearestEdition must be boolean`, `${path}.nearestEdition`);
}

function checkLabel(l: unknown, path: string): void {
  const label = l as Label | undefined;
  if (typeof label?.de !== 'string' || typeof label.en !== 'string') bad(`${path} needs de and en`, path);
}

/** A list of entries with unique ids; `check` then sees each entry at `key[i]` and all the ids. */
function checkEntries<T extends { id: string }>(
  items: T[],
  key: string,
  check: (item: T, path: string, ids: ReadonlySet<string>) => void,
): void {
  if (!Array.isArray(items)) bad(`${key} must be an array`, key);
  const ids = new Set<string>();
  items.forEach((item, i) => {
    if (typeof item.id !== 'string' || item.id === '') bad(`${key}[${i}].id is missing`, `${key}[${i}].id`);
    if (ids.has(item.id)) bad(`duplicate id ${item.id}`, `${key}[${i}].id`);
    ids.add(item.id);
  });
  items.forEach((item, i) => check(item, `${key}[${i}]`, ids));
}

/** The set's own fields and its scalar factors (DAF, uplifts, TEU, air haul threshold). */
function checkSetScalars(set: FactorSet): void {
  if (typeof set !== 'object' || set === null) bad('factor set must be an object', '');
  for (const key of ['id', 'name', 'version', 'validFrom', 'gwp'] as const) {
    if (typeof set[key] !== 'string' || set[key] === '') bad(`${key} is required`, key);
  }
  if (!/^\d{4}-\d{2}-\d{2}$/.test(set.validFrom))
    bad('validFrom must be an ISO date (YYYY-MM-DD)', 'validFrom');
  for (const mode of TRANSPORT_MODES) {
    const daf = set.distanceAdjustment?.[mode];
    const path = `distanceAdjustment.${mode}`;
    if (daf === undefined) bad(`${path} is missing`, path);
    if (daf.kind === 'multiplier') checkNumber(daf.value, `${path}.value`, 1);
    else if (daf.kind === 'additive') checkNumber(daf.km, `${path}.km`);
    else if (daf.kind !== 'none') bad(`${path}.kind is invalid`, path);
    checkSource(daf.source, `${path}.source`);
  }
  for (const [key, u] of Object.entries(set.temperatureUplifts ?? {})) {
    checkNumber(u.value, `temperatureUplifts.${key}.value`, 1);
    checkSource(u.source, `temperatureUplifts.${key}.source`);
  }
  checkNumber(set.tonnesPerTeu?.value, 'tonnesPerTeu.value', Number.MIN_VALUE);
  checkSource(set.tonnesPerTeu.source, 'tonnesPerTeu.source');
  for (const size of ['20ft', '40ft', '45ft'] as const)
    checkNumber(set.teuPerContainer?.[size], `teuPerContainer.${size}`, Number.MIN_VALUE);
  checkSource(set.teuPerContainerSource, 'teuPerContainerSource');
  checkNumber(set.airHaulThresholdKm?.value, 'airHaulThresholdKm.value', Number.MIN_VALUE);
  checkSource(set.airHaulThresholdKm.source, 'airHaulThresholdKm.source');
}

function checkVehicleType(set: FactorSet, v: VehicleTypeFactor, p: string, ids: ReadonlySet<string>): void {
  if (!TRANSPORT_MODES.includes(v.mode)) bad(`${p}.mode is invalid`, `${p}.mode`);
  checkLabel(v.label, `${p}.label`);
  checkNumber(v.ttw, `${p}.ttw`);
  checkNumber(v.wtt, `${p}.wtt`);
  if (v.ttw + v.wtt <= 0) bad(`${p} has no emissions`, p);
  if (v.activityUnit !== 'tkm' && v.activityUnit !== 'TEU-km')
    bad(`${p}.activityUnit is invalid`, `${p}.activityUnit`);
  if (v.distanceBasis !== 'planned' && v.distanceBasis !== 'actual')
    bad(`${p}.distanceBasis is invalid`, `${p}.distanceBasis`);
  if (v.emptyRunning !== undefined) {
    checkNumber(v.emptyRunning, `${p}.emptyRunning`);
    if (v.emptyRunning >= 1) bad(`${p}.emptyRunning must be below 1`, `${p}.emptyRunning`);
    checkSource(v.emptyRunningSource, `${p}.emptyRunningSource`);
  }
  if (v.mode === 'air' && (v.haul === undefined || v.aircraft === undefined))
    bad(`${p} (air) needs haul and aircraft`, p);
  const t = v.temperature;
  if (t?.kind === 'uplift') {
    if (set.temperatureUplifts[t.uplift] === undefined)
      bad(`${p}.temperature.uplift ${t.uplift} is not defined`, `${p}.temperature`);
  } else if (t?.kind === 'variant') {
    if (!ids.has(t.vehicleType))
      bad(`${p}.temperature.vehicleType ${t.vehicleType} is not defined`, `${p}.temperature`);
  } else if (t?.kind !== 'included' && t?.kind !== 'unavailable')
    bad(`${p}.temperature is invalid`, `${p}.temperature`);
  checkSource(v.source, `${p}.source`);
}

function checkFuel(f: FuelFactor, p: string): void {
  checkLabel(f.label, `${p}.label`);
  if (f.energyUnit !== 'kg' && f.energyUnit !== 'kWh') bad(`${p}.energyUnit is invalid`, `${p}.energyUnit`);
  checkNumber(f.ttw, `${p}.ttw`);
  checkNumber(f.wtt, `${p}.wtt`);
  if (!Array.isArray(f.units) || f.units.length === 0) bad(`${p}.units must list L, kg or kWh`, `${p}.units`);
  for (const u of f.units) {
    if (!FUEL_UNITS.includes(u)) bad(`${p}.units contains ${String(u)}`, `${p}.units`);
    if (u === 'kWh' && f.energyUnit !== 'kWh') bad(`${p}: kWh needs energyUnit kWh`, `${p}.units`);
    if (u !== 'kWh' && f.energyUnit !== 'kg') bad(`${p}: ${u} needs energyUnit kg`, `${p}.units`);
    if (u === 'L') {
      checkNumber(f.densityKgPerL, `${p}.densityKgPerL`, Number.MIN_VALUE);
      checkSource(f.densitySource, `${p}.densitySource`);
    }
  }
  checkSource(f.source, `${p}.source`);
}

function checkHub(h: HubFactor, p: string): void {
  checkLabel(h.label, `${p}.label`);
  if (h.activityUnit !== 't' && h.activityUnit !== 'container')
    bad(`${p}.activityUnit is invalid`, `${p}.activityUnit`);
  if (h.activityUnit === 'container') {
    checkNumber(h.tonnesPerContainer, `${p}.tonnesPerContainer`, Number.MIN_VALUE);
    checkSource(h.tonnesPerContainerSource, `${p}.tonnesPerContainerSource`);
  }
  for (const cond of ['ambient', 'temperatureControlled'] as const) {
    checkNumber(h[cond]?.wtw, `${p}.${cond}.wtw`);
    checkSource(h[cond].source, `${p}.${cond}.source`);
  }
}

function checkFactorSet(set: FactorSet): void {
  checkSetScalars(set);
  checkEntries(set.vehicleTypes, 'vehicleTypes', (v, p, ids) => checkVehicleType(set, v, p, ids));
  checkEntries(set.fuels, 'fuels', checkFuel);
  checkEntries(set.hubs, 'hubs', checkHub);
  checkEntries(set.refrigerants, 'refrigerants', (r, p) => {
    checkNumber(r.gwp100, `${p}.gwp100`);
    checkSource(r.source, `${p}.source`);
  });
}

export interface FactorSetOverrides {
  id: string;
  name: string;
  version: string;
  validFrom: string;
  description?: string;
  /** Entries replace same-id entries of the base set or are added. */
  vehicleTypes?: VehicleTypeFactor[];
  fuels?: FuelFactor[];
  hubs?: HubFactor[];
  refrigerants?: RefrigerantFactor[];
  distanceAdjustment?: Partial<Record<TransportMode, DistanceAdjustment>>;
  temperatureUplifts?: Record<string, SourcedNumber>;
}

function mergeById<T extends { id: string }>(base: T[], extra: T[] | undefined): T[] {
  if (extra === undefined) return base.slice();
  const byId = new Map(base.map((x) => [x.id, x]));
  for (const x of extra) byId.set(x.id, x);
  return [...byId.values()];
}

/** New factor set from a base plus replaced/added entries (e.g. a carrier's own TOC intensities). */
export function deriveFactorSet(base: FactorSet, overrides: FactorSetOverrides): Result<FactorSet> {
  const set: FactorSet = {
    ...base,
    id: overrides.id,
    name: overrides.name,
    version: overrides.version,
    validFrom: overrides.validFrom,
    description: overrides.description ?? base.description,
    vehicleTypes: mergeById(base.vehicleTypes, overrides.vehicleTypes),
    fuels: mergeById(base.fuels, overrides.fuels),
    hubs: mergeById(base.hubs, overrides.hubs),
    refrigerants: mergeById(base.refrigerants, overrides.refrigerants),
    distanceAdjustment: { ...base.distanceAdjustment, ...overrides.distanceAdjustment },
    temperatureUplifts: { ...base.temperatureUplifts, ...overrides.temperatureUplifts },
  };
  return attempt(() => {
    compileFactorSet(set);
    return set;
  });
}
