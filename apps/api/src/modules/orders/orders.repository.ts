import { type SQL, and, asc, count, desc, eq, gte, ilike, inArray, lte, max, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/index.ts';
import { deleteCompanyRow, findCompanyRow, insertRow, updateCompanyRow } from '../../platform/db/rows.ts';
import { type ListQuery, likeTerm, orderBy, pageWindow, tablePage } from '../../platform/lists.ts';
import type { CompanyId } from '../../platform/tenant.ts';
import { orderLegs, orders } from './orders.schema.ts';

export type OrderRow = typeof orders.$inferSelect;
export type OrderInsert = typeof orders.$inferInsert;
export type LegRow = typeof orderLegs.$inferSelect;
export type LegInsert = typeof orderLegs.$inferInsert;

/** The list's filters (paging and order aside). */
export type OrderFilterFields = {
  status?: string[];
  search?: string;
  client?: string;
  freightType?: string;
  'date[after]'?: string;
  'date[before]'?: string;
  basicTourOnly?: 'true' | 'false';
};
export type OrderFilters = ListQuery & OrderFilterFields;

/** The list's filters (seed 000 §5), company first; shared by the list, the export and the dashboard. */
function filterWhere(companyId: CompanyId, q: OrderFilterFields): SQL | undefined {
  const parts: (SQL | undefined)[] = [eq(orders.companyId, companyId)];
  // Seed 000 §5: a request with no status selected lists nothing.
  if (q.status !== undefined) parts.push(q.status.length ? inArray(orders.status, q.status) : sql`false`);
  if (q.search) {
    const term = likeTerm(q.search);
    parts.push(or(ilike(orders.number, term), ilike(orders.client, term), ilike(orders.label, term)));
  }
  if (q.client) parts.push(ilike(orders.client, likeTerm(q.client)));
  if (q.freightType) parts.push(eq(orders.freightType, q.freightType));
  if (q['date[after]']) parts.push(gte(orders.date, q['date[after]']));
  if (q['date[before]']) parts.push(lte(orders.date, q['date[before]']));
  if (q.basicTourOnly !== 'false') parts.push(eq(orders.position, 1));
  return and(...parts);
}

/** `cap`: the most rows `pagination=false` gives (the export asks for more than the list). */
export async function listOrders(db: DbOrTx, companyId: CompanyId, q: OrderFilters, cap = 1000) {
  return tablePage(db, orders, {
    where: filterWhere(companyId, q),
    orderBy: [
      ...orderBy(
        q,
        {
          date: orders.date,
          number: orders.number,
          client: orders.client,
          status: orders.status,
          co2Wtw: orders.co2Wtw,
          createdAt: orders.createdAt,
        },
        [desc(orders.date), desc(orders.createdAt)],
      ),
      asc(orders.id),
    ],
    window: pageWindow(q, cap),
  });
}

export const findOrder = (db: DbOrTx, companyId: CompanyId, id: string) =>
  findCompanyRow(db, orders, companyId, id);

export const insertOrder = (db: DbOrTx, values: OrderInsert) => insertRow(db, orders, values);

export const updateOrder = (db: DbOrTx, companyId: CompanyId, id: string, values: Partial<OrderInsert>) =>
  updateCompanyRow(db, orders, companyId, id, { ...values, updatedAt: new Date() });

export const deleteOrder = (db: DbOrTx, companyId: CompanyId, id: string) =>
  deleteCompanyRow(db, orders, companyId, id);

/** The legs of an order in carriage order, then position. */
export const legsOf = (db: DbOrTx, companyId: CompanyId, orderId: string): Promise<LegRow[]> =>
  legsOfOrders(db, companyId, [orderId]);

export async function replaceLegs(db: DbOrTx, companyId: CompanyId, orderId: string, legs: LegInsert[]) {
  await db.delete(orderLegs).where(and(eq(orderLegs.companyId, companyId), eq(orderLegs.orderId, orderId)));
  if (legs.length) await db.insert(orderLegs).values(legs);
}

/** The orders of one alternative group by position. */
export async function groupOf(db: DbOrTx, companyId: CompanyId, groupId: string): Promise<OrderRow[]> {
  return db
    .select()
    .from(orders)
    .where(and(eq(orders.companyId, companyId), eq(orders.alternativeGroupId, groupId)))
    .orderBy(asc(orders.position));
}

/** Locks the rows of a group for the rest of the transaction (one reordering at a time). */
export async function lockGroup(db: DbOrTx, companyId: CompanyId, groupId: string): Promise<void> {
  await db.execute(
    sql`select id from orders where company_id = ${companyId} and alternative_group_id = ${groupId} for update`,
  );
}

/** The legs of several orders, in carriage order, then position. */
export async function legsOfOrders(db: DbOrTx, companyId: CompanyId, orderIds: string[]): Promise<LegRow[]> {
  if (!orderIds.length) return [];
  return db
    .select()
    .from(orderLegs)
    .where(and(eq(orderLegs.companyId, companyId), inArray(orderLegs.orderId, orderIds)))
    .orderBy(
      sql`case ${orderLegs.activity} when 'pre_carriage' then 1 when 'main_carriage' then 2 else 3 end`,
      asc(orderLegs.position),
    );
}

export async function nextPosition(db: DbOrTx, companyId: CompanyId, groupId: string): Promise<number> {
  const [row] = await db
    .select({ last: max(orders.position) })
    .from(orders)
    .where(and(eq(orders.companyId, companyId), eq(orders.alternativeGroupId, groupId)));
  return (row?.last ?? 0) + 1;
}

/** Clients of earlier orders, most used first, optionally starting with or containing a term. */
export async function clients(db: DbOrTx, companyId: CompanyId, term: string | undefined, limit: number) {
  const n = count();
  return db
    .select({ name: orders.client, orders: n })
    .from(orders)
    .where(and(eq(orders.companyId, companyId), term ? ilike(orders.client, likeTerm(term)) : undefined))
    .groupBy(orders.client)
    .orderBy(desc(n), asc(orders.client))
    .limit(limit);
}

/** The latest orders (first alternatives), optionally matching a term in number or client. */
export async function latestOrders(
  db: DbOrTx,
  companyId: CompanyId,
  term: string | undefined,
  limit: number,
) {
  const match = term
    ? or(ilike(orders.number, likeTerm(term)), ilike(orders.client, likeTerm(term)))
    : undefined;
  return db
    .select()
    .from(orders)
    .where(and(eq(orders.companyId, companyId), eq(orders.position, 1), match))
    .orderBy(desc(orders.createdAt), asc(orders.id))
    .limit(limit);
}

/** Locks the company row for the rest of the transaction (one quota check at a time per company). */
export async function lockCompany(db: DbOrTx, companyId: CompanyId): Promise<void> {
  await db.execute(sql`select id from companies where id = ${companyId} for update`);
}

export type DashboardFilters = Omit<OrderFilterFields, 'basicTourOnly'>;

/** kg CO2e and tkm summed; the intensity is worked out from the sums by the service. */
export type FigureSums = { orders: number; co2Ttw: number; co2Wtt: number; co2Wtw: number; tkm: number };

const orderSums = {
  orders: sql<number>`count(*)::int`,
  co2Ttw: sql<number>`coalesce(sum(${orders.co2Ttw}), 0)::float8`,
  co2Wtt: sql<number>`coalesce(sum(${orders.co2Wtt}), 0)::float8`,
  co2Wtw: sql<number>`coalesce(sum(${orders.co2Wtw}), 0)::float8`,
  tkm: sql<number>`coalesce(sum(${orders.tkm}), 0)::float8`,
};

/** Totals of the basic tours (first alternatives) matching the filters (the dashboard ignores basicTourOnly). */
export async function dashboardTotals(db: DbOrTx, companyId: CompanyId, q: DashboardFilters) {
  const [row] = await db
    .select({ ...orderSums, hubCo2Wtw: sql<number>`coalesce(sum(${orders.hubCo2Wtw}), 0)::float8` })
    .from(orders)
    .where(filterWhere(companyId, q));
  return row!;
}

/** The legs of those orders by mode (hubs belong to no mode). */
export async function dashboardByMode(db: DbOrTx, companyId: CompanyId, q: DashboardFilters) {
  return db
    .select({
      transportMode: orderLegs.transportMode,
      legs: sql<number>`count(*)::int`,
      orders: sql<number>`count(distinct ${orderLegs.orderId})::int`,
      co2Ttw: sql<number>`sum(${orderLegs.co2Ttw})::float8`,
      co2Wtt: sql<number>`sum(${orderLegs.co2Wtt})::float8`,
      co2Wtw: sql<number>`sum(${orderLegs.co2Wtw})::float8`,
      tkm: sql<number>`sum(${orderLegs.tkm})::float8`,
    })
    .from(orderLegs)
    .innerJoin(orders, and(eq(orders.companyId, orderLegs.companyId), eq(orders.id, orderLegs.orderId)))
    .where(and(eq(orderLegs.companyId, companyId), filterWhere(companyId, q)))
    .groupBy(orderLegs.transportMode)
    .orderBy(asc(orderLegs.transportMode));
}

/** The same sums per month of the order date (YYYY-MM), months with orders only. */
export async function dashboardMonths(db: DbOrTx, companyId: CompanyId, q: DashboardFilters) {
  const month = sql<string>`to_char(${orders.date}, 'YYYY-MM')`;
  return db
    .select({ month, ...orderSums })
    .from(orders)
    .where(filterWhere(companyId, q))
    .groupBy(month)
    .orderBy(month);
}
