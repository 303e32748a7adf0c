import type { FastifyInstance } from 'fastify';
import { dashboardsRoutes as r } from '@klimadesk/contract';
import type { AppContext } from '../../platform/context.ts';
import { mount } from '../../platform/http.ts';
import * as dashboards from './dashboards.service.ts';

export function dashboardRoutes(app: FastifyInstance, ctx: AppContext): void {
  mount(app, r.tourStats, ({ actor, query, timeZone }) => dashboards.tourStats(ctx, actor, query, timeZone));
  mount(app, r.shipmentStats, ({ actor, query, timeZone }) =>
    dashboards.shipmentStats(ctx, actor, query, timeZone),
  );
}
