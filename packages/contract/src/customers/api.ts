import { defineRoutes, routeKit } from '../http.ts';
import type { Role } from '../platform/roles.ts';
import * as s from './schemas.ts';

// Sales and customer figures are the provider's own business (seed 002 §6).
const SMP: Role[] = ['ROLE_SMP_ADMIN'];
const kit = routeKit('customers', { module: null, read: SMP });
const sales = kit.collection('/api/sales-datas', 'salesData', { item: s.salesData, list: s.salesDataList });

export const customersRoutes = defineRoutes({
  salesDatas: sales.list('Sales data of the customers by month (platform admin)', {
    query: s.salesDataListQuery,
    resources: { company: 'company' },
  }),
  createSalesData: sales.create(
    'Record a customer’s sales of one month: licenses and consulting in euros (platform admin)',
    { body: s.salesDataBody, resources: { company: 'company' } },
  ),
  updateSalesData: sales.update('Change a month’s sales (platform admin)', {
    body: s.salesDataPatchBody,
  }),
  deleteSalesData: sales.remove('Delete a month’s sales (platform admin)'),
  customerStats: kit.read(
    '/api/dashboard-customer-stats',
    'Customer statistics: free and paying customers and users, sales of a period by month',
    { query: s.customerStatsQuery, response: { 200: s.customerStats } },
  ),
});
