/**
 * Import benchmark (not a test): writes an xlsx of ROWS shipment rows on TOURS tours, then per
 * database (PGlite always; PostgreSQL when BENCH_DATABASE_URL or TEST_DATABASE_URL is set) imports
 * it end to end through the import job and prints time, rows per second and peak memory, next to
 * the time to only stream-read the file and to COPY the same rows into a bare table. It times the
 * import's phases (from the job's checkpoints) and, on PostgreSQL, compares the whole with a fair
 * floor measured in the same run: the rows the import wrote, COPYed from a warm file into tables
 * with the same indexes, plus the read-only pass under the same heap limit (goal ≤ 1.5x).
 * BENCH_BASE_SHIPMENTS loads that many shipments of another company before the import on PostgreSQL
 * (issue 41: at least 5,600 rows/s with 10 M present, worker peak RSS at most 512 MB); the targets
 * are printed against the figures at the end.
 *   node apps/api/bench/import.bench.ts [rows] [tours]      (BENCH_SMOKE=1: 500 rows, for CI)
 */
import { execFileSync } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { sql } from 'drizzle-orm';
import type { Actor } from '../src/platform/access.ts';
import { loadConfig } from '../src/platform/config.ts';
import { type AppContext, createContext } from '../src/platform/context.ts';
import { type DbHandle, openDb } from '../src/platform/db/index.ts';
import { benchCompany, runEmail } from './company.ts';
import { loadPresentShipments } from './load.ts';
import { type Target, printTargets, unjudged } from './targets.ts';
import { fileRows } from '../src/modules/mappings/mappings.reader.ts';
import { insertMapping } from '../src/modules/mappings/mappings.repository.ts';
import { mappingsModule } from '../src/modules/mappings/index.ts';
import { registerJobs } from '../src/platform/modules.ts';
import { uploadImport, getTask } from '../src/modules/mappings/tasks.service.ts';
import { importJob } from '../src/modules/mappings/mappings.import.ts';
import { asCompanyId } from '../src/platform/tenant.ts';
import { SHIPMENT_TITLES, detailsOf } from '../test/imports.ts';

// In the child the rows and tours follow `--child <kind> <file>`.
const args = process.argv[2] === '--child' ? process.argv.slice(5) : process.argv.slice(2);
// BENCH_SMOKE=1: tiny data, for CI to check that the bench runs (never its speed).
const SMOKE = process.env.BENCH_SMOKE === '1';
const ROWS = Number(args[0] ?? (SMOKE ? 500 : 100_000));
const TOURS = Number(args[1] ?? (SMOKE ? 100 : 20_000));
const pgUrl = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL || null;
/** Shipments of another company present before the import (PostgreSQL only). */
const BASE = Number(process.env.BENCH_BASE_SHIPMENTS ?? (SMOKE ? 2_000 : 0));
const DETAILS = detailsOf([...SHIPMENT_TITLES, 'Versender', 'Lauf']);
const TITLES = DETAILS.map((d) => d.value);
const FIELDS = DETAILS.map((d) => d.mappingField);

const mb = (n: number) => Math.round(n / 1e6);
let peak = 0;
let peakHeap = 0;
// RSS every 25 ms; heap and buffers every 200 ms (process.memoryUsage() walks the heap's spaces,
// which at 40 calls a second took about 1 % of the import's CPU).
let ticks = 0;
const sampler = setInterval(() => {
  peak = Math.max(peak, process.memoryUsage.rss());
  if (ticks++ % 8) return;
  const m = process.memoryUsage();
  peakHeap = Math.max(peakHeap, m.heapUsed + m.external);
}, 25);

async function writeFile(path: string): Promise<void> {
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: path, useSharedStrings: false });
  const ws = wb.addWorksheet('Daten');
  ws.addRow(TITLES).commit();
  for (let i = 0; i < ROWS; i++) {
    const tour = i % TOURS;
    ws.addRow([
      `T-${tour}`,
      `S-${i}`,
      '02.03.2026',
      '',
      'road_in_tractor_30_60t_diesel',
      500 + (i % 900),
      50 + (tour % 700),
      `Kunde ${i % 50}`,
      i % 7 === 0 ? 'Vorlauf' : 'Hauptlauf',
    ]).commit();
  }
  ws.commit();
  await wb.commit();
}

async function time<T>(fn: () => Promise<T>): Promise<[T, number]> {
  const started = performance.now();
  const out = await fn();
  return [out, (performance.now() - started) / 1000];
}

async function readOnly(data: Buffer): Promise<number> {
  let n = 0;
  for await (const row of fileRows(data, 'xlsx')) if (row.length) n++;
  return n - 1;
}

/** COPY of the same rows (as text) into a bare table: the floor for writing them at all. */
async function copyRows(handle: DbHandle, data: Buffer): Promise<number> {
  const lines: string[] = [];
  let first = true;
  for await (const row of fileRows(data, 'xlsx')) {
    if (first) {
      first = false;
      continue;
    }
    lines.push(row.map((c) => String(c ?? '').replace(/[\t\n\\]/g, ' ')).join('\t'));
  }
  const text = `${lines.join('\n')}\n`;
  await handle.db.execute(
    sql.raw(`create table if not exists bench_copy (${FIELDS.map((f) => `"${f}" text`).join(', ')})`),
  );
  await handle.db.execute(sql.raw('truncate bench_copy'));
  const [, seconds] = await time(async () => {
    if (handle.kind === 'postgres') {
      // node-postgres has no COPY FROM STDIN without an extra package; the bench server is local,
      // so the server reads the same rows from a file (needs a superuser, as the test server has).
      const path = join(tmpdir(), `kd-bench-copy-${process.pid}.tsv`);
      writeFileSync(path, text, { mode: 0o644 });
      try {
        await handle.db.execute(sql.raw(`copy bench_copy from '${path}'`));
      } finally {
        rmSync(path, { force: true });
      }
    } else {
      const client = (
        handle.db as unknown as {
          $client: { query: (q: string, p?: unknown[], o?: object) => Promise<unknown> };
        }
      ).$client;
      await client.query("copy bench_copy from '/dev/blob'", [], { blob: new Blob([text]) });
    }
  });
  return seconds;
}

/**
 * The fair floor on PostgreSQL: the rows the import wrote, COPYed from a warm file into tables with
 * the same columns and indexes (`like … including all`: trigram, covering and partial indexes; no
 * foreign keys), server-side as the import's own COPY runs. Answers seconds per table.
 */
async function indexedCopyFloor(handle: DbHandle, companyId: string): Promise<Record<string, number> | null> {
  if (handle.kind !== 'postgres') return null;
  const dir = mkdtempSync(join(tmpdir(), 'kd-bench-floor-'));
  // The server process writes and reads the files.
  chmodSync(dir, 0o777);
  const out: Record<string, number> = {};
  try {
    for (const table of ['tours', 'shipments', 'tour_shipments']) {
      const file = join(dir, `${table}.copy`);
      await handle.db.execute(sql.raw(`create table bench_floor_${table} (like ${table} including all)`));
      // Only the importing company's rows: with BENCH_BASE_SHIPMENTS the tables hold other rows too.
      await handle.db.execute(
        sql.raw(`copy (select * from ${table} where company_id = '${companyId}') to '${file}'`),
      );
      readFileSync(file); // warm: in the page cache, as a file just uploaded would be
      const [, took] = await time(() =>
        handle.db.execute(sql.raw(`copy bench_floor_${table} from '${file}'`)),
      );
      out[table] = took;
      await handle.db.execute(sql.raw(`drop table bench_floor_${table}`));
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return out;
}

async function endToEnd(ctx: AppContext, data: Buffer) {
  const { company, user } = await benchCompany(ctx.db, runEmail());
  const actor: Actor = {
    sessionId: 'bench',
    userId: user.id,
    companyId: asCompanyId(company.id),
    email: user.email,
    roles: ['ROLE_CFT_ADMIN'],
    impersonator: null,
    company: { isBasic: false, modules: ['cft'], isPlatform: false },
  };
  const mapping = await insertMapping(ctx.db, {
    companyId: company.id,
    templateName: 'Bench',
    category: 'shipment',
    format: 'xlsx',
    formatOptions: { delimiter: ';', decimalSeparator: ',', dateFormat: 'DD.MM.YYYY' },
    details: DETAILS,
  });
  registerJobs(ctx, [mappingsModule]);
  // Another request's view: a query every 50 ms, its wait counted from when its timer was due (so
  // a starved event loop counts too), in the phase it was due in; the write starts once the probe
  // due at the end of the reading has its answer.
  const waits = { read: 0, write: 0 };
  let phase: keyof typeof waits = 'read';
  let probing = true;
  let current: Promise<void> = Promise.resolve();
  const once = async () => {
    const at = phase;
    const due = performance.now() + 50;
    await new Promise((r) => setTimeout(r, 50));
    await ctx.db.execute(sql`select 1`);
    waits[at] = Math.max(waits[at], performance.now() - due);
  };
  const probe = (async () => {
    while (probing) {
      current = once();
      await current;
    }
  })();
  // Phase times from the job's checkpoints: reading, parsing, resolving and staging overlap until
  // `beforeWrite`; the batches (read back, compute, COPY) end with the last `afterBatch`; then the
  // closing updates with the tours' shippers and the monthly dashboard sums until `beforeCommit`.
  const marks: Record<string, number> = {};
  ctx.jobs.onCheckpoint(importJob.queue, async (name) => {
    marks[name] = performance.now();
    if (name !== 'beforeWrite') return;
    phase = 'write';
    await current;
  });
  const started = performance.now();
  let uploaded = started;
  const [task, seconds] = await time(async () => {
    const t = await uploadImport(ctx, actor, {
      fileName: 'bench.xlsx',
      kind: 'xlsx',
      buffer: data,
      fields: { mappingId: mapping.id },
    });
    uploaded = performance.now();
    await ctx.jobs.drain();
    return getTask(ctx, actor, t.id);
  });
  const ended = started + seconds * 1000;
  const span = (from: number | undefined, to: number | undefined) =>
    from === undefined || to === undefined ? null : (to - from) / 1000;
  const phases = {
    upload: span(started, uploaded),
    readParseStage: span(uploaded, marks.beforeWrite),
    batches: span(marks.beforeWrite, marks.afterBatch),
    closingAndSums: span(marks.afterBatch, marks.beforeCommit),
    commit: span(marks.beforeCommit, ended),
  };
  probing = false;
  await probe;
  return { task, seconds, waits, phases, companyId: company.id };
}

async function runOn(kind: 'pglite' | 'postgres', data: Buffer) {
  let handle: DbHandle;
  let cleanup = async () => {};
  const dir = mkdtempSync(join(tmpdir(), 'kd-bench-import-'));
  if (kind === 'postgres') {
    // A database of this run's own, dropped in `cleanup` (two checkouts on one server never meet);
    // BENCH_DB names a kept one instead (the rows present of an earlier run, see bench/database.ts).
    const kept = process.env.BENCH_DB;
    if (kept && !/^[a-z0-9_]+$/.test(kept))
      throw new Error('BENCH_DB must be lower-case letters, digits and _');
    const name = kept || `klimadesk_bench_import_${process.pid}_${Date.now().toString(36)}`;
    const { Client } = (await import('pg')).default;
    const admin = new Client({ connectionString: pgUrl as string });
    await admin.connect();
    const exists = await admin.query('select 1 from pg_database where datname = $1', [name]);
    if (!exists.rowCount) await admin.query(`create database ${name}`);
    await admin.end();
    const u = new URL(pgUrl as string);
    u.pathname = `/${name}`;
    handle = await openDb({ url: u.toString() });
    if (!kept)
      cleanup = async () => {
        // pg's pool.end() resolves before its sockets are gone; a forced drop right away would kill them.
        await new Promise((r) => setTimeout(r, 1000));
        const c = new Client({ connectionString: pgUrl as string });
        await c.connect();
        await c.query(`drop database if exists ${name} with (force)`);
        await c.end();
      };
  } else {
    handle = await openDb({ dataDir: join(dir, 'pglite') });
  }
  const config = loadConfig({
    DATA_DIR: dir,
    SEED_DEMO: '0',
    LOG_LEVEL: 'silent',
    APP_URL: 'http://localhost:3000',
    SESSION_SECRET: 'bench-secret-bench-secret-bench-secret-00',
  });
  const silent = { info: () => {}, warn: () => {}, error: console.error };
  try {
    return await measureImport(handle, config, silent, data);
  } finally {
    await cleanup();
    rmSync(dir, { recursive: true, force: true });
  }
}

async function measureImport(
  handle: DbHandle,
  config: ReturnType<typeof loadConfig>,
  silent: { info: () => void; warn: () => void; error: typeof console.error },
  data: Buffer,
) {
  const ctx = await createContext(config, { handle, log: silent });
  if (handle.kind === 'postgres' && BASE > 0) await loadPresentShipments(handle.db, BASE, console.error);
  // The file generator and the read-only pass ran in this process before: collect their garbage
  // and report the RSS the import starts from, so its own growth is visible.
  (globalThis as { gc?: () => void }).gc?.();
  const startMb = mb(process.memoryUsage().rss);
  peak = 0;
  peakHeap = 0;
  const { task, seconds, waits, phases, companyId } = await endToEnd(ctx, data);
  const peakMb = mb(Math.max(peak, process.memoryUsage().rss));
  const peakHeapMb = mb(peakHeap);
  // After the import, so the COPY text does not count towards the import's memory.
  const copySeconds = await copyRows(handle, data);
  const indexed = await indexedCopyFloor(handle, companyId);
  await ctx.close();
  return { task, seconds, copySeconds, peakMb, peakHeapMb, startMb, waits, phases, indexed };
}

// The child runs with the heap limit of `npm run worker`, the process that imports in production
// (BENCH_NODE_FLAGS overrides it). Without a limit V8 lets garbage pile up well past the live data.
const workerFlags = (
  process.env.BENCH_NODE_FLAGS ??
  (JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')).scripts.worker.match(
    /--max-old-space-size=\d+/,
  )?.[0] ||
    '')
)
  .split(' ')
  .filter(Boolean);

// A child process per database: the import's memory is then measured from a process that has not
// generated the file or run the read-only pass (their garbage would count towards its RSS).
const child = process.argv[2] === '--child';
if (process.argv[2] === '--read') {
  // The read baseline under the import's heap limit, in a process of its own.
  const [, seconds] = await time(() => readOnly(readFileSync(process.argv[3])));
  clearInterval(sampler);
  console.log(JSON.stringify({ seconds }));
  process.exit(0);
}
if (child) {
  const kind = process.argv[3] as 'pglite' | 'postgres';
  const data = readFileSync(process.argv[4]);
  const r = await runOn(kind, data);
  clearInterval(sampler);
  console.log(
    JSON.stringify({
      ...r,
      task: { status: r.task.status, imported: r.task.imported, rejected: r.task.rejected },
    }),
  );
} else {
  const dir = mkdtempSync(join(tmpdir(), 'kd-bench-file-'));
  const file = join(dir, 'bench.xlsx');
  const [, genSeconds] = await time(() => writeFile(file));
  const data = readFileSync(file);
  console.log(
    `file: ${ROWS} rows on ${TOURS} tours, ${mb(data.length)} MB, written in ${genSeconds.toFixed(1)} s`,
  );
  const [readCount, readSeconds] = await time(() => readOnly(data));
  console.log(`stream-read only: ${readCount} rows in ${readSeconds.toFixed(1)} s`);
  clearInterval(sampler);
  const only = process.env.BENCH_ONLY;
  const allTargets: Target[] = [];
  for (const kind of (['pglite', ...(pgUrl ? ['postgres' as const] : [])] as const).filter(
    (k) => !only || k === only,
  )) {
    const out = execFileSync(
      process.execPath,
      [
        ...workerFlags,
        '--expose-gc',
        fileURLToPath(import.meta.url),
        '--child',
        kind,
        file,
        String(ROWS),
        String(TOURS),
      ],
      { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'], maxBuffer: 1e6 },
    );
    const r = JSON.parse(out.trim().split('\n').pop() as string);
    const floor = readSeconds + r.copySeconds;
    const limitedRead = JSON.parse(
      execFileSync(process.execPath, [...workerFlags, fileURLToPath(import.meta.url), '--read', file], {
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'inherit'],
      })
        .trim()
        .split('\n')
        .pop() as string,
    ).seconds as number;
    const f = (n: number | null) => (n === null ? '-' : `${n.toFixed(1)} s`);
    console.log(
      `${kind} phases: upload ${f(r.phases.upload)}; read, parse, resolve and stage ${f(r.phases.readParseStage)}; ` +
        `batches (read back, compute, COPY into tours, shipments, links) ${f(r.phases.batches)}; ` +
        `closing updates, tour shippers and monthly dashboard sums ${f(r.phases.closingAndSums)}; commit ${f(r.phases.commit)}`,
    );
    if (r.indexed) {
      const indexedFloor = Object.values(r.indexed as Record<string, number>).reduce((a, b) => a + b, 0);
      const parts = Object.entries(r.indexed as Record<string, number>)
        .map(([t, sec]) => `${t} ${sec.toFixed(1)} s`)
        .join(', ');
      console.log(
        `${kind} floor: the same rows COPYed from a warm file into the same indexed tables ${indexedFloor.toFixed(1)} s (${parts}); ` +
          `read only under the same heap limit ${limitedRead.toFixed(1)} s; end to end / (read + indexed COPY) = ${(r.seconds / (limitedRead + indexedFloor)).toFixed(2)}x (goal ≤ 1.5x)`,
      );
    }
    const present = kind === 'postgres' ? BASE : 0;
    const rate = ROWS / r.seconds;
    const targets: Target[] = [
      {
        name: `${kind}: rows per second end to end`,
        goal: '≥ 5,600 rows/s with 10 M shipments present',
        figure: `${Math.round(rate).toLocaleString('en')} rows/s`,
        met: rate >= 5_600,
        unjudged: unjudged(SMOKE, present),
      },
      {
        name: `${kind}: peak RSS of the importing process`,
        goal: '≤ 512 MB',
        figure: `${r.peakMb} MB`,
        met: r.peakMb <= 512,
        unjudged: SMOKE ? 'smoke run' : undefined,
      },
    ];
    if (r.indexed) {
      const indexedFloor = Object.values(r.indexed as Record<string, number>).reduce((a, b) => a + b, 0);
      const ratio = r.seconds / (limitedRead + indexedFloor);
      targets.unshift({
        name: `${kind}: end to end / fair floor`,
        goal: '≤ 1.5x',
        figure: `${ratio.toFixed(2)}x`,
        met: ratio <= 1.5,
        unjudged: SMOKE ? 'smoke run' : ROWS < 100_000 ? `${ROWS} rows, target on 100,000` : undefined,
      });
    }
    allTargets.push(...targets);
    console.log(
      `${kind} (${workerFlags.join(' ') || 'no node flags'}): status ${r.task.status}, imported ${r.task.imported}, rejected ${r.task.rejected}; ` +
        `end to end ${r.seconds.toFixed(1)} s (${Math.round(ROWS / r.seconds)} rows/s), peak RSS ${r.peakMb} MB (${r.startMb} MB at start; JS heap and buffers at most ${r.peakHeapMb} MB); ` +
        `COPY ${r.copySeconds.toFixed(1)} s; read + COPY ${floor.toFixed(1)} s; ratio ${(r.seconds / floor).toFixed(2)}x; ` +
        `longest wait of another query: reading ${Math.round(r.waits.read)} ms, writing ${Math.round(r.waits.write)} ms`,
    );
  }
  printTargets(
    `targets (issue 41), ${BASE.toLocaleString('en')} shipments present on PostgreSQL`,
    allTargets,
  );
  rmSync(dir, { recursive: true, force: true });
}
