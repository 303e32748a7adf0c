export * as toursSchemas from './schemas.ts';
export {
  CARRIAGES,
  SHIPMENT_ORDER_FIELDS,
  SHIPMENT_PAGE_SIZE,
  TOUR_ORDER_FIELDS,
  TOUR_PAGE_SIZE,
  emissionFilterQuery,
} from './schemas.ts';
export type {
  Carriage,
  EmissionFilters,
  LegPrimaryData,
  SessionConfig,
  ShipmentDetail,
  ShipmentItem,
  TourDetail,
  TourItem,
} from './schemas.ts';
export { toursRoutes } from './api.ts';
