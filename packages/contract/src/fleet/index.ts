export * as fleetSchemas from './schemas.ts';
export { FLEET_STATUS, FUEL_UNITS, SAVE_RESULT } from './schemas.ts';
export type { Trailer, Vehicle } from './schemas.ts';
export { fleetApiRoutes } from './api.ts';
