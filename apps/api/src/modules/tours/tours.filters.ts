import { type SQL, sql } from 'drizzle-orm';
import type { EmissionFilters } from '@klimadesk/contract';
import type { AppContext } from '../../platform/context.ts';
import type { Actor } from '../../platform/access.ts';
import { AppError } from '../../platform/errors.ts';
import { likeTerm } from '../../platform/lists.ts';
import { shipperScope } from '../tags/index.ts';
import { shipmentSearchText, tourSearchText } from './tours.schema.ts';

/**
 * Who asks and where: the company, the shippers an external read-only user may see (null: all)
 * and the time zone the day filters are read in. Lists, stats, exports and statements all build
 * their WHERE clauses from this and the request's filters, so they agree row for row.
 */
export type FilterScope = {
  companyId: string;
  shippers: string[] | null;
  timeZone: string;
};

/** Any subset of the shared filters (stats take no free text). */
export type Filters = Partial<EmissionFilters>;

/**
 * The scope of an actor. An explicit `shipper` filter naming a shipper outside an external
 * user's allowed set is refused (`shipperNotAllowed`) rather than silently answered empty, so a
 * crafted request cannot be mistaken for "this shipper has no data". A range whose start lies
 * after its end is refused too (`invalidDateRange`).
 */
export async function resolveFilterScope(
  ctx: AppContext,
  actor: Actor,
  timeZone: string,
  filters: Filters = {},
): Promise<FilterScope> {
  const after = filters['departureDate[after]'];
  const before = filters['departureDate[before]'];
  if (after && before && after > before) throw new AppError('invalidDateRange', { after, before });
  const shippers = await shipperScope(ctx, actor);
  if (shippers !== null && filters.shipper?.some((s) => !shippers.includes(s))) {
    throw new AppError('shipperNotAllowed');
  }
  return { companyId: actor.companyId, shippers, timeZone };
}

export const list = (values: string[]) =>
  sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  );
export const textArray = (values: string[]) => sql`array[${list(values)}]::text[]`;

/** The shippers a query may touch: the filter, narrowed to the scope; null = no limit. */
export function effectiveShippers(filters: Filters, scope: FilterScope): string[] | null {
  const asked = filters.shipper?.length ? filters.shipper : null;
  if (scope.shippers === null) return asked;
  if (asked === null) return scope.shippers;
  return asked.filter((s) => scope.shippers?.includes(s));
}

/**
 * Departure day range, both ends inclusive, in the request's time zone: `after` starts at local
 * midnight of that day, `before` ends before local midnight of the next. The bounds are
 * constants, so the (company_id, departure_date) indexes serve them.
 */
export function dayRange(column: SQL, filters: Filters, timeZone: string): SQL[] {
  const out: SQL[] = [];
  const after = filters['departureDate[after]'];
  const before = filters['departureDate[before]'];
  if (after) out.push(sql`${column} >= (${after}::date)::timestamp at time zone ${timeZone}`);
  if (before) out.push(sql`${column} < ((${before}::date + 1))::timestamp at time zone ${timeZone}`);
  return out;
}

/**
 * WHERE condition for tours (alias `alias`, default `t`).
 * - search: tour reference, plate, vehicle reference, departure and arrival places, or the
 *   search text of any shipment on the tour (trigram indexes, see tourSearchText);
 * - tag: any of the given TOUR tags (the tour filter suggests tour tags, /api/filter-tour-tags);
 * - shipper, and an external user's scope: tours carrying at least one shipment of those shippers;
 * - departure date range of the tour.
 */
export function tourConditions(filters: Filters, scope: FilterScope, alias = 't'): SQL {
  const a = (c: string) => sql.raw(`${alias}.${c}`);
  const parts: SQL[] = [sql`${a('company_id')} = ${scope.companyId}`];
  const term = filters.search?.trim();
  if (term) {
    // Tours whose own text matches, or that carry a matching shipment: two index lookups.
    const like = likeTerm(term);
    parts.push(sql`${a('id')} in (
      select st.id from tours st where st.company_id = ${scope.companyId}
        and ${sql.raw(tourSearchText('st.'))} ilike ${like}
      union select fts.tour_id from tour_shipments fts join shipments fs on fs.id = fts.shipment_id
        where fs.company_id = ${scope.companyId} and ${sql.raw(shipmentSearchText('fs.'))} ilike ${like})`);
  }
  if (filters.tag?.length) parts.push(sql`${a('tags')} && ${textArray(filters.tag)}`);
  const shippers = effectiveShippers(filters, scope);
  if (shippers !== null) {
    parts.push(shippers.length === 0 ? sql`false` : sql`${a('shippers')} && ${textArray(shippers)}`);
  }
  parts.push(...dayRange(a('departure_date'), filters, scope.timeZone));
  return sql.join(parts, sql` and `);
}

/**
 * WHERE condition for shipments (alias `alias`, default `s`).
 * - search: reference, order number, shipper, description, origin and destination places;
 * - tag: any of the given SHIPMENT tags;
 * - shipper (narrowed to an external user's scope);
 * - departure date range of the shipment (its earliest tour).
 */
export function shipmentConditions(filters: Filters, scope: FilterScope, alias = 's'): SQL {
  const a = (c: string) => sql.raw(`${alias}.${c}`);
  const parts: SQL[] = [sql`${a('company_id')} = ${scope.companyId}`];
  const term = filters.search?.trim();
  if (term) parts.push(sql`${sql.raw(shipmentSearchText(`${alias}.`))} ilike ${likeTerm(term)}`);
  if (filters.tag?.length) parts.push(sql`${a('tags')} && ${textArray(filters.tag)}`);
  const shippers = effectiveShippers(filters, scope);
  if (shippers !== null) {
    parts.push(shippers.length === 0 ? sql`false` : sql`${a('shipper')} in (${list(shippers)})`);
  }
  parts.push(...dayRange(a('departure_date'), filters, scope.timeZone));
  return sql.join(parts, sql` and `);
}
