import type { DashboardQuery, ShipmentStats, TourStats } from '@klimadesk/contract';
import type { AppContext } from '../../platform/context.ts';
import type { Actor } from '../../platform/access.ts';
import {
  type FigureGroup,
  type FigureTotals,
  type FilterScope,
  intensity,
  isSample,
  resolveFilterScope,
  shipmentFigures,
  statsVersion,
  tourFigures,
} from '../tours/index.ts';
import { VersionedCache } from '../../platform/versioned-cache.ts';

const num = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));
const zero = (v: unknown): number => num(v) ?? 0;

function co2(t: FigureTotals) {
  return {
    def: { ttw: zero(t.dttw), wtt: zero(t.dwtt), wtw: zero(t.dwtw) },
    // Individual totals sum the rows that have a fuel-based result; none of them: null.
    ind: t.icount > 0 ? { ttw: zero(t.ittw), wtt: zero(t.iwtt), wtw: zero(t.iwtw) } : null,
  };
}

const point = (g: FigureGroup) => ({
  co2Default: zero(g.dwtw),
  co2Individual: g.icount > 0 ? zero(g.iwtw) : null,
  tkm: zero(g.tkm),
  count: Number(g.count),
});

/** The by-month and by-vehicle-type series both dashboards show. */
const series = (r: { byMonth: FigureGroup[]; byType: FigureGroup[] }) => ({
  byMonth: r.byMonth.map((g) => ({
    month: g.key,
    ...point(g),
    intensity: intensity(zero(g.dwtw), zero(g.tkm)),
  })),
  byVehicleType: r.byType.map((g) => ({ glecVehicleType: g.key, ...point(g) })),
});

/** The caller's filter scope and the figures `read` answers in it, with their CO2 totals and tkm. */
async function scopedFigures<F extends { totals: FigureTotals }>(
  ctx: AppContext,
  actor: Actor,
  query: DashboardQuery,
  timeZone: string,
  kind: 'tours' | 'shipments',
  read: (db: AppContext['db'], filters: DashboardQuery, scope: FilterScope) => Promise<F>,
) {
  const scope = await resolveFilterScope(ctx, actor, timeZone, query);
  // Dashboards read from the replica when there is one (docs/scaling.md): a moment's lag is fine.
  // Answers are kept per company stats version: users of a company asking the same see one query.
  const compute = () => read(ctx.readDb, query, scope);
  const version = ctx.config.dashboardCache ? await statsVersion(ctx.readDb, scope.companyId) : null;
  const key = JSON.stringify([kind, scope.companyId, scope.timeZone, scope.shippers, sortedEntries(query)]);
  const r = version === null ? await compute() : ((await answersOf(ctx).get(key, version, compute)) as F);
  return { scope, r, ...co2(r.totals), tkm: zero(r.totals.tkm) };
}

/** Answers per app (each test app has its own database); enough for every dashboard of many companies. */
const answers = new WeakMap<AppContext, VersionedCache<unknown>>();
const answersOf = (ctx: AppContext) => {
  let cache = answers.get(ctx);
  if (!cache) answers.set(ctx, (cache = new VersionedCache<unknown>(DASHBOARD_ANSWERS)));
  return cache;
};
const DASHBOARD_ANSWERS = 500;
/** The query's parameters in one order, so equal filters are one key. */
const sortedEntries = (q: object) =>
  Object.entries(q)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => a.localeCompare(b));

/**
 * Carrier dashboard. With a shipper filter, or for an external read-only user limited to allowed
 * shippers, the tours are those carrying such shipments and the shipment count covers only those
 * shippers' shipments; the tour figures stay whole tours (a carrier's view). Basic companies get
 * the sample company's figures from the same queries (readCompany in tours).
 */
export async function tourStats(
  ctx: AppContext,
  actor: Actor,
  query: DashboardQuery,
  timeZone: string,
): Promise<TourStats> {
  const { scope, r, def, ind, tkm } = await scopedFigures(ctx, actor, query, timeZone, 'tours', tourFigures);
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
    // GLEC empty running as the engine applies it: empty km / (loaded km + empty km) ([S2] iLEAP).
    emptyDistancePercentage:
      distance + zero(r.totals.empty) > 0
        ? (zero(r.totals.empty) / (distance + zero(r.totals.empty))) * 100
        : null,
    co2Default: def,
    co2Individual: ind,
    tkm,
    ...series(r),
    topVehicles: r.vehicles.map((v) => ({
      vehicleId: v.vehicle_id,
      licensePlate: v.license_plate,
      tours: Number(v.tours),
      distance: zero(v.distance),
      co2Default: zero(v.dwtw),
      intensity: intensity(zero(v.dwtw), zero(v.tkm)),
    })),
    sample: isSample(scope),
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
  const { scope, r, def, ind, tkm } = await scopedFigures(
    ctx,
    actor,
    query,
    timeZone,
    'shipments',
    shipmentFigures,
  );
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
    ...series(r),
    byShipper: r.byShipper.map((g) => ({
      shipper: g.key,
      shipments: Number(g.count),
      weight: zero(g.weight),
      transportActivity: zero(g.tkm),
      co2Default: zero(g.dwtw),
      co2Individual: g.icount > 0 ? zero(g.iwtw) : null,
      intensity: intensity(zero(g.dwtw), zero(g.tkm)),
    })),
    sample: isSample(scope),
  };
}
