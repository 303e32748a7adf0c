import { type SQL, and, count, eq, gte, isNotNull, lt, sql, sum } from 'drizzle-orm';
import { type DbOrTx, rowsOf } from '../../platform/db/index.ts';
import type { CompanyId } from '../../platform/tenant.ts';
import type { FilterScope, Filters } from './tours.filters.ts';
import { shipmentConditions } from './tours.filters.repository.ts';
import { linkTkm } from './tours.repository.ts';
import { tours } from './tours.schema.ts';

// Sums other modules report: a shipper's statement (statements) and a year's freight for the
// carbon footprint (cfc). The SQL stays here, with the tables it reads.

/** The filtered shipments as `shipments s` (company, shipper, departure days, as the shipment list). */
const inPeriod = (filters: Filters, scope: FilterScope): SQL =>
  sql`s.company_id = ${scope.companyId} and (${shipmentConditions(filters, scope, 's')})`;

/**
 * The reported figure of a row (a tour, or a tour's link to a shipment): the individual (fuel-based,
 * measured) result where the row has one, else the GLEC default (docs/decisions/0010, 2.). One rule
 * for every sum below; the statement's primary data share counts the measured part.
 */
const isMeasured = (alias: string) => sql.raw(`${alias}.co2_individual_wtw is not null`);
const reportedCo2 = (alias: string, part: 'ttw' | 'wtt' | 'wtw') =>
  sql`case when ${isMeasured(alias)} then ${sql.raw(`${alias}.co2_individual_${part}`)}
    else ${sql.raw(`${alias}.co2_default_${part}`)} end`;

/** Leg figures of the filtered shipments summed per transport mode (kg CO2e, tkm, leg counts). */
export type ModeSums = {
  mode: string;
  shipments: number;
  tkm: number;
  ttw: number;
  wtt: number;
  wtw: number;
  fuelWtw: number;
  hubWtw: number;
  defaultLegs: number;
  fuelLegs: number;
};

/**
 * Leg figures summed per transport mode, a vehicle type's mode given by `modes` (road when not
 * listed). Per leg the reported figure is the individual (fuel-based) result where one exists and
 * the default otherwise; the transport activity of a leg is the tkm stored on the link (mass x
 * transport distance, read through linkTkm).
 */
export async function shipmentSumsByMode(
  db: DbOrTx,
  filters: Filters,
  scope: FilterScope,
  modes: [type: string, mode: string][],
): Promise<ModeSums[]> {
  const values = sql.join(
    modes.map(([type, mode]) => sql`(${type}, ${mode})`),
    sql`, `,
  );
  const res = await db.execute(sql`
    with modes(type, mode) as (values ${values}),
    legs as (
      select s.id as shipment_id,
        coalesce(m.mode, 'road') as mode,
        ${isMeasured('ts')} as fuel,
        ${linkTkm('ts')} as tkm,
        ${reportedCo2('ts', 'ttw')} as ttw,
        ${reportedCo2('ts', 'wtt')} as wtt,
        ${reportedCo2('ts', 'wtw')} as wtw,
        coalesce(ts.hub_co2_wtw, 0) as hub
      from shipments s
      join tour_shipments ts on ts.shipment_id = s.id and ts.company_id = s.company_id
      join tours t on t.id = ts.tour_id and t.company_id = s.company_id
      left join modes m on m.type = t.glec_vehicle_type
      where ${inPeriod(filters, scope)}
    )
    select mode,
      count(distinct shipment_id)::int as shipments,
      coalesce(sum(tkm), 0)::float8 as tkm,
      coalesce(sum(ttw), 0)::float8 as ttw,
      coalesce(sum(wtt), 0)::float8 as wtt,
      coalesce(sum(wtw), 0)::float8 as wtw,
      coalesce(sum(case when fuel then wtw else 0 end), 0)::float8 as fuel_wtw,
      coalesce(sum(hub), 0)::float8 as hub_wtw,
      count(*) filter (where not fuel)::int as default_legs,
      count(*) filter (where fuel)::int as fuel_legs
    from legs group by mode order by mode`);
  return rowsOf<Record<string, unknown>>(res).map((r) => ({
    mode: String(r.mode),
    shipments: Number(r.shipments),
    tkm: Number(r.tkm),
    ttw: Number(r.ttw),
    wtt: Number(r.wtt),
    wtw: Number(r.wtw),
    fuelWtw: Number(r.fuel_wtw),
    hubWtw: Number(r.hub_wtw),
    defaultLegs: Number(r.default_legs),
    fuelLegs: Number(r.fuel_legs),
  }));
}

/** Number and weight of the filtered shipments (each shipment once). */
export async function shipmentTotals(
  db: DbOrTx,
  filters: Filters,
  scope: FilterScope,
): Promise<{ shipments: number; weightKg: number }> {
  const res = await db.execute(sql`
    select count(*)::int as n, coalesce(sum(s.weight_kg), 0)::float8 as w
    from shipments s where ${inPeriod(filters, scope)}`);
  const [r] = rowsOf<{ n: number; w: number }>(res);
  return { shipments: Number(r?.n ?? 0), weightKg: Number(r?.w ?? 0) };
}

/** The factor sets of the filtered shipments' results (default or fuel-based, per leg), with the GWP basis of each. */
export async function shipmentFactorSets(
  db: DbOrTx,
  filters: Filters,
  scope: FilterScope,
): Promise<{ id: string; version: string; gwp: string | null }[]> {
  const res = await db.execute(sql`
    select distinct fs->>'id' as id, fs->>'version' as version, fs->>'gwp' as gwp
    from shipments s
    join tour_shipments ts on ts.shipment_id = s.id and ts.company_id = s.company_id
    join tours t on t.id = ts.tour_id and t.company_id = s.company_id
    cross join lateral (select case when ${isMeasured('ts')}
      then coalesce(t.individual_result->'factorSet', t.default_result->'factorSet')
      else t.default_result->'factorSet' end as fs) f
    where ${inPeriod(filters, scope)} and fs is not null
    order by 1, 2, 3`);
  return rowsOf<{ id: string; version: string; gwp: string | null }>(res)
    .filter((r) => r.id && r.version)
    .map((r) => ({ id: r.id, version: r.version, gwp: r.gwp ?? null }));
}

/** Sums of a group of tours, kg CO2e, tkm and km (null sums read as 0). */
export type TourSums = { count: number; ttw: number; wtt: number; wtw: number; tkm: number; km: number };

const num = (v: unknown) => (v === null || v === undefined ? 0 : Number(v));
const tourSumsOf = (row: Partial<Record<keyof TourSums, unknown>> | undefined): TourSums => ({
  count: num(row?.count),
  ttw: num(row?.ttw),
  wtt: num(row?.wtt),
  wtw: num(row?.wtw),
  tkm: num(row?.tkm),
  km: num(row?.km),
});

/**
 * Tours departing in [from, to): on a vehicle of the company's fleet (the import matched its plate,
 * `vehicle_id`) or not. A tour's figure is its reported one (`reportedCo2`); transhipment hubs are
 * left out (the company's own sites report their energy in scopes 1 and 2).
 */
export async function tourSumsByFleet(
  db: DbOrTx,
  companyId: CompanyId,
  from: Date,
  to: Date,
): Promise<{ own: TourSums; other: TourSums }> {
  const own = isNotNull(tours.vehicleId);
  const rows = await db
    .select({
      own,
      count: count(),
      ttw: sum(reportedCo2('tours', 'ttw')),
      wtt: sum(reportedCo2('tours', 'wtt')),
      wtw: sum(reportedCo2('tours', 'wtw')),
      tkm: sum(tours.tkm),
      km: sum(tours.distanceKm),
    })
    .from(tours)
    .where(and(eq(tours.companyId, companyId), gte(tours.departureDate, from), lt(tours.departureDate, to)))
    .groupBy(own);
  return {
    own: tourSumsOf(rows.find((r) => r.own === true)),
    other: tourSumsOf(rows.find((r) => r.own !== true)),
  };
}
