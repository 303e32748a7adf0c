/**
 * Locations benchmark (not a test): loads the built-in locations (npm packages plus the shipped city
 * names and postal-code centroids) and, when the shared data folder is there (../shared/data/geo, or
 * GEO_DATA_DIR), imports it into PGlite — and into PostgreSQL when BENCH_DATABASE_URL (or
 * TEST_DATABASE_URL) is set — then measures location search latency (p50/p95, in process, database
 * included) and the time per sea route. The PGlite data folder is kept in the temp folder between
 * runs; BENCH_FRESH=1 imports again. It also starts the server on a fresh data folder and times
 * how long after start `/health` reports the locations ready (BENCH_FIRST_START=0 skips that).
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { sql } from 'drizzle-orm';
import { type DbHandle, openDb } from '../src/platform/db/index.ts';
import { ensureBuiltinLocations } from '../src/modules/locations/builtin-loader.ts';
import { importGeoFolder } from '../src/modules/locations/importer.ts';
import {
  countLocations,
  datasetVersion,
  searchLocations,
} from '../src/modules/locations/locations.repository.ts';
import { seaports } from '../src/modules/locations/builtin.ts';
import { seaGraph, seaRoute } from '../src/modules/locations/sea-route.ts';
import { withBenchDatabase } from './database.ts';

const geoDir = process.env.GEO_DATA_DIR || resolve(import.meta.dirname, '../../../../shared/data/geo');
const pgUrl = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL || null;
const FIRST_START_PORT = Number(process.env.BENCH_PORT || 3299);

const TERMS = [
  'hamburg',
  'Muenchen',
  'münchen',
  'berlin',
  'frankfurt am main',
  'koln',
  'rotterdam',
  'antwerpen',
  'shanghai',
  'singapore',
  'new york',
  'los angeles',
  'paris',
  'lisboa',
  'warszawa',
  'wien',
  'mailand',
  'köln',
  'cologne',
  'munich',
  'muenchen',
  'zurich',
  'fra',
  'jfk',
  'lhr',
  'deham',
  'nlrtm',
  'cnsha',
  'de ham',
  '20095',
  '80331',
  '1010',
  '75001',
  '3750-011',
  'ham',
  'ber',
  'mün',
  'sta',
  'san',
  'por',
  'h',
  'b',
  'dü',
  'sankt georg',
  'altstadt',
];

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))];
};
const f1 = (n: number) => n.toFixed(1);

async function prepare(handle: DbHandle, label: string): Promise<void> {
  const started = performance.now();
  const builtin = await ensureBuiltinLocations(handle.db);
  if (builtin.loaded)
    console.log(
      `  ${label}: built-in locations ${builtin.count} in ${f1((performance.now() - started) / 1000)} s`,
    );
  if (!existsSync(geoDir)) {
    console.log(`  ${label}: no import, no data folder at ${geoDir} (shipped tables only)`);
  } else if (process.env.BENCH_FRESH === '1' || !(await datasetVersion(handle.db, 'unlocode'))) {
    const r = await importGeoFolder(handle.db, geoDir);
    console.log(
      `  ${label}: full import in ${f1(r.durationMs / 1000)} s — ${r.zipCodes.codes} postal codes from ${r.zipCodes.rows} rows, ` +
        `${r.unlocode.imported} UN/LOCODEs (${r.unlocode.repairedNames} names repaired, ${r.unlocode.fallbackNames} without diacritics)`,
    );
  }
  const counts = await countLocations(handle.db);
  const keys = (await handle.db.execute(
    sql`select count(*)::int as n from geo_location_keys`,
  )) as unknown as {
    rows: { n: number }[];
  };
  console.log(`  ${label}: ${JSON.stringify(counts)}, ${keys.rows[0].n} search keys`);
}

async function searchBench(handle: DbHandle, label: string): Promise<void> {
  for (const term of TERMS) await searchLocations(handle.db, term, { limit: 20 }); // warm-up
  const all: number[] = [];
  const short: number[] = [];
  for (let round = 0; round < 10; round++) {
    for (const term of TERMS) {
      const t = performance.now();
      await searchLocations(handle.db, term, { limit: 20 });
      const ms = performance.now() - t;
      all.push(ms);
      if (term.length <= 3) short.push(ms);
    }
  }
  console.log(
    `  ${label}: search over ${all.length} queries — p50 ${f1(pct(all, 50))} ms, p95 ${f1(pct(all, 95))} ms, max ${f1(Math.max(...all))} ms; ` +
      `terms ≤ 3 chars p95 ${f1(pct(short, 95))} ms`,
  );
}

function seaBench(): void {
  let t = performance.now();
  seaGraph();
  const buildMs = performance.now() - t;
  const ports = seaports();
  const byCode = (c: string) => ports.find((p) => p.locode === c)!;
  const pairs = [
    ['NLRTM', 'CNSHA'],
    ['DEHAM', 'USNYC'],
    ['CNSHA', 'USLAX'],
    ['NLRTM', 'SGSIN'],
    ['DEHAM', 'BRSSZ'],
    ['USNYC', 'USLAX'],
    ['JPTYO', 'AUSYD'],
    ['ESALG', 'ZADUR'],
    ['GBFXT', 'INNSA'],
    ['KRPUS', 'NLRTM'],
  ].map(([a, b]) => [byCode(a), byCode(b)] as const);
  const times: number[] = [];
  for (let round = 0; round < 5; round++) {
    for (const [a, b] of pairs) {
      t = performance.now();
      seaRoute(a, b);
      times.push(performance.now() - t);
    }
  }
  console.log(
    `  sea routes: graph built in ${f1(buildMs)} ms; ${times.length} routes — mean ${f1(times.reduce((s, x) => s + x, 0) / times.length)} ms, ` +
      `p95 ${f1(pct(times, 95))} ms, max ${f1(Math.max(...times))} ms`,
  );
}

/** Seconds from spawning the server on an empty data folder until /health says the locations are ready. */
async function firstStart(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'klimadesk-bench-first-start-'));
  const started = performance.now();
  const child = spawn(process.execPath, [resolve(import.meta.dirname, '../src/main.ts')], {
    env: {
      ...process.env,
      PORT: String(FIRST_START_PORT),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      GEO_DATA_DIR: '',
      SEED_DEMO: '0',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  let listening: number | null = null;
  try {
    for (;;) {
      if (performance.now() - started > 15 * 60_000) throw new Error('locations not ready after 15 minutes');
      try {
        const res = await fetch(`http://127.0.0.1:${FIRST_START_PORT}/health`);
        const body = (await res.json()) as { locations?: string };
        listening ??= performance.now() - started;
        if (body.locations === 'ready') break;
      } catch {
        // Not listening yet.
      }
      await new Promise((r) => setTimeout(r, 250));
    }
    console.log(
      `  first start (PGlite, empty data folder): listening after ${f1(listening! / 1000)} s, ` +
        `locations ready after ${f1((performance.now() - started) / 1000)} s`,
    );
  } finally {
    child.kill();
    await new Promise((r) => child.once('exit', r));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const shipped = ['city-names.tsv.gz', 'postal-codes.tsv.gz'].map((f) => [
  f,
  statSync(resolve(import.meta.dirname, '../data', f)).size,
]);
console.log('Locations benchmark');
console.log(
  `  shipped tables: ${shipped.map(([f, n]) => `${f} ${f1(Number(n) / 1024 / 1024)} MB`).join(', ')}`,
);
const dir = join(tmpdir(), 'klimadesk-bench-locations');
if (process.env.BENCH_FRESH === '1') rmSync(dir, { recursive: true, force: true });
const lite = await openDb({ dataDir: dir });
try {
  await prepare(lite, 'PGlite');
  await searchBench(lite, 'PGlite');
} finally {
  await lite.close();
}
if (pgUrl) {
  // A database of this run's own (BENCH_DB=<name> keeps one between runs like the PGlite folder).
  await withBenchDatabase(pgUrl, 'klimadesk_bench_locations', async ({ url }) => {
    const pg = await openDb({ url, poolSize: 2 });
    try {
      await prepare(pg, 'PostgreSQL');
      await searchBench(pg, 'PostgreSQL');
    } finally {
      await pg.close();
    }
  });
}
seaBench();
if (process.env.BENCH_FIRST_START !== '0') await firstStart();
