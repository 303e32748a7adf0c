import type { ApiRoute } from './http.ts';
import { platformRoutes } from './platform/api.ts';
import { fleetApiRoutes } from './fleet/api.ts';
import { emissionsRoutes } from './emissions/api.ts';
import { locationsRoutes } from './locations/api.ts';
import { tagFilterRoutes, tagsRoutes } from './tags/api.ts';
import { importTaskRoutes, mappingsRoutes } from './mappings/api.ts';
import { apiKeysRoutes } from './api-keys/api.ts';
import { toursRoutes } from './tours/api.ts';
import { dashboardsRoutes } from './dashboards/api.ts';
import { exportsRoutes } from './exports/api.ts';
import { statementsRoutes } from './statements/api.ts';

/** The route table of the whole API; each module adds its group of routes here. */
export const apiRoutes: ApiRoute[] = [
  platformRoutes,
  fleetApiRoutes,
  emissionsRoutes,
  locationsRoutes,
  tagsRoutes,
  tagFilterRoutes,
  mappingsRoutes,
  importTaskRoutes,
  apiKeysRoutes,
  toursRoutes,
  dashboardsRoutes,
  exportsRoutes,
  statementsRoutes,
].flatMap((group) => Object.values(group));
