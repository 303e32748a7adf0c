export * as dashboardsSchemas from './schemas.ts';
export { DASHBOARD_TOP } from './schemas.ts';
export type { DashboardQuery, ShipmentStats, TourStats } from './schemas.ts';
export { dashboardsRoutes } from './api.ts';
