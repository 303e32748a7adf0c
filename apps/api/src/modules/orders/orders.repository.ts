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

export type OrderFilters = ListQuery & {
  status?: string[];
  search?: string;
  client?: string;
  freightType?: string;
  'date[after]'?: string;
  'date[before]'?: string;
  basicTourOnly?: 'true' | 'false';
};

export async function listOrders(db: DbOrTx, companyId: CompanyId, q: OrderFilters) {
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
  return tablePage(db, orders, {
    where: and(...parts),
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
    window: pageWindow(q, 1000),
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
export async function legsOf(db: DbOrTx, companyId: CompanyId, orderId: string): Promise<LegRow[]> {
  return db
    .select()
    .from(orderLegs)
    .where(and(eq(orderLegs.companyId, companyId), eq(orderLegs.orderId, orderId)))
    .orderBy(
      sql`case ${orderLegs.activity} when 'pre_carriage' then 1 when 'main_carriage' then 2 else 3 end`,
      asc(orderLegs.position),
    );
}

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
