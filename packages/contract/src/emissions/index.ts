export * as emissionsSchemas from './api.ts';
export { emissionsRoutes } from './api.ts';
