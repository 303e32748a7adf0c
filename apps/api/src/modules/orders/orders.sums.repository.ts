import { and, count, eq, gte, lte, sum } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/index.ts';
import type { CompanyId } from '../../platform/tenant.ts';
import { orders } from './orders.schema.ts';

/** Sums of a group of orders, kg CO2e and tkm (null sums read as 0). */
export type OrderSums = { count: number; ttw: number; wtt: number; wtw: number; tkm: number };

const num = (v: unknown) => (v === null || v === undefined ? 0 : Number(v));

/**
 * The basic tours (first alternatives) of the company's orders dated in [from, to] (calendar days):
 * the carbon footprint's freight flow-in takes them over.
 */
export async function basicTourSums(
  db: DbOrTx,
  companyId: CompanyId,
  from: string,
  to: string,
): Promise<OrderSums> {
  const [row] = await db
    .select({
      count: count(),
      ttw: sum(orders.co2Ttw),
      wtt: sum(orders.co2Wtt),
      wtw: sum(orders.co2Wtw),
      tkm: sum(orders.tkm),
    })
    .from(orders)
    .where(
      and(
        eq(orders.companyId, companyId),
        eq(orders.position, 1),
        gte(orders.date, from),
        lte(orders.date, to),
      ),
    );
  return {
    count: num(row?.count),
    ttw: num(row?.ttw),
    wtt: num(row?.wtt),
    wtw: num(row?.wtw),
    tkm: num(row?.tkm),
  };
}
