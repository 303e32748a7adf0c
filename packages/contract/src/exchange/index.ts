export * as exchangeSchemas from './schemas.ts';
export * as pactSchemas from './pact.ts';
export { EXCHANGE_CLIENT_ID_PREFIX, PACT_BASE_PATH } from './schemas.ts';
export type { ExchangeClient, ExchangeFetch } from './schemas.ts';
export { exchangeRoutes } from './api.ts';
export * as connectionSchemas from './connections.ts';
export type { ExchangeConnection, PartnerFootprint, FetchIssue } from './connections.ts';
