import { defineModule } from '../../platform/modules.ts';
import { tourRoutes } from './tours.routes.ts';
import { seedSampleCompany } from './tours.samples.ts';

/** Tours and shipments: lists, details, filters, figures and the session's date ranges. Other modules import only this file. */
export const toursModule = defineModule({
  name: 'tours',
  routes: ['tours', 'getTour', 'shipments', 'getShipment', 'sessionConfig', 'updateSessionConfig'],
  mount: tourRoutes,
  // The sample company basic companies read exists before the first request is served.
  seed: seedSampleCompany,
});

export { sessionConfig, intensity } from './tours.service.ts';
export {
  type FilterScope,
  type Filters,
  SAMPLE_COMPANY_ID,
  effectiveShippers,
  isSample,
  resolveFilterScope,
} from './tours.filters.ts';
export { shipmentConditions, tourConditions } from './tours.filters.repository.ts';
export { type Place, shipments, tourShipments, tours } from './tours.schema.ts';
export { linkTkm } from './tours.repository.ts';
export * as toursRepository from './tours.repository.ts';
export * as toursStats from './tours.stats.repository.ts';
export { DistanceResolver } from './distances.ts';
export { FleetIndex, type FleetVehicle, markVehiclesUsed } from './fleet-index.repository.ts';
export {
  CalculationError,
  type ShipmentInput,
  co2Columns,
  computeTourEmission,
  linkFigures,
} from './tours.emissions.ts';
