import { defineRoutes, listOf, routeKit } from '../http.ts';
import * as s from './schemas.ts';

// Anyone signed in looks places up and measures legs; loading the geo data is the platform admin's.
const kit = routeKit('locations', { module: null, read: 'session' });

/** Locations and distances (seed 000 §7 "Orders": /locations, /zip-codes, /legs/distance). */
export const locationsRoutes = defineRoutes({
  searchLocations: kit.read(
    '/api/locations',
    'Search postal codes, cities, UN/LOCODEs, seaports and airports (prefix, accent-insensitive)',
    { query: s.locationSearchQuery, response: { 200: listOf(s.location) } },
  ),
  zipCodes: kit.read('/api/zip-codes', 'Postal codes of a country, optionally starting with the given code', {
    query: s.zipCodeListQuery,
    response: { 200: listOf(s.zipCode) },
  }),
  searchZipCodes: kit.read('/api/zip-codes/search', 'Search postal codes by code or place name', {
    query: s.zipCodeSearchQuery,
    response: { 200: listOf(s.zipCode) },
  }),
  legDistance: kit.act(
    'POST',
    '/api/legs/distance',
    'Distance of a leg by transport mode (sea network, air GCD + 95 km, road/rail router or estimate)',
    { body: s.legDistanceBody, response: { 200: s.legDistanceResponse } },
  ),
  importGeoData: kit.write(
    'POST',
    '/api/geo-data/import',
    'Import UN/LOCODE and GeoNames postal code files from GEO_DATA_DIR (platform admin)',
    { access: ['ROLE_SMP_ADMIN'], body: s.geoImportBody, response: { 200: s.geoImportReport } },
  ),
});
