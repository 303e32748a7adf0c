/**
 * Dashboard benchmark (not a test): loads SHIPMENTS shipments on TOURS tours into PostgreSQL
 * (BENCH_DATABASE_URL or TEST_DATABASE_URL) straight with generate_series, then calls the two
 * stats routes and a filtered list page ROUNDS times each through the real app (inject, with a
 * bearer session) and prints p50/p95; when the export module is present it also times an export
 * of about 100,000 shipments from the request to the finished file.
 *   npm run bench:dashboards [-- shipments tours rounds]
 */
import { sql } from 'drizzle-orm';
import { rebuildStatsMonths, refreshTourShippers } from '../src/modules/tours/tours.rollups.repository.ts';
import { createContext } from '../src/platform/context.ts';
import { asCompanyId } from '../src/platform/tenant.ts';
import { buildApp } from '../src/app.ts';
import { createSession } from '../src/platform/auth/sessions.ts';
import { BENCH_EMAIL, benchCompany } from './company.ts';
import { benchContext, ms, pct, withBenchDatabase } from './database.ts';
import { BUILTIN_VERSION } from '../src/modules/locations/builtin.ts';
import { markDataset } from '../src/modules/locations/locations.repository.ts';

// BENCH_SMOKE=1: tiny data, for CI to check that the bench runs (never its speed).
const SMOKE = process.env.BENCH_SMOKE === '1';
const SHIPMENTS = Number(process.argv[2] ?? (SMOKE ? 2_000 : 1_000_000));
const TOURS = Number(process.argv[3] ?? (SMOKE ? 400 : 200_000));
const ROUNDS = Number(process.argv[4] ?? (SMOKE ? 2 : 50));
/** Concurrent HTTP connections and seconds per call of the load over loopback. */
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 8);
const HTTP_SECONDS = SMOKE ? 0.5 : Number(process.env.BENCH_SECONDS ?? 5);
const pgUrl = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL;
if (!pgUrl) {
  console.error('set BENCH_DATABASE_URL or TEST_DATABASE_URL (PostgreSQL)');
  process.exit(1);
}

async function main() {
  await withBenchDatabase(pgUrl as string, 'klimadesk_bench_dashboards', ({ url, kept }) => run(url, kept));
}

async function run(url: string, kept: boolean) {
  const ctx = await benchContext(url);
  const db = ctx.db;
  // BENCH_DB=<name> keeps the database, and a second run reuses its data (the load takes minutes).
  const reuse =
    kept &&
    (
      (await db.execute(sql`select 1 from users where email = ${BENCH_EMAIL}`)) as unknown as {
        rows: unknown[];
      }
    ).rows.length > 0;

  if (reuse) {
    const found = (await db.execute(
      sql`select u.id, u.company_id from users u where u.email = ${BENCH_EMAIL}`,
    )) as unknown as { rows: { id: string; company_id: string }[] };
    const [row] = found.rows;
    const { token } = await createSession(db, { id: row.id, companyId: row.company_id });
    console.log('reusing the data of the previous run');
    // A migration may have rewritten rows since; autovacuum would catch up after a real one.
    for (const table of [
      'tours',
      'shipments',
      'tour_shipments',
      'tour_stats_months',
      'shipment_stats_months',
    ])
      await db.execute(sql.raw(`vacuum analyze ${table}`));
    await measure(ctx, token);
    return;
  }
  const { company, user } = await benchCompany(db);
  const { token } = await createSession(db, { id: user.id, companyId: company.id });

  // ---- Load: deterministic ids (md5, shaped as version-4 uuids) link the tables without a lookup. ----
  await db.execute(sql`create or replace function bench_uuid(text) returns uuid language sql immutable
    as $$ select (substr(md5($1), 1, 12) || '4' || substr(md5($1), 14, 3) || '8' || substr(md5($1), 18))::uuid $$`);
  const perTour = Math.max(1, Math.round(SHIPMENTS / TOURS));
  const started = performance.now();
  await db.execute(sql`
    insert into tours (id, company_id, reference, departure, arrival, departure_date, arrival_date,
      glec_vehicle_type, vehicle_id, license_plate, weight_kg, distance_km, empty_distance_km,
      empty_running_share, tkm, temperature_control, shipment_count, co2_default_ttw, co2_default_wtt, co2_default_wtw,
      co2_individual_ttw, co2_individual_wtt, co2_individual_wtw, hub_co2_wtw, tags)
    select bench_uuid('t' || g), ${company.id}, 'T-' || g,
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
    select bench_uuid('s' || i), ${company.id}, 'S-' || i, 'A-' || i, 'Kunde ' || (i % 50), 'Ware ' || (i % 13),
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
      join tours t on t.id = bench_uuid('t' || (1 + (i - 1) / ${perTour}))`);
  await db.execute(sql`
    insert into tour_shipments (tour_id, shipment_id, company_id, carriage, weight_kg, distance_km, tkm, share,
      co2_default_ttw, co2_default_wtt, co2_default_wtw, co2_individual_ttw, co2_individual_wtt,
      co2_individual_wtw, hub_co2_wtw)
    select bench_uuid('t' || (1 + (i - 1) / ${perTour})), s.id, s.company_id,
      case when i % 7 = 0 then 'pre_carriage' else 'main_carriage' end, s.weight_kg,
      t.distance_km, s.tkm, 1.0 / ${perTour},
      s.co2_default_ttw, s.co2_default_wtt, s.co2_default_wtw, s.co2_individual_ttw,
      s.co2_individual_wtt, s.co2_individual_wtw, s.hub_co2_wtw
    from generate_series(1, ${TOURS * perTour}) i join shipments s on s.id = bench_uuid('s' || i)
      join tours t on t.id = bench_uuid('t' || (1 + (i - 1) / ${perTour}))`);
  // What the import keeps with the links: each tour's shippers.
  await refreshTourShippers(
    db,
    asCompanyId(company.id),
    sql`select id from tours where company_id = ${company.id}`,
  );
  await db.execute(sql`vacuum analyze tours`);
  await db.execute(sql`vacuum analyze shipments`);
  await db.execute(sql`vacuum analyze tour_shipments`);
  const loadSeconds = (performance.now() - started) / 1000;
  // The rows bypassed the import, which keeps the dashboards' monthly sums: build them whole.
  const sumsStarted = performance.now();
  await rebuildStatsMonths(db, asCompanyId(company.id));
  await db.execute(sql`vacuum analyze tour_stats_months`);
  await db.execute(sql`vacuum analyze shipment_stats_months`);
  console.log(`monthly sums built in ${((performance.now() - sumsStarted) / 1000).toFixed(1)} s`);
  console.log(
    `loaded ${TOURS.toLocaleString('en')} tours, ${(TOURS * perTour).toLocaleString('en')} shipments and links in ${loadSeconds.toFixed(1)} s`,
  );

  await measure(ctx, token);
}

async function measure(ctx: Awaited<ReturnType<typeof createContext>>, token: string) {
  const app = await buildApp(ctx, { logger: false });
  await app.ready();
  const call = async (url: string) => {
    const t0 = performance.now();
    const res = await app.inject({
      method: 'GET',
      url,
      headers: { authorization: `Bearer ${token}`, 'x-timezone': 'Europe/Berlin' },
    });
    const took = performance.now() - t0;
    if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body.slice(0, 300)}`);
    return took;
  };

  const cases: [string, string][] = [
    ['tour stats, all', '/api/dashboard-tour-stats'],
    [
      'tour stats, one quarter',
      '/api/dashboard-tour-stats?departureDate[after]=2025-04-01&departureDate[before]=2025-06-30',
    ],
    [
      'tour stats, 15 Apr – 20 Jul',
      '/api/dashboard-tour-stats?departureDate[after]=2025-04-15&departureDate[before]=2025-07-20',
    ],
    ['tour stats, 2 shippers', '/api/dashboard-tour-stats?shipper=Kunde%201&shipper=Kunde%202'],
    ['shipment stats, all', '/api/dashboard-shipment-stats'],
    [
      'shipment stats, one quarter',
      '/api/dashboard-shipment-stats?departureDate[after]=2025-04-01&departureDate[before]=2025-06-30',
    ],
    [
      'shipment stats, 15 Apr – 20 Jul',
      '/api/dashboard-shipment-stats?departureDate[after]=2025-04-15&departureDate[before]=2025-07-20',
    ],
    ['shipment stats, tag', '/api/dashboard-shipment-stats?tag=Tag%207'],
    [
      'tour list, filtered page',
      '/api/tours?departureDate[after]=2025-04-01&departureDate[before]=2025-06-30&tag=Tourtag%203&page=3',
    ],
    [
      'shipment list, filtered page',
      '/api/shipments?shipper=Kunde%207&departureDate[after]=2025-04-01&page=5',
    ],
    ['shipment list, search', '/api/shipments?search=S-4711'],
    ['tour list, search', '/api/tours?search=Kunde%2077'],
  ];
  console.log('\n| call | p50 | p95 | max |\n| --- | ---: | ---: | ---: |');
  for (const [name, url] of cases) {
    await call(url);
    const times: number[] = [];
    for (let i = 0; i < ROUNDS; i++) times.push(await call(url));
    console.log(`| ${name} | ${ms(pct(times, 50))} | ${ms(pct(times, 95))} | ${ms(Math.max(...times))} |`);
  }

  // ---- The same calls over HTTP, CONNECTIONS at a time (keep-alive, loopback). The load client
  // runs in this process, so it takes a share of the same CPU the server uses. ----
  // The bench data needs no places: the marker keeps the listening app from loading the built-in
  // locations while it is measured.
  await markDataset(ctx.db, 'builtin', BUILTIN_VERSION, 0);
  const address = await app.listen({ port: Number(process.env.BENCH_PORT ?? 0), host: '127.0.0.1' });
  const headers = { authorization: `Bearer ${token}`, 'x-timezone': 'Europe/Berlin' };
  console.log(
    `\n| call over HTTP (${CONNECTIONS} connections, ${HTTP_SECONDS} s) | req/s | p50 | p95 | errors |\n| --- | ---: | ---: | ---: | ---: |`,
  );
  for (const [name, url] of cases) {
    const times: number[] = [];
    let errors = 0;
    const end = performance.now() + HTTP_SECONDS * 1000;
    const started = performance.now();
    await Promise.all(
      Array.from({ length: CONNECTIONS }, async () => {
        while (performance.now() < end) {
          const t0 = performance.now();
          const res = await fetch(`${address}${url}`, { headers });
          await res.arrayBuffer();
          if (res.status !== 200) errors++;
          times.push(performance.now() - t0);
        }
      }),
    );
    const rate = times.length / ((performance.now() - started) / 1000);
    console.log(
      `| ${name} | ${rate.toFixed(1)} | ${ms(pct(times, 50))} | ${ms(pct(times, 95))} | ${errors} |`,
    );
    if (errors) process.exitCode = 1;
  }

  // ---- Export of about 100,000 shipments (five of the fifty shippers), when the module exists. ----
  let exportsPresent = false;
  try {
    await import('../src/modules/exports/exports.job.ts');
    exportsPresent = true;
  } catch {
    console.log('\nexport: not measured');
  }
  if (exportsPresent) {
    const shippers = [0, 1, 2, 3, 4].map((n) => `shipper=Kunde%20${n}`).join('&');
    const t0 = performance.now();
    const res = await app.inject({
      method: 'GET',
      url: `/api/shipments/export?${shippers}`,
      headers: { authorization: `Bearer ${token}`, 'x-timezone': 'Europe/Berlin' },
    });
    if (res.statusCode !== 202) throw new Error(`export: ${res.statusCode} ${res.body.slice(0, 300)}`);
    const job = res.json() as { id: string; totalRows?: number };
    await ctx.jobs.drain();
    const seconds = (performance.now() - t0) / 1000;
    const done = await app.inject({
      method: 'GET',
      url: `/api/export-jobs/${job.id}`,
      headers: { authorization: `Bearer ${token}` },
    });
    console.log(
      `\nexport of ${JSON.stringify(done.json().totalRows ?? job.totalRows)} shipments: ${seconds.toFixed(1)} s, status ${done.json().status}`,
    );
  }
  await app.close();
  await ctx.close();
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
