export * as customerSchemas from './schemas.ts';
export { CUSTOMER_PAGE_SIZE, SALES_AMOUNT_MAX_CENTS, centsToEuros, eurosToCents } from './schemas.ts';
export type { CustomerStats, SalesData } from './schemas.ts';
export { customersRoutes } from './api.ts';
