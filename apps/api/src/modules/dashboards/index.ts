import { type RouteId, dashboardsRoutes } from '@klimadesk/contract';
import { defineModule } from '../../platform/modules.ts';
import { dashboardRoutes } from './dashboards.routes.ts';

/** Carrier (tour) and shipper (shipment) dashboard figures. Other modules import only this file. */
export const dashboardsModule = defineModule({
  name: 'dashboards',
  routes: Object.keys(dashboardsRoutes) as RouteId[],
  mount: dashboardRoutes,
});
