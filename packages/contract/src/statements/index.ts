export * as statementsSchemas from './schemas.ts';
export { STATEMENT_FORMATS } from './schemas.ts';
export type { ShipperStatement } from './schemas.ts';
export { statementsRoutes } from './api.ts';
