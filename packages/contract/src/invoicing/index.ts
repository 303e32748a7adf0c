export * as invoicingSchemas from './schemas.ts';
export {
  INVOICE_REPORT_PAGE_SIZE,
  INVOICE_TYPES,
  USAGE_MONTHS_LISTED,
  USAGE_SOURCES,
  USAGE_TEST_LIMITS,
} from './schemas.ts';
export type {
  Invoice,
  InvoiceReportRow,
  InvoiceType,
  InvoicingStats,
  PricingTariffDto,
  ReportBlock,
  UsageMonth,
  UsageSource,
} from './schemas.ts';
// Billing periods are the tariffs' (exported there); only the pricing itself is exported here.
export {
  BILLING_PERIOD_MONTHS,
  STANDARD_PROFESSIONAL_TARIFF,
  VAT_RATE,
  basicFeeDue,
  invoiceTotals,
  monthlyPrice,
  positionTotalCents,
  priceCurve,
  roundCents,
  unitPriceCents,
} from './pricing.ts';
export type { MonthlyPrice, PricingTariff } from './pricing.ts';
export { invoicingRoutes } from './api.ts';
