import { defineRoutes, fileResponse, routeKit } from '../http.ts';
import type { Role } from '../platform/roles.ts';
import * as s from './schemas.ts';
import * as imp from './import.ts';

/** Freight read-only roles read orders; freight users write them (seed 000 §6: the basic area). */
export const ORDER_READ_ROLES: Role[] = ['ROLE_CFT_READ_ONLY'];
export const ORDER_WRITE_ROLES: Role[] = ['ROLE_CFT_USER'];

const kit = routeKit('orders', { module: 'cft', read: ORDER_READ_ROLES, write: ORDER_WRITE_ROLES });
const orders = kit.collection('/api/orders', 'order', { item: s.order, list: s.orderList });
const imports = kit.collection('/api/import-tasks', 'orderImportTask', { list: imp.orderImportTaskList });

/**
 * Freight orders with their activities and legs (seed 000 §7 "Orders"). Leg distances and single
 * leg emissions are `POST /api/legs/distance` (locations) and `POST /api/legs/emission` (emissions).
 */
export const ordersRoutes = defineRoutes({
  orders: orders.list('Orders of the own company by status, search, client, date and order (10 per page)', {
    query: s.orderListQuery,
  }),
  getOrder: orders.get('One order with its activities, legs, hubs and calculation sheets'),
  createOrder: orders.create(
    'Create an order; missing distances and every emission are computed (basic edition: monthly quota)',
    { body: s.orderBody, resources: { parentId: 'order' } },
  ),
  updateOrder: orders.update('Change an order (merge patch); new activities replace every leg', {
    body: s.orderPatchBody,
  }),
  deleteOrder: orders.remove('Delete an order; a first alternative hands its place to the next'),
  changeOrderStatus: kit.write('PATCH', '/api/orders/:id/status', 'Change the status of an order', {
    ...orders.id,
    body: s.orderStatusBody,
    response: { 200: s.order },
  }),
  cloneOrder: kit.write('POST', '/api/orders/:id/clone', 'Copy an order with its legs as a new open order', {
    ...orders.id,
    response: { 201: s.order },
  }),
  masters: kit.read('/api/masters', 'Master data lists of orders in the request language', {
    response: { 200: s.masters },
  }),
  clients: kit.read('/api/clients', 'Clients of earlier orders, most used first (up to 200)', {
    query: s.clientQuery,
    response: { 200: s.clientList },
  }),
  orderSuggestion: kit.read('/api/order-suggestion', 'The latest 30 orders to start a new one from', {
    query: s.orderSuggestionQuery,
    response: { 200: s.orderSuggestionList },
  }),
  orderQuota: kit.read('/api/order-quota', 'Orders created this month and the free monthly amount', {
    response: { 200: s.orderQuota },
  }),
  orderDashboard: kit.read(
    '/api/order-dashboard',
    'Figures of the basic tours (first alternatives) matching the list filters, in total and by mode',
    { query: s.orderDashboardQuery, response: { 200: s.orderDashboard } },
  ),
  orderClimateMonths: kit.read(
    '/api/order-dashboard-climate-month',
    'The same figures per month of the order date, for the climate chart',
    { query: s.orderDashboardQuery, response: { 200: s.orderClimateMonths } },
  ),
  exportOrders: kit.read('/api/orders/export', 'The filtered order list as xlsx (base64 with a file name)', {
    query: s.orderExportQuery,
    response: { 200: fileResponse },
  }),
  orderCertificate: kit.read(
    '/api/orders/:id/certificate',
    'Emission certificate of an order as PDF in the request language (GLEC Framework v3.1 / ISO 14083)',
    { ...orders.id, file: true },
  ),
  orderHubs: kit.act(
    'POST',
    '/api/order-hubs',
    'The hubs an order of this cargo and these leg modes gets (for the live totals of the order form)',
    { body: s.orderHubsBody, response: { 200: s.orderHubsPreview } },
  ),
  orderAlternatives: kit.read(
    '/api/orders/:id/alternatives',
    "The alternatives of the order's group by position",
    {
      ...orders.id,
      response: { 200: s.orderAlternatives },
    },
  ),
  promoteOrder: kit.write(
    'POST',
    '/api/orders/:id/promote',
    'Make an alternative the first (the basic tour); the old first becomes second',
    { ...orders.id, response: { 200: s.orderAlternatives } },
  ),
  autoAlternatives: kit.write(
    'POST',
    '/api/orders/:id/alternatives/auto',
    'Generate suggestions (rail main carriage, road-rail-road) for the basic tour; replaces earlier ones',
    { ...orders.id, response: { 200: s.autoAlternativesResult } },
  ),
  importOrders: kit.write(
    'POST',
    '/api/orders/import',
    'Push up to 500 orders (API key or session); each is checked and saved on its own by a job, with coded messages',
    { apiKey: true, body: imp.orderImportBody, response: { 202: imp.orderImportTask } },
  ),
  orderImportTasks: imports.list('Order import tasks, 30 per page, newest push first', {
    apiKey: true,
    query: imp.orderImportTaskListQuery,
  }),
  orderImportTask: imports.get('One order import task with its counts', {
    apiKey: true,
    response: { 200: imp.orderImportTask },
  }),
  orderImportLog: kit.read(
    '/api/import-tasks/:id/log',
    'Coded messages of an order import task by order and leg, 15 per page, filtered by level',
    { apiKey: true, ...imports.id, query: imp.orderImportLogQuery, response: { 200: imp.orderImportLog } },
  ),
});
