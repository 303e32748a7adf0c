import { type SQL, and, eq, sql } from 'drizzle-orm';
import { type DbOrTx, rowsOf } from '../../platform/db/index.ts';
import type { CompanyId } from '../../platform/tenant.ts';
import { refreshTotals, sumTourIndividuals } from './tours.repository.ts';
import { refreshStatsMonths, statsMonth } from './tours.rollups.repository.ts';
import { type RestatementSource, tourShipmentRestatements } from './tours.schema.ts';

/**
 * Primary data as a restatement of the stored figures (decision 0018): a leg's (tour–shipment
 * link's) individual figures are rewritten with the partner's, and what is summed from the link
 * follows by the refresh rules the import uses: the shipment's totals (refreshTotals), the tour's
 * individual total (summed from its links while it has a restated leg) and the monthly sums of
 * the dashboards (refreshStatsMonths). The default figures are never touched; the individual
 * figures before are kept on the restatement row, so a removal restores them exactly.
 */
export type Figures = { ttw: number | null; wtt: number | null; wtw: number | null };
export type LegKey = { tourId: string; shipmentId: string };
export type RestatementRow = typeof tourShipmentRestatements.$inferSelect;

/** The leg's figures as stored now, with the references the log names. */
export type LegFigures = {
  tourReference: string;
  shipmentReference: string;
  default: Figures;
  /** Null: the leg has no individual figure (its default is the one in use). */
  individual: Figures | null;
};

const r = tourShipmentRestatements;
const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));
const orNull = (f: Figures): Figures | null => (f.wtw === null ? null : f);

async function legFigures(db: DbOrTx, companyId: CompanyId, leg: LegKey): Promise<LegFigures | null> {
  const [row] = rowsOf<Record<string, unknown>>(
    await db.execute(sql`select t.reference as tour_reference, s.reference as shipment_reference,
        l.co2_default_ttw, l.co2_default_wtt, l.co2_default_wtw,
        l.co2_individual_ttw, l.co2_individual_wtt, l.co2_individual_wtw
      from tour_shipments l
      join tours t on t.company_id = l.company_id and t.id = l.tour_id
      join shipments s on s.company_id = l.company_id and s.id = l.shipment_id
      where l.company_id = ${companyId} and l.tour_id = ${leg.tourId} and l.shipment_id = ${leg.shipmentId}
      for update of l`),
  );
  if (!row) return null;
  return {
    tourReference: String(row.tour_reference),
    shipmentReference: String(row.shipment_reference),
    default: { ttw: num(row.co2_default_ttw), wtt: num(row.co2_default_wtt), wtw: num(row.co2_default_wtw) },
    individual: orNull({
      ttw: num(row.co2_individual_ttw),
      wtt: num(row.co2_individual_wtt),
      wtw: num(row.co2_individual_wtw),
    }),
  };
}

/** The tour's individual total, its row locked until the transaction ends (restatements of a tour in turn). */
async function tourIndividual(db: DbOrTx, companyId: CompanyId, tourId: string): Promise<Figures> {
  const [row] = rowsOf<Record<string, unknown>>(
    await db.execute(sql`select co2_individual_ttw, co2_individual_wtt, co2_individual_wtw
      from tours where company_id = ${companyId} and id = ${tourId} for update`),
  );
  return {
    ttw: num(row?.co2_individual_ttw),
    wtt: num(row?.co2_individual_wtt),
    wtw: num(row?.co2_individual_wtw),
  };
}

const legOf = (companyId: CompanyId, leg: LegKey) =>
  and(eq(r.companyId, companyId), eq(r.tourId, leg.tourId), eq(r.shipmentId, leg.shipmentId));

export async function findRestatement(db: DbOrTx, companyId: CompanyId, leg: LegKey) {
  const [row] = await db.select().from(r).where(legOf(companyId, leg));
  return row ?? null;
}

/** The restatements of a shipment's legs (the shipment detail names their source). */
export function restatementsOfShipment(db: DbOrTx, companyId: CompanyId, shipmentId: string) {
  return db
    .select()
    .from(r)
    .where(and(eq(r.companyId, companyId), eq(r.shipmentId, shipmentId)));
}

async function writeLink(db: DbOrTx, companyId: CompanyId, leg: LegKey, f: Figures | null): Promise<void> {
  await db.execute(sql`update tour_shipments set co2_individual_ttw = ${f?.ttw ?? null},
      co2_individual_wtt = ${f?.wtt ?? null}, co2_individual_wtw = ${f?.wtw ?? null}
    where company_id = ${companyId} and tour_id = ${leg.tourId} and shipment_id = ${leg.shipmentId}`);
}

/** The shipment's totals and the dashboards' months of the tour and the shipment, from the rows. */
async function refreshSums(db: DbOrTx, companyId: CompanyId, leg: LegKey): Promise<void> {
  await refreshTotals(db, companyId, sql`select ${leg.shipmentId}::uuid`);
  const months: SQL = sql`select ${statsMonth(sql`departure_date`)} as month from tours
      where company_id = ${companyId} and id = ${leg.tourId}
    union select ${statsMonth(sql`departure_date`)} from shipments
      where company_id = ${companyId} and id = ${leg.shipmentId}`;
  await refreshStatsMonths(db, companyId, months);
}

/**
 * Writes the partner's figures onto the leg inside the caller's transaction and refreshes what is
 * summed from it. A leg restated before keeps the figures from before its first restatement, and a
 * tour the individual total from before its first restated leg. Null when the leg does not exist.
 */
export async function restateLeg(
  tx: DbOrTx,
  companyId: CompanyId,
  leg: LegKey,
  input: {
    sourceId: string;
    source: RestatementSource;
    figures: Figures & { wtw: number };
    userId: string | null;
  },
): Promise<{ before: LegFigures; after: Figures } | null> {
  // The tour row first: a second restatement on the same tour waits here and then sees the first's row.
  const tourNow = await tourIndividual(tx, companyId, leg.tourId);
  const before = await legFigures(tx, companyId, leg);
  if (!before) return null;
  const existing = await findRestatement(tx, companyId, leg);
  const [onTour] = await tx
    .select()
    .from(r)
    .where(and(eq(r.companyId, companyId), eq(r.tourId, leg.tourId)))
    .limit(1);
  const tourBefore = onTour
    ? { ttw: onTour.tourPreviousTtw, wtt: onTour.tourPreviousWtt, wtw: onTour.tourPreviousWtw }
    : tourNow;
  const previous = existing
    ? { ttw: existing.previousTtw, wtt: existing.previousWtt, wtw: existing.previousWtw }
    : (before.individual ?? { ttw: null, wtt: null, wtw: null });
  const figures = { co2Ttw: input.figures.ttw, co2Wtt: input.figures.wtt, co2Wtw: input.figures.wtw };
  const applied = {
    sourceId: input.sourceId,
    source: input.source,
    appliedBy: input.userId,
    appliedAt: new Date(),
  };
  await tx
    .insert(r)
    .values({
      companyId,
      ...leg,
      ...applied,
      ...figures,
      previousTtw: previous.ttw,
      previousWtt: previous.wtt,
      previousWtw: previous.wtw,
      tourPreviousTtw: tourBefore.ttw,
      tourPreviousWtt: tourBefore.wtt,
      tourPreviousWtw: tourBefore.wtw,
    })
    .onConflictDoUpdate({ target: [r.companyId, r.tourId, r.shipmentId], set: { ...applied, ...figures } });
  await writeLink(tx, companyId, leg, input.figures);
  await sumTourIndividuals(tx, companyId, sql`select ${leg.tourId}::uuid`);
  await refreshSums(tx, companyId, leg);
  return { before, after: input.figures };
}

/**
 * Ends the primary data of a leg: the link gets its figures from before back, the tour its total
 * from before once no restated leg is left on it (else the sum of its links), and the sums follow.
 * Null when the leg has no restatement; `before` null when the leg itself is gone (a re-import
 * dropped it); `restored` null when the leg had no individual figure (its default is in use again).
 */
export async function restoreLeg(
  tx: DbOrTx,
  companyId: CompanyId,
  leg: LegKey,
): Promise<{ row: RestatementRow; before: LegFigures | null; restored: Figures | null } | null> {
  await tourIndividual(tx, companyId, leg.tourId);
  const row = await findRestatement(tx, companyId, leg);
  if (!row) return null;
  const before = await legFigures(tx, companyId, leg);
  await tx.delete(r).where(legOf(companyId, leg));
  const previous = orNull({ ttw: row.previousTtw, wtt: row.previousWtt, wtw: row.previousWtw });
  if (before) await writeLink(tx, companyId, leg, previous);
  const [left] = await tx
    .select({ id: r.id })
    .from(r)
    .where(and(eq(r.companyId, companyId), eq(r.tourId, leg.tourId)))
    .limit(1);
  if (left) await sumTourIndividuals(tx, companyId, sql`select ${leg.tourId}::uuid`);
  else
    await tx.execute(sql`update tours set co2_individual_ttw = ${row.tourPreviousTtw},
        co2_individual_wtt = ${row.tourPreviousWtt}, co2_individual_wtw = ${row.tourPreviousWtw},
        updated_at = now()
      where company_id = ${companyId} and id = ${leg.tourId}`);
  await refreshSums(tx, companyId, leg);
  return { row, before, restored: previous };
}
