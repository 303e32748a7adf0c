import type { Location, LocationType, ZipCode } from '@klimadesk/contract';
import type { DbOrTx } from '../../platform/db/index.ts';
import { list } from '../../platform/lists.ts';
import { type LocationRow, listZipCodes, searchLocations } from './locations.repository.ts';

export function toLocation(r: LocationRow): Location {
  return {
    type: r.type as LocationType,
    code: r.code,
    name: r.name,
    country: r.country,
    subdivision: r.subdivision,
    lat: r.lat,
    lon: r.lon,
    ...(r.type === 'zipCode' ? { zipCode: r.code } : {}),
    ...(r.locode ? { locode: r.locode } : {}),
    ...(r.iataCode ? { iataCode: r.iataCode } : {}),
  };
}

export function toZipCode(r: LocationRow): ZipCode {
  return {
    country: r.country,
    zipCode: r.code,
    name: r.name,
    places: r.places ?? [r.name],
    subdivision: r.subdivision,
    lat: r.lat ?? 0,
    lon: r.lon ?? 0,
  };
}

/** GET /api/locations: at most `limit` results, best first (see searchLocations for the ranking). */
export async function search(
  db: DbOrTx,
  q: { term: string; type?: LocationType; country?: string; limit: number },
) {
  const rows = await searchLocations(db, q.term, {
    types: q.type ? [q.type] : undefined,
    country: q.country,
    limit: q.limit,
  });
  return list(rows.map(toLocation), rows.length);
}

export async function searchZipCodes(db: DbOrTx, q: { term: string; country?: string; limit: number }) {
  const rows = await searchLocations(db, q.term, { types: ['zipCode'], country: q.country, limit: q.limit });
  return list(rows.map(toZipCode), rows.length);
}

export async function zipCodes(
  db: DbOrTx,
  q: { country: string; zipCode?: string; page: number; limit: number },
) {
  const { rows, total } = await listZipCodes(db, q);
  return list(rows.map(toZipCode), total);
}
