import { bigint, date, index, integer, numeric, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { companyIdColumn, tenantTable } from '../../platform/db/schema.ts';
import { createdAt, tenantReference, updatedAt } from '../../platform/db/columns.ts';

/**
 * Shipments evaluated per company, month and source (import, api, order): what a month is billed
 * from. Added to in the same transaction that stores the shipments, so usage never drifts from data.
 */
export const usageMonths = pgTable(
  'usage_months',
  {
    companyId: companyIdColumn(),
    /** First day of the month. */
    month: date('month').notNull(),
    /** import | api | order */
    source: text('source').notNull(),
    shipments: integer('shipments').notNull().default(0),
    uploads: integer('uploads').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.month, t.source] })],
);

/** Consulting and other manual invoices of the provider to a customer (seed 002 §3). */
export const invoices = tenantTable(
  'invoices',
  {
    number: text('number').notNull(),
    /** basic | basicApi | ctl | fee | mapping | professionalApi */
    type: text('type').notNull(),
    description: text('description'),
    sentDate: date('sent_date'),
    paymentDate: date('payment_date'),
    totalPriceCents: bigint('total_price_cents', { mode: 'number' }).notNull().default(0),
    createdBy: uuid('created_by'),
    updatedBy: uuid('updated_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('invoices_company_idx').on(t.companyId, t.createdAt)],
);

export const invoicePositions = tenantTable(
  'invoice_positions',
  {
    invoiceId: uuid('invoice_id').notNull(),
    position: integer('position').notNull().default(0),
    description: text('description').notNull(),
    amount: numeric('amount', { precision: 14, scale: 3 }).notNull(),
    unitPriceCents: bigint('unit_price_cents', { mode: 'number' }).notNull(),
    totalPriceCents: bigint('total_price_cents', { mode: 'number' }).notNull(),
    createdBy: uuid('created_by'),
    updatedBy: uuid('updated_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('invoice_positions_invoice_idx').on(t.invoiceId, t.position),
    tenantReference('invoice_positions_invoice_fk', [t.companyId, t.invoiceId], invoices).onDelete('cascade'),
  ],
);
