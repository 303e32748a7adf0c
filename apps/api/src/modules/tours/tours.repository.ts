import { randomUUID } from 'node:crypto';
import { type SQL, type Table, eq, getTableColumns, sql } from 'drizzle-orm';
import { copyInto } from '../../platform/db/bulk.ts';
import { type DbOrTx, rowsOf } from '../../platform/db/index.ts';
import type { CompanyId } from '../../platform/tenant.ts';
import {
  rebuildStatsMonths,
  refreshStatsMonths,
  refreshTourShippers,
  statsMonth,
} from './tours.rollups.repository.ts';
import {
  shipmentStatsDays,
  shipmentStatsMonths,
  shipments,
  tourShipments,
  tourStatsDays,
  tourStatsMonths,
  tours,
} from './tours.schema.ts';

/** kg CO2e columns every tour, shipment and link row carries. */
export type Co2Row = {
  co2_default_ttw: number | null;
  co2_default_wtt: number | null;
  co2_default_wtw: number | null;
  co2_individual_ttw: number | null;
  co2_individual_wtt: number | null;
  co2_individual_wtw: number | null;
  hub_co2_wtw: number | null;
};

/**
 * A link's transport activity in tkm as stored at import: the shipment's mass times its own
 * transport distance (ISO 14083: SFD, an actual distance / DAF; air GCD + 95 km), computed once by
 * the engine (shipmentTkm in tours.emissions.ts); 0 when the mass is unknown. Every query that
 * reads or sums a link's tkm (lists, stats, shipment totals) reads it through this fragment.
 */
export const linkTkm = (link: string) => sql.raw(`coalesce(${link}.tkm, 0)`);

export type TourInsert = typeof tours.$inferInsert;
export type ShipmentInsert = typeof shipments.$inferInsert;

export type LinkInsert = {
  tourReference: string;
  shipmentReference: string;
  carriage: string;
  weightKg: number | null;
  distanceKm: number | null;
  tkm: number | null;
  share: number;
  co2DefaultTtw: number;
  co2DefaultWtt: number;
  co2DefaultWtw: number;
  co2IndividualTtw: number | null;
  co2IndividualWtt: number | null;
  co2IndividualWtw: number | null;
  hubCo2Wtw: number;
};

/** An integer[] literal: the COPY text of JSON's `[1,2]` is no array for PostgreSQL. */
const intArray = (v: unknown) => (Array.isArray(v) ? `{${v.join(',')}}` : v);

/** Database column names and values, in one order, of drizzle insert objects. */
function columnsOf<T extends Record<string, unknown>>(table: Table, keys: (keyof T & string)[]) {
  const all = getTableColumns(table);
  const integerArrays = new Set(keys.filter((k) => all[k].getSQLType() === 'integer[]'));
  return {
    names: keys.map((k) => all[k].name),
    values: (row: T) => keys.map((k) => (integerArrays.has(k) ? intArray(row[k]) : row[k]) ?? null),
  };
}

/** The CO2 figures every tour, shipment and link row carries. */
const CO2_KEYS = [
  'co2DefaultTtw',
  'co2DefaultWtt',
  'co2DefaultWtw',
  'co2IndividualTtw',
  'co2IndividualWtt',
  'co2IndividualWtw',
  'hubCo2Wtw',
] as const;

const TOUR_KEYS: (keyof TourInsert & string)[] = [
  'companyId',
  'reference',
  'departure',
  'arrival',
  'departureDate',
  'arrivalDate',
  'glecVehicleType',
  'vehicleId',
  'licensePlate',
  'vehicleReference',
  'weightKg',
  'distanceKm',
  'emptyDistanceKm',
  'emptyRunningShare',
  'tkm',
  'fuel',
  'temperatureControl',
  ...CO2_KEYS,
  'shipmentCount',
  'defaultResult',
  'individualResult',
  'tags',
  'shippers',
  'shipperLinks',
  'taskId',
];
const SHIPMENT_KEYS: (keyof ShipmentInsert & string)[] = [
  'companyId',
  'reference',
  'orderNumber',
  'shipper',
  'description',
  'weightKg',
  'loadedDistanceKm',
  'origin',
  'destination',
  'departureDate',
  ...CO2_KEYS,
  'tkm',
  'glecVehicleType',
  'tourCount',
  'tags',
  'taskId',
];
/** The link's own figures; its tour and shipment ids come from the references. */
const LINK_KEYS = ['carriage', 'weightKg', 'distanceKm', 'tkm', 'share', ...CO2_KEYS] as const;

/**
 * Writes one import's tours, shipments and links inside the caller's transaction, with COPY.
 * Per batch it looks up which references exist (one indexed query per table); new tours and
 * shipments get their id here and are COPYed straight into their tables, existing ones into
 * temporary tables (dropped at commit or rollback) that `finish` applies with ONE `UPDATE … FROM`
 * per table. Links are COPYed straight in after the old links of re-imported tours are deleted.
 * Every row is written once, without a second pass through a staging copy of it.
 * A reference inserted meanwhile by a concurrent import fails the unique index: the job retries.
 */
export class ImportWriter {
  private readonly tx: DbOrTx;
  private readonly kind: 'postgres' | 'pglite';
  private readonly companyId: CompanyId;
  private readonly tourCols = columnsOf<TourInsert>(tours, TOUR_KEYS);
  private readonly shipmentCols = columnsOf<ShipmentInsert>(shipments, SHIPMENT_KEYS);
  private readonly linkCols = columnsOf<LinkInsert>(tourShipments, [...LINK_KEYS]);
  /** Shipments written by this import so far: reference -> id and shipper. */
  private readonly written = new Map<string, { id: string; shipper: string | null }>();
  /** Shipments whose shipper this import changed after tours were written with the old one. */
  private readonly shipperChanged = new Set<string>();
  private updatedShipments = 0;
  private updatedTours = 0;
  readonly newTours = new Set<string>();
  readonly newShipments = new Set<string>();

  constructor(tx: DbOrTx, kind: 'postgres' | 'pglite', companyId: CompanyId) {
    this.tx = tx;
    this.kind = kind;
    this.companyId = companyId;
  }

  async begin(): Promise<void> {
    for (const statement of [
      // Hash joins and sorts of 100,000 rows stay in memory (the default is 4 MB).
      "set local work_mem = '64MB'",
      'create temp table imp_tours (like tours including defaults) on commit drop',
      'create temp table imp_shipments (like shipments including defaults) on commit drop',
      'create temp table imp_gone (shipment_id uuid) on commit drop',
      'create temp table imp_shipment_ids (id uuid) on commit drop',
      'create temp table imp_tour_ids (id uuid) on commit drop',
      // Months whose dashboard sums need rewriting: old and new departure months of what changed.
      'create temp table imp_months (month date) on commit drop',
    ])
      await this.tx.execute(sql.raw(statement));
  }

  /** The ids (and, of shipments, the shippers) of the company's rows with these references. */
  private async existing(
    table: 'tours' | 'shipments',
    refs: string[],
  ): Promise<Map<string, { id: string; shipper: string | null }>> {
    if (refs.length === 0) return new Map();
    // Driven by the reference list, one index look-up each: with the company as a constant, a
    // company newer than the table's statistics is estimated at one row and each of its rows was
    // compared with the whole list (41 s for 10,000 references beside 300,000 rows; issue 41).
    const result = await this.tx.execute(sql`
      select t.id, t.reference, ${sql.raw(table === 'shipments' ? 't.shipper' : 'null::text')} as shipper
      from (select jsonb_array_elements_text(${JSON.stringify(refs)}::jsonb) as reference,
              ${this.companyId}::uuid as company_id) r
      join ${sql.raw(table)} t on t.company_id = r.company_id and t.reference = r.reference`);
    const rows = rowsOf<{ id: string; reference: string; shipper: string | null }>(result);
    return new Map(rows.map((r) => [r.reference, r]));
  }

  /** One batch: all tours of the batch with their shipments and links. */
  async add(tourRows: TourInsert[], shipmentRows: ShipmentInsert[], links: LinkInsert[]): Promise<void> {
    const { tx, kind } = this;
    const existingTours = await this.existing(
      'tours',
      tourRows.map((t) => t.reference),
    );
    const unseen = shipmentRows.filter((s) => !this.written.has(s.reference)).map((s) => s.reference);
    const existingShipments = await this.existing('shipments', unseen);

    const tourIds = new Map<string, string>();
    const fresh: TourInsert[] = [];
    const known: TourInsert[] = [];
    for (const t of tourRows) {
      const old = existingTours.get(t.reference)?.id;
      const row = { ...t, id: old ?? randomUUID() };
      tourIds.set(t.reference, row.id);
      if (old) known.push(row);
      else {
        this.newTours.add(t.reference);
        fresh.push(row);
      }
    }
    // A re-imported tour gets exactly the shipments of the new file: its old links go.
    if (known.length) {
      await tx.execute(sql`
        with gone as (
          delete from tour_shipments where tour_id in (
            select jsonb_array_elements_text(${JSON.stringify(known.map((t) => t.id))}::jsonb)::uuid)
          returning shipment_id)
        insert into imp_gone select shipment_id from gone`);
    }
    this.updatedTours += known.length;

    const freshS: ShipmentInsert[] = [];
    const knownS: ShipmentInsert[] = [];
    for (const s of shipmentRows) {
      const old = this.written.get(s.reference) ?? existingShipments.get(s.reference);
      const shipper = s.shipper ?? null;
      if (old) {
        knownS.push({ ...s, id: old.id });
        // Its other tours (earlier batches, earlier imports) still name the old shipper.
        if (old.shipper !== shipper) this.shipperChanged.add(old.id);
      } else {
        const row = { ...s, id: randomUUID() };
        this.newShipments.add(s.reference);
        freshS.push(row);
      }
    }
    for (const s of [...freshS, ...knownS])
      this.written.set(s.reference, { id: s.id as string, shipper: s.shipper ?? null });
    this.updatedShipments += knownS.length;
    const shipmentId = (ref: string) => this.written.get(ref)?.id;

    await this.copyRows(['tours', 'imp_tours', 'imp_tour_ids'], this.tourCols, fresh, known, [
      ...fresh,
      ...known,
    ]);
    await this.copyRows(
      ['shipments', 'imp_shipments', 'imp_shipment_ids'],
      this.shipmentCols,
      freshS,
      knownS,
      shipmentRows.map((s) => ({ id: shipmentId(s.reference) })),
    );
    await copyInto(
      tx,
      kind,
      'tour_shipments',
      ['tour_id', 'shipment_id', 'company_id', ...this.linkCols.names],
      links.map((l) => [
        tourIds.get(l.tourReference),
        shipmentId(l.shipmentReference),
        this.companyId,
        ...this.linkCols.values(l),
      ]),
    );
  }

  /** Applies the updates of existing tours and shipments and refreshes shipment totals. */
  async finish(): Promise<void> {
    const { tx, companyId } = this;
    // Temporary tables have no statistics until analysed; the joins below would be planned for
    // a handful of rows.
    await tx.execute(sql`analyze imp_tours, imp_shipments, imp_gone, imp_shipment_ids, imp_tour_ids`);
    await this.touchedMonths('before');
    if (this.updatedTours) await this.applyUpdates('tours', this.tourCols.names, 'imp_tours');
    if (this.updatedShipments) {
      // A shipment updated in two batches: the later row wins (append-only temp table: ctid order).
      await tx.execute(
        sql`delete from imp_shipments a using imp_shipments b where a.id = b.id and a.ctid < b.ctid`,
      );
      await this.applyUpdates('shipments', this.shipmentCols.names, 'imp_shipments');
    }
    // Shipments that lost a tour and were not written here again need totals from their other tours.
    await refreshTotals(
      tx,
      companyId,
      sql`select distinct g.shipment_id from imp_gone g
          where not exists (select 1 from imp_shipment_ids i where i.id = g.shipment_id)`,
    );
    // Shipments of this import on more than one tour (of this or earlier imports): summed from all.
    await refreshTotals(
      tx,
      companyId,
      sql`select ts.shipment_id from tour_shipments ts
          where ts.shipment_id in (select id from imp_shipment_ids)
          group by ts.shipment_id having count(*) > 1`,
    );
    // Legs with applied primary data keep it through a re-import of their tour (decision 0018).
    if (this.updatedTours) await reapplyRestatements(tx, companyId, sql`select id from imp_tour_ids`);
    // The tours written here carry their shippers from the job (setTourShippers in the import);
    // only the tours of shipments whose shipper changed meanwhile are read back from their links.
    if (this.shipperChanged.size) {
      await refreshTourShippers(
        tx,
        companyId,
        sql`select l.tour_id as id from tour_shipments l where l.company_id = ${companyId}
          and l.shipment_id in (select jsonb_array_elements_text(${JSON.stringify([...this.shipperChanged])}::jsonb)::uuid)`,
      );
    }
    await this.touchedMonths('after');
    await refreshStatsMonths(tx, companyId, sql`select month from imp_months`);
  }

  /**
   * Departure months of the tours and shipments this import writes, as they stand now: before the
   * updates the old months of the rows that existed already (they may lose rows), after them the
   * new months of all.
   */
  private async touchedMonths(when: 'before' | 'after'): Promise<void> {
    const { tx, companyId } = this;
    const [tourIds, shipmentIds] =
      when === 'before' ? ['imp_tours', 'imp_shipments'] : ['imp_tour_ids', 'imp_shipment_ids'];
    // Driven by the id lists (the company through their column, as in refreshTotals).
    await tx.execute(sql`insert into imp_months
      select distinct ${statsMonth(sql`t.departure_date`)}
        from (select distinct id, ${companyId}::uuid as company_id from ${sql.raw(tourIds)}) k
        join tours t on t.id = k.id and t.company_id = k.company_id
      union select distinct ${statsMonth(sql`s.departure_date`)}
        from (select id, ${companyId}::uuid as company_id from ${sql.raw(shipmentIds)}
              union select shipment_id, ${companyId}::uuid from imp_gone) k
        join shipments s on s.id = k.id and s.company_id = k.company_id`);
  }

  /**
   * New rows go straight to their table, re-imported ones to its staging table (`applyUpdates`
   * writes them later), and the ids of the batch to the id list.
   */
  private async copyRows<R extends { id?: string }>(
    [table, staged, idList]: [string, string, string],
    cols: { names: string[]; values: (row: R) => unknown[] },
    fresh: R[],
    known: R[],
    ids: { id?: string }[],
  ): Promise<void> {
    const { tx, kind } = this;
    const names = ['id', ...cols.names];
    const values = (row: R) => [row.id, ...cols.values(row)];
    await copyInto(tx, kind, table, names, fresh.map(values));
    await copyInto(tx, kind, staged, names, known.map(values));
    await copyInto(
      tx,
      kind,
      idList,
      ['id'],
      ids.map((r) => [r.id]),
    );
  }

  private async applyUpdates(table: 'tours' | 'shipments', names: string[], from: string): Promise<void> {
    const set = names
      .filter((n) => n !== 'company_id' && n !== 'reference')
      .map((n) => `"${n}" = u."${n}"`)
      .join(', ');
    await this.tx.execute(
      sql`update ${sql.raw(table)} t set ${sql.raw(set)}, updated_at = now()
          from ${sql.raw(from)} u where t.id = u.id and t.company_id = ${this.companyId}`,
    );
  }
}

/**
 * A sum of links' individual figures: the links with an individual result (none: null). A part a
 * summed link does not know (a partner's WTW without TTW, decision 0018) leaves that part of the sum
 * unknown (null), never counted as 0. One rule for shipment totals and restated tours.
 */
export const individualSums = (link: string) =>
  sql.raw(`case when count(${link}.co2_individual_ttw) = count(${link}.co2_individual_wtw)
      then sum(${link}.co2_individual_ttw) end as it,
    case when count(${link}.co2_individual_wtt) = count(${link}.co2_individual_wtw)
      then sum(${link}.co2_individual_wtt) end as iw,
    sum(${link}.co2_individual_wtw) as iwtw`);

/** Shipment totals, tkm, vehicle type and tour count summed from their links (shipments `ids` selects). */
export async function refreshTotals(db: DbOrTx, companyId: CompanyId, ids: SQL): Promise<void> {
  // Driven by the id list: the company reaches shipments through the list's column, not as a
  // constant. With a constant, a company whose rows are newer than the table's statistics (its
  // first large import beside other tenants' millions) is estimated at one row, and the planner
  // nested the whole aggregate under each of its shipments: 43 s for 2,000 rows (issue 41).
  // Left joins: a shipment left without tours gets empty totals instead of stale ones.
  await db.execute(sql`
    update shipments s set
      co2_default_ttw = agg.dt, co2_default_wtt = agg.dw, co2_default_wtw = agg.dwtw,
      co2_individual_ttw = agg.it, co2_individual_wtt = agg.iw, co2_individual_wtw = agg.iwtw,
      hub_co2_wtw = agg.hub, departure_date = agg.dep, tkm = agg.tkm,
      glec_vehicle_type = agg.type, tour_count = agg.n
    from (
      select s2.id as shipment_id, s2.company_id,
        sum(ts.co2_default_ttw) dt, sum(ts.co2_default_wtt) dw, sum(ts.co2_default_wtw) dwtw,
        ${individualSums('ts')},
        sum(ts.hub_co2_wtw) hub, min(t.departure_date) dep,
        sum(${linkTkm('ts')}) tkm,
        case when count(ts.shipment_id) > 0 and count(distinct coalesce(t.glec_vehicle_type, 'unknown')) = 1
          then min(coalesce(t.glec_vehicle_type, 'unknown')) end as type,
        count(ts.shipment_id)::int as n
      from (select distinct x.id, ${companyId}::uuid as company_id from (${ids}) x(id)) k
      join shipments s2 on s2.id = k.id and s2.company_id = k.company_id
      left join tour_shipments ts on ts.shipment_id = s2.id
      left join tours t on t.id = ts.tour_id
      group by s2.id, s2.company_id
    ) agg
    where s.id = agg.shipment_id and s.company_id = agg.company_id`);
}

/**
 * Individual totals of the tours `tourIds` selects summed from their links (individualSums): the
 * rule for a tour with a restated leg (decision 0018), so the tour's figure holds the partner's.
 */
export async function sumTourIndividuals(db: DbOrTx, companyId: CompanyId, tourIds: SQL): Promise<void> {
  await db.execute(sql`
    update tours t set co2_individual_ttw = agg.it, co2_individual_wtt = agg.iw, co2_individual_wtw = agg.iwtw,
      updated_at = now()
    from (
      select l.tour_id, ${individualSums('l')}
      from tour_shipments l
      where l.company_id = ${companyId} and l.tour_id in (select x.id from (${tourIds}) x(id))
      group by l.tour_id
    ) agg
    where t.id = agg.tour_id and t.company_id = ${companyId}`);
}

/**
 * After an import rewrote the links of the tours `tourIds` selects: legs with applied primary data
 * (tour_shipment_restatements, decision 0018) keep it. The fresh figures become the ones a removal
 * restores, the restated figures go back onto the links, and the tours and shipments are summed
 * again. A restated leg the import dropped keeps its row and applies again if the leg returns.
 */
export async function reapplyRestatements(tx: DbOrTx, companyId: CompanyId, tourIds: SQL): Promise<void> {
  const restated = sql`r.company_id = ${companyId} and r.tour_id in (select x.id from (${tourIds}) x(id))`;
  const link = sql`l.company_id = r.company_id and l.tour_id = r.tour_id and l.shipment_id = r.shipment_id`;
  await tx.execute(sql`update tour_shipment_restatements r set previous_ttw = l.co2_individual_ttw,
      previous_wtt = l.co2_individual_wtt, previous_wtw = l.co2_individual_wtw
    from tour_shipments l where ${restated} and ${link}`);
  await tx.execute(sql`update tour_shipment_restatements r set tour_previous_ttw = t.co2_individual_ttw,
      tour_previous_wtt = t.co2_individual_wtt, tour_previous_wtw = t.co2_individual_wtw
    from tours t where ${restated} and t.company_id = r.company_id and t.id = r.tour_id`);
  await tx.execute(sql`update tour_shipments l set co2_individual_ttw = r.co2_ttw,
      co2_individual_wtt = r.co2_wtt, co2_individual_wtw = r.co2_wtw
    from tour_shipment_restatements r where ${restated} and ${link}`);
  const legs = sql`select r.tour_id, r.shipment_id from tour_shipment_restatements r
    join tour_shipments l on ${link} where ${restated}`;
  await sumTourIndividuals(tx, companyId, sql`select tour_id from (${legs}) g`);
  await refreshTotals(tx, companyId, sql`select shipment_id from (${legs}) g`);
}

export type SampleLink = Omit<LinkInsert, 'tourReference' | 'shipmentReference'> & {
  tourId: string;
  shipmentId: string;
};

/**
 * Replaces every tour and shipment of a company by the given rows (with their ids) inside the
 * caller's transaction, then derives what the import derives: shipment totals from the links,
 * tour shippers and the monthly sums. Used for the sample company, rewritten at each start.
 */
export async function replaceCompanyTours(
  tx: DbOrTx,
  companyId: CompanyId,
  rows: { tours: TourInsert[]; shipments: ShipmentInsert[]; links: SampleLink[] },
): Promise<void> {
  // Links go with their tours and shipments (on delete cascade).
  await tx.delete(tours).where(eq(tours.companyId, companyId));
  await tx.delete(shipments).where(eq(shipments.companyId, companyId));
  for (const sums of [tourStatsMonths, shipmentStatsMonths, tourStatsDays, shipmentStatsDays])
    await tx.delete(sums).where(eq(sums.companyId, companyId));
  const own = <T extends { companyId: string }>(r: T): T => ({ ...r, companyId });
  if (rows.tours.length) await tx.insert(tours).values(rows.tours.map(own));
  if (rows.shipments.length) await tx.insert(shipments).values(rows.shipments.map(own));
  if (rows.links.length) await tx.insert(tourShipments).values(rows.links.map((l) => ({ ...l, companyId })));
  await refreshTotals(tx, companyId, sql`select id from shipments where company_id = ${companyId}`);
  await refreshTourShippers(tx, companyId, sql`select id from tours where company_id = ${companyId}`);
  await rebuildStatsMonths(tx, companyId);
}

/** Serialises writers of seeded content (several API processes may start at once). */
export async function lockSeed(tx: DbOrTx, name: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('seed'), hashtext(${name}))`);
}
