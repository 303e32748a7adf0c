import { type RouteId, fleetApiRoutes } from '@klimadesk/contract';
import { defineModule } from '../../platform/modules.ts';
import { fleetImportJobs } from './fleet.import.ts';
import { fleetRoutes } from './fleet.routes.ts';

/** Vehicles and trailers with their import, export and template. Other modules import only this file. */
export const fleetModule = defineModule({
  name: 'fleet',
  routes: Object.keys(fleetApiRoutes) as RouteId[],
  mount: fleetRoutes,
  jobs: fleetImportJobs,
});

// The demo seed's fleet (seed/demo.ts).
export { seedDemoFleet } from './fleet.demo.ts';
// The tour import finds a tour's vehicle among the company's active ones and marks it used.
export { FleetIndex, type FleetVehicle, markVehiclesUsed } from './fleet-index.repository.ts';
