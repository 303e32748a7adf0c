export * as orderSchemas from './schemas.ts';
export {
  AIR_TYPES,
  AUTO_ROUTINGS,
  CARGO_TYPES,
  CLIENT_SUGGESTION_LIMIT,
  CONTAINER_LOADS,
  CONTAINER_TYPES,
  DEFAULT_FREE_MONTHLY_ORDERS,
  DISTANCE_METHODS,
  ENGINE_DISTANCE_TYPE,
  FREIGHT_TYPES,
  IMPORT_EXPORT,
  MASTER_LABELS,
  MAX_LEGS_PER_ORDER,
  ORDER_DISTANCE_TYPES,
  ORDER_PAGE_SIZE,
  ORDER_STATUSES,
  ORDER_SUGGESTION_LIMIT,
  ORDER_TRANSPORT_MODES,
  ORDER_WEIGHT_UNITS,
} from './schemas.ts';
export type {
  AutoRouting,
  DistanceMethodCode,
  LegBody,
  Masters,
  Order,
  OrderBody,
  OrderDashboard,
  OrderDistanceType,
  OrderLeg,
  OrderPatchBody,
  OrderPlace,
  OrderStatus,
  OrderSummary,
} from './schemas.ts';
export { ORDER_READ_ROLES, ORDER_WRITE_ROLES, ordersRoutes } from './api.ts';
export * as orderImportSchemas from './import.ts';
export {
  MODE_DEFAULT_CLASSES,
  REGION_DEFAULT_CLASSES,
  preselectVehicleType,
  railRegionOf,
  roadRegionOf,
  tradeAreaOf,
  tradeLaneOf,
} from './vehicle-regions.ts';
export type { TradeArea, VehicleLegEnd, VehiclePreselection } from './vehicle-regions.ts';
export {
  ORDER_IMPORT_CODES,
  ORDER_IMPORT_LEVELS,
  ORDER_IMPORT_LOG_PAGE_SIZE,
  ORDER_IMPORT_MAX_ORDERS,
  ORDER_IMPORT_MESSAGES,
  ORDER_IMPORT_STATUSES,
  ORDER_IMPORT_TASK_PAGE_SIZE,
} from './import.ts';
export type {
  ImportOrder,
  OrderImportBody,
  OrderImportCode,
  OrderImportLevel,
  OrderImportMessage,
  OrderImportStatus,
  OrderImportTask,
} from './import.ts';
