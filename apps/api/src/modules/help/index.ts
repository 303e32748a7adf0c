import { type RouteId, helpRoutes as routes } from '@klimadesk/contract';
import { defineModule } from '../../platform/modules.ts';
import { helpRoutes } from './help.routes.ts';
import { seedHelpContent } from './help.seed.ts';

/** Texts by type and language, contextual help texts and their content files. */
export const helpModule = defineModule({
  name: 'help',
  routes: Object.keys(routes) as RouteId[],
  mount: helpRoutes,
  seed: (ctx) => seedHelpContent(ctx.db),
});
