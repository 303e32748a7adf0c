/**
 * The figure of one CFC entry (issue 19, seed 001 §3, §8): the amount in the entry's unit,
 * converted to the unit of the factor chosen from the emission database, times the factor. Pure:
 * the service loads the factors the company may use and stores the result with the entry.
 */
import {
  type CfcEntryCode,
  type CfcEntryData,
  type CfcMarketBasis,
  type CfcSectionDef,
  convertUnit,
  unitOf,
} from '@klimadesk/contract';
import { categoryOf } from './cfc.results.ts';

/**
 * Scope 3 categories whose well-to-tank part stays in the category (GHG Protocol Scope 3 Standard,
 * categories 4, 6, 7 and 9: the transport fuel's upstream is part of the transport; DESNZ gives it
 * as the WTT factor of the vehicle). Fuels and energy of scopes 1 and 2 feed category 3.3 instead.
 */
export const WTT_IN_CATEGORY: ReadonlySet<string> = new Set([
  'upstream-transport',
  'business-travel',
  'employee-commuting',
  'downstream-transport',
]);

/** The emission database's key of the grid series activity (emission-db.datasets `parseGrid`). */
export const GRID_ACTIVITY_KEY = 'grid:location-based';

/** A factor as the emission database gives it (kg CO2e and WTT kg CO2e per base unit). */
export type CalcFactor = {
  /** The factor row, its version, source edition and GWP set (kept with the entry for the trace). */
  id?: string;
  version?: number;
  edition?: string | null;
  gwpSet?: string | null;
  co2Factor: number;
  wttFactor: number | null;
  baseUnit: string;
  country: string | null;
  validFrom: string;
  validUntil: string | null;
  year: number | null;
  sourceName: string | null;
  /** A customer factor of the company (preferred over the provider's for the same country). */
  companyId: string | null;
  /** The source's split of `co2Factor` by gas, kg CO2e per base unit (DESNZ gives it), when known. */
  co2?: number | null;
  ch4?: number | null;
  n2o?: number | null;
  /** Biogenic CO2 per base unit (DESNZ "Outside of scopes"), kg CO2, when known. */
  bio?: number | null;
};

export type CalcInput = {
  section: CfcSectionDef;
  data: CfcEntryData;
  /** Factors of the entry's activity the company may use; empty without an activity. */
  factors: readonly CalcFactor[];
  hasActivity: boolean;
  reportYear: number;
  /** The business unit's site country: scope 2 factors are looked up there. */
  siteCountry: string | null;
  /**
   * The product's grid series (average carbon intensity per country and year): the only
   * location-based factor of purchased electricity, whatever activity the entry names.
   */
  grid: readonly CalcFactor[];
};

export type CalcResult = {
  co2eKg: number | null;
  co2eMarketKg: number | null;
  wttKg: number | null;
  factor: number | null;
  factorUnit: string | null;
  factorSource: string | null;
  factorYear: number | null;
  factorId: string | null;
  factorVersion: number | null;
  factorEdition: string | null;
  factorGwpSet: string | null;
  quantity: number | null;
  /** Scope 2 energy only: what the market-based figure rests on, with its factor. */
  marketBasis: CfcMarketBasis | null;
  marketFactor: number | null;
  marketFactorUnit: string | null;
  marketFactorSource: string | null;
  /** The market-based factor's row, version and edition when it is a database factor (supplier, grid). */
  marketFactorId: string | null;
  marketFactorVersion: number | null;
  marketFactorEdition: string | null;
  /** The figure by gas (kg CO2e) where the factor carries the split; null otherwise. */
  co2Kg: number | null;
  ch4Kg: number | null;
  n2oKg: number | null;
  /** Biogenic CO2 (kg), reported outside the scopes (GHG Protocol Corporate Standard ch. 9). */
  biogenicCo2Kg: number | null;
  errorCode: CfcEntryCode | null;
};

const NO_TRACE = { factorId: null, factorVersion: null, factorEdition: null, factorGwpSet: null } as const;
/** The trace of a factor from the database: its row, version, edition and GWP set. */
const traceOf = (f: CalcFactor) => ({
  factorId: f.id ?? null,
  factorVersion: f.version ?? null,
  factorEdition: f.edition ?? null,
  factorGwpSet: f.gwpSet ?? null,
});

const EMPTY: Omit<CalcResult, 'errorCode'> = {
  co2eKg: null,
  co2eMarketKg: null,
  wttKg: null,
  factor: null,
  factorUnit: null,
  factorSource: null,
  factorYear: null,
  ...NO_TRACE,
  quantity: null,
  marketBasis: null,
  marketFactor: null,
  marketFactorUnit: null,
  marketFactorSource: null,
  marketFactorId: null,
  marketFactorVersion: null,
  marketFactorEdition: null,
  co2Kg: null,
  ch4Kg: null,
  n2oKg: null,
  biogenicCo2Kg: null,
};
const NO_GASES = { co2Kg: null, ch4Kg: null, n2oKg: null, biogenicCo2Kg: null } as const;

/**
 * The gas split and biogenic CO2 of a quantity in a factor's base unit: only where the source gives
 * all three gases (the split then sums to the factor), and biogenic CO2 where it gives it.
 */
function gasesOf(f: CalcFactor, quantity: number) {
  const split = f.co2 != null && f.ch4 != null && f.n2o != null;
  return {
    co2Kg: split ? quantity * (f.co2 as number) : null,
    ch4Kg: split ? quantity * (f.ch4 as number) : null,
    n2oKg: split ? quantity * (f.n2o as number) : null,
    biogenicCo2Kg: f.bio == null ? null : quantity * f.bio,
  };
}
const NO_MARKET = {
  marketBasis: null,
  marketFactor: null,
  marketFactorUnit: null,
  marketFactorSource: null,
  marketFactorId: null,
  marketFactorVersion: null,
  marketFactorEdition: null,
} as const;
const failed = (errorCode: CfcEntryCode): CalcResult => ({ ...EMPTY, errorCode });

/**
 * The amount an entry means: hotel stays may give rooms × nights instead of an amount (room
 * nights); otherwise the amount as entered.
 */
export function enteredAmount(data: CfcEntryData): number | null {
  if (data.amount !== null && data.amount !== undefined) return data.amount;
  if (data.unit === 'room-night' && data.rooms && data.nights) return data.rooms * data.nights;
  return null;
}

/**
 * What the converted amount is multiplied by (seed 001 §3 counts): passenger distance is entered
 * per traveller (× passengers), vehicle distance per vehicle (× vehicles), commuting per employee
 * and day (× employees × days per year). A count left empty counts as 1.
 */
export function multiplier(section: CfcSectionDef, data: CfcEntryData, unitType: string): number {
  let m = 1;
  if (unitType === 'passengerDistance' && data.passengers) m *= data.passengers;
  if (unitType === 'distance' && data.vehicles) m *= data.vehicles;
  if (section.id === 'employee-commuting') {
    if (data.employees) m *= data.employees;
    if (data.daysPerYear) m *= data.daysPerYear;
  }
  return m;
}

/**
 * The factor of a country and year among an activity's factors: the country's own, else one for
 * every country; the entry's unit type must match; the period covering the year, else the latest
 * before it (grid figures lag a year), else the earliest; a customer factor before the provider's.
 * Null with the reason when none fits.
 */
export function pickFactor(
  factors: readonly CalcFactor[],
  unit: string,
  country: string | null,
  year: number,
): { factor: CalcFactor } | { code: CfcEntryCode } {
  const inCountry = country ? factors.filter((f) => f.country === country) : [];
  const candidates = inCountry.length ? inCountry : factors.filter((f) => f.country === null);
  if (!candidates.length) return { code: 'cfcNoConversion' };
  const type = unitOf(unit)?.unitType;
  const typed = candidates.filter((f) => unitOf(f.baseUnit)?.unitType === type);
  if (!typed.length) return { code: 'cfcWrongUnitType' };
  const start = `${year}-01-01`;
  const end = `${year}-12-31`;
  const covers = (f: CalcFactor) => f.validFrom <= end && (f.validUntil === null || f.validUntil >= start);
  const rank = (f: CalcFactor) => [
    f.companyId ? 0 : 1,
    // Exact base unit before another of the same type (kWh before kWh-net for a kWh amount).
    f.baseUnit === unit ? 0 : 1,
    // A plain kWh of a fuel is read as gross calorific value: gas bills state kWh on the gross value
    // (Brennwert, DVGW G 685; DESNZ 2025 Fuels guidance: bills are usually on a gross CV basis). The
    // factor's unit (kWh-gross) shows it on the entry; kWh (Hu)/kWh (Ho) pick either explicitly.
    unit === 'kWh' && f.baseUnit === 'kWh-gross' ? 0 : 1,
  ];
  const byRank = (a: CalcFactor, b: CalcFactor) => {
    const [ra, rb] = [rank(a), rank(b)];
    return ra[0] - rb[0] || ra[1] - rb[1] || ra[2] - rb[2] || b.validFrom.localeCompare(a.validFrom);
  };
  const covering = typed.filter(covers).sort(byRank);
  if (covering.length) return { factor: covering[0] };
  const before = typed.filter((f) => f.validFrom <= end).sort(byRank);
  if (before.length) return { factor: before[0] };
  const after = [...typed].sort((a, b) => a.validFrom.localeCompare(b.validFrom));
  return { factor: after[0] };
}

const finite = (n: number) => Number.isFinite(n);

const sourceOf = (f: CalcFactor) => f.sourceName;
const yearOf = (f: CalcFactor) => f.year ?? Number(f.validFrom.slice(0, 4));

/**
 * A scope 2 entry (GHG Protocol Scope 2 Guidance, ch. 4 and 6: dual reporting).
 * - Location-based is always the amount × the average factor of the site country and year: for
 *   electricity the product's grid series, for heat, steam and cooling the activity's published
 *   factor. Contract, supplier and company factors never enter it (Guidance 6.2).
 * - Market-based follows the Guidance's Table 6.3 hierarchy: a contractual instrument or supplier
 *   factor entered with the entry, else the company's own factor of the activity (supplier-specific
 *   rate), else the residual mix; no residual mix is loaded (no reusable AIB table), so the grid
 *   average stands in and the entry says so (`gridFallback`).
 */
function scope2Entry(input: CalcInput, amount: number, unit: string): CalcResult {
  const { section, data } = input;
  const ownFactor = data.emissionFactor ?? null;
  const published = input.factors.filter((f) => f.companyId === null);
  const locationFactors = section.energyMethod === 'power' ? input.grid : published;
  const picked = pickFactor(locationFactors, unit, input.siteCountry, input.reportYear);
  if ('code' in picked) return failed(picked.code);
  const location = picked.factor;
  const quantity = convertUnit(amount, unit, location.baseUnit);
  if (quantity === null) return failed('cfcWrongUnitType');
  const co2eKg = quantity * location.co2Factor;
  const wttKg = location.wttFactor === null ? null : quantity * location.wttFactor;

  let market: {
    basis: CfcMarketBasis;
    kg: number;
    factor: number;
    unit: string;
    source: string | null;
    /** The database factor behind it (supplier rate, grid fallback); none for an entered factor. */
    from: CalcFactor | null;
  };
  const companyFactors = input.factors.filter((f) => f.companyId !== null);
  const supplier = companyFactors.length
    ? pickFactor(companyFactors, unit, input.siteCountry, input.reportYear)
    : null;
  if (ownFactor !== null) {
    // An entered factor is per the entry's unit (a green tariff's 0 kg/kWh, a supplier's label).
    market = {
      basis: 'contract',
      kg: amount * ownFactor,
      factor: ownFactor,
      unit,
      source: data.emissionFactorName ?? null,
      from: null,
    };
  } else if (supplier && 'factor' in supplier) {
    const q = convertUnit(amount, unit, supplier.factor.baseUnit);
    if (q === null) return failed('cfcWrongUnitType');
    market = {
      basis: 'supplier',
      kg: q * supplier.factor.co2Factor,
      factor: supplier.factor.co2Factor,
      unit: supplier.factor.baseUnit,
      source: sourceOf(supplier.factor),
      from: supplier.factor,
    };
  } else {
    market = {
      basis: 'gridFallback',
      kg: co2eKg,
      factor: location.co2Factor,
      unit: location.baseUnit,
      source: sourceOf(location),
      from: location,
    };
  }
  if (!finite(co2eKg) || !finite(market.kg) || (wttKg !== null && !finite(wttKg)))
    return failed('cfcCalculationError');
  return {
    co2eKg,
    co2eMarketKg: market.kg,
    wttKg,
    factor: location.co2Factor,
    factorUnit: location.baseUnit,
    factorSource: sourceOf(location),
    factorYear: yearOf(location),
    ...traceOf(location),
    quantity,
    marketBasis: market.basis,
    marketFactor: market.factor,
    marketFactorUnit: market.unit,
    marketFactorSource: market.source,
    marketFactorId: market.from?.id ?? null,
    marketFactorVersion: market.from?.version ?? null,
    marketFactorEdition: market.from?.edition ?? null,
    // The split follows the location-based factor (the grid series carries none).
    ...gasesOf(location, quantity),
    errorCode: null,
  };
}

/**
 * The entry's figures. Scope 2 energy (a section with `energyMethod`) gives both methods (see
 * `scope2Entry`). Other sections use the own factor when given, else the activity's.
 */
export function calculateEntry(input: CalcInput): CalcResult {
  const { section, data } = input;
  const amount = enteredAmount(data);
  const unit = data.unit ?? null;
  const ownFactor = data.emissionFactor ?? null;
  if (amount === null || unit === null || (!input.hasActivity && ownFactor === null))
    return failed('cfcIncompleteEntry');
  const entryUnit = unitOf(unit);
  if (!entryUnit) return failed('cfcWrongUnitType');
  if (section.energyMethod) return scope2Entry(input, amount, unit);

  const country = data.country ?? null;
  let chosen: CalcFactor | null = null;
  if (input.hasActivity) {
    const picked = pickFactor(input.factors, unit, country, input.reportYear);
    // An own factor stands in when the activity has none that fits.
    if ('code' in picked) {
      if (ownFactor === null) return failed(picked.code);
    } else chosen = picked.factor;
  }

  if (chosen) {
    const converted = convertUnit(amount, unit, chosen.baseUnit);
    if (converted === null) return failed('cfcWrongUnitType');
    const quantity = converted * multiplier(section, data, entryUnit.unitType);
    const useOwn = ownFactor !== null;
    // An own factor is per the entry's unit: apply it to the amount before conversion.
    const ownQuantity = amount * multiplier(section, data, entryUnit.unitType);
    const co2eKg = useOwn ? ownQuantity * ownFactor : quantity * chosen.co2Factor;
    // Fuels feed category 3.3 (their derivative section); travel, commuting and freight keep the
    // upstream part in their own category (a line of its own in the results). An own factor has none.
    const hasWtt =
      section.derivativeSection !== null || WTT_IN_CATEGORY.has(categoryOf(section.id)?.id ?? '');
    const wttKg = useOwn || chosen.wttFactor === null || !hasWtt ? null : quantity * chosen.wttFactor;
    if (!finite(co2eKg) || (wttKg !== null && !finite(wttKg))) return failed('cfcCalculationError');
    return {
      co2eKg,
      co2eMarketKg: null,
      wttKg,
      factor: useOwn ? ownFactor : chosen.co2Factor,
      factorUnit: useOwn ? unit : chosen.baseUnit,
      factorSource: useOwn ? (data.emissionFactorName ?? null) : sourceOf(chosen),
      factorYear: useOwn ? null : yearOf(chosen),
      ...(useOwn ? NO_TRACE : traceOf(chosen)),
      quantity: useOwn ? ownQuantity : quantity,
      ...NO_MARKET,
      ...(useOwn ? NO_GASES : gasesOf(chosen, quantity)),
      errorCode: null,
    };
  }

  // Only an own factor (kg CO2e per the entry's unit).
  const own = ownFactor as number;
  const quantity = amount * multiplier(section, data, entryUnit.unitType);
  const co2eKg = quantity * own;
  if (!finite(co2eKg)) return failed('cfcCalculationError');
  return {
    co2eKg,
    co2eMarketKg: null,
    wttKg: null,
    factor: own,
    factorUnit: unit,
    factorSource: data.emissionFactorName ?? null,
    factorYear: null,
    ...NO_TRACE,
    quantity,
    ...NO_MARKET,
    ...NO_GASES,
    errorCode: null,
  };
}
