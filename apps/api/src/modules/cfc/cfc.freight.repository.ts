/**
 * The freight tool's figures of a company and year for the carbon footprint (issue 19 freight
 * flow-in): tours on the company's own fleet and the others, and the basic tours of its orders.
 */
import { and, count, eq, gte, isNotNull, lt, lte, sql, sum } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/index.ts';
import type { CompanyId } from '../../platform/tenant.ts';
import { orders } from '../orders/index.ts';
import { tours } from '../tours/index.ts';

/** Sums of a group of tours or orders, kg CO2e and tkm (null sums read as 0). */
export type FreightSums = { count: number; ttw: number; wtt: number; wtw: number; tkm: number; km: number };

const num = (v: unknown) => (v === null || v === undefined ? 0 : Number(v));
const sums = (row: Partial<Record<keyof FreightSums, unknown>> | undefined): FreightSums => ({
  count: num(row?.count),
  ttw: num(row?.ttw),
  wtt: num(row?.wtt),
  wtw: num(row?.wtw),
  tkm: num(row?.tkm),
  km: num(row?.km),
});

/**
 * Tours departing in [from, to): on a vehicle of the company's fleet (the import matched its plate,
 * `vehicle_id`) or not. A tour's figure is its measured (fuel-based) result where it has one, else
 * the GLEC default (decision 0010); transhipment hubs are left out (the company's own sites report
 * their energy in scopes 1 and 2).
 */
export async function tourSums(
  db: DbOrTx,
  companyId: CompanyId,
  from: Date,
  to: Date,
): Promise<{ own: FreightSums; other: FreightSums }> {
  const own = isNotNull(tours.vehicleId);
  const rows = await db
    .select({
      own,
      count: count(),
      ttw: sum(sql`coalesce(${tours.co2IndividualTtw}, ${tours.co2DefaultTtw})`),
      wtt: sum(sql`coalesce(${tours.co2IndividualWtt}, ${tours.co2DefaultWtt})`),
      wtw: sum(sql`coalesce(${tours.co2IndividualWtw}, ${tours.co2DefaultWtw})`),
      tkm: sum(tours.tkm),
      km: sum(tours.distanceKm),
    })
    .from(tours)
    .where(and(eq(tours.companyId, companyId), gte(tours.departureDate, from), lt(tours.departureDate, to)))
    .groupBy(own);
  return { own: sums(rows.find((r) => r.own === true)), other: sums(rows.find((r) => r.own !== true)) };
}

/** The basic tours (first alternatives) of the company's orders dated in [from, to] (calendar days). */
export async function orderSums(
  db: DbOrTx,
  companyId: CompanyId,
  from: string,
  to: string,
): Promise<FreightSums> {
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
  return sums(row);
}
