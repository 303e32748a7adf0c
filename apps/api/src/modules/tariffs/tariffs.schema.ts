import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  uuid,
} from 'drizzle-orm/pg-core';
import { tenantTable } from '../../platform/db/schema.ts';
import { createdAt, idColumn, ts, updatedAt } from '../../platform/db/columns.ts';

export type TariffTranslation = {
  locale: 'de' | 'en';
  name: string;
  shortDescription: string;
  longDescription: string;
};

/**
 * The provider's tariffs (billing plans per module, seed 002 §3). Provider data, not tenant data:
 * every company books from the same catalogue. Money in cents.
 */
export const tariffs = pgTable(
  'tariffs',
  {
    id: idColumn(),
    module: text('module').notNull(),
    /** default | individual | limited | payPerUse */
    type: text('type').notNull(),
    /** once | monthly | quarterly | half_yearly | yearly; only with a basic fee above 0. */
    billingPeriod: text('billing_period'),
    basicFeeCents: integer('basic_fee_cents').notNull().default(0),
    costPerUploadCents: integer('cost_per_upload_cents').notNull().default(0),
    staticCostPerShipmentCents: integer('static_cost_per_shipment_cents').notNull().default(0),
    minCostPerShipmentCents: integer('min_cost_per_shipment_cents').notNull().default(0),
    maxCostPerShipmentCents: integer('max_cost_per_shipment_cents'),
    regressionFactor: doublePrecision('regression_factor').notNull().default(-0.000003),
    freeNumberOfShipments: integer('free_number_of_shipments').notNull().default(0),
    businessUnitsLimit: integer('business_units_limit'),
    isCategoryDefaultTariff: boolean('is_category_default_tariff').notNull().default(false),
    isFreeOfCharge: boolean('is_free_of_charge').notNull().default(false),
    endDate: date('end_date'),
    translations: jsonb('translations')
      .$type<TariffTranslation[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('tariffs_module_idx').on(t.module, t.type)],
);

/** A company's booking of a tariff (seed 002 §3 Tariff booking); state is derived from the dates. */
export const tariffBookings = tenantTable(
  'tariff_bookings',
  {
    tariffId: uuid('tariff_id')
      .notNull()
      .references(() => tariffs.id),
    beginDate: date('begin_date').notNull(),
    endDate: date('end_date'),
    minimumTerm: integer('minimum_term'),
    minimumBaseYear: integer('minimum_base_year'),
    maximumReportYear: integer('maximum_report_year'),
    period: text('period'),
    emailBooking: text('email_booking'),
    emailBookingChange: text('email_booking_change'),
    emailCancellation: text('email_cancellation'),
    userBooking: uuid('user_booking'),
    userBookingChange: uuid('user_booking_change'),
    userCancellation: uuid('user_cancellation'),
    cancelledBy: uuid('cancelled_by'),
    cancelledAt: ts('cancelled_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('tariff_bookings_company_idx').on(t.companyId, t.endDate),
    index('tariff_bookings_tariff_idx').on(t.tariffId),
  ],
);
