import type { FastifyInstance } from 'fastify';
import { toursRoutes as r } from '@klimadesk/contract';
import type { AppContext } from '../../platform/context.ts';
import { mount } from '../../platform/http.ts';
import * as tours from './tours.service.ts';

/** Tour and shipment lists and details, and the session's remembered date ranges. */
export function tourRoutes(app: FastifyInstance, ctx: AppContext): void {
  mount(app, r.tours, ({ actor, query, timeZone }) => tours.listTours(ctx, actor, query, timeZone));
  mount(app, r.getTour, ({ actor, params, lang }) => tours.getTour(ctx, actor, params.id, lang));
  mount(app, r.shipments, ({ actor, query, timeZone }) => tours.listShipments(ctx, actor, query, timeZone));
  mount(app, r.getShipment, ({ actor, params, lang }) => tours.getShipment(ctx, actor, params.id, lang));
  mount(app, r.sessionConfig, ({ actor }) => tours.sessionConfig(ctx, actor));
  mount(app, r.updateSessionConfig, ({ actor, body }) => tours.updateSessionConfig(ctx, actor, body));
}
