import { type RouteId, emissionsRoutes } from '@klimadesk/contract';
import { defineModule } from '../../platform/modules.ts';
import { emissionsApiRoutes } from './emissions.routes.ts';

/** GLEC vehicle and fuel types, factor sources and the emission of one leg. Other modules import only this file. */
export const emissionsModule = defineModule({
  name: 'emissions',
  routes: Object.keys(emissionsRoutes) as RouteId[],
  mount: emissionsApiRoutes,
});

export { engineError } from './emissions.service.ts';
