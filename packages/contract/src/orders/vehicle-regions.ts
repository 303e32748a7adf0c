/**
 * Which GLEC vehicle class a leg starts with, from its places (issue 37): road and rail classes of
 * the region the leg starts in, container ships of the trade lane between its ports. Server and
 * web share this one rule; the class ids are those of the built-in factor set (packages/glec,
 * checked by apps/api/src/modules/orders/orders.vehicles.test.ts).
 */

/** A leg end as far as it is known: its country, and coordinates once the place is resolved. */
export type VehicleLegEnd = { country: string; lat?: number | null; lon?: number | null } | null;

/** What the picker starts with: the class, the factor-set region it is from, or why there is none. */
export type VehiclePreselection = {
  vehicleType: string | null;
  /** The factor-set region of the class (`Europe`, `India`, `North America`, `Global`). */
  region: string | null;
  /** The leg's country is known, but the factor set has no class of the mode for its region. */
  missing: boolean;
  /** The country the region was taken from (origin, else destination). */
  country: string | null;
};

const set = (codes: string) => new Set(codes.split(' '));

/** Europe in the GLEC sense: EU and EEA, Switzerland, the UK, the Western Balkans and the European CIS states and Turkey. */
const EUROPE = set(
  'AT BE BG HR CY CZ DK EE FI FR DE GR HU IE IT LV LT LU MT NL PL PT RO SK SI ES SE IS LI NO CH GB ' +
    'AL BA ME MK RS XK MD UA BY RU TR AD MC SM VA GI FO',
);
const SOUTH_AMERICA = set('AR BO BR CL CO EC GF GY PE PY SR UY VE');
const NORTH_AMERICA = set('US CA MX');

/**
 * The factor-set region whose road classes apply in a country. GLEC publishes its road Tables 7–9
 * for "Europe & South America" (glec.md section 7, [S7] [S12] [S13]), so South American roads take
 * the GLEC European classes; North America (Table 6) and China (Table 12) have no values in the set.
 */
export function roadRegionOf(country: string): string | null {
  if (EUROPE.has(country) || SOUTH_AMERICA.has(country)) return 'Europe';
  if (NORTH_AMERICA.has(country)) return 'North America';
  if (country === 'IN') return 'India';
  return null;
}

/** Rail: GLEC Tables 4–5 give Europe, the US (North America) and India (glec.md section 3.2). */
export function railRegionOf(country: string): string | null {
  if (EUROPE.has(country)) return 'Europe';
  if (NORTH_AMERICA.has(country)) return 'North America';
  if (country === 'IN') return 'India';
  return null;
}

/**
 * The default class of a region and mode: the average or most common class the set has there.
 * Europe: GLEC artic truck up to 40 t average/mixed (GLEC v3.0 Table 8) and rail of unknown traction
 * (GLEC v3.2 Table 4); India: tractor-trailer 30–60 t (GLEC v3.2 Table 13), the Indian counterpart
 * of the artic, and mixed-traction rail; North America: US diesel rail (GLEC v3.2 Table 5).
 */
export const REGION_DEFAULT_CLASSES: Record<'road' | 'rail', Record<string, string>> = {
  road: { Europe: 'road_eu_artic_40t_avg_diesel', India: 'road_in_tractor_30_60t_diesel' },
  rail: { Europe: 'rail_eu_unknown_avg', 'North America': 'rail_us_diesel', India: 'rail_in_mixed' },
};

/** The class of each mode before the places are known, and of modes without regions. */
export const MODE_DEFAULT_CLASSES = {
  road: 'road_eu_artic_40t_avg_diesel',
  rail: 'rail_eu_unknown_avg',
  sea: 'sea_container_industry_average_dry',
  /** Unit cargo does not go on a container ship (seed 000 §4). */
  seaUnitCargo: 'sea_general_cargo_5000_9999_dwt',
  /** GLEC v3.2 Module 2 Table 2 is European data, the only inland waterway table. */
  inland_waterway: 'iww_motor_85_110m',
  /** The engine takes the haul from the distance (GLEC short haul below 1,500 km). */
  air: 'air_unknown_long',
} as const;

// ---- Container trade lanes (GLEC v3.2 Module 2 Table 18) ----------------------------------------

/**
 * The seaboards the lanes of GLEC v3.2 Module 2 Table 18 connect ([S5], glec.md section 3.3). Which
 * country lies on which is our assignment by its main container ports; countries with coasts on
 * two of them are split by the port's coordinates (`tradeAreaOf`).
 */
export type TradeArea =
  | 'northEurope'
  | 'mediterranean'
  | 'northAmericaWest'
  | 'northAmericaEast'
  | 'southAmerica'
  | 'northEastAsia'
  | 'southEastAsia'
  | 'middleEastIndia'
  | 'africa'
  | 'oceania';

const AREAS: Record<Exclude<TradeArea, 'northAmericaWest' | 'northAmericaEast'>, Set<string>> = {
  northEurope: set('IS NO SE FI DK DE NL BE LU GB IE PL LT LV EE PT CH AT CZ SK HU LI FO'),
  mediterranean: set(
    'IT MT GR CY SI HR BA ME AL MK RS XK BG RO MD UA GE TR IL LB SY EG LY TN DZ MC SM VA GI AD',
  ),
  southAmerica: SOUTH_AMERICA,
  northEastAsia: set('CN HK MO TW JP KR KP MN'),
  southEastAsia: set('SG MY TH VN ID PH KH MM BN LA TL'),
  middleEastIndia: set('AE SA OM QA KW BH IR IQ YE JO IN PK LK BD MV'),
  africa: set(
    'MA EH MR SN GM GW GN SL LR CI GH TG BJ NG CM GQ GA CG CD AO NA ZA MZ TZ KE SO DJ ER SD SS ET ' +
      'UG RW BI MW ZM ZW BW LS SZ MG MU SC KM CV ST TD NE ML BF CF',
  ),
  oceania: set('AU NZ PG FJ NC PF SB VU WS TO'),
};

const known = (v: number | null | undefined): v is number => typeof v === 'number' && Number.isFinite(v);

/**
 * The seaboard of a port. France: Mediterranean south of 44° N and east of 2.5° E (Marseille in,
 * Bayonne out); Spain: south of 42° N and east of 5.6° W (Algeciras in, Bilbao and Huelva out); Russia: Black Sea south of 47° N,
 * Pacific east of 100° E, else the Baltic; North America: the west coast west of 100° W. Without
 * coordinates these countries take their largest container seaboard, North America none.
 */
export function tradeAreaOf(end: NonNullable<VehicleLegEnd>): TradeArea | null {
  const { country, lat, lon } = end;
  const placed = known(lat) && known(lon);
  if (country === 'FR') return placed && lat < 44 && lon > 2.5 ? 'mediterranean' : 'northEurope';
  if (country === 'ES') return !placed || (lat < 42 && lon > -5.6) ? 'mediterranean' : 'northEurope';
  if (country === 'RU') {
    if (placed && lon > 100) return 'northEastAsia';
    return placed && lat < 47 ? 'mediterranean' : 'northEurope';
  }
  if (NORTH_AMERICA.has(country)) {
    if (!known(lon)) return null;
    return lon < -100 ? 'northAmericaWest' : 'northAmericaEast';
  }
  for (const [area, countries] of Object.entries(AREAS)) if (countries.has(country)) return area as TradeArea;
  return null;
}

const ASIA_TO: Partial<Record<TradeArea, string>> = {
  northEurope: 'asia_north_europe',
  mediterranean: 'asia_mediterranean',
  northAmericaWest: 'asia_north_america_west',
  northAmericaEast: 'asia_north_america_east',
  southAmerica: 'asia_south_america',
  africa: 'asia_africa',
  oceania: 'asia_oceania',
  middleEastIndia: 'asia_middle_east_india',
};

/**
 * The GLEC v3.2 Table 18 lane between two seaboards (either direction), or the industry average
 * when the table has no lane for them (e.g. transatlantic, intra-Europe, intra North-East Asia).
 */
export function tradeLaneOf(a: TradeArea | null, b: TradeArea | null): string {
  if (a === null || b === null) return 'industry_average';
  const asia = (x: TradeArea) => x === 'northEastAsia' || x === 'southEastAsia';
  const europe = (x: TradeArea) => x === 'northEurope' || x === 'mediterranean';
  const pair = (p: (x: TradeArea) => boolean, q: (x: TradeArea) => boolean) =>
    (p(a) && q(b)) || (p(b) && q(a));
  const is = (area: TradeArea) => (x: TradeArea) => x === area;
  if (asia(a) && asia(b)) {
    if (a === 'southEastAsia' && b === 'southEastAsia') return 'intra_southeast_asia';
    return a !== b ? 'southeast_northeast_asia' : 'industry_average';
  }
  if (asia(a) || asia(b)) return ASIA_TO[asia(a) ? b : a] ?? 'industry_average';
  if (pair(europe, is('middleEastIndia'))) return 'europe_middle_east_india';
  if (a === 'middleEastIndia' && b === 'middleEastIndia') return 'intra_middle_east_india';
  return 'industry_average';
}

// ---- The preselection ---------------------------------------------------------------------------

type Mode = 'road' | 'rail' | 'sea' | 'inland_waterway' | 'air';

/**
 * The class a leg starts with. Road and rail take the default class of the region of the first
 * known end (origin, else destination); where the set has no class of the mode for that region the
 * answer is none (`missing`), so no class of another region is applied unasked. Sea: unit cargo
 * goes on a general cargo ship, other freight on the container lane between the two ports.
 */
export function preselectVehicleType(leg: {
  mode: Mode;
  freightType: string;
  origin: VehicleLegEnd;
  destination: VehicleLegEnd;
}): VehiclePreselection {
  const first = leg.origin ?? leg.destination;
  const country = first?.country ?? null;
  const none = { vehicleType: null, region: null, missing: true, country };
  if (leg.mode === 'road' || leg.mode === 'rail') {
    if (!first)
      return { vehicleType: MODE_DEFAULT_CLASSES[leg.mode], region: 'Europe', missing: false, country };
    const region = (leg.mode === 'road' ? roadRegionOf : railRegionOf)(first.country);
    const id = region === null ? undefined : REGION_DEFAULT_CLASSES[leg.mode][region];
    return id === undefined ? none : { vehicleType: id, region, missing: false, country };
  }
  if (leg.mode === 'sea') {
    if (leg.freightType === 'unit_cargo')
      return { vehicleType: MODE_DEFAULT_CLASSES.seaUnitCargo, region: 'Global', missing: false, country };
    const lane =
      leg.origin && leg.destination
        ? tradeLaneOf(tradeAreaOf(leg.origin), tradeAreaOf(leg.destination))
        : 'industry_average';
    return { vehicleType: `sea_container_${lane}_dry`, region: 'Global', missing: false, country };
  }
  if (leg.mode === 'inland_waterway')
    return { vehicleType: MODE_DEFAULT_CLASSES.inland_waterway, region: 'Europe', missing: false, country };
  return { vehicleType: MODE_DEFAULT_CLASSES.air, region: 'Global', missing: false, country };
}
