import { z } from 'zod';
import { calendarDay } from '../calendar.ts';
import { LANGUAGES } from '../constants.ts';
import { listOf, orderQuery, paginationQuery } from '../http.ts';
import { MODULES } from '../platform/roles.ts';
import { DEFAULT_REGRESSION_FACTOR, TARIFF_PAGE_SIZE } from './constants.ts';

/** Tariffs and tariff bookings of seed 002 §3; money in cents as integers. */
export const TARIFF_TYPES = ['default', 'individual', 'limited', 'payPerUse'] as const;
export type TariffType = (typeof TARIFF_TYPES)[number];
export const BILLING_PERIODS = ['once', 'monthly', 'quarterly', 'half_yearly', 'yearly'] as const;
export type BillingPeriod = (typeof BILLING_PERIODS)[number];
export const BOOKING_STATES = ['active', 'cancelled', 'expired'] as const;
export type BookingState = (typeof BOOKING_STATES)[number];
export const TAX_TYPES = ['RESTRICTED', 'DEMO', 'EXPIRED'] as const;
export type TaxType = (typeof TAX_TYPES)[number];

export { DEFAULT_REGRESSION_FACTOR, TARIFF_PAGE_SIZE, TRIAL_DAYS } from './constants.ts';

const cents = z.number().int().min(0).max(1_000_000_000);
const email = z.string().trim().toLowerCase().max(180).pipe(z.email());
const year = z.number().int().min(1900).max(2100);

export const tariffTranslation = z.object({
  /** Not a database id: translations live with their tariff; the locale names them. */
  id: z.string().max(64).optional(),
  locale: z.enum(LANGUAGES),
  name: z.string().trim().max(255).default(''),
  shortDescription: z.string().trim().max(1000).default(''),
  longDescription: z.string().trim().max(10_000).default(''),
});
export type TariffTranslation = z.output<typeof tariffTranslation>;

const tariffFields = {
  type: z.enum(TARIFF_TYPES),
  module: z.enum(MODULES),
  billingPeriod: z.enum(BILLING_PERIODS).nullable().optional(),
  basicFee: cents.default(0),
  costPerUpload: cents.default(0),
  staticCostPerShipment: cents.default(0),
  minCostPerShipment: cents.default(0),
  maxCostPerShipment: cents.nullable().optional(),
  regressionFactor: z.number().min(-1).max(0).default(DEFAULT_REGRESSION_FACTOR),
  /** Free shipments (orders) a month; the basic edition's quota is this setting. */
  freeNumberOfShipments: z.number().int().min(0).max(10_000_000).default(0),
  businessUnitsLimit: z.number().int().min(1).max(100_000).nullable().optional(),
  isCategoryDefaultTariff: z.boolean().default(false),
  isFreeOfCharge: z.boolean().default(false),
  endDate: calendarDay.nullable().optional(),
  translations: z.array(tariffTranslation).min(1).max(LANGUAGES.length),
};

export const tariffBody = z.strictObject(tariffFields);
export type TariffBody = z.output<typeof tariffBody>;
/** A patch names only what changes; translations, when sent, replace the tariff's translations. */
export const tariffPatchBody = z.strictObject({
  type: tariffFields.type.optional(),
  module: tariffFields.module.optional(),
  billingPeriod: tariffFields.billingPeriod,
  basicFee: cents.optional(),
  costPerUpload: cents.optional(),
  staticCostPerShipment: cents.optional(),
  minCostPerShipment: cents.optional(),
  maxCostPerShipment: tariffFields.maxCostPerShipment,
  regressionFactor: z.number().min(-1).max(0).optional(),
  freeNumberOfShipments: z.number().int().min(0).max(10_000_000).optional(),
  businessUnitsLimit: tariffFields.businessUnitsLimit,
  isCategoryDefaultTariff: z.boolean().optional(),
  isFreeOfCharge: z.boolean().optional(),
  endDate: tariffFields.endDate,
  translations: tariffFields.translations.optional(),
});

export const tariff = z.object({
  id: z.uuid(),
  /** Name in the requested locale. */
  name: z.string(),
  shortDescription: z.string(),
  type: z.enum(TARIFF_TYPES),
  module: z.enum(MODULES),
  billingPeriod: z.enum(BILLING_PERIODS).nullable(),
  basicFee: z.number().int(),
  costPerUpload: z.number().int(),
  staticCostPerShipment: z.number().int(),
  minCostPerShipment: z.number().int(),
  maxCostPerShipment: z.number().int().nullable(),
  regressionFactor: z.number(),
  freeNumberOfShipments: z.number().int(),
  businessUnitsLimit: z.number().int().nullable(),
  isCategoryDefaultTariff: z.boolean(),
  isFreeOfCharge: z.boolean(),
  endDate: z.string().nullable(),
  translations: z.array(
    z.object({
      id: z.string(),
      locale: z.enum(LANGUAGES),
      name: z.string(),
      shortDescription: z.string(),
      longDescription: z.string(),
    }),
  ),
  /** Bookings of this tariff (any state); a booked tariff cannot be deleted. */
  bookings: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Tariff = z.infer<typeof tariff>;
export const tariffList = listOf(tariff);

export const tariffListQuery = z.strictObject({
  ...paginationQuery,
  limit: paginationQuery.limit.default(TARIFF_PAGE_SIZE),
  module: z.enum(MODULES).optional(),
  type: z.enum(TARIFF_TYPES).optional(),
  locale: z.enum(LANGUAGES).optional(),
  ...orderQuery(['name', 'type', 'module', 'basicFee', 'createdAt']),
});
export const localeQuery = z.strictObject({ locale: z.enum(LANGUAGES).optional() });

export const tariffTypes = z.object({
  types: z.array(z.enum(TARIFF_TYPES)),
  billingPeriods: z.array(z.enum(BILLING_PERIODS)),
});

export const tariffBooking = z.object({
  id: z.uuid(),
  company: z.object({ id: z.uuid(), name: z.string() }),
  tariff: z.object({
    id: z.uuid(),
    name: z.string(),
    type: z.enum(TARIFF_TYPES),
    module: z.enum(MODULES),
    isFreeOfCharge: z.boolean(),
  }),
  /** The tariff's type (seed 002 §3 lists it on the booking too). */
  type: z.enum(TARIFF_TYPES),
  beginDate: z.string(),
  endDate: z.string().nullable(),
  minimumTerm: z.number().int().nullable(),
  minimumBaseYear: z.number().int().nullable(),
  maximumReportYear: z.number().int().nullable(),
  period: z.enum(BILLING_PERIODS).nullable(),
  state: z.enum(BOOKING_STATES),
  emailBooking: z.string().nullable(),
  emailBookingChange: z.string().nullable(),
  emailCancellation: z.string().nullable(),
  userBooking: z.uuid().nullable(),
  userBookingChange: z.uuid().nullable(),
  userCancellation: z.uuid().nullable(),
  cancelledBy: z.uuid().nullable(),
  cancelledAt: z.string().nullable(),
  createdAt: z.string(),
});
export type TariffBooking = z.infer<typeof tariffBooking>;
export const tariffBookingList = listOf(tariffBooking);

export const tariffBookingListQuery = z.strictObject({
  ...paginationQuery,
  /** Platform admin only; everyone else reads their own company's bookings. */
  company: z.uuid().optional(),
  module: z.enum(MODULES).optional(),
  locale: z.enum(LANGUAGES).optional(),
  ...orderQuery(['endDate', 'beginDate', 'createdAt']),
});

/**
 * Booking fields of seed 002 §7. The e-mail goes to `userBooking` (one of the company's users) or
 * to `emailBooking`; one of them is required (seed 002 §5).
 */
export const tariffBookingBody = z.strictObject({
  company: z.uuid(),
  tariff: z.uuid(),
  beginDate: calendarDay,
  endDate: calendarDay.nullable().optional(),
  minimumTerm: z.number().int().min(0).max(600).nullable().optional(),
  minimumBaseYear: year.nullable().optional(),
  maximumReportYear: year.nullable().optional(),
  period: z.enum(BILLING_PERIODS).nullable().optional(),
  emailBooking: email.nullable().optional(),
  userBooking: z.uuid().nullable().optional(),
});
export type TariffBookingBody = z.output<typeof tariffBookingBody>;

export const tariffBookingPatchBody = z.strictObject({
  tariff: z.uuid().optional(),
  beginDate: calendarDay.optional(),
  endDate: calendarDay.nullable().optional(),
  minimumTerm: z.number().int().min(0).max(600).nullable().optional(),
  minimumBaseYear: year.nullable().optional(),
  maximumReportYear: year.nullable().optional(),
  period: z.enum(BILLING_PERIODS).nullable().optional(),
  emailBookingChange: email.nullable().optional(),
  userBookingChange: z.uuid().nullable().optional(),
});

export const tariffBookingCancelBody = z.strictObject({
  endDate: calendarDay,
  emailCancellation: email.nullable().optional(),
  userCancellation: z.uuid().nullable().optional(),
});

export const activeTariff = z.object({
  /** The booking's id. */
  id: z.uuid(),
  tariffId: z.uuid(),
  name: z.string(),
  type: z.enum(TARIFF_TYPES),
  module: z.enum(MODULES),
  isFreeOfCharge: z.boolean(),
  beginDate: z.string(),
  endDate: z.string().nullable(),
  state: z.enum(BOOKING_STATES),
});
export type ActiveTariff = z.infer<typeof activeTariff>;
export const activeTariffList = listOf(activeTariff);

export const baseYears = z.object({
  minimumBaseYear: z.number().int().nullable(),
  maximumReportYear: z.number().int().nullable(),
});

export const companyTaxParams = z.strictObject({ id: z.uuid() });
/** The seed does not say what `{x}` carries; it is accepted and not used. */
export const bookTaxDemoParams = z.strictObject({ id: z.uuid(), x: z.string().max(40) });
/** The taxonomy module's state of seed 002 §4; `taxType` null: a paid tariff, no limits. */
export const taxStatus = z.object({
  taxType: z.enum(TAX_TYPES).nullable(),
  taxDemoEnd: z.string().nullable(),
  /** The company has the default tax tariff and no demo yet: the book-a-demo button shows. */
  canBookDemo: z.boolean(),
});
export type TaxStatus = z.infer<typeof taxStatus>;
