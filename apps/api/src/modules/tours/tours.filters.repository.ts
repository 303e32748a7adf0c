import { type SQL, sql } from 'drizzle-orm';
import { likeTerm } from '../../platform/lists.ts';
import { type FilterScope, type Filters, effectiveShippers } from './tours.filters.ts';
import { shipmentSearchText, tourSearchText } from './tours.schema.ts';

export const list = (values: string[]) =>
  sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  );
export const textArray = (values: string[]) => sql`array[${list(values)}]::text[]`;

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
 * WHERE condition for tours of the scope's company (alias `alias`, default `t`).
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
 * WHERE condition for shipments of the scope's company (alias `alias`, default `s`).
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
