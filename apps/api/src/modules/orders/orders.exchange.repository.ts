import { type SQL, and, asc, eq, gt, inArray, ne, sql } from 'drizzle-orm';
import { type DbOrTx, rowsOf } from '../../platform/db/index.ts';
import type { CompanyId } from '../../platform/tenant.ts';
import type { OrderRow } from './orders.repository.ts';
import { orderLegs, orders } from './orders.schema.ts';

/**
 * Reads for the PACT / iLEAP exchange (exchange module): the company's orders as they carry goods.
 * An order is carried by its basic tour, position 1 of its alternative group (orders.schema.ts);
 * the other positions are alternatives, options that carry nothing, so they are never read here.
 * A cancelled order is read (the exchange withdraws what it published of it) but counts in no totals.
 */

export type ExchangeOrderQuery = {
  /** The shippers a client is bound to: orders whose client (Auftraggeber) is one of them; null: all. */
  clients: string[] | null;
  /** Order numbers, compared without letter case (PACT v3 productId filter). */
  numbers?: string[] | null;
  /** Orders of any position: the basic tour of each one's group is read. */
  members?: string[] | null;
  /** Keyset: basic tours with an id after this one, in id order. */
  after?: string | null;
  limit: number;
};

const lower = (values: string[]) => values.map((v) => v.toLowerCase());
const within = (column: SQL, values: string[]) => (values.length ? inArray(column, values) : sql`false`);

/** A page of basic tours in id order. */
export async function basicTours(
  db: DbOrTx,
  companyId: CompanyId,
  q: ExchangeOrderQuery,
): Promise<OrderRow[]> {
  const parts: (SQL | undefined)[] = [eq(orders.companyId, companyId), eq(orders.position, 1)];
  if (q.clients) parts.push(within(sql`${orders.client}`, q.clients));
  if (q.numbers) parts.push(within(sql`lower(${orders.number})`, lower(q.numbers)));
  if (q.members) {
    // Ids come from clients (a PfId): compared as text, so a malformed one matches nothing.
    const groups = db
      .select({ group: orders.alternativeGroupId })
      .from(orders)
      .where(and(eq(orders.companyId, companyId), within(sql`${orders.id}::text`, lower(q.members))));
    parts.push(inArray(orders.alternativeGroupId, groups));
  }
  if (q.after) parts.push(gt(orders.id, q.after));
  return db
    .select()
    .from(orders)
    .where(and(...parts))
    .orderBy(asc(orders.id))
    .limit(q.limit);
}

/** The alternatives (position 2 and later) of the given groups, by group. */
export async function alternativesOf(
  db: DbOrTx,
  companyId: CompanyId,
  groupIds: string[],
): Promise<Map<string, string[]>> {
  const out = new Map<string, string[]>();
  if (!groupIds.length) return out;
  const rows = await db
    .select({ id: orders.id, group: orders.alternativeGroupId })
    .from(orders)
    .where(
      and(
        eq(orders.companyId, companyId),
        inArray(orders.alternativeGroupId, groupIds),
        ne(orders.position, 1),
      ),
    )
    .orderBy(asc(orders.position));
  for (const r of rows) out.set(r.group, [...(out.get(r.group) ?? []), r.id]);
  return out;
}

/** The legs of one transport category of the basic tours: GLEC vehicle type, temperature control, method. */
export type OrderLegClass = {
  glecVehicleType: string;
  temperatureControl: boolean;
  method: 'default' | 'fuel';
  tkm: number;
  ttw: number;
  wtw: number;
  /** The first and last order date (days). */
  first: Date | null;
  last: Date | null;
  created: Date;
  /** Whether orders of the given clients are among them (every class when none are given). */
  used: boolean;
};
/** The hubs of one GLEC hub category: WTW and the tonnes leaving them. */
export type OrderHubClass = Omit<OrderLegClass, 'glecVehicleType' | 'method' | 'tkm' | 'ttw'> & {
  hubType: string;
  tonnes: number;
};

const num = (v: unknown) => Number(v ?? 0);
const day = (v: unknown) =>
  v === null || v === undefined ? null : new Date(`${String(v).slice(0, 10)}T00:00:00Z`);
const usedBy = (clients: string[] | null) =>
  clients ? sql`bool_or(${within(sql`o.client`, clients)})` : sql`true`;
const CARRIED = sql.raw(`o.position = 1 and o.status <> 'cancelled'`);

/**
 * Totals of the basic tours' legs per transport category and of their hubs per hub category (the
 * hubs' activity is the freight mass leaving them, GLEC v3.1 §3.1), cancelled orders left out.
 */
export async function orderOperationTotals(
  db: DbOrTx,
  companyId: CompanyId,
  clients: string[] | null,
): Promise<{ classes: OrderLegClass[]; hubs: OrderHubClass[] }> {
  const l = orderLegs;
  const classes = rowsOf<Record<string, unknown>>(
    await db.execute(sql`select l.glec_vehicle_type as vt, o.temperature_control as tc, l.method,
        sum(l.tkm) as tkm, sum(l.co2_ttw) as ttw, sum(l.co2_wtw) as wtw, min(o.date)::text as first,
        max(o.date)::text as last, min(o.created_at) as created, ${usedBy(clients)} as used
      from ${l} l join ${orders} o on o.company_id = l.company_id and o.id = l.order_id
      where l.company_id = ${companyId} and ${CARRIED} group by 1, 2, 3 order by 1, 2, 3`),
  );
  const hubs = rowsOf<Record<string, unknown>>(
    await db.execute(sql`select h->>'hubType' as hub, o.temperature_control as tc,
        sum((h->>'co2Wtw')::float8) as wtw,
        sum(case when o.gross_weight_unit = 't' then o.gross_weight else o.gross_weight / 1000 end) as tonnes,
        min(o.date)::text as first, max(o.date)::text as last, min(o.created_at) as created,
        ${usedBy(clients)} as used
      from ${orders} o cross join lateral jsonb_array_elements(o.hubs) h
      where o.company_id = ${companyId} and ${CARRIED} group by 1, 2 order by 1, 2`),
  );
  return {
    classes: classes.map((r) => ({
      glecVehicleType: String(r.vt),
      temperatureControl: Boolean(r.tc),
      method: r.method === 'fuel' ? 'fuel' : 'default',
      tkm: num(r.tkm),
      ttw: num(r.ttw),
      wtw: num(r.wtw),
      first: day(r.first),
      last: day(r.last),
      created: new Date(r.created as string),
      used: Boolean(r.used),
    })),
    hubs: hubs.map((r) => ({
      hubType: String(r.hub),
      temperatureControl: Boolean(r.tc),
      wtw: num(r.wtw),
      tonnes: num(r.tonnes),
      first: day(r.first),
      last: day(r.last),
      created: new Date(r.created as string),
      used: Boolean(r.used),
    })),
  };
}
