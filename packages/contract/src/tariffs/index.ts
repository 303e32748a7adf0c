export * as tariffSchemas from './schemas.ts';
export {
  BILLING_PERIODS,
  BOOKING_STATES,
  DEFAULT_REGRESSION_FACTOR,
  TARIFF_PAGE_SIZE,
  TARIFF_TYPES,
  TAX_TYPES,
  TRIAL_DAYS,
} from './schemas.ts';
export type {
  ActiveTariff,
  BillingPeriod,
  BookingState,
  Tariff,
  TariffBody,
  TariffBooking,
  TariffBookingBody,
  TariffTranslation,
  TariffType,
  TaxStatus,
  TaxType,
} from './schemas.ts';
export * from './rules.ts';
export { tariffsRoutes } from './api.ts';
