import { and, asc, eq, gte, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { InvoiceType, UsageSource } from '@klimadesk/contract';
import { type DbOrTx, rowsOf, schema } from '../../platform/db/index.ts';
import type { CompanyId } from '../../platform/tenant.ts';
import { invoicePositions, invoices, usageMonths } from './invoicing.schema.ts';

export type InvoiceRow = typeof invoices.$inferSelect;
export type PositionRow = typeof invoicePositions.$inferSelect;
const c = schema.companies;

/** Shipments recorded for a company's month from one source. */
export async function usageOf(
  db: DbOrTx,
  companyId: CompanyId,
  month: string,
  source: UsageSource,
): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`coalesce(sum(${usageMonths.shipments}), 0)::int`.mapWith(Number) })
    .from(usageMonths)
    .where(
      and(eq(usageMonths.companyId, companyId), eq(usageMonths.month, month), eq(usageMonths.source, source)),
    );
  return row?.n ?? 0;
}

/** Adds shipments and uploads to a company's month (one row per company, month and source). */
export async function addUsage(
  db: DbOrTx,
  companyId: CompanyId,
  month: string,
  source: UsageSource,
  shipments: number,
  uploads: number,
): Promise<void> {
  await db
    .insert(usageMonths)
    .values({ companyId, month, source, shipments, uploads })
    .onConflictDoUpdate({
      target: [usageMonths.companyId, usageMonths.month, usageMonths.source],
      set: {
        shipments: sql`${usageMonths.shipments} + ${shipments}`,
        uploads: sql`${usageMonths.uploads} + ${uploads}`,
      },
    });
}

/** Usage rows that do not exist yet (demo seed; an existing month is left as it is). */
export async function insertUsageIfMissing(
  db: DbOrTx,
  companyId: CompanyId,
  rows: { month: string; source: UsageSource; shipments: number; uploads: number }[],
): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insert(usageMonths)
    .values(rows.map((r) => ({ ...r, companyId })))
    .onConflictDoNothing();
}

export type UsageTotal = { month: string; shipments: number; uploads: number };

/** A company's usage per month (all sources summed) from `from` (first day) on, oldest first. */
export async function usageByMonth(db: DbOrTx, companyId: CompanyId, from: string): Promise<UsageTotal[]> {
  const rows = await db
    .select({
      month: usageMonths.month,
      shipments: sql<number>`sum(${usageMonths.shipments})::int`,
      uploads: sql<number>`sum(${usageMonths.uploads})::int`,
    })
    .from(usageMonths)
    .where(and(eq(usageMonths.companyId, companyId), gte(usageMonths.month, from)))
    .groupBy(usageMonths.month)
    .orderBy(asc(usageMonths.month));
  return rows;
}

/** Usage of one month for several companies (the invoice report's page), by company id. */
export async function usageOfCompanies(
  db: DbOrTx,
  companyIds: readonly CompanyId[],
  month: string,
): Promise<Map<string, UsageTotal>> {
  if (companyIds.length === 0) return new Map();
  const rows = await db
    .select({
      companyId: usageMonths.companyId,
      shipments: sql<number>`sum(${usageMonths.shipments})::int`,
      uploads: sql<number>`sum(${usageMonths.uploads})::int`,
    })
    .from(usageMonths)
    .where(and(inArray(usageMonths.companyId, [...companyIds]), eq(usageMonths.month, month)))
    .groupBy(usageMonths.companyId);
  return new Map(rows.map((r) => [r.companyId, { month, shipments: r.shipments, uploads: r.uploads }]));
}

export type BillingCompany = {
  id: string;
  name: string;
  customerNr: number;
  street: string;
  zipcode: string;
  city: string;
  country: string | null;
  vatid: string | null;
  customBillingAddress: boolean;
  billingAddress: Record<string, string | null> | null;
  communicationLanguage: string;
  isBasic: boolean;
  unlocked: boolean;
  isPayingCustomer: boolean;
};

const billingColumns = {
  id: c.id,
  name: c.name,
  customerNr: c.customerNr,
  street: c.street,
  zipcode: c.zipcode,
  city: c.city,
  country: c.country,
  vatid: c.vatid,
  customBillingAddress: c.customBillingAddress,
  billingAddress: c.billingAddress,
  communicationLanguage: c.communicationLanguage,
  isBasic: c.isBasic,
  unlocked: c.unlocked,
  isPayingCustomer: c.isPayingCustomer,
};

export async function billingCompany(db: DbOrTx, companyId: CompanyId): Promise<BillingCompany | null> {
  const [row] = await db
    .select(billingColumns)
    .from(c)
    .where(and(eq(c.id, companyId), isNull(c.deletedAt)));
  return row ?? null;
}

/** Customers of the provider (live, not the platform's own companies) by customer number: the report's rows. */
export async function customerPage(
  db: DbOrTx,
  offset: number,
  limit: number,
): Promise<{ rows: BillingCompany[]; total: number }> {
  const where = and(isNull(c.deletedAt), eq(c.isPlatform, false));
  const rows = await db
    .select(billingColumns)
    .from(c)
    .where(where)
    .orderBy(asc(c.customerNr))
    .offset(offset)
    .limit(limit);
  const [{ n }] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(c)
    .where(where);
  return { rows, total: n };
}

// ---- consulting invoices (platform admin only; every function still takes the company) ----

export type InvoiceFilter = { companyId?: CompanyId; after?: string; before?: string };

/** Consulting invoices, newest first; `before` includes its whole day. */
export async function listInvoices(
  db: DbOrTx,
  f: InvoiceFilter,
): Promise<(InvoiceRow & { companyName: string })[]> {
  const conds = [
    f.companyId ? eq(invoices.companyId, f.companyId) : undefined,
    f.after ? gte(invoices.createdAt, new Date(`${f.after}T00:00:00Z`)) : undefined,
    f.before ? lt(invoices.createdAt, new Date(Date.parse(`${f.before}T00:00:00Z`) + 86_400_000)) : undefined,
  ].filter((x) => x !== undefined);
  const rows = await db
    .select({ invoice: invoices, companyName: c.name })
    .from(invoices)
    .innerJoin(c, eq(c.id, invoices.companyId))
    .where(conds.length ? and(...conds) : undefined)
    .orderBy(sql`${invoices.createdAt} desc`, asc(invoices.number))
    .limit(10_000);
  return rows.map((r) => ({ ...r.invoice, companyName: r.companyName }));
}

/** Consulting invoices of several companies created in a month [first, next first). */
export async function invoicesInMonth(
  db: DbOrTx,
  companyIds: readonly CompanyId[],
  first: string,
  next: string,
): Promise<InvoiceRow[]> {
  if (companyIds.length === 0) return [];
  return db
    .select()
    .from(invoices)
    .where(
      and(
        inArray(invoices.companyId, [...companyIds]),
        gte(invoices.createdAt, new Date(`${first}T00:00:00Z`)),
        lt(invoices.createdAt, new Date(`${next}T00:00:00Z`)),
      ),
    )
    .orderBy(asc(invoices.createdAt));
}

export async function findInvoiceAnyCompany(db: DbOrTx, id: string): Promise<InvoiceRow | null> {
  const [row] = await db.select().from(invoices).where(eq(invoices.id, id));
  return row ?? null;
}

export async function positionsOf(
  db: DbOrTx,
  companyId: CompanyId,
  invoiceIds: string[],
): Promise<PositionRow[]> {
  if (invoiceIds.length === 0) return [];
  return db
    .select()
    .from(invoicePositions)
    .where(and(eq(invoicePositions.companyId, companyId), inArray(invoicePositions.invoiceId, invoiceIds)))
    .orderBy(asc(invoicePositions.position));
}

export async function positionsOfInvoices(db: DbOrTx, invoiceIds: string[]): Promise<PositionRow[]> {
  if (invoiceIds.length === 0) return [];
  return db
    .select()
    .from(invoicePositions)
    .where(inArray(invoicePositions.invoiceId, invoiceIds))
    .orderBy(asc(invoicePositions.position));
}

export type InvoiceValues = {
  number: string;
  type: InvoiceType;
  description: string | null;
  sentDate: string | null;
  paymentDate: string | null;
  totalPriceCents: number;
};
export type PositionValues = {
  description: string;
  amount: number;
  unitPriceCents: number;
  totalPriceCents: number;
};

export async function insertInvoice(
  db: DbOrTx,
  companyId: CompanyId,
  values: InvoiceValues,
  userId: string,
): Promise<InvoiceRow> {
  const [row] = await db
    .insert(invoices)
    .values({ ...values, companyId, createdBy: userId, updatedBy: userId })
    .returning();
  return row;
}

export async function updateInvoice(
  db: DbOrTx,
  companyId: CompanyId,
  id: string,
  values: Partial<InvoiceValues>,
  userId: string,
): Promise<void> {
  await db
    .update(invoices)
    .set({ ...values, updatedBy: userId, updatedAt: new Date() })
    .where(and(eq(invoices.companyId, companyId), eq(invoices.id, id)));
}

/** Replaces an invoice's positions in the given order. */
export async function replacePositions(
  db: DbOrTx,
  companyId: CompanyId,
  invoiceId: string,
  positions: PositionValues[],
  userId: string,
): Promise<void> {
  await db
    .delete(invoicePositions)
    .where(and(eq(invoicePositions.companyId, companyId), eq(invoicePositions.invoiceId, invoiceId)));
  if (positions.length === 0) return;
  await db.insert(invoicePositions).values(
    positions.map((p, i) => ({
      companyId,
      invoiceId,
      position: i,
      description: p.description,
      amount: String(p.amount),
      unitPriceCents: p.unitPriceCents,
      totalPriceCents: p.totalPriceCents,
      createdBy: userId,
      updatedBy: userId,
    })),
  );
}

export async function deleteInvoice(db: DbOrTx, companyId: CompanyId, id: string): Promise<void> {
  await db.delete(invoices).where(and(eq(invoices.companyId, companyId), eq(invoices.id, id)));
}

/** Months (first days) in which a company had usage or a consulting invoice, newest first. */
export async function billedMonths(db: DbOrTx, companyId: CompanyId, from: string): Promise<string[]> {
  const res = await db.execute(sql`select m::text as month from (
      select month as m from usage_months where company_id = ${companyId} and month >= ${from}::date
      union
      select date_trunc('month', created_at at time zone 'UTC')::date as m from invoices
        where company_id = ${companyId} and created_at >= ${from}::date
    ) x order by m desc`);
  return rowsOf<{ month: string }>(res).map((r) => r.month);
}

/** The demo professional company, found by its admin's login (the demo seed names it). */
export async function companyOfUserEmail(db: DbOrTx, email: string): Promise<string | null> {
  const [row] = await db
    .select({ companyId: schema.users.companyId })
    .from(schema.users)
    .where(eq(schema.users.email, email));
  return row?.companyId ?? null;
}
