import type { ApiRoute } from './http.ts';
import { platformRoutes } from './platform/api.ts';
import { fleetApiRoutes } from './fleet/api.ts';
import { locationsRoutes } from './locations/api.ts';

/** The route table of the whole API; each module adds its group of routes here. */
export const apiRoutes: ApiRoute[] = [platformRoutes, fleetApiRoutes, locationsRoutes].flatMap((group) =>
  Object.values(group),
);
