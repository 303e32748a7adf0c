import { date, index, integer } from 'drizzle-orm/pg-core';
import { tenantTable } from '../../platform/db/schema.ts';
import { createdAt, updatedAt } from '../../platform/db/columns.ts';

/** Sales per customer and month (seed 002 §3 Sales data), kept by the provider; money in cents. */
export const salesData = tenantTable(
  'sales_data',
  {
    /** First day of the month. */
    month: date('month').notNull(),
    licensesCents: integer('licenses_cents').notNull().default(0),
    consultingCents: integer('consulting_cents').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('sales_data_company_idx').on(t.companyId, t.month)],
);
