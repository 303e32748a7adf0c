import { type RouteId, tagFilterRoutes, tagsRoutes } from '@klimadesk/contract';
import { defineModule } from '../../platform/modules.ts';
import { tagRoutes } from './tags.routes.ts';

/** Tag groups and the tag and shipper filters. Other modules import only this file. */
export const tagsModule = defineModule({
  name: 'tags',
  routes: [...(Object.keys(tagsRoutes) as RouteId[]), ...(Object.keys(tagFilterRoutes) as RouteId[])],
  mount: tagRoutes,
});
