import { z } from 'zod';
import { calendarDay, calendarMonth } from '../calendar.ts';
import { listOf } from '../http.ts';
import { BILLING_PERIODS } from './pricing.ts';

/** Consulting invoice types (seed 002 §3); labels "basic", "basic API", "CTL", "fee", "mapping", "professional API". */
export const INVOICE_TYPES = ['basic', 'basicApi', 'ctl', 'fee', 'mapping', 'professionalApi'] as const;
export type InvoiceType = (typeof INVOICE_TYPES)[number];
/** Where evaluated shipments came from. */
export const USAGE_SOURCES = ['import', 'api', 'order'] as const;
export type UsageSource = (typeof USAGE_SOURCES)[number];
/** Seed 002 §9: the invoice report shows 100 rows per page. */
export const INVOICE_REPORT_PAGE_SIZE = 100;
/** Trial edition limits as the invoicing statistics name them (seed 002 §3). */
export const USAGE_TEST_LIMITS = { maxImportsForTest: 3, maxShipmentsForTest: 30 } as const;
/** Months of usage the invoicing statistics list. */
export const USAGE_MONTHS_LISTED = 12;

const day = calendarDay;
/** A calendar month as `YYYY-MM`. */
export const monthString = calendarMonth;
const cents = z.number().int().min(0).max(1_000_000_000_00);

export const usageMonth = z.object({
  month: monthString,
  shipments: z.number().int(),
  uploads: z.number().int(),
  priceCents: z.number().int(),
});
export type UsageMonth = z.infer<typeof usageMonth>;

/** `GET /api/dashboard-invoicing-stats` (seed 002 §3 Invoicing statistics), amounts in cents. */
export const invoicingStats = z.object({
  month: monthString,
  tariffName: z.string().nullable(),
  freeMonthlyShipments: z.number().int(),
  totalShipments: z.number().int(),
  /** This month's price by the tariff (volume price), cents. */
  totalPrice: z.number().int(),
  /** This month's billable shipments at the static price, without the volume reduction, cents. */
  totalPriceBasic: z.number().int(),
  /** Shipments above the free quota. */
  totalShipmentsBasic: z.number().int(),
  maxImportsForTest: z.number().int(),
  maxShipmentsForTest: z.number().int(),
  months: z.array(usageMonth),
});
export type InvoicingStats = z.infer<typeof invoicingStats>;

export const pricingTariff = z.object({
  /** `booked`: the company's own freight tariff; `standard`: the professional edition's price. */
  source: z.enum(['booked', 'standard']),
  name: z.string().nullable(),
  isFreeOfCharge: z.boolean(),
  basicFeeCents: z.number().int(),
  billingPeriod: z.enum(BILLING_PERIODS).nullable(),
  costPerUploadCents: z.number().int(),
  staticCostPerShipmentCents: z.number().int(),
  minCostPerShipmentCents: z.number().int(),
  maxCostPerShipmentCents: z.number().int().nullable(),
  regressionFactor: z.number(),
  freeNumberOfShipments: z.number().int(),
  individualOfferFromShipments: z.number().int(),
});
export type PricingTariffDto = z.infer<typeof pricingTariff>;

export const invoicePositionBody = z.strictObject({
  description: z.string().trim().min(1).max(500),
  /** Quantity, up to three decimals. */
  amount: z.number().min(0).max(1_000_000_000),
  unitPrice: cents,
  totalPrice: cents,
});

export const invoiceBody = z.strictObject({
  company: z.uuid(),
  number: z.string().trim().min(1).max(100),
  description: z.string().trim().max(1000).nullish(),
  paymentDate: day.nullish(),
  sentDate: day.nullish(),
  /** Cents; with positions it must equal their sum (decision 0011). */
  totalPrice: cents,
  type: z.enum(INVOICE_TYPES),
  invoicePositions: z.array(invoicePositionBody).max(200).default([]),
});
/** Positions given replace the old ones; without them the old positions stay (no default here). */
export const invoicePatchBody = invoiceBody
  .omit({ company: true, invoicePositions: true })
  .partial()
  .extend({ invoicePositions: z.array(invoicePositionBody).max(200).optional() });

export const invoicePosition = z.object({
  id: z.uuid(),
  description: z.string(),
  amount: z.number(),
  unitPrice: z.number().int(),
  totalPrice: z.number().int(),
  createdBy: z.uuid().nullable(),
  updatedBy: z.uuid().nullable(),
});
export const invoice = z.object({
  id: z.uuid(),
  company: z.uuid(),
  companyName: z.string(),
  number: z.string(),
  description: z.string().nullable(),
  paymentDate: day.nullable(),
  sentDate: day.nullable(),
  totalPrice: z.number().int(),
  type: z.enum(INVOICE_TYPES),
  invoicePositions: z.array(invoicePosition),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Invoice = z.infer<typeof invoice>;
export const invoiceList = listOf(invoice);
export const invoiceListQuery = z.strictObject({
  company: z.uuid().optional(),
  'createdAt[after]': day.optional(),
  'createdAt[before]': day.optional(),
});

export const reportBlock = z.object({
  tariff: z.string().nullable(),
  shipments: z.number().int(),
  price: z.number().int(),
});
export type ReportBlock = z.infer<typeof reportBlock>;
/** One company's month in the invoice report (seed 002 §3 Invoice report row), money in cents. */
export const invoiceReportRow = z.object({
  company: z.uuid(),
  customerNr: z.number().int(),
  invoiceId: z.uuid().nullable(),
  number: z.string().nullable(),
  sentDate: day.nullable(),
  paymentDate: day.nullable(),
  consulting: z.number().int(),
  name: z.string(),
  total: z.number().int(),
  basic: reportBlock.nullable(),
  pro: reportBlock.nullable(),
  cfc: reportBlock.nullable(),
  /** CSRD reporting (issue 37: its charges counted in the total without a column of their own). */
  csrd: reportBlock.nullable(),
  tax: reportBlock.nullable(),
});
export type InvoiceReportRow = z.infer<typeof invoiceReportRow>;
export const invoiceReport = listOf(invoiceReportRow);
export const invoiceReportQuery = z.strictObject({
  month: monthString.optional(),
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(INVOICE_REPORT_PAGE_SIZE).default(INVOICE_REPORT_PAGE_SIZE),
});
export const invoiceReportExportQuery = z.strictObject({ month: monthString.optional() });

/** A company's monthly invoice document as listed (the PDF comes from the document route). */
export const invoiceDocument = z.object({
  month: monthString,
  number: z.string(),
  netCents: z.number().int(),
  grossCents: z.number().int(),
});
export const invoiceDocumentList = listOf(invoiceDocument);
export const invoiceDocumentsQuery = z.strictObject({ company: z.uuid().optional() });
export const invoiceDocumentQuery = z.strictObject({
  month: monthString.optional(),
  company: z.uuid().optional(),
});
