import { defineRoutes, idParams, okResponse } from '../http.ts';
import type { Role } from '../platform/roles.ts';
import * as s from './schemas.ts';

// Sales and customer figures are the provider's own business (seed 002 §6).
const SMP: Role[] = ['ROLE_SMP_ADMIN'];
const tag = 'customers';

export const customersRoutes = defineRoutes({
  salesDatas: {
    method: 'GET',
    path: '/api/sales-datas',
    summary: 'Sales data of the customers by month (platform admin)',
    tag,
    access: SMP,
    write: false,
    query: s.salesDataListQuery,
    resources: { company: 'company' },
    response: { 200: s.salesDataList },
  },
  createSalesData: {
    method: 'POST',
    path: '/api/sales-datas',
    summary: 'Record a customer’s sales of one month: licenses and consulting in euros (platform admin)',
    tag,
    access: SMP,
    write: true,
    body: s.salesDataBody,
    resources: { company: 'company' },
    response: { 201: s.salesData },
  },
  updateSalesData: {
    method: 'PATCH',
    path: '/api/sales-datas/:id',
    summary: 'Change a month’s sales (platform admin)',
    tag,
    access: SMP,
    write: true,
    params: idParams,
    resources: { id: 'salesData' },
    body: s.salesDataPatchBody,
    response: { 200: s.salesData },
  },
  deleteSalesData: {
    method: 'DELETE',
    path: '/api/sales-datas/:id',
    summary: 'Delete a month’s sales (platform admin)',
    tag,
    access: SMP,
    write: true,
    params: idParams,
    resources: { id: 'salesData' },
    response: { 200: okResponse },
  },
  customerStats: {
    method: 'GET',
    path: '/api/dashboard-customer-stats',
    summary: 'Customer statistics: free and paying customers and users, sales of a period by month',
    tag,
    access: SMP,
    write: false,
    query: s.customerStatsQuery,
    response: { 200: s.customerStats },
  },
});
