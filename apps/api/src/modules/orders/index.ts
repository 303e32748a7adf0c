import { type RouteId, ordersRoutes } from '@klimadesk/contract';
import { defineModule } from '../../platform/modules.ts';
import { orderRoutes } from './orders.routes.ts';
import { orderImportJob } from './orders.import.ts';

/**
 * Freight orders of the basic edition (and professional companies): orders with activities and
 * legs, their distances and emissions from the location service and the engine, hubs and totals,
 * the monthly quota, master data and suggestions, and orders pushed by API key with their import
 * log. Other modules import only this file.
 */
export const ordersModule = defineModule({
  name: 'orders',
  routes: Object.keys(ordersRoutes) as RouteId[],
  mount: (app, ctx) => orderRoutes(app, ctx),
  jobs: [orderImportJob],
});

// The carbon footprint's freight flow-in sums the basic tours of a year (cfc.freight.ts).
export { type OrderSums, basicTourSums } from './orders.sums.repository.ts';
// The PACT / iLEAP exchange serves each order's basic tour as a ShipmentFootprint (exchange module).
export {
  type ExchangeOrder,
  type ExchangeOrderHub,
  type ExchangeOrderLeg,
  type ExchangeOrderPlace,
  type ExchangeOrderQuery,
  exchangeOrders,
} from './orders.exchange.ts';
export {
  type OrderHubClass,
  type OrderLegClass,
  orderOperationTotals,
} from './orders.exchange.repository.ts';
