export * as apiKeySchemas from './schemas.ts';
export { API_KEY_PREFIX, BULK_MAX_BYTES, BULK_MAX_ISSUES, BULK_MAX_ROWS, PUSH_MAX_ROWS } from './schemas.ts';
export type { ApiKey, BulkJob } from './schemas.ts';
export { apiKeysRoutes } from './api.ts';
