import { type SQL, and, asc, count, desc, eq, inArray, lt, sql } from 'drizzle-orm';
import { type DbOrTx, schema } from '../../platform/db/index.ts';
import { listPage } from '../../platform/lists.ts';
import { linkTkm, shipments, tourShipments, tours } from '../tours/index.ts';
import { exportFileChunks, exportJobs } from './exports.schema.ts';
import type { CompanyId } from '../../platform/tenant.ts';
import { companyRow, findCompanyRow, insertRow } from '../../platform/db/rows.ts';

export type ExportJobRow = typeof exportJobs.$inferSelect;
export type ExportJobListRow = ExportJobRow & { exportedByName: string | null };

const listColumns = {
  job: exportJobs,
  firstName: schema.users.firstName,
  lastName: schema.users.lastName,
};

function withName(r: { job: ExportJobRow; firstName: string | null; lastName: string | null }) {
  const name = [r.firstName, r.lastName].filter(Boolean).join(' ');
  return { ...r.job, exportedByName: name || null };
}

export const insertExportJob = (db: DbOrTx, values: typeof exportJobs.$inferInsert) =>
  insertRow(db, exportJobs, values);

export async function findExportJob(
  db: DbOrTx,
  companyId: CompanyId,
  id: string,
): Promise<ExportJobListRow | null> {
  const [row] = await db
    .select(listColumns)
    .from(exportJobs)
    .leftJoin(
      schema.users,
      and(eq(schema.users.companyId, exportJobs.companyId), eq(schema.users.id, exportJobs.exportedBy)),
    )
    .where(companyRow(exportJobs, companyId, id));
  return row ? withName(row) : null;
}

export async function listExportJobs(
  db: DbOrTx,
  companyId: CompanyId,
  window: { offset: number; limit: number },
): Promise<{ rows: ExportJobListRow[]; total: number }> {
  const { rows, total } = await listPage(db, {
    rows: db
      .select(listColumns)
      .from(exportJobs)
      .leftJoin(
        schema.users,
        and(eq(schema.users.companyId, exportJobs.companyId), eq(schema.users.id, exportJobs.exportedBy)),
      )
      .$dynamic(),
    from: exportJobs,
    where: eq(exportJobs.companyId, companyId),
    orderBy: [desc(exportJobs.exportStartTime), desc(exportJobs.id)],
    window,
  });
  return { rows: rows.map(withName), total };
}

export async function progressOf(db: DbOrTx, companyId: CompanyId, ids: string[]) {
  if (ids.length === 0) return [];
  return db
    .select({ id: exportJobs.id, status: exportJobs.status, progress: exportJobs.progress })
    .from(exportJobs)
    .where(and(eq(exportJobs.companyId, companyId), inArray(exportJobs.id, ids)));
}

export async function updateExportJob(
  db: DbOrTx,
  companyId: CompanyId,
  id: string,
  patch: Partial<typeof exportJobs.$inferInsert>,
): Promise<void> {
  await db
    .update(exportJobs)
    .set(patch)
    .where(companyRow(exportJobs, companyId, id));
}

export async function appendChunk(
  db: DbOrTx,
  companyId: CompanyId,
  exportJobId: string,
  seq: number,
  data: Buffer,
): Promise<void> {
  await db.insert(exportFileChunks).values({ exportJobId, companyId, seq, data });
}

export async function deleteChunks(db: DbOrTx, companyId: CompanyId, exportJobId: string): Promise<void> {
  await db
    .delete(exportFileChunks)
    .where(and(eq(exportFileChunks.companyId, companyId), eq(exportFileChunks.exportJobId, exportJobId)));
}

/** One chunk of a file (null past the last one); the download reads them one by one. */
export async function readChunk(
  db: DbOrTx,
  companyId: CompanyId,
  exportJobId: string,
  seq: number,
): Promise<Buffer | null> {
  const [row] = await db
    .select({ data: exportFileChunks.data })
    .from(exportFileChunks)
    .where(
      and(
        eq(exportFileChunks.companyId, companyId),
        eq(exportFileChunks.exportJobId, exportJobId),
        eq(exportFileChunks.seq, seq),
      ),
    );
  return row?.data ?? null;
}

/** Finished exports whose download time is over, in every company (the sweep is the system's). */
export async function dueForExpiry(db: DbOrTx, now: Date, limit = 100) {
  return db
    .select({ id: exportJobs.id, companyId: exportJobs.companyId })
    .from(exportJobs)
    .where(and(eq(exportJobs.status, 2), lt(exportJobs.availableUntil, now)))
    .orderBy(asc(exportJobs.availableUntil))
    .limit(limit);
}

/** Marks a job expired and removes its file in one transaction. */
export async function expire(db: DbOrTx, companyId: CompanyId, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    await deleteChunks(tx, companyId, id);
    await tx
      .update(exportJobs)
      .set({ status: 4, fileSize: null })
      .where(companyRow(exportJobs, companyId, id, eq(exportJobs.status, 2)));
  });
}

// ---- rows to export -------------------------------------------------------------------------

/**
 * Keyset position in the export order (departure date descending, then id descending; rows
 * without a departure date come last). Dated rows are read first with a range on the date that
 * the (company_id, departure_date) index serves, then undated rows by id.
 */
export type Cursor = { departureDate: Date | null; id: string } | null;

function afterCursor(table: typeof tours | typeof shipments, cursor: Cursor): SQL {
  if (!cursor) return sql`${table.departureDate} is not null`;
  if (cursor.departureDate === null) {
    return sql`${table.departureDate} is null and ${table.id} < ${cursor.id}`;
  }
  const d = cursor.departureDate.toISOString();
  return sql`${table.departureDate} <= ${d}::timestamptz
    and (${table.departureDate} < ${d}::timestamptz or ${table.id} < ${cursor.id})`;
}

/** The first page of undated rows, read after the dated ones ran out. */
export const UNDATED: Cursor = { departureDate: null, id: 'ffffffff-ffff-ffff-ffff-ffffffffffff' };

export async function countTours(db: DbOrTx, companyId: CompanyId, where: SQL | undefined): Promise<number> {
  const [{ n }] = await db
    .select({ n: count() })
    .from(tours)
    .where(and(eq(tours.companyId, companyId), where));
  return n;
}

export async function countShipments(
  db: DbOrTx,
  companyId: CompanyId,
  where: SQL | undefined,
): Promise<number> {
  const [{ n }] = await db
    .select({ n: count() })
    .from(shipments)
    .where(and(eq(shipments.companyId, companyId), where));
  return n;
}

/** The emission figures (default and individual, by scope) and tags both lists export. */
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

export const tourExportColumns = {
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
export type TourExportRow = {
  [K in keyof typeof tourExportColumns]: (typeof tourExportColumns)[K]['_']['data'] | null;
} & { id: string; reference: string; shipmentCount: number };

/** One keyset page of tours, newest departure first, with their shipment counts. */
export async function tourPage(
  db: DbOrTx,
  companyId: CompanyId,
  where: SQL | undefined,
  cursor: Cursor,
  limit: number,
): Promise<TourExportRow[]> {
  return (await db
    .select({
      ...tourExportColumns,
      // Per row through the link table's primary key (tour_id first): cheaper than one grouped
      // query, which the planner answers with a scan of the company's links.
      shipmentCount: sql<number>`(select count(*)::int from tour_shipments ts where ts.tour_id = ${tours.id})`,
    })
    .from(tours)
    .where(and(eq(tours.companyId, companyId), where, afterCursor(tours, cursor)))
    .orderBy(desc(tours.departureDate), desc(tours.id))
    .limit(limit)) as TourExportRow[];
}

export const shipmentExportColumns = {
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
export type ShipmentExportRow = {
  [K in keyof typeof shipmentExportColumns]: (typeof shipmentExportColumns)[K]['_']['data'] | null;
} & { id: string; reference: string; tourReferences: string[]; tkm: number | null };

/**
 * One keyset page of shipments with their tour references and transport activity: the sum over
 * their legs of weight (t) × the shipment's distance, or the tour's where it has none.
 */
export async function shipmentPage(
  db: DbOrTx,
  companyId: CompanyId,
  where: SQL | undefined,
  cursor: Cursor,
  limit: number,
): Promise<ShipmentExportRow[]> {
  const rows = await db
    .select(shipmentExportColumns)
    .from(shipments)
    .where(and(eq(shipments.companyId, companyId), where, afterCursor(shipments, cursor)))
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
    .innerJoin(tours, and(eq(tours.companyId, tourShipments.companyId), eq(tours.id, tourShipments.tourId)))
    .innerJoin(
      shipments,
      and(eq(shipments.companyId, tourShipments.companyId), eq(shipments.id, tourShipments.shipmentId)),
    )
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

/** A job by id alone: the worker runs it for the company its row names. */
export const exportJobById = (db: DbOrTx, companyId: CompanyId, id: string) =>
  findCompanyRow(db, exportJobs, companyId, id);
