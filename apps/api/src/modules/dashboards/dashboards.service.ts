import { DASHBOARD_TOP, type DashboardQuery, type ShipmentStats, type TourStats } from '@klimadesk/contract';
import type { AppContext } from '../../platform/context.ts';
import type { Actor } from '../../platform/access.ts';
import { rollupPlan } from '../tours/index.ts';
import {
  type FilterScope,
  effectiveShippers,
  resolveFilterScope,
  shipmentConditions,
  tourConditions,
} from '../tours/index.ts';
import { toursQueries as q } from '../tours/index.ts';
import { sampleData } from '../tours/index.ts';
import { intensity, sampleShipments, sampleTours } from '../tours/index.ts';

const num = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));
const zero = (v: unknown): number => num(v) ?? 0;

function co2(t: q.Totals) {
  return {
    def: { ttw: zero(t.dttw), wtt: zero(t.dwtt), wtw: zero(t.dwtw) },
    // Individual totals sum the rows that have a fuel-based result; none of them: null.
    ind: t.icount > 0 ? { ttw: zero(t.ittw), wtt: zero(t.iwtt), wtw: zero(t.iwtw) } : null,
  };
}

const point = (g: q.GroupRow) => ({
  co2Default: zero(g.dwtw),
  co2Individual: g.icount > 0 ? zero(g.iwtw) : null,
  tkm: zero(g.tkm),
  count: Number(g.count),
});

// ---- In-memory aggregation of the basic edition's sample rows (5 tours, 4 shipments). ----

type Row = q.Co2Row & { tkm: number | null };

function totalsOf(rows: Row[]): q.Totals {
  const sum = (f: (r: Row) => number | null) => rows.reduce((a, r) => a + (f(r) ?? 0), 0);
  return {
    count: rows.length,
    dttw: sum((r) => r.co2_default_ttw),
    dwtt: sum((r) => r.co2_default_wtt),
    dwtw: sum((r) => r.co2_default_wtw),
    ittw: sum((r) => r.co2_individual_ttw),
    iwtt: sum((r) => r.co2_individual_wtt),
    iwtw: sum((r) => r.co2_individual_wtw),
    icount: rows.filter((r) => r.co2_individual_wtw !== null).length,
    hub: sum((r) => r.hub_co2_wtw),
    tkm: sum((r) => r.tkm),
  };
}

function groupsOf<T extends Row>(rows: T[], key: (r: T) => string | null): (q.GroupRow & { rows: T[] })[] {
  const map = new Map<string | null, T[]>();
  for (const r of rows) {
    const k = key(r);
    map.set(k, [...(map.get(k) ?? []), r]);
  }
  return [...map].map(([k, rs]) => ({ ...totalsOf(rs), key: k as string, rows: rs }));
}

const monthIn = (timeZone: string) => (r: { departure_date: Date | string | null }) =>
  r.departure_date === null
    ? null
    : new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit' })
        .format(new Date(r.departure_date))
        .slice(0, 7);

const byDefaultDesc = (a: q.GroupRow, b: q.GroupRow) =>
  zero(b.dwtw) - zero(a.dwtw) || String(a.key).localeCompare(String(b.key));

function sampleTourStats(tours: q.TourDetailRow[], shipmentScope: string[] | null, timeZone: string) {
  const { links, shipments } = sampleData();
  const ids = new Set(tours.map((t) => t.id));
  const shipmentIds = new Set(
    links
      .filter((l) => ids.has(l.tour_id))
      .filter((l) => {
        const s = shipments.find((x) => x.id === l.shipment_id);
        return shipmentScope === null || (s?.shipper != null && shipmentScope.includes(s.shipper));
      })
      .map((l) => l.shipment_id),
  );
  const vehicles = new Set(tours.map((t) => t.vehicle_id ?? t.license_plate).filter((v) => v !== null));
  const totals: q.TourTotals = {
    ...totalsOf(tours),
    distance: tours.reduce((a, t) => a + zero(t.distance_km), 0),
    empty: tours.reduce((a, t) => a + zero(t.empty_distance_km), 0),
    vehicles: vehicles.size,
    trips: tours.filter((t) => t.shipment_count > 0).length,
    shipments: shipmentIds.size,
  };
  const month = monthIn(timeZone);
  const byMonth = groupsOf(
    tours.filter((t) => t.departure_date !== null),
    month,
  ).sort((a, b) => a.key.localeCompare(b.key));
  const byType = groupsOf(tours, (t) => t.glec_vehicle_type ?? 'unknown').sort(byDefaultDesc);
  const vehicleRows: q.VehicleRow[] = groupsOf(
    tours.filter((t) => t.vehicle_id !== null || t.license_plate !== null),
    (t) => t.vehicle_id ?? `plate:${t.license_plate}`,
  )
    .sort(byDefaultDesc)
    .slice(0, DASHBOARD_TOP)
    .map((g) => ({
      vehicle_id: g.rows[0].vehicle_id,
      license_plate: g.rows[0].license_plate,
      tours: g.count,
      distance: g.rows.reduce((a, t) => a + zero(t.distance_km), 0),
      dwtw: g.dwtw,
      tkm: g.tkm,
    }));
  return { totals, byMonth, byType, vehicles: vehicleRows };
}

function sampleShipmentStats(rows: q.ShipmentRow[], timeZone: string) {
  const { links } = sampleData();
  const totals = {
    ...totalsOf(rows),
    weight: rows.reduce((a, s) => a + zero(s.weight_kg), 0),
    shippers: new Set(rows.map((s) => s.shipper).filter((s) => s !== null)).size,
  };
  const byMonth = groupsOf(
    rows.filter((s) => s.departure_date !== null),
    monthIn(timeZone),
  ).sort((a, b) => a.key.localeCompare(b.key));
  const byShipper: q.ShipperRow[] = groupsOf(rows, (s) => s.shipper)
    .sort(byDefaultDesc)
    .slice(0, DASHBOARD_TOP)
    .map((g) => ({ ...g, weight: g.rows.reduce((a, s) => a + zero(s.weight_kg), 0) }));
  const ids = new Set(rows.map((s) => s.id));
  const byType = groupsOf(
    links.filter((l) => ids.has(l.shipment_id)),
    (l) => l.glec_vehicle_type ?? 'unknown',
  )
    .map((g) => ({ ...g, count: new Set(g.rows.map((l) => l.shipment_id)).size }))
    .sort(byDefaultDesc);
  return { totals, byMonth, byShipper, byType };
}

// ---- The calls ----

function tourFigures(
  ctx: AppContext,
  query: DashboardQuery,
  scope: FilterScope,
  timeZone: string,
  shippers: string[] | null,
) {
  const where = tourConditions(query, scope);
  return q.tourStats(ctx.db, where, timeZone, shippers, rollupPlan('tour', query, scope, where, 't'));
}

function shipmentFigures(ctx: AppContext, query: DashboardQuery, scope: FilterScope, timeZone: string) {
  const where = shipmentConditions(query, scope);
  return q.shipmentStats(ctx.db, where, timeZone, rollupPlan('shipment', query, scope, where, 's'));
}

/**
 * Carrier dashboard. With a shipper filter, or for an external read-only user limited to allowed
 * shippers, the tours are those carrying such shipments and the shipment count covers only those
 * shippers' shipments; the tour figures stay whole tours (a carrier's view).
 */
export async function tourStats(
  ctx: AppContext,
  actor: Actor,
  query: DashboardQuery,
  timeZone: string,
): Promise<TourStats> {
  const scope = await resolveFilterScope(ctx, actor, timeZone, query);
  const sample = actor.company.isBasic;
  const shippers = effectiveShippers(query, scope);
  const r = sample
    ? sampleTourStats(sampleTours(query, scope), shippers, timeZone)
    : await tourFigures(ctx, query, scope, timeZone, shippers);
  const { def, ind } = co2(r.totals);
  const tkm = zero(r.totals.tkm);
  const distance = zero(r.totals.distance);
  return {
    hubEmissions: zero(r.totals.hub),
    vehicles: Number(r.totals.vehicles),
    tours: Number(r.totals.count),
    distance,
    glecCo2Default: def.wtw,
    glecCo2Individual: ind?.wtw ?? null,
    trips: Number(r.totals.trips),
    intensity: intensity(def.wtw, tkm),
    shipments: Number(r.totals.shipments),
    emptyDistancePercentage: distance > 0 ? (zero(r.totals.empty) / distance) * 100 : null,
    co2Default: def,
    co2Individual: ind,
    tkm,
    byMonth: r.byMonth.map((g) => ({
      month: g.key,
      ...point(g),
      intensity: intensity(zero(g.dwtw), zero(g.tkm)),
    })),
    byVehicleType: r.byType.map((g) => ({ glecVehicleType: g.key, ...point(g) })),
    topVehicles: r.vehicles.map((v) => ({
      vehicleId: v.vehicle_id,
      licensePlate: v.license_plate,
      tours: Number(v.tours),
      distance: zero(v.distance),
      co2Default: zero(v.dwtw),
      intensity: intensity(zero(v.dwtw), zero(v.tkm)),
    })),
    sample,
    shipperScope: scope.shippers,
  };
}

/** Shipper dashboard with the per-shipper breakdown (the DASHBOARD_TOP largest emitters). */
export async function shipmentStats(
  ctx: AppContext,
  actor: Actor,
  query: DashboardQuery,
  timeZone: string,
): Promise<ShipmentStats> {
  const scope = await resolveFilterScope(ctx, actor, timeZone, query);
  const sample = actor.company.isBasic;
  const r = sample
    ? sampleShipmentStats(sampleShipments(query, scope), timeZone)
    : await shipmentFigures(ctx, query, scope, timeZone);
  const { def, ind } = co2(r.totals);
  const tkm = zero(r.totals.tkm);
  return {
    glecCo2Generic: def.wtw,
    glecCo2Individual: ind?.wtw ?? null,
    hubEmissions: zero(r.totals.hub),
    intensity: intensity(def.wtw, tkm),
    numShippers: Number(r.totals.shippers),
    shipments: Number(r.totals.count),
    transportActivity: tkm,
    weight: zero(r.totals.weight),
    co2Default: def,
    co2Individual: ind,
    byMonth: r.byMonth.map((g) => ({
      month: g.key,
      ...point(g),
      intensity: intensity(zero(g.dwtw), zero(g.tkm)),
    })),
    byVehicleType: r.byType.map((g) => ({ glecVehicleType: g.key, ...point(g) })),
    byShipper: r.byShipper.map((g) => ({
      shipper: g.key,
      shipments: Number(g.count),
      weight: zero(g.weight),
      transportActivity: zero(g.tkm),
      co2Default: zero(g.dwtw),
      co2Individual: g.icount > 0 ? zero(g.iwtw) : null,
      intensity: intensity(zero(g.dwtw), zero(g.tkm)),
    })),
    sample,
  };
}
