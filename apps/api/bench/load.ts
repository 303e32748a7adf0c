/**
 * Bench data straight with generate_series (no import): TOURS tours with SHIPMENTS shipments and
 * their links for one company, deterministic ids (md5, shaped as version-4 uuids) so the tables link
 * without a look-up. The dashboards bench measures over it; the import and bulk benches load it as
 * the rows a large tenant already holds (`BENCH_BASE_SHIPMENTS`).
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../src/platform/db/index.ts';
import { refreshTourShippers, rebuildStatsMonths } from '../src/modules/tours/tours.rollups.repository.ts';
import { asCompanyId } from '../src/platform/tenant.ts';
import { insertCompany } from '../src/modules/companies/companies.repository.ts';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
const LOADED_TABLES = ['tours', 'shipments', 'tour_shipments'];

/**
 * A bulk load's usual order (PostgreSQL manual, "Populating a Database", §14.4.3 and §14.4.4): the
 * rows go in without the tables' secondary indexes and foreign-key checks, the indexes are built
 * after. Kept: primary keys and every index a constraint uses (the loads join on them). The rows
 * are made consistent, so skipping the checks (`session_replication_role = replica`) hides nothing.
 */
async function withoutSecondaryIndexes(db: Db, load: (tx: Tx) => Promise<void>): Promise<void> {
  const found = (await db.execute(sql`
    select i.indexname as name, i.indexdef as def from pg_indexes i
    where i.schemaname = current_schema() and i.tablename in (${sql.join(
      LOADED_TABLES.map((t) => sql`${t}`),
      sql`, `,
    )})
      and not exists (select 1 from pg_constraint c where c.conindid = (quote_ident(i.indexname))::regclass)`)) as unknown as {
    rows: { name: string; def: string }[];
  };
  await db.transaction(async (tx) => {
    for (const { name } of found.rows) await tx.execute(sql.raw(`drop index "${name}"`));
    // Only a superuser may skip the checks; others load with them (slower, same rows).
    const su = (await tx.execute(
      sql`select rolsuper from pg_roles where rolname = current_user`,
    )) as unknown as {
      rows: { rolsuper: boolean }[];
    };
    if (su.rows[0]?.rolsuper) await tx.execute(sql`set local session_replication_role = replica`);
    await load(tx);
  });
  await db.transaction(async (tx) => {
    await tx.execute(sql`set local maintenance_work_mem = '1GB'`);
    for (const { def } of found.rows) await tx.execute(sql.raw(def));
  });
}

export async function loadShipments(
  db: Db,
  company: { id: string },
  SHIPMENTS: number,
  TOURS: number,
  options: { prefix?: string } = {},
): Promise<void> {
  // Another prefix keeps the ids and references of a second load apart from the first.
  const p = options.prefix ?? '';
  await db.execute(sql`create or replace function bench_uuid(text) returns uuid language sql immutable
    as $$ select (substr(md5($1), 1, 12) || '4' || substr(md5($1), 14, 3) || '8' || substr(md5($1), 18))::uuid $$`);
  const perTour = Math.max(1, Math.round(SHIPMENTS / TOURS));
  await withoutSecondaryIndexes(db, async (tx) => {
    await insertRows(tx, company, p, TOURS, perTour);
    // What the import keeps with the links: each tour's shippers. Set before the indexes are
    // rebuilt, so the update of every tour maintains none of them.
    await refreshTourShippers(
      tx,
      asCompanyId(company.id),
      sql`select id from tours where company_id = ${company.id}`,
    );
  });
  for (const table of LOADED_TABLES) await db.execute(sql.raw(`vacuum analyze ${table}`));
}

/** The tours, their shipments and the links, computed in the database. */
async function insertRows(db: Tx, company: { id: string }, p: string, TOURS: number, perTour: number) {
  await db.execute(sql`
    insert into tours (id, company_id, reference, departure, arrival, departure_date, arrival_date,
      glec_vehicle_type, vehicle_id, license_plate, weight_kg, distance_km, empty_distance_km,
      empty_running_share, tkm, temperature_control, shipment_count, co2_default_ttw, co2_default_wtt, co2_default_wtw,
      co2_individual_ttw, co2_individual_wtt, co2_individual_wtw, hub_co2_wtw, tags)
    select bench_uuid(${p + 't'} || g), ${company.id}, 'T-' || g,
      jsonb_build_object('name', 'Lager ' || (g % 40), 'city', 'Stadt ' || (g % 40), 'zip', null, 'country', 'DE'),
      jsonb_build_object('name', 'Kunde ' || (g % 90), 'city', 'Ort ' || (g % 90), 'zip', null, 'country', 'DE'),
      timestamptz '2025-01-01 00:00+00' + ((g % 730) || ' days')::interval + ((g % 24) || ' hours')::interval,
      timestamptz '2025-01-01 06:00+00' + ((g % 730) || ' days')::interval,
      (array['road_in_tractor_30_60t_diesel', 'road_in_12_20t_diesel', 'road_in_7_5_12t_diesel'])[1 + g % 3],
      bench_uuid('v' || (g % 500)), 'KD-' || (g % 500),
      d.w, d.km, d.km * 0.1, 0.1, d.w / 1000.0 * d.km,
      g % 7 = 0, ${perTour},
      d.km * d.w * 0.00006, d.km * d.w * 0.00002, d.km * d.w * 0.00008,
      case when g % 3 = 0 then d.km * d.w * 0.00005 end,
      case when g % 3 = 0 then d.km * d.w * 0.00002 end,
      case when g % 3 = 0 then d.km * d.w * 0.00007 end,
      case when g % 5 = 0 then 3.5 else 0 end,
      array['Tourtag ' || (g % 20)]
    from generate_series(1, ${TOURS}) g,
      lateral (select (${perTour} * (500 + (g % 900)))::float8 as w, (50 + (g % 700))::float8 as km) d`);
  await db.execute(sql`
    insert into shipments (id, company_id, reference, order_number, shipper, description, weight_kg,
      origin, destination, departure_date, co2_default_ttw, co2_default_wtt, co2_default_wtw,
      co2_individual_ttw, co2_individual_wtt, co2_individual_wtw, hub_co2_wtw, tags, tkm,
      glec_vehicle_type, tour_count)
    select bench_uuid(${p + 's'} || i), ${company.id}, 'S-' || i, 'A-' || i, 'Kunde ' || (i % 50), 'Ware ' || (i % 13),
      t.weight_kg / ${perTour},
      jsonb_build_object('name', null, 'city', 'Stadt ' || (i % 40), 'zip', null, 'country', 'DE'),
      jsonb_build_object('name', null, 'city', 'Ort ' || (i % 90), 'zip', null, 'country', 'DE'),
      t.departure_date,
      t.co2_default_ttw / ${perTour}, t.co2_default_wtt / ${perTour}, t.co2_default_wtw / ${perTour},
      t.co2_individual_ttw / ${perTour}, t.co2_individual_wtt / ${perTour}, t.co2_individual_wtw / ${perTour},
      case when i % 5 = 0 then 1.5 else 0 end,
      array['Tag ' || (i % 30)],
      -- As the import writes them: one tour each, so its tkm and vehicle type are that link's.
      t.weight_kg / ${perTour} / 1000.0 * t.distance_km, t.glec_vehicle_type, 1
    from generate_series(1, ${TOURS * perTour}) i
      join tours t on t.id = bench_uuid(${p + 't'} || (1 + (i - 1) / ${perTour}))`);
  await db.execute(sql`
    insert into tour_shipments (tour_id, shipment_id, company_id, carriage, weight_kg, distance_km, tkm, share,
      co2_default_ttw, co2_default_wtt, co2_default_wtw, co2_individual_ttw, co2_individual_wtt,
      co2_individual_wtw, hub_co2_wtw)
    select bench_uuid(${p + 't'} || (1 + (i - 1) / ${perTour})), s.id, s.company_id,
      case when i % 7 = 0 then 'pre_carriage' else 'main_carriage' end, s.weight_kg,
      t.distance_km, s.tkm, 1.0 / ${perTour},
      s.co2_default_ttw, s.co2_default_wtt, s.co2_default_wtw, s.co2_individual_ttw,
      s.co2_individual_wtt, s.co2_individual_wtw, s.hub_co2_wtw
    from generate_series(1, ${TOURS * perTour}) i join shipments s on s.id = bench_uuid(${p + 's'} || i)
      join tours t on t.id = bench_uuid(${p + 't'} || (1 + (i - 1) / ${perTour}))`);
}

/** The daily and monthly sums the import would have kept, rebuilt whole for rows loaded around it. */
export async function rebuildSums(db: Db, companyId: string): Promise<void> {
  await rebuildStatsMonths(db, asCompanyId(companyId));
  for (const table of [
    'tour_stats_months',
    'shipment_stats_months',
    'tour_stats_days',
    'shipment_stats_days',
  ])
    await db.execute(sql.raw(`vacuum analyze ${table}`));
}

const PRESENT_COMPANY = 'Bestand GmbH';

/**
 * Fills the tables with `n` shipments of another company first (BENCH_BASE_SHIPMENTS), so a bench
 * writes into tables and indexes of that size; prints how long the load took.
 */
export async function loadPresentShipments(db: Db, n: number, log = console.log): Promise<void> {
  const t0 = performance.now();
  // A kept database (BENCH_DB) whose tables hold that many from an earlier run (of any company,
  // the dashboards bench's load included): the load took minutes.
  const present = (await db.execute(sql`select count(*)::int n from shipments`)) as unknown as {
    rows: { n: number }[];
  };
  if (present.rows[0]!.n >= n) {
    log(`reusing ${present.rows[0]!.n.toLocaleString('en')} shipments present`);
    return;
  }
  const other = await insertCompany(db, {
    name: PRESENT_COMPANY,
    street: 'Weg 2',
    zipcode: '10115',
    city: 'Berlin',
    country: 'DE',
    isBasic: false,
    unlocked: true,
    isPayingCustomer: true,
    modules: ['cft'],
    initialModule: 'cft',
  } as never);
  await loadShipments(db, other, n, Math.max(1, Math.round(n / 5)), { prefix: 'base' });
  log(
    `loaded ${n.toLocaleString('en')} shipments present in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
  );
}
