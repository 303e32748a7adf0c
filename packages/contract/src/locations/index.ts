export * as locationSchemas from './schemas.ts';
export { LOCATION_TYPES, LEG_TRANSPORT_MODES, LEG_DISTANCE_TYPES, SEARCH_LIMIT_MAX } from './schemas.ts';
export type {
  GeoImportReport,
  LegDistance,
  LegDistanceBody,
  Location,
  LocationInput,
  LocationType,
  LegTransportMode,
  ZipCode,
} from './schemas.ts';
export { collapseWhitespace, searchKey, transliterationKey } from './normalise.ts';
export { locationsRoutes } from './api.ts';
