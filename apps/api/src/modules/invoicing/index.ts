import { type RouteId, invoicingRoutes } from '@klimadesk/contract';
import { defineModule } from '../../platform/modules.ts';
import { invoicingRouteHandlers } from './invoicing.routes.ts';
import { seedDemoUsage } from './invoicing.seed.ts';

/**
 * Usage per month, its price by the booked tariff, consulting invoices, the invoice report and the
 * monthly invoice document. Other modules import only this file.
 */
export const invoicingModule = defineModule({
  name: 'invoicing',
  routes: Object.keys(invoicingRoutes) as RouteId[],
  mount: invoicingRouteHandlers,
  seed: seedDemoUsage,
});

export { recordUsage, usageOfMonth } from './invoicing.service.ts';
