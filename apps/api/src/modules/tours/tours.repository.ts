import { and, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/index.ts';
import { shipments, tourShipments, tours } from './tours.schema.ts';

export type TourInsert = typeof tours.$inferInsert;
export type ShipmentInsert = typeof shipments.$inferInsert;
export type LinkInsert = Omit<typeof tourShipments.$inferInsert, 'tourId' | 'shipmentId'> & {
  tourReference: string;
  shipmentReference: string;
};

const excluded = (column: string) => sql.raw(`excluded.${column}`);

/** Inserts or updates tours by reference; answers id and whether the row is new. */
export async function upsertTours(
  db: DbOrTx,
  rows: TourInsert[],
): Promise<{ id: string; reference: string; inserted: boolean }[]> {
  if (rows.length === 0) return [];
  const set: Record<string, unknown> = { updatedAt: sql`now()` };
  for (const [key, col] of Object.entries(tours)) {
    if (typeof col !== 'object' || col === null || !('name' in col)) continue;
    if (['id', 'companyId', 'reference', 'createdAt', 'updatedAt'].includes(key)) continue;
    set[key] = excluded((col as { name: string }).name);
  }
  return db
    .insert(tours)
    .values(rows)
    .onConflictDoUpdate({ target: [tours.companyId, tours.reference], set })
    .returning({ id: tours.id, reference: tours.reference, inserted: sql<boolean>`(xmax = 0)` });
}

/** Shipment attributes by reference; emissions are summed from the links afterwards. */
export async function upsertShipments(
  db: DbOrTx,
  rows: ShipmentInsert[],
): Promise<{ id: string; reference: string; inserted: boolean }[]> {
  if (rows.length === 0) return [];
  const cols = ['orderNumber', 'shipper', 'description', 'weightKg', 'loadedDistanceKm', 'origin', 'destination', 'tags', 'taskId'] as const;
  const set: Record<string, unknown> = { updatedAt: sql`now()` };
  for (const key of cols) set[key] = excluded(shipments[key].name);
  return db
    .insert(shipments)
    .values(rows)
    .onConflictDoUpdate({ target: [shipments.companyId, shipments.reference], set })
    .returning({ id: shipments.id, reference: shipments.reference, inserted: sql<boolean>`(xmax = 0)` });
}

/** A re-imported tour gets exactly the shipments of the new file: its old links are replaced. */
export async function replaceLinks(
  db: DbOrTx,
  companyId: string,
  tourIds: string[],
  links: (typeof tourShipments.$inferInsert)[],
): Promise<void> {
  if (tourIds.length) {
    await db.delete(tourShipments).where(and(eq(tourShipments.companyId, companyId), inArray(tourShipments.tourId, tourIds)));
  }
  if (links.length) await db.insert(tourShipments).values(links);
}

/** Shipment totals and departure date from all the tours it rides on. */
export async function refreshShipmentTotals(db: DbOrTx, companyId: string, shipmentIds: string[]): Promise<void> {
  if (shipmentIds.length === 0) return;
  const ids = sql.join(
    shipmentIds.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  await db.execute(sql`
    update shipments s set
      co2_default_ttw = agg.dt, co2_default_wtt = agg.dw, co2_default_wtw = agg.dwtw,
      co2_individual_ttw = agg.it, co2_individual_wtt = agg.iw, co2_individual_wtw = agg.iwtw,
      hub_co2_wtw = agg.hub, departure_date = agg.dep
    from (
      select ts.shipment_id,
        sum(ts.co2_default_ttw) dt, sum(ts.co2_default_wtt) dw, sum(ts.co2_default_wtw) dwtw,
        sum(ts.co2_individual_ttw) it, sum(ts.co2_individual_wtt) iw, sum(ts.co2_individual_wtw) iwtw,
        sum(ts.hub_co2_wtw) hub, min(t.departure_date) dep
      from tour_shipments ts join tours t on t.id = ts.tour_id
      where ts.company_id = ${companyId} and ts.shipment_id in (${ids})
      group by ts.shipment_id
    ) agg
    where s.id = agg.shipment_id and s.company_id = ${companyId}`);
}
