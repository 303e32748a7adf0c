import { defineModule } from '../../platform/modules.ts';
import { apiKeyRoutes } from './api-keys.routes.ts';

/**
 * API keys of a company. The JSON push the keys are made for (`pushToursShipments`, in the same
 * contract group) is mounted by the mappings module, whose pipeline it feeds. Other modules import only this file.
 */
export const apiKeysModule = defineModule({
  name: 'api-keys',
  routes: ['apiKeys', 'createApiKey', 'revokeApiKey'],
  mount: apiKeyRoutes,
});

export { apiKeyActor } from './api-keys.service.ts';
export { findKey as findApiKey, revokeKeysCreatedBy } from './api-keys.repository.ts';
