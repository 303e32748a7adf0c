import { type SQL, type Table, and, eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import { type BulkColumn, bulkInsert } from './bulk.ts';
import type { DbOrTx } from '../../platform/db/index.ts';
import { shipments, tourShipments, tours } from './tours.schema.ts';

export type TourInsert = typeof tours.$inferInsert;
export type ShipmentInsert = typeof shipments.$inferInsert;

type Saved = { id: string; reference: string; inserted: boolean };

/** Bulk columns and JSON-ready rows from drizzle insert objects (keys of the first row). */
function bulkOf(
  table: Table,
  rows: Record<string, unknown>[],
): { columns: BulkColumn[]; json: Record<string, unknown>[] } {
  const all = getTableColumns(table);
  const keys = Object.keys(rows[0] ?? {}).filter((k) => k in all);
  const columns = keys.map((k) => [all[k].name, all[k].getSQLType()] as BulkColumn);
  const json = rows.map((r) => {
    const o: Record<string, unknown> = {};
    for (const k of keys) {
      const v = r[k];
      o[all[k].name] = v instanceof Date ? v.toISOString() : (v ?? null);
    }
    return o;
  });
  return { columns, json };
}

const RETURNING = 'id, reference, (xmax = 0) as inserted';

/** Inserts or updates tours by reference; answers id and whether the row is new. */
export async function upsertTours(db: DbOrTx, rows: TourInsert[]): Promise<Saved[]> {
  if (rows.length === 0) return [];
  const { columns, json } = bulkOf(tours, rows);
  const update = columns.map(([n]) => n).filter((n) => !['company_id', 'reference'].includes(n));
  return bulkInsert<Saved>(db, 'tours', columns, json, {
    conflict: ['company_id', 'reference'],
    update,
    returning: RETURNING,
  });
}

/** Shipment attributes by reference; emissions are summed from the links afterwards. */
export async function upsertShipments(db: DbOrTx, rows: ShipmentInsert[]): Promise<Saved[]> {
  if (rows.length === 0) return [];
  const { columns, json } = bulkOf(shipments, rows);
  const update = columns.map(([n]) => n).filter((n) => !['company_id', 'reference'].includes(n));
  return bulkInsert<Saved>(db, 'shipments', columns, json, {
    conflict: ['company_id', 'reference'],
    update,
    returning: RETURNING,
  });
}

/**
 * A re-imported tour gets exactly the shipments of the new file: its old links are replaced.
 * Answers the shipments that lost a link and are not linked again here (their totals need a refresh).
 */
export async function replaceLinks(
  db: DbOrTx,
  companyId: string,
  tourIds: string[],
  links: (typeof tourShipments.$inferInsert)[],
): Promise<string[]> {
  let dropped: string[] = [];
  if (tourIds.length) {
    const gone = await db
      .delete(tourShipments)
      .where(and(eq(tourShipments.companyId, companyId), inArray(tourShipments.tourId, tourIds)))
      .returning({ shipmentId: tourShipments.shipmentId });
    const relinked = new Set(links.map((l) => l.shipmentId));
    dropped = [...new Set(gone.map((g) => g.shipmentId))].filter((id) => !relinked.has(id));
  }
  if (links.length) {
    const { columns, json } = bulkOf(tourShipments, links);
    await bulkInsert(db, 'tour_shipments', columns, json);
  }
  return dropped;
}

/** Totals of a task's shipments that ride on more than one tour (others got them with their row). */
export async function refreshMultiTourShipments(
  db: DbOrTx,
  companyId: string,
  taskId: string,
): Promise<void> {
  const ids = sql`select ts.shipment_id from tour_shipments ts join shipments s on s.id = ts.shipment_id
    where ts.company_id = ${companyId} and s.task_id = ${taskId} group by ts.shipment_id having count(*) > 1`;
  await refreshTotals(db, companyId, ids);
}

/** Shipment totals and departure date from all the tours it rides on. */
export async function refreshShipmentTotals(
  db: DbOrTx,
  companyId: string,
  shipmentIds: string[],
): Promise<void> {
  if (shipmentIds.length === 0) return;
  const ids = sql.join(
    shipmentIds.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  await refreshTotals(db, companyId, ids);
}

async function refreshTotals(db: DbOrTx, companyId: string, ids: SQL): Promise<void> {
  // Left joins: a shipment left without tours gets empty totals instead of stale ones.
  await db.execute(sql`
    update shipments s set
      co2_default_ttw = agg.dt, co2_default_wtt = agg.dw, co2_default_wtw = agg.dwtw,
      co2_individual_ttw = agg.it, co2_individual_wtt = agg.iw, co2_individual_wtw = agg.iwtw,
      hub_co2_wtw = agg.hub, departure_date = agg.dep
    from (
      select s2.id as shipment_id,
        sum(ts.co2_default_ttw) dt, sum(ts.co2_default_wtt) dw, sum(ts.co2_default_wtw) dwtw,
        sum(ts.co2_individual_ttw) it, sum(ts.co2_individual_wtt) iw, sum(ts.co2_individual_wtw) iwtw,
        sum(ts.hub_co2_wtw) hub, min(t.departure_date) dep
      from shipments s2
      left join tour_shipments ts on ts.shipment_id = s2.id
      left join tours t on t.id = ts.tour_id
      where s2.company_id = ${companyId} and s2.id in (${ids})
      group by s2.id
    ) agg
    where s.id = agg.shipment_id and s.company_id = ${companyId}`);
}
