import { z } from 'zod';
import { calendarDay, calendarMonth } from '../calendar.ts';
import { listOf, orderQuery, paginationQuery } from '../http.ts';
import { moduleCode } from '../platform/schemas.ts';

/** Customer list page size (seed 002 §9: companies 30 per page). */
export const CUSTOMER_PAGE_SIZE = 30;

/** The largest monthly amount a sales row takes: 9,999,999.99 EUR (cents fit a 32-bit integer). */
export const SALES_AMOUNT_MAX_CENTS = 999_999_999;

/**
 * A euro amount as the seed sends it (seed 002 §7 "licenses and consulting as strings"): digits
 * with a dot and at most two decimals, never negative ("1234.5", "0.99", "12").
 */
export const euroAmount = z
  .string()
  .trim()
  .regex(/^\d{1,7}(\.\d{1,2})?$/, { message: 'euroAmount' });

/** "1234.5" → 123450: read from the text, never through a binary fraction, so no cent drifts. */
export function eurosToCents(amount: string): number {
  const [whole, fraction = ''] = amount.trim().split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

/** 123450 → "1234.50", the wire form of an amount. */
export function centsToEuros(cents: number): string {
  const whole = Math.trunc(cents / 100);
  return `${whole}.${String(cents % 100).padStart(2, '0')}`;
}

/** First day of a month, `YYYY-MM-01` (seed 002 §7: "month (first of month)"). */
export const firstOfMonth = calendarDay.refine((v) => v.endsWith('-01'), { message: 'firstOfMonth' });

/** Sales of one customer in one month (seed 002 §3 Sales data); money in cents and as euro text. */
export const salesData = z.object({
  id: z.uuid(),
  company: z.object({ id: z.uuid(), name: z.string(), customerNr: z.number().int() }),
  month: z.string(),
  /** Euro text as the seed sends it ("1234.50"). */
  licenses: z.string(),
  consulting: z.string(),
  licensesCents: z.number().int(),
  consultingCents: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type SalesData = z.infer<typeof salesData>;
export const salesDataList = listOf(salesData);

export const salesDataListQuery = z.strictObject({
  ...paginationQuery,
  company: z.uuid().optional(),
  ...orderQuery(['month']),
});

export const salesDataBody = z.strictObject({
  company: z.uuid(),
  month: firstOfMonth,
  licenses: euroAmount.default('0'),
  consulting: euroAmount.default('0'),
});

export const salesDataPatchBody = z.strictObject({
  month: firstOfMonth.optional(),
  licenses: euroAmount.optional(),
  consulting: euroAmount.optional(),
});

export const customerStatsQuery = z.strictObject({
  /** First month of the sales period, `YYYY-MM`; default January of the current year. */
  from: calendarMonth.optional(),
  /** Last month of the sales period, `YYYY-MM`; default December of the current year. */
  to: calendarMonth.optional(),
  /** Only companies that use this module (the `/cfc/customers` view). */
  module: moduleCode.optional(),
});

/** One month of the sales chart, in cents. */
export const salesMonth = z.object({
  month: z.string(),
  licenses: z.number().int(),
  consulting: z.number().int(),
  sales: z.number().int(),
});

/**
 * Customer statistics (seed 002 §3); the counts are of the moment, the sales (cents) of the period.
 * docs/glossary.md defines each figure.
 */
export const customerStats = z.object({
  freeCustomers: z.number().int(),
  freeUsers: z.number().int(),
  payingCustomers: z.number().int(),
  sales: z.number().int(),
  salesLicenses: z.number().int(),
  salesConsulting: z.number().int(),
  usersPayingCustomers: z.number().int(),
  usersTotal: z.number().int(),
  from: z.string(),
  to: z.string(),
  months: z.array(salesMonth),
});
export type CustomerStats = z.infer<typeof customerStats>;
