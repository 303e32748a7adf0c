export * from './constants.ts';
export * from './http.ts';
export * from './platform/errors.ts';
export * from './platform/roles.ts';
export * from './platform/web-routes.ts';
export * as platformSchemas from './platform/schemas.ts';
export { platformRoutes } from './platform/api.ts';
export * from './routes.ts';
export type { Company, Me, RegistrationBody, User, UserPreference } from './platform/schemas.ts';
