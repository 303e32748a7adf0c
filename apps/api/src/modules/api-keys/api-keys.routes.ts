import type { FastifyInstance } from 'fastify';
import { apiKeysRoutes as r } from '@klimadesk/contract';
import type { AppContext } from '../../platform/context.ts';
import { mount, ok } from '../../platform/http.ts';
import * as keys from './api-keys.service.ts';

export function apiKeyRoutes(app: FastifyInstance, ctx: AppContext): void {
  mount(app, r.apiKeys, ({ actor }) => keys.listKeys(ctx, actor));
  mount(app, r.createApiKey, ({ actor, body }) => keys.createKey(ctx, actor, body.name));
  mount(app, r.revokeApiKey, async ({ actor, params }) => {
    await keys.revokeKey(ctx, actor, params.id);
    return ok('revoked');
  });
}
