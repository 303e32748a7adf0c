import { defineRoutes, routeKit } from '../http.ts';
import type { Role } from '../platform/roles.ts';
import * as s from './schemas.ts';

// External read-only users see the carrier dashboard only, for their allowed shippers (seed 000 §6).
const kit = routeKit('dashboards', {
  module: 'cft',
  read: ['ROLE_CFT_READ_ONLY', 'ROLE_CFT_READ_ONLY_EXTERNAL'],
});

export const dashboardsRoutes = defineRoutes({
  tourStats: kit.read(
    '/api/dashboard-tour-stats',
    'Carrier dashboard figures for the filters; external read-only users get their allowed shippers only',
    { apiKey: true, query: s.dashboardQuery, response: { 200: s.tourStats } },
  ),
  shipmentStats: kit.read(
    '/api/dashboard-shipment-stats',
    'Shipper dashboard figures for the filters, with a per-shipper breakdown',
    {
      access: ['ROLE_CFT_READ_ONLY'] satisfies Role[],
      apiKey: true,
      query: s.dashboardQuery,
      response: { 200: s.shipmentStats },
    },
  ),
});
