import { type SQL, and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/index.ts';
import { joinedRow } from '../../platform/db/rows.ts';
import type { FilterScope, Filters } from './tours.filters.ts';
import { shipmentConditions, tourConditions } from './tours.filters.repository.ts';
import { linkTkm } from './tours.repository.ts';
import { countMatching, rollupPlan } from './tours.rollups.repository.ts';
import { shipments, tourShipments, tours } from './tours.schema.ts';

// Keyset pages of the filtered tours and shipments, for readers that walk every row (the xlsx
// export): memory stays at one page whatever the total. The filters are those of the lists,
// on the tables read unaliased.

/**
 * Keyset position in the page order (departure date descending, then id descending; rows
 * without a departure date come last). Dated rows are read first with a range on the date that
 * the (company_id, departure_date) index serves, then undated rows by id.
 */
export type PageCursor = { departureDate: Date | null; id: string } | null;

/** The first page of undated rows, read after the dated ones ran out. */
export const UNDATED: PageCursor = { departureDate: null, id: 'ffffffff-ffff-ffff-ffff-ffffffffffff' };

function afterCursor(table: typeof tours | typeof shipments, cursor: PageCursor): SQL {
  if (!cursor) return sql`${table.departureDate} is not null`;
  if (cursor.departureDate === null) {
    return sql`${table.departureDate} is null and ${table.id} < ${cursor.id}`;
  }
  const d = cursor.departureDate.toISOString();
  return sql`${table.departureDate} <= ${d}::timestamptz
    and (${table.departureDate} < ${d}::timestamptz or ${table.id} < ${cursor.id})`;
}

const tourWhere = (filters: Filters, scope: FilterScope) => tourConditions(filters, scope, 'tours');
const shipmentWhere = (filters: Filters, scope: FilterScope) =>
  shipmentConditions(filters, scope, 'shipments');

/** How many tours of the scope's company the filters select (as the list's total). */
export function countTours(db: DbOrTx, filters: Filters, scope: FilterScope): Promise<number> {
  const where = tourConditions(filters, scope);
  return countMatching(db, 'tour', rollupPlan('tour', filters, scope), where);
}
/** How many shipments of the scope's company the filters select (as the list's total). */
export function countShipments(db: DbOrTx, filters: Filters, scope: FilterScope): Promise<number> {
  const where = shipmentConditions(filters, scope);
  return countMatching(db, 'shipment', rollupPlan('shipment', filters, scope), where);
}

/** The emission figures (default and individual, by scope) and tags of both kinds of rows. */
const emissionColumns = <T extends typeof tours | typeof shipments>(t: T) => ({
  co2DefaultTtw: t.co2DefaultTtw,
  co2DefaultWtt: t.co2DefaultWtt,
  co2DefaultWtw: t.co2DefaultWtw,
  co2IndividualTtw: t.co2IndividualTtw,
  co2IndividualWtt: t.co2IndividualWtt,
  co2IndividualWtw: t.co2IndividualWtw,
  hubCo2Wtw: t.hubCo2Wtw,
  tags: t.tags,
});

/** A row as read: every column may be empty but the id and the reference. */
type PageRow<C extends Record<string, { _: { data: unknown } }>> = {
  [K in keyof C]: C[K]['_']['data'] | null;
} & { id: string; reference: string };

const tourPageColumns = {
  id: tours.id,
  reference: tours.reference,
  departure: tours.departure,
  arrival: tours.arrival,
  departureDate: tours.departureDate,
  arrivalDate: tours.arrivalDate,
  glecVehicleType: tours.glecVehicleType,
  licensePlate: tours.licensePlate,
  vehicleReference: tours.vehicleReference,
  weightKg: tours.weightKg,
  distanceKm: tours.distanceKm,
  emptyDistanceKm: tours.emptyDistanceKm,
  emptyRunningShare: tours.emptyRunningShare,
  tkm: tours.tkm,
  temperatureControl: tours.temperatureControl,
  ...emissionColumns(tours),
};
export type TourPageRow = PageRow<typeof tourPageColumns> & { shipmentCount: number };

/** One keyset page of the filtered tours, newest departure first, with their shipment counts. */
export async function tourPage(
  db: DbOrTx,
  filters: Filters,
  scope: FilterScope,
  cursor: PageCursor,
  limit: number,
): Promise<TourPageRow[]> {
  return (await db
    .select({
      ...tourPageColumns,
      // Per row through the link table's primary key (tour_id first): cheaper than one grouped
      // query, which the planner answers with a scan of the company's links.
      shipmentCount: sql<number>`(select count(*)::int from tour_shipments ts where ts.tour_id = ${tours.id})`,
    })
    .from(tours)
    .where(and(eq(tours.companyId, scope.companyId), tourWhere(filters, scope), afterCursor(tours, cursor)))
    .orderBy(desc(tours.departureDate), desc(tours.id))
    .limit(limit)) as TourPageRow[];
}

const shipmentPageColumns = {
  id: shipments.id,
  reference: shipments.reference,
  orderNumber: shipments.orderNumber,
  shipper: shipments.shipper,
  description: shipments.description,
  weightKg: shipments.weightKg,
  loadedDistanceKm: shipments.loadedDistanceKm,
  origin: shipments.origin,
  destination: shipments.destination,
  departureDate: shipments.departureDate,
  ...emissionColumns(shipments),
};
export type ShipmentPageRow = PageRow<typeof shipmentPageColumns> & {
  tourReferences: string[];
  tkm: number | null;
};

/**
 * One keyset page of the filtered shipments with their tour references and transport activity:
 * the sum over their legs of the tkm stored on each link.
 */
export async function shipmentPage(
  db: DbOrTx,
  filters: Filters,
  scope: FilterScope,
  cursor: PageCursor,
  limit: number,
): Promise<ShipmentPageRow[]> {
  const companyId = scope.companyId;
  const rows = await db
    .select(shipmentPageColumns)
    .from(shipments)
    .where(
      and(eq(shipments.companyId, companyId), shipmentWhere(filters, scope), afterCursor(shipments, cursor)),
    )
    .orderBy(desc(shipments.departureDate), desc(shipments.id))
    .limit(limit);
  if (rows.length === 0) return [];
  const links = await db
    .select({
      shipmentId: tourShipments.shipmentId,
      reference: tours.reference,
      // The stored link tkm, as the shipment list sums it.
      tkm: sql<number>`${linkTkm('tour_shipments')}`,
    })
    .from(tourShipments)
    .innerJoin(tours, joinedRow(tours, tourShipments.companyId, tourShipments.tourId))
    .innerJoin(shipments, joinedRow(shipments, tourShipments.companyId, tourShipments.shipmentId))
    .where(
      and(
        // The company on the shipment side: the planner then reads links by shipment id.
        eq(shipments.companyId, companyId),
        inArray(
          tourShipments.shipmentId,
          rows.map((r) => r.id),
        ),
      ),
    )
    .orderBy(asc(tours.departureDate), asc(tours.reference));
  const refs = new Map<string, string[]>();
  const tkm = new Map<string, number | null>();
  for (const l of links) {
    refs.set(l.shipmentId, [...(refs.get(l.shipmentId) ?? []), l.reference]);
    tkm.set(l.shipmentId, (tkm.get(l.shipmentId) ?? 0) + Number(l.tkm));
  }
  return rows.map((r) => ({ ...r, tourReferences: refs.get(r.id) ?? [], tkm: tkm.get(r.id) ?? null }));
}
