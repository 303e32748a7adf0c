/**
 * Orders benchmark (not a test), against PostgreSQL (BENCH_DATABASE_URL or TEST_DATABASE_URL):
 * 1. order creation with three legs (postal code → port by road, port → port by sea, port → city by
 *    road; every distance from the location service, every leg through the engine), CONCURRENCY
 *    requests in flight for SECONDS: requests per second and p95;
 * 2. the order list over ORDERS orders (loaded straight with generate_series): first page, a later
 *    page, a filtered page, a search and a sort, ROUNDS times each: p50/p95.
 * The calls go through the real app (inject, bearer session), so routing, validation and
 * serialisation are in the figures; the network is not.
 *   npm run bench:orders [-- orders rounds seconds]
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app.ts';
import { createSession } from '../src/platform/auth/sessions.ts';
import type { Db } from '../src/platform/db/index.ts';
import { ensureBuiltinLocations } from '../src/modules/locations/builtin-loader.ts';
import { benchCompany } from './company.ts';
import { benchContext, ms, pct, withBenchDatabase } from './database.ts';
import { workedExampleOrder } from '../test/orders.ts';

// BENCH_SMOKE=1 (CI): tiny sizes, to show the bench still runs; its figures mean nothing.
const smoke = process.env.BENCH_SMOKE === '1';
const ORDERS = Number(process.argv[2] ?? (smoke ? 500 : 100_000));
const ROUNDS = Number(process.argv[3] ?? (smoke ? 3 : 50));
const SECONDS = Number(process.argv[4] ?? (smoke ? 2 : 20));
const CONCURRENCY = 4;
const pgUrl = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL;
if (!pgUrl) {
  console.error('set BENCH_DATABASE_URL or TEST_DATABASE_URL (PostgreSQL)');
  process.exit(1);
}

// City-centre postal codes of 14 German cities.
const ZIPS = [
  '20095',
  '10115',
  '80331',
  '50667',
  '60311',
  '70173',
  '40213',
  '04109',
  '01067',
  '30159',
  '28195',
  '90402',
  '44135',
  '45127',
];
/** The worked example of issue 17 from a changing postal code, so the location look-ups vary. */
const orderBody = (n: number) =>
  workedExampleOrder({ number: `B-${n}`, client: `Kunde ${n % 50}` }, ZIPS[n % ZIPS.length]);

async function main() {
  await withBenchDatabase(pgUrl as string, 'klimadesk_bench_orders', ({ url }) => run(url));
}

type Headers = Record<string, string>;

async function run(url: string) {
  const ctx = await benchContext(url);
  const db = ctx.db;
  // The shipped postal codes, cities and ports load after the start in production; wait for them here.
  await ensureBuiltinLocations(db);
  const { company, user } = await benchCompany(db);
  const { token } = await createSession(db, { id: user.id, companyId: company.id });
  const app = await buildApp(ctx, { logger: false });
  await app.ready();
  const headers = { authorization: `Bearer ${token}`, 'x-timezone': 'Europe/Berlin' };

  await benchCreation(app, headers);
  await loadOrders(db, company.id);
  await benchList(app, headers);
  await app.close();
  await ctx.close();
}

/** 1. Order creation with three legs. */
async function benchCreation(app: FastifyInstance, headers: Headers) {
  let n = 0;
  const create = async () => {
    const t0 = performance.now();
    const res = await app.inject({ method: 'POST', url: '/api/orders', headers, payload: orderBody(n++) });
    if (res.statusCode !== 201) throw new Error(`create: ${res.statusCode} ${res.body.slice(0, 300)}`);
    return performance.now() - t0;
  };
  for (let i = 0; i < 20; i++) await create(); // warm the location caches and the JIT
  const latencies: number[] = [];
  const started = performance.now();
  const end = started + SECONDS * 1000;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (performance.now() < end) latencies.push(await create());
    }),
  );
  const rate = latencies.length / ((performance.now() - started) / 1000);
  console.log(
    `order creation, 3 legs, ${CONCURRENCY} in flight: ${rate.toFixed(1)} orders/s, p50 ${ms(pct(latencies, 50))}, p95 ${ms(pct(latencies, 95))} (${latencies.length} orders)`,
  );
}

/** 2. The list over ORDERS orders: rows copied from a created order, 10 % with a second alternative. */
async function loadOrders(db: Db, companyId: string) {
  const loadStarted = performance.now();
  await db.execute(sql`
    insert into orders (company_id, number, client, cargo_type, quantity, freight_type, gross_weight,
      gross_weight_unit, container_load, container_spec, temperature_control, date, label, status,
      alternative_group_id, position, co2_ttw, co2_wtt, co2_wtw, hub_co2_wtw, tkm, intensity, modes, hubs)
    select o.company_id, 'L-' || g, 'Kunde ' || (g % 500), o.cargo_type, o.quantity,
      (array['container', 'unit_cargo', 'bulk'])[1 + g % 3], 1 + g % 24, 't', o.container_load, o.container_spec,
      g % 9 = 0, date '2024-01-01' + (g % 1000), case when g % 4 = 0 then 'Label ' || (g % 30) end,
      (array['open', 'confirmed', 'completed', 'cancelled'])[1 + g % 4],
      gen_random_uuid(), 1, o.co2_ttw * (1 + g % 7), o.co2_wtt * (1 + g % 7), o.co2_wtw * (1 + g % 7),
      o.hub_co2_wtw, o.tkm * (1 + g % 7), o.intensity, o.modes, o.hubs
    from generate_series(1, ${ORDERS}) g, (select * from orders where company_id = ${companyId} limit 1) o`);
  await db.execute(sql`
    insert into orders (company_id, number, client, cargo_type, quantity, freight_type, gross_weight,
      gross_weight_unit, container_load, container_spec, temperature_control, date, label, status,
      alternative_group_id, position, co2_ttw, co2_wtt, co2_wtw, hub_co2_wtw, tkm, intensity, modes, hubs)
    select company_id, number || '-A', client, cargo_type, quantity, freight_type, gross_weight, gross_weight_unit,
      container_load, container_spec, temperature_control, date, label, status, alternative_group_id, 2,
      co2_ttw * 0.6, co2_wtt * 0.6, co2_wtw * 0.6, hub_co2_wtw, tkm, intensity * 0.6, modes, hubs
    from orders where company_id = ${companyId} and number like 'L-%' and right(number, 1) = '7'`);
  await db.execute(sql`vacuum analyze orders`);
  const total = (await db.execute(
    sql`select count(*)::int as n from orders where company_id = ${companyId}`,
  )) as unknown as {
    rows: { n: number }[];
  };
  console.log(
    `loaded ${total.rows[0].n.toLocaleString('en')} orders in ${((performance.now() - loadStarted) / 1000).toFixed(1)} s`,
  );
}

/** The list calls, ROUNDS times each after one warm-up call: p50, p95 and max. */
async function benchList(app: FastifyInstance, headers: Headers) {
  const call = async (url: string) => {
    const t0 = performance.now();
    const res = await app.inject({ method: 'GET', url, headers });
    const took = performance.now() - t0;
    if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body.slice(0, 300)}`);
    return took;
  };
  const cases: [string, string][] = [
    ['first page', '/api/orders'],
    ['page 500', '/api/orders?page=500'],
    ['status + date range', '/api/orders?status=open&date[after]=2024-06-01&date[before]=2024-09-30'],
    ['client filter', '/api/orders?client=Kunde%2042'],
    ['search', '/api/orders?search=L-4711'],
    ['sorted by WTW', '/api/orders?order[co2Wtw]=desc'],
    ['all alternatives', '/api/orders?basicTourOnly=false'],
    ['dashboard', '/api/order-dashboard'],
  ];
  console.log('\n| call | p50 | p95 | max |\n| --- | ---: | ---: | ---: |');
  for (const [name, url] of cases) {
    await call(url);
    const times: number[] = [];
    for (let i = 0; i < ROUNDS; i++) times.push(await call(url));
    console.log(`| ${name} | ${ms(pct(times, 50))} | ${ms(pct(times, 95))} | ${ms(Math.max(...times))} |`);
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
