import type { FastifyInstance } from 'fastify';
import { PACT_BASE_PATH, exchangeRoutes as r } from '@klimadesk/contract';
import type { AppContext } from '../../platform/context.ts';
import { mount, ok } from '../../platform/http.ts';
import type { RateLimit } from '../../platform/modules.ts';
import * as clients from './exchange.service.ts';
import * as connections from './exchange.connections.ts';
import { fetchFootprints, listPartnerFootprints } from './exchange.partner-footprints.ts';
import { applyPartnerFootprint } from './exchange.primary-data.ts';
import { fetchTad } from './exchange.tad-import.ts';
import { pactPlugin } from './pact.http.ts';

export function exchangeRoutes(app: FastifyInstance, ctx: AppContext, ipLimit: RateLimit): void {
  mount(app, r.exchangeClients, ({ actor }) => clients.listClients(ctx, actor));
  mount(app, r.createExchangeClient, ({ actor, body }) => clients.createClient(ctx, actor, body));
  mount(app, r.revokeExchangeClient, async ({ actor, params }) => {
    await clients.revokeClient(ctx, actor, params.id);
    return ok('revoked');
  });
  mount(app, r.exchangeClientFetches, ({ actor, params, query }) =>
    clients.listFetches(ctx, actor, params.id, query),
  );
  mount(app, r.exchangeConnections, ({ actor }) => connections.listConnections(ctx, actor));
  mount(app, r.createExchangeConnection, ({ actor, body }) => connections.createConnection(ctx, actor, body));
  mount(app, r.updateExchangeConnection, ({ actor, params, body }) =>
    connections.updateConnectionSettings(ctx, actor, params.id, body),
  );
  mount(app, r.confirmExchangeConnection, ({ actor, params, body }) =>
    connections.confirmConnection(ctx, actor, params.id, body.baseUrl),
  );
  mount(app, r.testExchangeConnection, ({ actor, params }) =>
    connections.testConnection(ctx, actor, params.id),
  );
  mount(app, r.fetchExchangeTad, ({ actor, params }) => fetchTad(ctx, actor, params.id));
  mount(app, r.fetchExchangeFootprints, ({ actor, params }) => fetchFootprints(ctx, actor, params.id));
  mount(app, r.removeExchangeConnection, async ({ actor, params }) => {
    await connections.removeConnection(ctx, actor, params.id);
    return ok('deleted');
  });
  mount(app, r.partnerFootprints, ({ actor, query }) => listPartnerFootprints(ctx, actor, query));
  mount(app, r.applyPartnerFootprint, ({ actor, params, body }) =>
    applyPartnerFootprint(ctx, actor, params.id, body.tourId),
  );
  // The exchange itself: its own paths, authentication and error bodies (PACT / iLEAP).
  void app.register(pactPlugin(ctx, ipLimit), { prefix: PACT_BASE_PATH });
}
