import { defineModule } from '../../platform/modules.ts';
import { tourRoutes } from './tours.routes.ts';

/** Tours and shipments: lists, details, filters, figures and the session's date ranges. Other modules import only this file. */
export const toursModule = defineModule({
  name: 'tours',
  routes: ['tours', 'getTour', 'shipments', 'getShipment', 'sessionConfig', 'updateSessionConfig'],
  mount: tourRoutes,
});

export { sessionConfig, intensity, sampleShipments, sampleTours } from './tours.service.ts';
export {
  type FilterScope,
  type Filters,
  effectiveShippers,
  resolveFilterScope,
  shipmentConditions,
  tourConditions,
} from './tours.filters.ts';
export { type Place, shipments, tourShipments, tours } from './tours.schema.ts';
export { rollupPlan } from './tours.rollups.ts';
export * as toursQueries from './tours.queries.ts';
export * as toursRepository from './tours.repository.ts';
export { sampleData } from './tours.samples.ts';
export { DistanceResolver } from './distances.ts';
export { FleetIndex, type FleetVehicle, markVehiclesUsed } from './fleet-index.ts';
export { CalculationError, type ShipmentInput, computeTourEmission } from './tours.emissions.ts';
