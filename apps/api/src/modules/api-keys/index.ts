import { type RouteId, apiKeysRoutes } from '@klimadesk/contract';
import { defineModule } from '../../platform/modules.ts';
import { apiKeyRoutes } from './api-keys.routes.ts';

/** API keys of a company and the JSON push of tours and shipments. Other modules import only this file. */
export const apiKeysModule = defineModule({
  name: 'api-keys',
  routes: Object.keys(apiKeysRoutes) as RouteId[],
  mount: apiKeyRoutes,
});

export { apiKeyActor } from './api-keys.service.ts';
export { findKey as findApiKey, revokeKeysCreatedBy } from './api-keys.repository.ts';
