import { type SQL, and, asc, count, desc, eq, inArray, lt, sql } from 'drizzle-orm';
import { type DbOrTx, schema } from '../../platform/db/index.ts';
import { listPage } from '../../platform/lists.ts';
import { linkTkm, shipments, tourShipments, tours } from '../tours/index.ts';
import { exportFileChunks, exportJobs } from './exports.schema.ts';
import type { CompanyId } from '../../platform/tenant.ts';
import {
  companyRow,
  companyRows,
  deleteCompanyRows,
  firstRow,
  joinedRow,
  tenantRows,
} from '../../platform/db/rows.ts';

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

/** `exportJobById`: the job alone, which the worker runs for the company its row names. */
export const {
  insert: insertExportJob,
  find: exportJobById,
  update: updateExportJob,
} = tenantRows(exportJobs);

/** Jobs with the names of the users who started them. */
const namedJobs = (db: DbOrTx) =>
  db
    .select(listColumns)
    .from(exportJobs)
    .leftJoin(schema.users, joinedRow(schema.users, exportJobs.companyId, exportJobs.exportedBy));

export const findExportJob = (
  db: DbOrTx,
  companyId: CompanyId,
  id: string,
): Promise<ExportJobListRow | null> =>
  firstRow(namedJobs(db).where(companyRow(exportJobs, companyId, id)), withName);

/**
 * An unfinished job the same user started with the same kind, filters and language: a second
 * start (a double click, a retried request) answers it instead of exporting the same rows twice.
 */
export async function unfinishedTwin(
  db: DbOrTx,
  companyId: CompanyId,
  twin: {
    exportedBy: string;
    kind: ExportJobRow['kind'];
    filters: Record<string, unknown>;
    language: ExportJobRow['language'];
  },
  unfinished: number[],
): Promise<string | null> {
  const [row] = await db
    .select({ id: exportJobs.id })
    .from(exportJobs)
    .where(
      and(
        eq(exportJobs.companyId, companyId),
        eq(exportJobs.exportedBy, twin.exportedBy),
        eq(exportJobs.kind, twin.kind),
        eq(exportJobs.language, twin.language),
        inArray(exportJobs.status, unfinished),
        sql`${exportJobs.filters} = ${JSON.stringify(twin.filters)}::jsonb`,
      ),
    )
    .orderBy(desc(exportJobs.exportStartTime))
    .limit(1);
  return row?.id ?? null;
}

export async function listExportJobs(
  db: DbOrTx,
  companyId: CompanyId,
  window: { offset: number; limit: number },
): Promise<{ rows: ExportJobListRow[]; total: number }> {
  const { rows, total } = await listPage(db, {
    rows: namedJobs(db).$dynamic(),
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
    .where(companyRows(exportJobs, companyId, inArray(exportJobs.id, ids)));
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

export const deleteChunks = (db: DbOrTx, companyId: CompanyId, exportJobId: string) =>
  deleteCompanyRows(db, exportFileChunks, companyId, eq(exportFileChunks.exportJobId, exportJobId));

/** One chunk of a file (null past the last one); the download reads them one by one. */
export const readChunk = (db: DbOrTx, companyId: CompanyId, exportJobId: string, seq: number) =>
  firstRow(
    db
      .select({ data: exportFileChunks.data })
      .from(exportFileChunks)
      .where(
        companyRows(
          exportFileChunks,
          companyId,
          eq(exportFileChunks.exportJobId, exportJobId),
          eq(exportFileChunks.seq, seq),
        ),
      ),
    (row) => row.data,
  );

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

async function countRows(
  db: DbOrTx,
  table: typeof tours | typeof shipments,
  companyId: CompanyId,
  where: SQL | undefined,
): Promise<number> {
  const [{ n }] = await db
    .select({ n: count() })
    .from(table)
    .where(companyRows(table, companyId, where));
  return n;
}

export const countTours = (db: DbOrTx, companyId: CompanyId, where: SQL | undefined) =>
  countRows(db, tours, companyId, where);
export const countShipments = (db: DbOrTx, companyId: CompanyId, where: SQL | undefined) =>
  countRows(db, shipments, companyId, where);

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

/** A row as read: every column may be empty but the id and the reference. */
type ExportRow<C extends Record<string, { _: { data: unknown } }>> = {
  [K in keyof C]: C[K]['_']['data'] | null;
} & { id: string; reference: string };

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
export type TourExportRow = ExportRow<typeof tourExportColumns> & { shipmentCount: number };

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
export type ShipmentExportRow = ExportRow<typeof shipmentExportColumns> & {
  tourReferences: string[];
  tkm: number | null;
};

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
