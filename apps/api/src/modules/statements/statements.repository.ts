import { type SQL, sql } from 'drizzle-orm';
import { type DbOrTx, rowsOf } from '../../platform/db/index.ts';
import { type ModeRow, vehicleTypeModes } from './statements.math.ts';
import { linkTkm } from '../tours/index.ts';
import type { CompanyId } from '../../platform/tenant.ts';

/**
 * The statement's shipments: a condition on `shipments s` (company, shipper, departure days)
 * from the shared list filters, so the statement and the shipment list agree row for row.
 */
export type StatementPeriod = { companyId: CompanyId; where: SQL };

const inPeriod = (p: StatementPeriod) => sql`s.company_id = ${p.companyId} and (${p.where})`;

/**
 * Leg figures summed per transport mode. Per leg the reported figure is the individual
 * (fuel-based) result where one exists and the default otherwise; the transport activity of a
 * leg is the tkm stored on the link (mass x transport distance, read through tours' linkTkm).
 */
export async function totalsByMode(db: DbOrTx, p: StatementPeriod): Promise<ModeRow[]> {
  const modes = vehicleTypeModes();
  const values = sql.join(
    modes.map(([type, mode]) => sql`(${type}, ${mode})`),
    sql`, `,
  );
  const res = await db.execute(sql`
    with modes(type, mode) as (values ${values}),
    legs as (
      select s.id as shipment_id,
        coalesce(m.mode, 'road') as mode,
        ts.co2_individual_wtw is not null as fuel,
        ${linkTkm('ts')} as tkm,
        case when ts.co2_individual_wtw is not null then ts.co2_individual_ttw else ts.co2_default_ttw end as ttw,
        case when ts.co2_individual_wtw is not null then ts.co2_individual_wtt else ts.co2_default_wtt end as wtt,
        coalesce(ts.co2_individual_wtw, ts.co2_default_wtw) as wtw,
        coalesce(ts.hub_co2_wtw, 0) as hub
      from shipments s
      join tour_shipments ts on ts.shipment_id = s.id and ts.company_id = s.company_id
      join tours t on t.id = ts.tour_id and t.company_id = s.company_id
      left join modes m on m.type = t.glec_vehicle_type
      where ${inPeriod(p)}
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

/** Number and weight of the shipper's shipments in the period (each shipment once). */
export async function shipmentTotals(
  db: DbOrTx,
  p: StatementPeriod,
): Promise<{ shipments: number; weightKg: number }> {
  const res = await db.execute(sql`
    select count(*)::int as n, coalesce(sum(s.weight_kg), 0)::float8 as w
    from shipments s where ${inPeriod(p)}`);
  const [r] = rowsOf<{ n: number; w: number }>(res);
  return { shipments: Number(r?.n ?? 0), weightKg: Number(r?.w ?? 0) };
}

/** The factor sets of the results the statement reports (default or fuel-based, per leg), with the GWP basis of each. */
export async function factorSets(
  db: DbOrTx,
  p: StatementPeriod,
): Promise<{ id: string; version: string; gwp: string | null }[]> {
  const res = await db.execute(sql`
    select distinct fs->>'id' as id, fs->>'version' as version, fs->>'gwp' as gwp
    from shipments s
    join tour_shipments ts on ts.shipment_id = s.id and ts.company_id = s.company_id
    join tours t on t.id = ts.tour_id and t.company_id = s.company_id
    cross join lateral (select case when ts.co2_individual_wtw is not null
      then coalesce(t.individual_result->'factorSet', t.default_result->'factorSet')
      else t.default_result->'factorSet' end as fs) f
    where ${inPeriod(p)} and fs is not null
    order by 1, 2, 3`);
  return rowsOf<{ id: string; version: string; gwp: string | null }>(res)
    .filter((r) => r.id && r.version)
    .map((r) => ({ id: r.id, version: r.version, gwp: r.gwp ?? null }));
}

export async function companyAddress(db: DbOrTx, companyId: CompanyId) {
  const res = await db.execute(
    sql`select name, street, zipcode, city, country from companies where id = ${companyId}`,
  );
  const [r] = rowsOf<{ name: string; street: string; zipcode: string; city: string; country: string | null }>(
    res,
  );
  return r ?? null;
}
