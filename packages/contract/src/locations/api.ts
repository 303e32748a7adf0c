import { defineRoutes, listOf } from '../http.ts';
import * as s from './schemas.ts';

/** Locations and distances (seed 000 §7 "Orders": /locations, /zip-codes, /legs/distance). */
export const locationsRoutes = defineRoutes({
  searchLocations: {
    method: 'GET',
    path: '/api/locations',
    summary: 'Search postal codes, cities, UN/LOCODEs, seaports and airports (prefix, accent-insensitive)',
    tag: 'locations',
    access: 'session',
    write: false,
    query: s.locationSearchQuery,
    response: { 200: listOf(s.location) },
  },
  zipCodes: {
    method: 'GET',
    path: '/api/zip-codes',
    summary: 'Postal codes of a country, optionally starting with the given code',
    tag: 'locations',
    access: 'session',
    write: false,
    query: s.zipCodeListQuery,
    response: { 200: listOf(s.zipCode) },
  },
  searchZipCodes: {
    method: 'GET',
    path: '/api/zip-codes/search',
    summary: 'Search postal codes by code or place name',
    tag: 'locations',
    access: 'session',
    write: false,
    query: s.zipCodeSearchQuery,
    response: { 200: listOf(s.zipCode) },
  },
  legDistance: {
    method: 'POST',
    path: '/api/legs/distance',
    summary:
      'Distance of a leg by transport mode (sea network, air GCD + 95 km, road/rail router or estimate)',
    tag: 'locations',
    access: 'session',
    write: false,
    body: s.legDistanceBody,
    response: { 200: s.legDistanceResponse },
  },
  importGeoData: {
    method: 'POST',
    path: '/api/geo-data/import',
    summary: 'Import UN/LOCODE and GeoNames postal code files from GEO_DATA_DIR (platform admin)',
    tag: 'locations',
    access: ['ROLE_SMP_ADMIN'],
    write: true,
    body: s.geoImportBody,
    response: { 200: s.geoImportReport },
  },
});
