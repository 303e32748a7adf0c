import { type SQL, sql } from 'drizzle-orm';
import { DASHBOARD_TOP } from '@klimadesk/contract';
import { type DbOrTx, rowsOf } from '../../platform/db/index.ts';
import { type FilterScope, type Filters, effectiveShippers } from './tours.filters.ts';
import { list, shipmentConditions, tourConditions } from './tours.filters.repository.ts';
import { linkTkm } from './tours.repository.ts';
import { type RollupPlan, type SumUnit, rollupPlan } from './tours.rollups.repository.ts';

// Stats: aggregated in SQL over the filtered rows, or over the monthly sums where they answer.

export type Totals = {
  count: number;
  dttw: number | null;
  dwtt: number | null;
  dwtw: number | null;
  ittw: number | null;
  iwtt: number | null;
  iwtw: number | null;
  /** Rows with an individual result; 0 means the individual figures are null. */
  icount: number;
  hub: number | null;
  tkm: number | null;
};

export type GroupRow = {
  key: string;
  count: number;
  dwtw: number | null;
  iwtw: number | null;
  icount: number;
  tkm: number | null;
};

export type TourTotals = Totals & {
  distance: number | null;
  empty: number | null;
  vehicles: number;
  trips: number;
  shipments: number;
};

export type VehicleRow = {
  vehicle_id: string | null;
  license_plate: string | null;
  tours: number;
  distance: number | null;
  dwtw: number | null;
  tkm: number | null;
};

type SetRow = GroupRow & {
  set: 'all' | 'month' | 'type' | 'vehicle' | 'shipper';
  vehicle_id: string | null;
  license_plate: string | null;
  distance: number | null;
  empty: number | null;
  weight: number | null;
  dttw: number | null;
  dwtt: number | null;
  ittw: number | null;
  iwtt: number | null;
  hub: number | null;
};

const CO2_COLUMNS = (p: string) =>
  sql.raw(`${p}co2_default_ttw, ${p}co2_default_wtt, ${p}co2_default_wtw, ${p}co2_individual_ttw,
  ${p}co2_individual_wtt, ${p}co2_individual_wtw, ${p}hub_co2_wtw`);

/** The figures of the stats sets over source rows `g` (one row per tour/shipment or monthly sum). */
const SUMMED = sql.raw(`sum(g.n)::int as count, sum(g.co2_default_ttw) as dttw,
  sum(g.co2_default_wtt) as dwtt, sum(g.co2_default_wtw) as dwtw, sum(g.co2_individual_ttw) as ittw,
  sum(g.co2_individual_wtt) as iwtt, sum(g.co2_individual_wtw) as iwtw, sum(g.icount)::int as icount,
  sum(g.hub_co2_wtw) as hub, sum(g.tkm) as tkm`);

/**
 * The rows a stats query sums: the source rows matching `where`, or, with a plan, the monthly
 * sums of the whole months plus the daily sums of the other days.
 */
function sources(
  plan: RollupPlan | null,
  where: SQL,
  rows: (c: SQL) => SQL,
  sums: (c: SQL, unit: SumUnit) => SQL,
): SQL {
  if (plan === null) return rows(where);
  const parts = (['months', 'days'] as const).flatMap((unit) => {
    const condition = plan[unit];
    return condition === null ? [] : [sums(condition, unit)];
  });
  return parts.length ? sql.join(parts, sql` union all `) : rows(sql`false`);
}

const byDefaultDesc = (a: GroupRow, b: GroupRow) =>
  Number(b.dwtw ?? 0) - Number(a.dwtw ?? 0) || String(a.key).localeCompare(String(b.key));

/**
 * Carrier dashboard figures over the tours matching `where`: totals, months, vehicle types and
 * vehicles in ONE scan (grouping sets). `shipmentScope` narrows the shipment count to the given
 * shippers (null: every shipment of the tours).
 */
export async function tourStats(
  db: DbOrTx,
  where: SQL,
  timeZone: string,
  shipmentScope: string[] | null,
  plan: RollupPlan | null = null,
) {
  // Per tour (or per monthly sum row, see tours.rollups.repository.ts): the keys and the figures summed below.
  const fromTours = (condition: SQL) => sql`select
      to_char(t.departure_date at time zone ${timeZone}, 'YYYY-MM') as month,
      coalesce(t.glec_vehicle_type, 'unknown') as type, t.vehicle_id,
      case when t.vehicle_id is null then t.license_plate end as plate, t.license_plate,
      1 as n, (t.shipment_count > 0)::int as trips, t.shipment_count as links, t.distance_km, t.empty_distance_km,
      t.tkm, ${CO2_COLUMNS('t.')}, (t.co2_individual_wtw is not null)::int as icount
    from tours t where ${condition}`;
  const fromSums = (c: SQL, unit: SumUnit) => sql`select to_char(r.month, 'YYYY-MM') as month,
      coalesce(r.glec_vehicle_type, 'unknown') as type, r.vehicle_id, r.plate, r.license_plate,
      r.tours as n, r.trips, r.links, r.distance_km, r.empty_distance_km, r.tkm, ${CO2_COLUMNS('r.')},
      r.individual_count as icount
    from ${sql.raw(`tour_stats_${unit}`)} r where ${c}`;
  const grouped = db.execute(sql`select
        case when grouping(g.month) = 0 then 'month' when grouping(g.type) = 0 then 'type'
          when grouping(g.vehicle_id, g.plate) = 0 then 'vehicle' else 'all' end as set,
        coalesce(g.month, g.type) as key, g.vehicle_id, min(g.license_plate) as license_plate,
        ${SUMMED}, sum(g.distance_km) as distance, sum(g.empty_distance_km) as empty,
        sum(g.trips)::int as trips, sum(g.links)::int as links
      from (${sources(plan, where, fromTours, fromSums)}) g
      group by grouping sets ((), (g.month), (g.type), (g.vehicle_id, g.plate))`);
  // Trips (tours with a shipment) and the distinct shipments on them: the tours' stored link
  // counts (all of them, or those of the scope's shippers from the tours' per-shipper counts),
  // less the repeats of shipments riding on several of the chosen tours (only those are joined).
  const inScope = (column: string) =>
    shipmentScope === null
      ? sql`true`
      : shipmentScope.length === 0
        ? sql`false`
        : sql`${sql.raw(column)} in (${list(shipmentScope)})`;
  const repeats = db.execute(sql`select (count(*) - count(distinct x.shipment_id))::int as repeats
      from shipments sh join tour_shipments x on x.shipment_id = sh.id join tours t on t.id = x.tour_id
      where sh.company_id = t.company_id and sh.tour_count > 1 and ${inScope('sh.shipper')} and ${where}`);
  const scopedLinks =
    shipmentScope === null
      ? null
      : db.execute(sql`select count(*)::int as trips, coalesce(sum((select sum(u.n)
            from unnest(t.shippers, t.shipper_links) as u(s, n) where ${inScope('u.s')})), 0)::int as links
          from tours t where ${where}`);
  // Statements on pooled connections (PostgreSQL) run side by side.
  const [setsResult, repeatsResult, scopedResult] = await Promise.all([grouped, repeats, scopedLinks]);
  const sets = rowsOf<SetRow>(setsResult);
  const totals = sets.find((r) => r.set === 'all') as SetRow & { trips: number; links: number | null };
  const [{ repeats: repeated }] = rowsOf<{ repeats: number }>(repeatsResult);
  const [scoped] = scopedResult ? rowsOf<{ trips: number; links: number }>(scopedResult) : [null];
  const links = {
    trips: Number(scoped ? scoped.trips : totals.trips),
    shipments: Number(scoped ? scoped.links : (totals.links ?? 0)) - Number(repeated ?? 0),
  };
  const vehicleRows = sets.filter(
    (r) => r.set === 'vehicle' && (r.vehicle_id !== null || r.license_plate !== null),
  );
  return {
    totals: {
      ...totals,
      count: Number(totals.count),
      vehicles: vehicleRows.length,
      trips: Number(links.trips),
      shipments: Number(links.shipments),
    } as TourTotals,
    byMonth: sets
      .filter((r) => r.set === 'month' && r.key !== null)
      .sort((a, b) => a.key.localeCompare(b.key)),
    byType: sets.filter((r) => r.set === 'type').sort(byDefaultDesc),
    vehicles: vehicleRows
      .sort(byDefaultDesc)
      .slice(0, DASHBOARD_TOP)
      .map((r) => ({
        vehicle_id: r.vehicle_id,
        license_plate: r.license_plate,
        tours: Number(r.count),
        distance: r.distance,
        dwtw: r.dwtw,
        tkm: r.tkm,
      })),
  };
}

export type ShipperRow = GroupRow & { weight: number | null };

/**
 * Shipper dashboard figures over the shipments matching `where`: totals, months, shippers and the
 * vehicle types of single-type shipments in ONE scan of the shipments (grouping sets over the
 * stored tkm and type); only shipments on tours of several types go over their links.
 */
export async function shipmentStats(
  db: DbOrTx,
  where: SQL,
  timeZone: string,
  plan: RollupPlan | null = null,
) {
  // A shipment's totals are the sums of its links, so a single-type shipment's part of its type
  // is the shipment itself.
  const fromShipments = (condition: SQL) => sql`select
      to_char(s.departure_date at time zone ${timeZone}, 'YYYY-MM') as month, s.shipper,
      s.glec_vehicle_type as type, 1 as n, s.weight_kg, s.tkm, ${CO2_COLUMNS('s.')},
      (s.co2_individual_wtw is not null)::int as icount
    from shipments s where ${condition}`;
  const fromSums = (
    condition: SQL,
    unit: SumUnit,
  ) => sql`select to_char(r.month, 'YYYY-MM') as month, r.shipper,
      r.glec_vehicle_type as type, r.shipments as n, r.weight_kg, r.tkm, ${CO2_COLUMNS('r.')},
      r.individual_count as icount
    from ${sql.raw(`shipment_stats_${unit}`)} r where ${condition}`;
  const grouped = db.execute(sql`select
        case when grouping(g.month) = 0 then 'month' when grouping(g.shipper) = 0 then 'shipper'
          when grouping(g.type) = 0 then 'type' else 'all' end as set,
        coalesce(g.month, g.shipper, g.type) as key, ${SUMMED}, sum(g.weight_kg) as weight
      from (${sources(plan, where, fromShipments, fromSums)}) g
      group by grouping sets ((), (g.month), (g.shipper), (g.type))`);
  // A shipment on tours of several types counts once per type with that link's part. Such a
  // shipment has more than one tour, so the partial index shipments_shared_idx finds the few.
  const typed = db.execute(sql`select coalesce(t.glec_vehicle_type, 'unknown') as key,
        count(distinct s.id)::int as count, sum(x.co2_default_wtw) as dwtw,
        sum(x.co2_individual_wtw) as iwtw, count(x.co2_individual_wtw)::int as icount,
        sum(${linkTkm('x')}) as tkm
      from shipments s join tour_shipments x on x.shipment_id = s.id join tours t on t.id = x.tour_id
      where ${where} and s.tour_count > 1 and s.glec_vehicle_type is null group by 1`);
  const [setsResult, typeResult] = await Promise.all([grouped, typed]);
  const sets = rowsOf<SetRow>(setsResult);
  const totals = sets.find((r) => r.set === 'all') as SetRow;
  const shipperRows = sets.filter((r) => r.set === 'shipper');
  // Shipments without tours have no type and appear in no vehicle type (as the links gave).
  const types = new Map<string, GroupRow>();
  const add = (a: number | null, b: number | null) =>
    a === null ? b : b === null ? a : Number(a) + Number(b);
  for (const r of [
    ...sets.filter((x) => x.set === 'type' && x.key !== null),
    ...rowsOf<GroupRow>(typeResult),
  ]) {
    const seen = types.get(r.key);
    types.set(
      r.key,
      seen
        ? {
            key: r.key,
            count: Number(seen.count) + Number(r.count),
            dwtw: add(seen.dwtw, r.dwtw),
            iwtw: add(seen.iwtw, r.iwtw),
            icount: Number(seen.icount) + Number(r.icount),
            tkm: add(seen.tkm, r.tkm),
          }
        : { key: r.key, count: r.count, dwtw: r.dwtw, iwtw: r.iwtw, icount: r.icount, tkm: r.tkm },
    );
  }
  return {
    totals: {
      ...totals,
      count: Number(totals.count),
      shippers: shipperRows.filter((r) => r.key !== null).length,
    },
    byMonth: sets
      .filter((r) => r.set === 'month' && r.key !== null)
      .sort((a, b) => a.key.localeCompare(b.key)),
    byShipper: shipperRows.sort(byDefaultDesc).slice(0, DASHBOARD_TOP) as ShipperRow[],
    byType: [...types.values()].sort(byDefaultDesc),
  };
}

/**
 * Carrier dashboard figures of the scope's company for the filters. With a shipper filter, or an
 * external user's scope, the tours are those carrying such shipments and the shipment count
 * covers only those shippers' shipments; the tour figures stay whole tours (a carrier's view).
 */
export function tourFigures(db: DbOrTx, filters: Filters, scope: FilterScope) {
  const where = tourConditions(filters, scope);
  const shippers = effectiveShippers(filters, scope);
  return tourStats(db, where, scope.timeZone, shippers, rollupPlan('tour', filters, scope));
}

/** Shipper dashboard figures of the scope's company for the filters. */
export function shipmentFigures(db: DbOrTx, filters: Filters, scope: FilterScope) {
  const where = shipmentConditions(filters, scope);
  return shipmentStats(db, where, scope.timeZone, rollupPlan('shipment', filters, scope));
}
