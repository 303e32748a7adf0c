import type { FastifyInstance } from 'fastify';
import { ordersRoutes as r } from '@klimadesk/contract';
import type { AppContext } from '../../platform/context.ts';
import { mount, ok } from '../../platform/http.ts';
import { routingProviders } from '../locations/index.ts';
import * as alternatives from './orders.alternatives.ts';
import * as reports from './orders.reports.service.ts';
import * as orders from './orders.service.ts';
import * as imports from './orders.import.ts';
import { masters } from './orders.masters.ts';

export function orderRoutes(app: FastifyInstance, ctx: AppContext): void {
  const deps: orders.OrderDeps = { ctx, providers: routingProviders(ctx.config.routing) };
  mount(app, r.orders, ({ actor, query }) => orders.listOrders(ctx, actor, query));
  mount(app, r.getOrder, ({ actor, params, lang }) => orders.getOrder(ctx, actor, params.id, lang));
  mount(app, r.createOrder, ({ actor, body, lang }) => orders.createOrder(deps, actor, body, lang));
  mount(app, r.updateOrder, ({ actor, params, body, lang }) =>
    orders.updateOrder(deps, actor, params.id, body, lang),
  );
  mount(app, r.deleteOrder, async ({ actor, params }) => {
    await orders.deleteOrder(ctx, actor, params.id);
    return ok('deleted');
  });
  mount(app, r.changeOrderStatus, ({ actor, params, body, lang }) =>
    orders.changeStatus(ctx, actor, params.id, body.status, lang),
  );
  mount(app, r.cloneOrder, ({ actor, params, lang }) => orders.cloneOrder(deps, actor, params.id, lang));
  mount(app, r.orderHubs, ({ body, lang }) => orders.previewHubs(body, lang));
  mount(app, r.masters, ({ lang }) => masters(lang));
  mount(app, r.clients, ({ actor, query }) => orders.clients(ctx, actor, query));
  mount(app, r.orderSuggestion, ({ actor, query }) => orders.orderSuggestions(ctx, actor, query));
  mount(app, r.orderQuota, ({ actor }) => orders.orderQuota(ctx, actor));
  mount(app, r.orderDashboard, ({ actor, query }) => reports.orderDashboard(ctx, actor, query));
  mount(app, r.orderClimateMonths, ({ actor, query }) => reports.orderClimateMonths(ctx, actor, query));
  mount(app, r.exportOrders, ({ actor, query, lang }) => reports.exportOrders(ctx, actor, query, lang));
  mount(app, r.orderCertificate, ({ actor, params, lang, reply }) =>
    reports.orderCertificate(ctx, actor, params.id, lang, reply),
  );
  mount(app, r.orderAlternatives, ({ actor, params, lang }) =>
    alternatives.listAlternatives(ctx, actor, params.id, lang),
  );
  mount(app, r.promoteOrder, ({ actor, params, lang }) =>
    alternatives.promoteOrder(ctx, actor, params.id, lang),
  );
  mount(app, r.autoAlternatives, ({ actor, params, lang }) =>
    alternatives.generateAutoAlternatives(deps, actor, params.id, lang),
  );
  mount(app, r.importOrders, ({ actor, body }) => imports.importOrders(ctx, actor, body));
  mount(app, r.orderImportTasks, ({ actor, query }) => imports.listImportTasks(ctx, actor, query));
  mount(app, r.orderImportTask, ({ actor, params }) => imports.getImportTask(ctx, actor, params.id));
  mount(app, r.orderImportLog, ({ actor, params, query }) => imports.importLog(ctx, actor, params.id, query));
}
