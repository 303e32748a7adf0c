/**
 * Fixed lists of the CSRD module (seed 001 §3 Reporting, §9): ESRS topics as report scopes, the
 * pillars they belong to, materiality scales, IRO categories, time horizons and unit types.
 * The ESRS texts (titles, disclosure requirements, AR 16 matters) come from the API's derived
 * catalogue (apps/api/src/modules/csrd/data), built from ../shared/data/esrs.
 */

/** Pillars of a materiality analysis and of a report (seed 001 §3: scopes E, S, G and ESRS). */
export const CSRD_CATEGORIES = ['ESRS', 'E', 'S', 'G'] as const;
export type CsrdCategory = (typeof CSRD_CATEGORIES)[number];

/**
 * The ESRS standards a report has disclosure requirements in (Delegated Regulation (EU) 2023/2772,
 * Annex I): ESRS 2 for the general disclosures, then the ten topical standards.
 */
export const CSRD_SCOPES = ['ESRS 2', 'E1', 'E2', 'E3', 'E4', 'E5', 'S1', 'S2', 'S3', 'S4', 'G1'] as const;
export type CsrdScopeCode = (typeof CSRD_SCOPES)[number];

export function categoryOfScope(scope: CsrdScopeCode): CsrdCategory {
  return scope === 'ESRS 2' ? 'ESRS' : (scope[0] as CsrdCategory);
}

/** ESRS 2 applies whatever the materiality assessment finds (ESRS 1 §29), so it is always mandatory. */
export const ALWAYS_MANDATORY_SCOPES: readonly CsrdScopeCode[] = ['ESRS 2'];

/** Maximum values a materiality analysis can rate on (seed 001 §9). */
export const MA_SCALES = [3, 4, 5, 10] as const;
export type MaScale = (typeof MA_SCALES)[number];

/** Categories of an IRO entry (seed 001 §3): impacts (impact materiality), risks and opportunities (financial). */
export const IRO_CATEGORIES = ['negative', 'positive', 'risk', 'opportunity'] as const;
export type IroCategory = (typeof IRO_CATEGORIES)[number];

/** Time horizons (ESRS 1 §77: short = the reporting period, under 1 year; medium up to 5 years; long beyond). */
export const IRO_TIMES = ['short', 'medium', 'long'] as const;
export type IroTime = (typeof IRO_TIMES)[number];

/** Status of a report topic and of a scope entry (seed 001 §3: default todo). */
export const CSRD_STATUSES = ['todo', 'progress', 'done'] as const;
export type CsrdStatus = (typeof CSRD_STATUSES)[number];

/** Imports page size (seed 001 §9: 10, newest first). */
export const CSRD_IMPORT_PAGE_SIZE = 10;

/** Hours a deleted report or analysis can be restored (seed 001 §9: deletedAt = now + 1 day). */
export const CSRD_RESTORE_HOURS = 24;

/**
 * The probability band (1 … scale) of a probability in percent: the range 0-100 is cut into `scale`
 * equal bands, band k holding p with floor(p·scale/100) = k−1 and 100 in the top band. For scale 3
 * this gives the seed's 0-33, 34-66, 67-100; for 5: 0-19, 20-39, 40-59, 60-79, 80-100.
 */
export function probabilityBand(probability: number, scale: number): number {
  return Math.min(scale, Math.floor((probability * scale) / 100) + 1);
}

/** The percent range [from, to] of each band of a scale (for the entry form's choice). */
export function probabilityBands(scale: number): { band: number; from: number; to: number }[] {
  return Array.from({ length: scale }, (_, i) => ({
    band: i + 1,
    from: Math.ceil((100 * i) / scale),
    to: i + 1 === scale ? 100 : Math.ceil((100 * (i + 1)) / scale) - 1,
  }));
}

/** Unit types of indicator values, each with its base unit (SI, or the GHG Protocol's t CO2e). */
export const CSRD_UNIT_TYPES = [
  'mass',
  'energy',
  'volume',
  'area',
  'emissions',
  'count',
  'currency',
  'percent',
  'time',
] as const;
export type CsrdUnitType = (typeof CSRD_UNIT_TYPES)[number];

/** Units with their type and factor to the type's base unit (the first unit of each type). */
export const CSRD_UNITS = [
  { id: 't', unitType: 'mass', toBase: 1 },
  { id: 'kg', unitType: 'mass', toBase: 0.001 },
  { id: 'MWh', unitType: 'energy', toBase: 1 },
  { id: 'kWh', unitType: 'energy', toBase: 0.001 },
  { id: 'GWh', unitType: 'energy', toBase: 1000 },
  // 1 MWh = 3.6 GJ (SI: 1 Wh = 3,600 J).
  { id: 'GJ', unitType: 'energy', toBase: 1 / 3.6 },
  { id: 'm3', unitType: 'volume', toBase: 1 },
  { id: 'l', unitType: 'volume', toBase: 0.001 },
  { id: 'm2', unitType: 'area', toBase: 1 },
  { id: 'ha', unitType: 'area', toBase: 10_000 },
  { id: 'tCO2e', unitType: 'emissions', toBase: 1 },
  { id: 'kgCO2e', unitType: 'emissions', toBase: 0.001 },
  { id: 'pcs', unitType: 'count', toBase: 1 },
  { id: 'EUR', unitType: 'currency', toBase: 1 },
  { id: '%', unitType: 'percent', toBase: 1 },
  { id: 'h', unitType: 'time', toBase: 1 },
] as const satisfies readonly { id: string; unitType: CsrdUnitType; toBase: number }[];
export type CsrdUnitId = (typeof CSRD_UNITS)[number]['id'];
export const CSRD_UNIT_IDS = CSRD_UNITS.map((u) => u.id) as [CsrdUnitId, ...CsrdUnitId[]];

/**
 * How an analysis turns the severity criteria of a negative impact into one figure (ESRS 1 §45,
 * AR 10: scale, scope, irremediable character; ESRS gives no formula, EFRAG IG 1 leaves it to the
 * undertaking, documented in its IRO-1 disclosure): the weighted mean, or the maximum of the
 * criteria (any one of them can make an impact severe).
 */
export const SEVERITY_FORMULAS = ['mean', 'max'] as const;
export type SeverityFormula = (typeof SEVERITY_FORMULAS)[number];

/** Weight of the irremediable character in the mean, 1 (equal) to 3. */
export const IRREMEDIABILITY_WEIGHT_MAX = 3;

/**
 * Topics whose negative impacts are human-rights impacts: the social standards on own workforce,
 * value-chain workers, affected communities, consumers and end-users. For their potential negative
 * impacts severity takes precedence over likelihood (ESRS 1 §45).
 */
export const HUMAN_RIGHTS_SCOPES: readonly CsrdScopeCode[] = ['S1', 'S2', 'S3', 'S4'];
