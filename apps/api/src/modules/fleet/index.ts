import { type RouteId, fleetApiRoutes } from '@klimadesk/contract';
import { defineModule } from '../../platform/modules.ts';
import { fleetRoutes } from './fleet.routes.ts';

/** Vehicles and trailers with their import, export and template. Other modules import only this file. */
export const fleetModule = defineModule({
  name: 'fleet',
  routes: Object.keys(fleetApiRoutes) as RouteId[],
  mount: fleetRoutes,
});

export { plateKey } from './fleet.rules.ts';
export { trailers, vehicles } from './fleet.schema.ts';
