import { and, asc, count, desc, eq, gte, lte, sql, type SQL } from 'drizzle-orm';
import { type DbOrTx, schema } from '../../platform/db/index.ts';
import { type ListQuery, orderBy, pageWindow } from '../../platform/lists.ts';
import type { CompanyId } from '../../platform/tenant.ts';
import { salesData } from './customers.schema.ts';

/**
 * Sales data and customer figures. Sales rows are tenant rows (company_id) that only the platform
 * admin reads and writes; the cross-company reads here are the provider's own figures.
 */
const c = schema.companies;
const u = schema.users;

export type SalesDataRow = typeof salesData.$inferSelect & { companyName: string; customerNr: number };

const salesColumns = {
  id: salesData.id,
  companyId: salesData.companyId,
  month: salesData.month,
  licensesCents: salesData.licensesCents,
  consultingCents: salesData.consultingCents,
  createdAt: salesData.createdAt,
  updatedAt: salesData.updatedAt,
  companyName: c.name,
  customerNr: c.customerNr,
};

/** Sales rows of every customer, or of one (`companyId`), newest month first unless ordered. */
export async function listSalesData(
  db: DbOrTx,
  filter: { companyId?: CompanyId },
  q: ListQuery,
): Promise<{ rows: SalesDataRow[]; total: number }> {
  const cond = filter.companyId ? eq(salesData.companyId, filter.companyId) : undefined;
  const { offset, limit } = pageWindow(q);
  const rows = await db
    .select(salesColumns)
    .from(salesData)
    .innerJoin(c, eq(c.id, salesData.companyId))
    .where(cond)
    .orderBy(
      ...orderBy(q, { month: salesData.month }, [desc(salesData.month)]),
      asc(c.name),
      asc(salesData.id),
    )
    .limit(limit)
    .offset(offset);
  const [{ total }] = await db.select({ total: count() }).from(salesData).where(cond);
  return { rows, total };
}

/** A sales row by id with its company; the caller checks the company before it changes the row. */
export async function findSalesDataAnyCompany(db: DbOrTx, id: string): Promise<SalesDataRow | null> {
  const [row] = await db
    .select(salesColumns)
    .from(salesData)
    .innerJoin(c, eq(c.id, salesData.companyId))
    .where(eq(salesData.id, id));
  return row ?? null;
}

export async function findSalesDataOfMonth(
  db: DbOrTx,
  companyId: CompanyId,
  month: string,
): Promise<{ id: string } | null> {
  const [row] = await db
    .select({ id: salesData.id })
    .from(salesData)
    .where(and(eq(salesData.companyId, companyId), eq(salesData.month, month)));
  return row ?? null;
}

/**
 * Serialises the writes of one company's sales rows until the transaction ends, so two requests
 * for the same month cannot both pass the one-row-per-month check.
 */
export async function lockCompanySales(tx: DbOrTx, companyId: CompanyId): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`sales_data:${companyId}`}))`);
}

export async function insertSalesData(
  db: DbOrTx,
  companyId: CompanyId,
  values: { month: string; licensesCents: number; consultingCents: number },
): Promise<string> {
  const [row] = await db
    .insert(salesData)
    .values({ ...values, companyId })
    .returning({ id: salesData.id });
  return row.id;
}

export async function updateSalesData(
  db: DbOrTx,
  companyId: CompanyId,
  id: string,
  values: Partial<{ month: string; licensesCents: number; consultingCents: number }>,
): Promise<void> {
  await db
    .update(salesData)
    .set({ ...values, updatedAt: sql`now()` })
    .where(and(eq(salesData.companyId, companyId), eq(salesData.id, id)));
}

export async function deleteSalesData(db: DbOrTx, companyId: CompanyId, id: string): Promise<void> {
  await db.delete(salesData).where(and(eq(salesData.companyId, companyId), eq(salesData.id, id)));
}

/** Customer companies: live, not the platform's own (the platform and the sample company). */
function customerCompanies(module?: string): SQL {
  const parts: SQL[] = [sql`${c.deletedAt} is null`, eq(c.isPlatform, false)];
  if (module) parts.push(sql`${c.modules} ? ${module}`);
  return and(...parts) as SQL;
}

/** Free and paying customers and their active users (status 1, e-mail confirmed). */
export async function customerCounts(db: DbOrTx, module?: string) {
  const [companies] = await db
    .select({
      paying: sql<number>`count(*) filter (where ${c.isPayingCustomer})::int`,
      free: sql<number>`count(*) filter (where not ${c.isPayingCustomer})::int`,
    })
    .from(c)
    .where(customerCompanies(module));
  const [users] = await db
    .select({
      paying: sql<number>`count(*) filter (where ${c.isPayingCustomer})::int`,
      free: sql<number>`count(*) filter (where not ${c.isPayingCustomer})::int`,
    })
    .from(u)
    .innerJoin(c, eq(c.id, u.companyId))
    .where(and(customerCompanies(module), eq(u.status, 1), eq(u.isVerified, true)));
  return { companies, users };
}

/**
 * Sales per month between two first-of-month days (both included), summed over the customers.
 * Rows of deleted customers count: the money was earned.
 */
export async function salesByMonth(db: DbOrTx, from: string, to: string, module?: string) {
  const parts: SQL[] = [gte(salesData.month, from), lte(salesData.month, to), eq(c.isPlatform, false)];
  if (module) parts.push(sql`${c.modules} ? ${module}`);
  const rows = await db
    .select({
      month: sql<string>`to_char(${salesData.month}, 'YYYY-MM')`,
      licenses: sql<string>`sum(${salesData.licensesCents})::bigint`,
      consulting: sql<string>`sum(${salesData.consultingCents})::bigint`,
    })
    .from(salesData)
    .innerJoin(c, eq(c.id, salesData.companyId))
    .where(and(...parts))
    .groupBy(sql`1`);
  return rows.map((r) => ({
    month: r.month,
    licenses: Number(r.licenses),
    consulting: Number(r.consulting),
  }));
}

/** The company of a demo login, for the demo sales rows. */
export async function companyOfLogin(db: DbOrTx, email: string): Promise<CompanyId | null> {
  const [row] = await db.select({ companyId: u.companyId }).from(u).where(eq(u.email, email));
  return row ? (row.companyId as CompanyId) : null;
}

/** Adds the rows whose month the company has no row for yet (idempotent seed). */
export async function insertSalesIfMissing(
  db: DbOrTx,
  companyId: CompanyId,
  rows: { month: string; licensesCents: number; consultingCents: number }[],
): Promise<void> {
  for (const r of rows) {
    if (!(await findSalesDataOfMonth(db, companyId, r.month))) await insertSalesData(db, companyId, r);
  }
}
