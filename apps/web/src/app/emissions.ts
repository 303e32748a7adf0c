/**
 * Loaders of the tour, shipment, dashboard and export screens. The router reaches them through
 * this small chunk, so their preload lists stay out of the entry chunk and the /login budget;
 * each screen keeps its own chunk (the charts load with the dashboards only).
 */
export const screens = {
  TourDashboardPage: () => import('../features/dashboards/TourDashboardPage.tsx'),
  ShipmentDashboardPage: () => import('../features/dashboards/ShipmentDashboardPage.tsx'),
  ToursPage: () => import('../features/tours/ToursPage.tsx'),
  ShipmentsPage: () => import('../features/tours/ShipmentsPage.tsx'),
  ShipmentDetailPage: () => import('../features/tours/ShipmentDetailPage.tsx'),
  ExportJobsPage: () => import('../features/exports/ExportJobsPage.tsx'),
};

export type EmissionScreen = keyof typeof screens;
