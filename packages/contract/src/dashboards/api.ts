import { defineRoutes } from '../http.ts';
import type { Role } from '../platform/roles.ts';
import * as s from './schemas.ts';

const tag = 'dashboards';

export const dashboardsRoutes = defineRoutes({
  tourStats: {
    method: 'GET',
    path: '/api/dashboard-tour-stats',
    summary:
      'Carrier dashboard figures for the filters; external read-only users get their allowed shippers only',
    tag,
    access: ['ROLE_CFT_READ_ONLY', 'ROLE_CFT_READ_ONLY_EXTERNAL'] satisfies Role[],
    write: false,
    apiKey: true,
    query: s.dashboardQuery,
    response: { 200: s.tourStats },
  },
  shipmentStats: {
    method: 'GET',
    path: '/api/dashboard-shipment-stats',
    summary: 'Shipper dashboard figures for the filters, with a per-shipper breakdown',
    tag,
    access: ['ROLE_CFT_READ_ONLY'] satisfies Role[],
    write: false,
    apiKey: true,
    query: s.dashboardQuery,
    response: { 200: s.shipmentStats },
  },
});
