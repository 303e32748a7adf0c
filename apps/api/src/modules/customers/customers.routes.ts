import type { FastifyInstance } from 'fastify';
import { customersRoutes as r } from '@klimadesk/contract';
import type { AppContext } from '../../platform/context.ts';
import { mount, ok } from '../../platform/http.ts';
import * as customers from './customers.service.ts';

export function customerRoutes(app: FastifyInstance, ctx: AppContext): void {
  mount(app, r.salesDatas, ({ actor, query }) => customers.listSalesData(ctx, actor, query));
  mount(app, r.createSalesData, ({ actor, body }) => customers.createSalesData(ctx, actor, body));
  mount(app, r.updateSalesData, ({ actor, params, body }) =>
    customers.updateSalesData(ctx, actor, params.id, body),
  );
  mount(app, r.deleteSalesData, async ({ actor, params }) => {
    await customers.deleteSalesData(ctx, actor, params.id);
    return ok('deleted');
  });
  mount(app, r.customerStats, ({ query }) => customers.customerStats(ctx, query));
}
