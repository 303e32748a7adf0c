import { type RouteId, locationsRoutes as contractRoutes } from '@klimadesk/contract';
import { defineModule } from '../../platform/modules.ts';
import { locationsRoutes } from './locations.routes.ts';

/** Places (postal codes, cities, UN/LOCODEs, ports, airports) and leg distances. Other modules import only this file. */
export const locationsModule = defineModule({
  name: 'locations',
  routes: Object.keys(contractRoutes) as RouteId[],
  mount: (app, ctx) => locationsRoutes(app, ctx),
});

export { legDistance } from './distance.service.ts';
export { resolveLocation } from './distance.service.ts';
export { largeCitiesNear } from './distance.service.ts';
export { type LandMode, type RoutingProvider, routingProviders } from './routing.ts';
export { builtinReadiness } from './builtin-loader.ts';
