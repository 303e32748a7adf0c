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
import { importRunRoutes } from './imports/api.ts';
import { statementsRoutes } from './statements/api.ts';
import { invoicingRoutes } from './invoicing/api.ts';
import { customersRoutes } from './customers/api.ts';
import { tariffsRoutes } from './tariffs/api.ts';
import { helpRoutes } from './help/api.ts';
import { releasesRoutes } from './releases/api.ts';
import { tasksRoutes } from './tasks/api.ts';
import { logsRoutes } from './logs/api.ts';
import { ordersRoutes } from './orders/api.ts';
import { emissionDbRoutes } from './emission-db/api.ts';
import { cfcRoutes } from './cfc/api.ts';
import { cfcResultsRoutes } from './cfc/results.ts';
import { taxonomyRoutes } from './taxonomy/api.ts';
import { taxCatalogueRoutes } from './taxonomy/catalogue.ts';
import { csrdRoutes } from './csrd/api.ts';
import { vsmeRoutes } from './vsme/api.ts';
import { exchangeRoutes } from './exchange/api.ts';

/**
 * Every route by its id, typed: the web client names routes by id and takes their params, query,
 * body and answer types from here. Ids are unique across modules (a test checks it).
 */
export const routeMap = {
  ...platformRoutes,
  ...fleetApiRoutes,
  ...emissionsRoutes,
  ...locationsRoutes,
  ...tagsRoutes,
  ...tagFilterRoutes,
  ...mappingsRoutes,
  ...importTaskRoutes,
  ...apiKeysRoutes,
  ...toursRoutes,
  ...dashboardsRoutes,
  ...exportsRoutes,
  ...importRunRoutes,
  ...statementsRoutes,
  ...invoicingRoutes,
  ...customersRoutes,
  ...tariffsRoutes,
  ...helpRoutes,
  ...releasesRoutes,
  ...tasksRoutes,
  ...logsRoutes,
  ...ordersRoutes,
  ...emissionDbRoutes,
  ...cfcRoutes,
  ...cfcResultsRoutes,
  ...taxonomyRoutes,
  ...taxCatalogueRoutes,
  ...csrdRoutes,
  ...vsmeRoutes,
  ...exchangeRoutes,
};

export type RouteMap = typeof routeMap;
export type RouteId = keyof RouteMap;

/** The route table of the whole API; each module adds its group of routes to the map above. */
export const apiRoutes: ApiRoute[] = Object.values(routeMap);
