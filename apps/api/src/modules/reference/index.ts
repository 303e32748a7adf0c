import { defineModule } from '../../platform/modules.ts';
import { referenceRoutes } from './reference.routes.ts';

/** Modules and countries. Other modules import only this file. */
export const referenceModule = defineModule({
  name: 'reference',
  routes: ['modules', 'countries'],
  mount: referenceRoutes,
});
