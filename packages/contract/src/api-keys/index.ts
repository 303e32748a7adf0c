export * as apiKeySchemas from './schemas.ts';
export { API_KEY_PREFIX, PUSH_MAX_ROWS } from './schemas.ts';
export type { ApiKey } from './schemas.ts';
export { apiKeysRoutes } from './api.ts';
