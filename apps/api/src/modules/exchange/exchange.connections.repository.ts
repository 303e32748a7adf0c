import { and, count, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { type AnyPgColumn, alias } from 'drizzle-orm/pg-core';
import { type DbOrTx, schema } from '../../platform/db/index.ts';
import { companyRow, findCompanyRow, insertRow } from '../../platform/db/rows.ts';
import type { CompanyId } from '../../platform/tenant.ts';
import { exchangeConnections, exchangePartnerFootprints } from './exchange.schema.ts';

export type ConnectionRow = typeof exchangeConnections.$inferSelect;
export type ConnectionListRow = ConnectionRow & { creator: string | null; confirmer: string | null };

const fullName = (u: { firstName: AnyPgColumn; lastName: AnyPgColumn }) =>
  sql<string | null>`nullif(trim(${u.firstName} || ' ' || ${u.lastName}), '')`;

export async function listConnections(db: DbOrTx, companyId: CompanyId): Promise<ConnectionListRow[]> {
  const creator = alias(schema.users, 'creator');
  const confirmer = alias(schema.users, 'confirmer');
  const c = exchangeConnections;
  const rows = await db
    .select({ row: c, creator: fullName(creator), confirmer: fullName(confirmer) })
    .from(c)
    .leftJoin(creator, and(eq(creator.companyId, c.companyId), eq(creator.id, c.createdBy)))
    .leftJoin(confirmer, and(eq(confirmer.companyId, c.companyId), eq(confirmer.id, c.confirmedBy)))
    .where(eq(c.companyId, companyId))
    .orderBy(desc(c.createdAt));
  return rows.map((r) => ({ ...r.row, creator: r.creator, confirmer: r.confirmer }));
}

export const insertConnection = (db: DbOrTx, values: typeof exchangeConnections.$inferInsert) =>
  insertRow(db, exchangeConnections, values);

export const findConnection = (db: DbOrTx, companyId: CompanyId, id: string) =>
  findCompanyRow(db, exchangeConnections, companyId, id);

export async function updateConnection(
  db: DbOrTx,
  companyId: CompanyId,
  id: string,
  values: Partial<typeof exchangeConnections.$inferInsert>,
): Promise<void> {
  await db
    .update(exchangeConnections)
    .set(values)
    .where(companyRow(exchangeConnections, companyId, id));
}

export async function removeConnection(db: DbOrTx, companyId: CompanyId, id: string): Promise<void> {
  await db.delete(exchangeConnections).where(companyRow(exchangeConnections, companyId, id));
}

/** Confirmed connections of a company (the partners events may be sent to). */
export async function confirmedConnections(db: DbOrTx, companyId: CompanyId): Promise<ConnectionRow[]> {
  const c = exchangeConnections;
  return db
    .select()
    .from(c)
    .where(and(eq(c.companyId, companyId), isNotNull(c.confirmedUrl), eq(c.confirmedUrl, c.baseUrl)));
}

export type PartnerFootprintInsert = typeof exchangePartnerFootprints.$inferInsert;
export type PartnerFootprintRow = typeof exchangePartnerFootprints.$inferSelect;

/** Stores fetched footprints; a PfId fetched again is replaced by its newer state. */
export async function upsertPartnerFootprints(db: DbOrTx, rows: PartnerFootprintInsert[]): Promise<void> {
  const t = exchangePartnerFootprints;
  for (let i = 0; i < rows.length; i += 500) {
    await db
      .insert(t)
      .values(rows.slice(i, i + 500))
      .onConflictDoUpdate({
        target: [t.companyId, t.connectionId, t.pfId],
        set: {
          shipmentReference: sql`excluded.shipment_reference`,
          status: sql`excluded.status`,
          co2eWtwKg: sql`excluded.co2e_wtw_kg`,
          tkm: sql`excluded.tkm`,
          massKg: sql`excluded.mass_kg`,
          primaryDataShare: sql`excluded.primary_data_share`,
          periodStart: sql`excluded.period_start`,
          periodEnd: sql`excluded.period_end`,
          data: sql`excluded.data`,
          co2eTtwKg: sql`excluded.co2e_ttw_kg`,
          pfVersion: sql`excluded.pf_version`,
          // An applied footprint keeps the shipment whose leg it restated (decision 0018): its figures
          // change only when the user accepts them, or stops using it.
          shipmentId: sql`case when ${t.appliedTourId} is null then excluded.shipment_id else ${t.shipmentId} end`,
          fetchedAt: sql`now()`,
        },
      });
  }
}

export async function listPartnerFootprints(
  db: DbOrTx,
  companyId: CompanyId,
  page: { offset: number; limit: number },
) {
  const t = exchangePartnerFootprints;
  const c = exchangeConnections;
  const [rows, [total]] = await Promise.all([
    db
      .select({ row: t, connectionName: c.name })
      .from(t)
      .innerJoin(c, and(eq(c.companyId, t.companyId), eq(c.id, t.connectionId)))
      .where(eq(t.companyId, companyId))
      .orderBy(desc(t.fetchedAt), t.shipmentReference)
      .offset(page.offset)
      .limit(page.limit),
    db.select({ n: count() }).from(t).where(eq(t.companyId, companyId)),
  ]);
  return { rows: rows.map((r) => ({ ...r.row, connectionName: r.connectionName })), total: total?.n ?? 0 };
}

/**
 * The active partner footprints of the given own shipments (the primary data a subcontractor
 * supplied for them), newest first per shipment.
 */
export async function activePartnerFootprints(db: DbOrTx, companyId: CompanyId, shipmentIds: string[]) {
  if (shipmentIds.length === 0) return [];
  const t = exchangePartnerFootprints;
  const c = exchangeConnections;
  return db
    .select({ row: t, connectionName: c.name })
    .from(t)
    .innerJoin(c, and(eq(c.companyId, t.companyId), eq(c.id, t.connectionId)))
    .where(and(eq(t.companyId, companyId), inArray(t.shipmentId, shipmentIds), eq(t.status, 'Active')))
    .orderBy(desc(t.periodEnd), desc(t.fetchedAt));
}

export const findPartnerFootprint = (db: DbOrTx, companyId: CompanyId, id: string) =>
  findCompanyRow(db, exchangePartnerFootprints, companyId, id);

export async function setApplied(
  db: DbOrTx,
  companyId: CompanyId,
  id: string,
  values: {
    appliedTourId: string | null;
    appliedBy: string | null;
    appliedAt: Date | null;
    appliedVersion: number | null;
  },
): Promise<void> {
  await db
    .update(exchangePartnerFootprints)
    .set(values)
    .where(companyRow(exchangePartnerFootprints, companyId, id));
}

/** Clears the leg of other footprints of the same shipment and leg: one primary figure per leg. */
export async function clearAppliedLeg(
  db: DbOrTx,
  companyId: CompanyId,
  shipmentId: string,
  tourId: string,
): Promise<void> {
  const t = exchangePartnerFootprints;
  await db
    .update(t)
    .set({ appliedTourId: null, appliedBy: null, appliedAt: null, appliedVersion: null })
    .where(and(eq(t.companyId, companyId), eq(t.shipmentId, shipmentId), eq(t.appliedTourId, tourId)));
}

/** Fetched footprints by id, with their connection's name. */
export async function partnerFootprintsByIds(db: DbOrTx, companyId: CompanyId, ids: string[]) {
  if (ids.length === 0) return [];
  const t = exchangePartnerFootprints;
  const c = exchangeConnections;
  return db
    .select({ row: t, connectionName: c.name })
    .from(t)
    .innerJoin(c, and(eq(c.companyId, t.companyId), eq(c.id, t.connectionId)))
    .where(and(eq(t.companyId, companyId), inArray(t.id, ids)));
}

/**
 * Footprints of the same connection and shipment that name `pfId` among their `precedingPfIds`
 * (PACT v2.3/v3.0 "Product Footprint Lifecycle": a major change gets a new PfId), newest first.
 */
export async function successorsOf(
  db: DbOrTx,
  companyId: CompanyId,
  of: { connectionId: string; shipmentId: string; pfId: string },
) {
  const t = exchangePartnerFootprints;
  return db
    .select()
    .from(t)
    .where(
      and(
        eq(t.companyId, companyId),
        eq(t.connectionId, of.connectionId),
        eq(t.shipmentId, of.shipmentId),
        sql`${t.data}->'precedingPfIds' @> ${JSON.stringify([of.pfId])}::jsonb`,
      ),
    )
    .orderBy(desc(t.fetchedAt), desc(t.pfVersion));
}

/** Confirmed connections whose partner sends its events as this exchange client (decision 0018). */
export async function connectionsOfEventsClient(db: DbOrTx, companyId: CompanyId, clientRowId: string) {
  const c = exchangeConnections;
  return db
    .select()
    .from(c)
    .where(
      and(
        eq(c.companyId, companyId),
        eq(c.eventsClientId, clientRowId),
        isNotNull(c.confirmedUrl),
        eq(c.confirmedUrl, c.baseUrl),
      ),
    );
}

/** Tests: one stored partner footprint of a connection (no partner host needed). */
export async function insertPartnerFootprintForTest(
  db: DbOrTx,
  companyId: CompanyId,
  connectionId: string,
): Promise<string> {
  const row = await insertRow(db, exchangePartnerFootprints, {
    companyId,
    connectionId,
    pfId: crypto.randomUUID(),
    shipmentReference: 'SEC-1',
    status: 'Active',
    co2eWtwKg: 1,
    tkm: 1,
    periodStart: new Date('2026-01-01T00:00:00Z'),
    periodEnd: new Date('2026-01-02T00:00:00Z'),
    data: {},
  });
  return row.id;
}
