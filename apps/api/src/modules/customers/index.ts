import { type RouteId, customersRoutes } from '@klimadesk/contract';
import { defineModule } from '../../platform/modules.ts';
import { customerRoutes } from './customers.routes.ts';
import { seedDemoSales } from './customers.seed.ts';

/** Sales data and customer statistics of the provider. Other modules import only this file. */
export const customersModule = defineModule({
  name: 'customers',
  routes: Object.keys(customersRoutes) as RouteId[],
  mount: customerRoutes,
  seed: seedDemoSales,
});
