import type { FastifyInstance } from 'fastify';
import { PACT_BASE_PATH, exchangeRoutes as r } from '@klimadesk/contract';
import type { AppContext } from '../../platform/context.ts';
import { mount, ok } from '../../platform/http.ts';
import type { RateLimit } from '../../platform/modules.ts';
import * as clients from './exchange.service.ts';
import { pactPlugin } from './pact.http.ts';

export function exchangeRoutes(app: FastifyInstance, ctx: AppContext, ipLimit: RateLimit): void {
  mount(app, r.exchangeClients, ({ actor }) => clients.listClients(ctx, actor));
  mount(app, r.createExchangeClient, ({ actor, body }) => clients.createClient(ctx, actor, body));
  mount(app, r.revokeExchangeClient, async ({ actor, params }) => {
    await clients.revokeClient(ctx, actor, params.id);
    return ok('revoked');
  });
  // The exchange itself: its own paths, authentication and error bodies (PACT / iLEAP).
  void app.register(pactPlugin(ctx, ipLimit), { prefix: PACT_BASE_PATH });
}
