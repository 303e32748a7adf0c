export * as exchangeSchemas from './schemas.ts';
export * as pactSchemas from './pact.ts';
export { EXCHANGE_CLIENT_ID_PREFIX, PACT_BASE_PATH } from './schemas.ts';
export type { ExchangeClient } from './schemas.ts';
export { exchangeRoutes } from './api.ts';
