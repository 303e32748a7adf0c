/**
 * The figure of one CFC entry (issue 19, seed 001 §3, §8): the amount in the entry's unit,
 * converted to the unit of the factor chosen from the emission database, times the factor. Pure:
 * the service loads the factors the company may use and stores the result with the entry.
 */
import {
  type CfcEntryCode,
  type CfcEntryData,
  type CfcSectionDef,
  convertUnit,
  unitOf,
} from '@klimadesk/contract';

/** A factor as the emission database gives it (kg CO2e and WTT kg CO2e per base unit). */
export type CalcFactor = {
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
};

export type CalcResult = {
  co2eKg: number | null;
  co2eMarketKg: number | null;
  wttKg: number | null;
  factor: number | null;
  factorUnit: string | null;
  factorSource: string | null;
  factorYear: number | null;
  quantity: number | null;
  errorCode: CfcEntryCode | null;
};

const EMPTY: Omit<CalcResult, 'errorCode'> = {
  co2eKg: null,
  co2eMarketKg: null,
  wttKg: null,
  factor: null,
  factorUnit: null,
  factorSource: null,
  factorYear: null,
  quantity: null,
};
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
  ];
  const byRank = (a: CalcFactor, b: CalcFactor) => {
    const [ra, rb] = [rank(a), rank(b)];
    return ra[0] - rb[0] || ra[1] - rb[1] || b.validFrom.localeCompare(a.validFrom);
  };
  const covering = typed.filter(covers).sort(byRank);
  if (covering.length) return { factor: covering[0] };
  const before = typed.filter((f) => f.validFrom <= end).sort(byRank);
  if (before.length) return { factor: before[0] };
  const after = [...typed].sort((a, b) => a.validFrom.localeCompare(b.validFrom));
  return { factor: after[0] };
}

const finite = (n: number) => Number.isFinite(n);

/**
 * The entry's figures. Scope 2 energy (a section with `energyMethod`) gives both methods: the
 * location-based figure from the activity's factor in the site country (grid mix), the
 * market-based one from the contract factor entered (`emissionFactor`), else the location-based
 * factor (GHG Protocol Scope 2 Guidance: without a contractual instrument the market-based
 * method falls back to the grid; no residual mix is loaded). Other sections use the own factor
 * when given, else the activity's.
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

  const country = section.energyMethod ? input.siteCountry : (data.country ?? null);
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
    const useOwn = ownFactor !== null && !section.energyMethod;
    const factor = useOwn ? ownFactor : chosen.co2Factor;
    // An own factor is per the entry's unit: apply it to the amount before conversion.
    const ownQuantity = amount * multiplier(section, data, entryUnit.unitType);
    const co2eKg = useOwn ? ownQuantity * ownFactor : quantity * chosen.co2Factor;
    const marketKg = section.energyMethod ? (ownFactor !== null ? ownQuantity * ownFactor : co2eKg) : null;
    // Only fuels and purchased energy feed category 3.3 (their derivative section); the upstream
    // part of travel or freight factors stays with their own category.
    const wttKg =
      useOwn || chosen.wttFactor === null || section.derivativeSection === null
        ? null
        : quantity * chosen.wttFactor;
    if (!finite(co2eKg) || (marketKg !== null && !finite(marketKg)) || (wttKg !== null && !finite(wttKg)))
      return failed('cfcCalculationError');
    return {
      co2eKg,
      co2eMarketKg: marketKg,
      wttKg,
      factor,
      factorUnit: useOwn ? unit : chosen.baseUnit,
      factorSource: useOwn ? (data.emissionFactorName ?? null) : chosen.sourceName,
      factorYear: useOwn ? null : (chosen.year ?? Number(chosen.validFrom.slice(0, 4))),
      quantity: useOwn ? ownQuantity : quantity,
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
    co2eMarketKg: section.energyMethod ? co2eKg : null,
    wttKg: null,
    factor: own,
    factorUnit: unit,
    factorSource: data.emissionFactorName ?? null,
    factorYear: null,
    quantity,
    errorCode: null,
  };
}
