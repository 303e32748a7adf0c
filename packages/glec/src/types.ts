/** Plain types shared by the engine and the API contract (no runtime, no schema library). */

export type TransportMode = 'road' | 'rail' | 'sea' | 'inland_waterway' | 'air';
export const TRANSPORT_MODES: readonly TransportMode[] = ['road', 'rail', 'sea', 'inland_waterway', 'air'];

/**
 * SFD = shortest feasible distance, GCD = great-circle distance, `GCD+95` = air transport distance
 * (GCD + 95 km), `estimate` = a routed-distance stand-in (GCD x circuity, taken as SFD),
 * actual = driven/sailed/flown. These are all the types `POST /api/legs/distance` answers.
 */
export type DistanceType = 'SFD' | 'GCD' | 'GCD+95' | 'estimate' | 'actual';
export const DISTANCE_TYPES: readonly DistanceType[] = ['SFD', 'GCD', 'GCD+95', 'estimate', 'actual'];

export type FuelUnit = 'L' | 'kg' | 'kWh';
export const FUEL_UNITS: readonly FuelUnit[] = ['L', 'kg', 'kWh'];

/** `TEU` means the weight field counts TEU; the mass is then TEU x tonnes per TEU (10 t default). */
export type WeightUnit = 'kg' | 't' | 'TEU';
export const WEIGHT_UNITS: readonly WeightUnit[] = ['kg', 't', 'TEU'];

export type ContainerSize = '20ft' | '40ft' | '45ft';

export type Carriage = 'pre_carriage' | 'main_carriage' | 'on_carriage';

export type Method = 'default' | 'fuel';

export type Language = 'de' | 'en';

export interface Label {
  de: string;
  en: string;
}

export interface FuelQuantity {
  fuelType: string;
  amount: number;
  unit: FuelUnit;
}

export interface RefrigerantLeakage {
  /** Refrigerant id of the factor set, e.g. `R-404A`. */
  refrigerant: string;
  /** Refilled (= leaked) mass in kg attributable to this leg or tour. */
  leakedKg: number;
}

export interface ContainerCount {
  size: ContainerSize;
  count: number;
}

/**
 * Request body of `POST /api/legs/emission`. The fields after `fuel` are optional engine
 * extensions (containers, refrigerant, origin/destination check); the contract may expose them later.
 */
export interface LegEmissionInput {
  transportMode: TransportMode;
  glecVehicleType: string;
  weight: number;
  weightUnit: WeightUnit;
  distance: number;
  distanceType: DistanceType;
  temperatureControl: boolean;
  /** When given (1 or 2 slots) the result is fuel-based; amounts cover the whole leg incl. empty running. */
  fuel?: FuelQuantity[];
  /** TEU moved on the leg; used as activity for TEU-km intensities (sea container lanes). */
  teu?: number;
  /** Alternative to `teu`: container counts by size (40 ft = 2 TEU, 45 ft = 2.25 TEU). */
  containers?: ContainerCount[];
  /** Cargo tonnes per TEU, used to convert between mass and TEU (GLEC default 10 t). */
  tonnesPerTeu?: number;
  refrigerant?: RefrigerantLeakage;
  /** Location identifiers; when both are given and equal the leg is rejected. */
  origin?: string;
  destination?: string;
}

export interface FactorSetRef {
  id: string;
  version: string;
  /** GWP basis of the set's CO2e values, e.g. `IPCC AR6 GWP100` (entries may name another). */
  gwp: string;
}

/** One step of the calculation sheet. */
export interface TraceStep {
  /** Stable step kind, e.g. `activity`, `distance`, `intensity`, `temperature`, `fuel`, `emissions`. */
  step: string;
  /** One-line description in English. */
  label: string;
  /** Formula with symbols, e.g. `tkm = m x d`. */
  formula: string;
  inputs: Record<string, number | string | boolean | null>;
  /** The factor used in this step, with its source. */
  factor?: TraceFactor;
  output: Record<string, number | string | boolean | null>;
  note?: string;
}

export interface TraceFactor {
  id: string;
  value: number;
  unit: string;
  source: string;
  edition: string;
}

/** Response body of `POST /api/legs/emission`. Emissions in kg CO2e, intensity in g CO2e/tkm (WTW). */
export interface LegEmissionResult {
  co2Ttw: number;
  co2Wtt: number;
  co2Wtw: number;
  tkm: number;
  intensity: number;
  /** Transport distance in km behind the tkm (SFD; GCD + 95 km or flown km for air). */
  distance: number;
  distanceType: DistanceType;
  method: Method;
  glecVehicleType: string;
  factorSet: FactorSetRef;
  trace: TraceStep[];
}

export interface CalculationOptions {
  /** Build the calculation trace (default true). Bulk jobs that store only totals may switch it off. */
  trace?: boolean;
}
