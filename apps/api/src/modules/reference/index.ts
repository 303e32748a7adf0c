import { defineModule } from '../../platform/modules.ts';
import { referenceRoutes } from './reference.routes.ts';

/** Countries and release versions. Other modules import only this file. */
export const referenceModule = defineModule({
  name: 'reference',
  routes: ['countries', 'releaseVersions'],
  mount: referenceRoutes,
});
