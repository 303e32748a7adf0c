/** Mean earth radius (IUGG), as used for every great-circle distance here. */
export const EARTH_RADIUS_KM = 6371.0088;
/** International nautical mile. */
export const KM_PER_NAUTICAL_MILE = 1.852;

export type Point = { lat: number; lon: number };

const rad = (d: number) => (d * Math.PI) / 180;

/** Great-circle distance by the haversine formula; handles the antimeridian by itself. */
export function greatCircleKm(a: Point, b: Point): number {
  const dLat = rad(b.lat - a.lat);
  const dLon = rad(b.lon - a.lon);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

export const round1 = (n: number) => Math.round(n * 10) / 10;
