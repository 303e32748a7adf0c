import { type RouteId, releasesRoutes } from '@klimadesk/contract';
import { defineModule } from '../../platform/modules.ts';
import { releaseRoutes } from './releases.routes.ts';
import { seedReleaseHistory } from './releases.seed.ts';

/** Release versions and release notes. Other modules import only this file. */
export const releasesModule = defineModule({
  name: 'releases',
  routes: Object.keys(releasesRoutes) as RouteId[],
  mount: releaseRoutes,
  seed: seedReleaseHistory,
});
