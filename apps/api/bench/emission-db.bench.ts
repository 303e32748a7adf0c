/**
 * Emission database benchmark (not a test): loads every built-in data set from its full file when
 * ../shared/data is there (FACTOR_DATA_DIR), otherwise from the shipped tables, into PGlite — and
 * into PostgreSQL when BENCH_DATABASE_URL (or TEST_DATABASE_URL) is set — then measures the ranked
 * activity search (in process, database included) as a CFC company reads it: p50 and p95 over
 * terms in German and English, with and without filters. Target: p95 under 20 ms. It also times a
 * start's seed check with everything loaded (the cost every start pays).
 */
import { sql } from 'drizzle-orm';
import { asCompanyId } from '../src/platform/tenant.ts';
import { type DbHandle, openDb } from '../src/platform/db/index.ts';
import { importAll, seedBuiltinFactors } from '../src/modules/emission-db/emission-db.import.ts';
import { searchActivities } from '../src/modules/emission-db/emission-db.repository.ts';
import { fold } from '../src/modules/emission-db/emission-db.search.ts';
import { withBenchDatabase } from './database.ts';

const pgUrl = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL || null;
const TERMS = [
  'Diesel',
  'Erdgas',
  'Strom',
  'Flug',
  'natural gas',
  'electricity',
  'flight',
  'Heizöl',
  'heizoel',
  'lkw',
  'HGV rigid',
  'hotel',
  'R404A',
  'Papier',
  'paper board',
  'landfill',
  'Bahn',
  'car diesel medium',
  'Fernwärme',
  'x',
];
const FILTERS = ['', 'categories=scope1', 'country=DE', 'categories=business-travel'];

const pct = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))];
const f1 = (n: number) => n.toFixed(1);

async function run(handle: DbHandle, label: string) {
  const t0 = performance.now();
  const loaded = await importAll(handle.db);
  const loadMs = performance.now() - t0;
  const [{ factors, activities }] = (
    (await handle.db.execute(
      sql`select (select count(*)::int from emission_factors) as factors, (select count(*)::int from emission_activities) as activities`,
    )) as unknown as { rows: { factors: number; activities: number }[] }
  ).rows;
  const t1 = performance.now();
  await seedBuiltinFactors(handle.db);
  const seedCheckMs = performance.now() - t1;
  const [{ id }] = (
    (await handle.db.execute(
      sql`insert into companies (name, name_key) values ('Bench', 'bench') returning id`,
    )) as unknown as { rows: { id: string }[] }
  ).rows;
  const scope = { companyId: asCompanyId(id), isAdmin: false };
  const times: number[] = [];
  const slow: { ms: number; what: string }[] = [];
  for (let round = 0; round < 3; round++) {
    for (const term of TERMS) {
      for (const filter of FILTERS) {
        const q = new URLSearchParams(filter);
        const s = performance.now();
        await searchActivities(handle.db, scope, {
          term: fold(term).split(' ').filter(Boolean),
          categories: q.get('categories') ? [q.get('categories') as string] : null,
          country: q.get('country'),
          providerId: null,
          sourceId: null,
          custom: null,
          sorting: 'relevance',
          lang: 'de',
          offset: 0,
          limit: 30,
        });
        const ms = performance.now() - s;
        if (round > 0) {
          times.push(ms);
          slow.push({ ms, what: `${term}${filter ? ` & ${filter}` : ''}` });
        }
      }
    }
  }
  console.log(
    `${label}: ${activities} activities, ${factors} factors (load ${f1(loadMs / 1000)} s: ${loaded.map((r) => `${r.key} from ${r.from === 'shipped table' ? 'shipped table' : 'full file'}`).join(', ')}); ` +
      `seed check with all loaded ${f1(seedCheckMs)} ms; search over ${times.length} queries p50 ${f1(pct(times, 50))} ms, p95 ${f1(pct(times, 95))} ms, max ${f1(Math.max(...times))} ms`,
  );
  const slowest = slow.sort((x, y) => y.ms - x.ms).slice(0, 5);
  console.log(`  slowest: ${slowest.map((x) => `${x.what} ${f1(x.ms)} ms`).join('; ')}`);
  if (pct(times, 95) >= 20) process.exitCode = 1;
}

// BENCH_PGLITE=0 measures PostgreSQL only.
if (process.env.BENCH_PGLITE !== '0') {
  const pglite = await openDb({});
  try {
    await run(pglite, 'PGlite');
  } finally {
    await pglite.close();
  }
}
if (pgUrl) {
  await withBenchDatabase(pgUrl, 'klimadesk_bench_edb', async (db) => {
    const handle = await openDb({ url: db.url, poolSize: 2 });
    try {
      await run(handle, 'PostgreSQL');
    } finally {
      await handle.close();
    }
  });
}
