import type { LegDistance, LegDistanceBody, LocationInput, LocationType } from '@klimadesk/contract';
import type { DbOrTx } from '../../platform/db/index.ts';
import { AppError } from '../../platform/errors.ts';
import { airports, navigableSeaports, nearest, zipCodeArea } from './builtin.ts';
import { KM_PER_NAUTICAL_MILE, type Point, greatCircleKm, round1 } from './geo.ts';
import { joinedByLand } from './landmass.ts';
import { citiesNear, findByKey } from './locations.repository.ts';
import type { LandMode, RoutingProvider } from './routing.ts';
import { seaRoute } from './sea-route.ts';

/** Air legs: great-circle distance + 95 km (EU ETS aviation rule, used by GLEC and ISO 14083). */
export const AIR_UPLIFT_KM = 95;
/** Ends closer than this are the same place. */
export const SAME_PLACE_KM = 1;
/** How far a city, postal code or inland UN/LOCODE may be from the port or airport it uses. */
export const PORT_SNAP_MAX_KM = 150;
export const AIRPORT_SNAP_MAX_KM = 300;

type End = 'origin' | 'destination';

export type ResolvedLocation = Point & {
  type: LocationType;
  code: string;
  name: string;
  country: string;
  iataCode: string | null;
};

const describe = (l: LocationInput) => ({ ...l });

/** Finds the place a leg end names; unknown places and places without coordinates fail clearly. */
export async function resolveLocation(db: DbOrTx, input: LocationInput, end: End): Promise<ResolvedLocation> {
  let rows;
  if ('zipCode' in input) {
    rows = await findByKey(db, input.zipCode, { types: ['zipCode'], country: input.country, codeOnly: true });
    // Without an import of the full files, a street-level code resolves to its area's centroid.
    const area = rows.length ? null : zipCodeArea(input.country, input.zipCode);
    if (area)
      rows = await findByKey(db, area, { types: ['zipCode'], country: input.country, codeOnly: true });
  } else if ('city' in input) {
    rows = await findByKey(db, input.city, { types: ['city', 'locode', 'zipCode'], country: input.country });
  } else if ('locode' in input) {
    rows = await findByKey(db, input.locode, {
      types: ['locode', 'seaport'],
      country: input.locode.slice(0, 2),
      codeOnly: true,
    });
  } else {
    rows = await findByKey(db, input.iataCode, { types: ['airport'], codeOnly: true });
  }
  const row = rows[0];
  if (!row) throw new AppError('locationNotFound', { end, location: describe(input) });
  if (row.lat === null || row.lon === null) {
    throw new AppError('locationNotFound', { end, location: describe(input), reason: 'noCoordinates' });
  }
  return {
    type: row.type as LocationType,
    code: row.code,
    name: row.name,
    country: row.country,
    iataCode: row.iataCode,
    lat: row.lat,
    lon: row.lon,
  };
}

const asEnd = (l: ResolvedLocation) => ({
  type: l.type,
  code: l.code,
  name: l.name,
  country: l.country,
  lat: l.lat,
  lon: l.lon,
});

function assertDistinct(a: ResolvedLocation, b: ResolvedLocation): void {
  if (
    (a.type === b.type && a.code === b.code && a.country === b.country) ||
    greatCircleKm(a, b) < SAME_PLACE_KM
  ) {
    throw new AppError('EqualOriginDestination');
  }
}

/** A leg end moved to an airport or a seaport (the hub the carriage starts or ends at). */
function hubEnd(
  type: 'airport' | 'seaport',
  code: string,
  iataCode: string | null,
  hub: { name: string; country: string; lat: number; lon: number },
): ResolvedLocation {
  return { type, code, name: hub.name, country: hub.country, iataCode, lat: hub.lat, lon: hub.lon };
}

/** The airport of a leg end: itself, its UN/LOCODE's IATA code, or the nearest commercial airport. */
async function airportFor(l: ResolvedLocation, end: End): Promise<ResolvedLocation> {
  if (l.type === 'airport') return l;
  const all = await airports();
  const byCode = l.iataCode ? all.find((a) => a.iata === l.iataCode) : undefined;
  const a =
    byCode ??
    nearest(
      all.filter((x) => x.scheduled && (x.type === 'large_airport' || x.type === 'medium_airport')),
      l,
      AIRPORT_SNAP_MAX_KM,
    );
  if (!a) throw new AppError('NoRouteFound', { end, reason: 'noAirportNearby', maxKm: AIRPORT_SNAP_MAX_KM });
  return hubEnd('airport', a.iata, a.iata, a);
}

/** The port of a leg end: itself, the seaport with its UN/LOCODE, or the nearest one within the limit. */
function portFor(l: ResolvedLocation, end: End): ResolvedLocation {
  if (l.type === 'seaport') return l;
  const ports = navigableSeaports();
  const p =
    (l.type === 'locode' && ports.find((x) => x.locode === l.code)) || nearest(ports, l, PORT_SNAP_MAX_KM);
  if (!p) throw new AppError('NoRouteFound', { end, reason: 'noPortNearby', maxKm: PORT_SNAP_MAX_KM });
  return hubEnd('seaport', p.locode, null, p);
}

export type DistanceDeps = { db: DbOrTx; providers: Record<LandMode, RoutingProvider> };

/** POST /api/legs/distance: resolve both ends, refuse equal ends, then measure by mode. */
export async function legDistance(deps: DistanceDeps, body: LegDistanceBody): Promise<LegDistance> {
  const origin = await resolveLocation(deps.db, body.origin, 'origin');
  const destination = await resolveLocation(deps.db, body.destination, 'destination');
  assertDistinct(origin, destination);
  const mode = body.transportMode;

  if (mode === 'air') {
    const a = await airportFor(origin, 'origin');
    const b = await airportFor(destination, 'destination');
    assertDistinct(a, b);
    const gcd = greatCircleKm(a, b);
    return {
      distance: round1(gcd + AIR_UPLIFT_KM),
      distanceType: 'GCD+95',
      method: `air: great-circle distance ${a.code}–${b.code} + ${AIR_UPLIFT_KM} km`,
      origin: asEnd(a),
      destination: asEnd(b),
      greatCircleKm: round1(gcd),
    };
  }

  if (mode === 'sea') {
    const a = portFor(origin, 'origin');
    const b = portFor(destination, 'destination');
    assertDistinct(a, b);
    const gcd = greatCircleKm(a, b);
    const r = seaRoute(a, b);
    if (!r.ok && r.reason === 'sameVertex') {
      // Two ports at the same network node (a short coastal hop): the network cannot tell them apart.
      return {
        distance: round1(gcd),
        distanceType: 'GCD',
        method: `sea: ports ${a.code} and ${b.code} share a network node; great-circle distance`,
        origin: asEnd(a),
        destination: asEnd(b),
        greatCircleKm: round1(gcd),
        nauticalMiles: round1(gcd / KM_PER_NAUTICAL_MILE),
      };
    }
    if (!r.ok)
      throw new AppError('NoRouteFound', {
        reason: r.reason,
        ...(r.snapKm ? { snapKm: round1(r.snapKm) } : {}),
      });
    return {
      distance: round1(r.route.km),
      distanceType: 'SFD',
      method: `sea: shortest path on the marine network (Eurostat SeaRoute marnet) ${a.code}–${b.code}`,
      origin: asEnd(a),
      destination: asEnd(b),
      greatCircleKm: round1(gcd),
      nauticalMiles: round1(r.route.km / KM_PER_NAUTICAL_MILE),
    };
  }

  if (!joinedByLand(origin.country, destination.country)) {
    throw new AppError('NoRouteFound', {
      reason: 'noLandConnection',
      from: origin.country,
      to: destination.country,
    });
  }
  const route = await deps.providers[mode].route(mode, origin, destination);
  if (!route) throw new AppError('NoRouteFound', { reason: 'routerFoundNoRoute' });
  return {
    distance: round1(route.km),
    distanceType: route.distanceType,
    method: route.method,
    origin: asEnd(origin),
    destination: asEnd(destination),
    greatCircleKm: round1(greatCircleKm(origin, destination)),
    ...(route.circuityFactor ? { circuityFactor: route.circuityFactor } : {}),
  };
}

/**
 * Cities of at least `minPopulation` inhabitants in the place's country within `maxKm` (great
 * circle), nearest first, with their distance.
 */
export async function largeCitiesNear(
  db: DbOrTx,
  place: Point & { country: string },
  options: { minPopulation: number; maxKm: number; limit?: number },
): Promise<(ResolvedLocation & { km: number })[]> {
  // 1° of latitude is about 111 km: the box holds every city within maxKm.
  const rows = await citiesNear(db, place, {
    minPopulation: options.minPopulation,
    boxDeg: options.maxKm / 111,
    limit: options.limit ?? 5,
  });
  return rows
    .filter((r) => r.lat !== null && r.lon !== null)
    .map((r) => {
      const l = { lat: r.lat!, lon: r.lon! };
      return {
        type: 'city' as const,
        code: r.code,
        name: r.name,
        country: r.country,
        iataCode: null,
        ...l,
        km: greatCircleKm(place, l),
      };
    })
    .filter((c) => c.km <= options.maxKm)
    .sort((x, y) => x.km - y.km);
}
