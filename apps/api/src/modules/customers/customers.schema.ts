import { date, index, integer, pgTable, uuid } from 'drizzle-orm/pg-core';
import { companies } from '../../platform/db/schema.ts';
import { companyRowKey, createdAt, idColumn, updatedAt } from '../../platform/db/columns.ts';

/** Sales per customer and month (seed 002 §3 Sales data), kept by the provider; money in cents. */
export const salesData = pgTable(
  'sales_data',
  {
    id: idColumn(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id),
    /** First day of the month. */
    month: date('month').notNull(),
    licensesCents: integer('licenses_cents').notNull().default(0),
    consultingCents: integer('consulting_cents').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('sales_data_company_idx').on(t.companyId, t.month), companyRowKey('sales_data', t)],
);
