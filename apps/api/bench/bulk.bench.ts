/**
 * Bulk push benchmark (issue 41; not a test): pushes ROWS shipment rows (five to a tour) over HTTP
 * in calls of 10,000 to `POST /api/imports/bulk` and runs their jobs in this process (one worker),
 * on PostgreSQL (BENCH_DATABASE_URL or TEST_DATABASE_URL) in a database of its own. It prints the
 * time to accept each call, shipments per second from the first call to the last job done, and the
 * process's peak RSS, against the target of at least 5,000 shipments/s into a database of 10 M.
 * BENCH_BASE_SHIPMENTS loads that many shipments of another company first (generate_series).
 *   node apps/api/bench/bulk.bench.ts [rows]      (BENCH_SMOKE=1: 2,000 rows on 2,000 present)
 */
import { sql } from 'drizzle-orm';
import { BULK_MAX_ROWS } from '@klimadesk/contract';
import { buildApp } from '../src/app.ts';
import { createSession } from '../src/platform/auth/sessions.ts';
import { BUILTIN_VERSION } from '../src/modules/locations/builtin.ts';
import { markDataset } from '../src/modules/locations/locations.repository.ts';
import { benchCompany, runEmail } from './company.ts';
import { benchContext, ms, pct, withBenchDatabase } from './database.ts';
import { loadPresentShipments } from './load.ts';
import { peakRssMb, printTargets, unjudged } from './targets.ts';

const SMOKE = process.env.BENCH_SMOKE === '1';
const ROWS = Number(process.argv[2] ?? (SMOKE ? 2_000 : 100_000));
const BASE = Number(process.env.BENCH_BASE_SHIPMENTS ?? (SMOKE ? 2_000 : 0));
const PER_CALL = Math.min(BULK_MAX_ROWS, ROWS);
/** Issue 41: at least 5,000 shipments/s through the bulk push into a database of 10 M shipments. */
const GOAL = 5_000;
const pgUrl = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL;
if (!pgUrl) {
  console.error('set BENCH_DATABASE_URL or TEST_DATABASE_URL (PostgreSQL)');
  process.exit(1);
}

const rowsOfCall = (call: number) =>
  Array.from({ length: PER_CALL }, (_, j) => {
    const i = call * PER_CALL + j;
    return {
      tourReference: `BK-T${Math.floor(i / 5)}`,
      shipmentReference: `BK-S${i}`,
      departureDate: `2026-03-${String(1 + (i % 28)).padStart(2, '0')}`,
      glecTransportType: 'road_in_12_20t_diesel',
      weight: 500 + (i % 900),
      distance: 50 + (i % 700),
      shipper: `Kunde ${i % 50}`,
    };
  });

async function run(url: string) {
  const ctx = await benchContext(url);
  const db = ctx.db;
  if (BASE > 0) await loadPresentShipments(db, BASE);
  const { company, user } = await benchCompany(db, runEmail());
  const { token } = await createSession(db, { id: user.id, companyId: company.id });
  const app = await buildApp(ctx, { logger: false });
  await markDataset(db, 'builtin', BUILTIN_VERSION, 0);
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  const calls = Math.ceil(ROWS / PER_CALL);
  const bodies = Array.from({ length: calls }, (_, c) =>
    JSON.stringify({ category: 'shipment', requestId: `bench-${c}`, rows: rowsOfCall(c) }),
  );
  // The modules' periodic sweeps run with a queue's first poll; a running worker has done them long before.
  await ctx.jobs.sweep();
  const accept: number[] = [];
  const started = performance.now();
  for (const [c, body] of bodies.entries()) {
    const t0 = performance.now();
    const res = await fetch(`${address}/api/imports/bulk`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body,
    });
    accept.push(performance.now() - t0);
    if (res.status !== 202) throw new Error(`call ${c}: ${res.status} ${(await res.text()).slice(0, 300)}`);
    await res.arrayBuffer();
  }
  const accepted = performance.now();
  // One worker: the queue's jobs one after the other, as `npm run worker` takes them.
  await ctx.jobs.drain();
  const seconds = (performance.now() - started) / 1000;
  const [r] = (
    (await db.execute(
      sql`select count(*)::int tasks, sum(imported)::int imported, sum(rejected)::int rejected,
        count(*) filter (where status <> 'success')::int unfinished
        from mapping_import_tasks where company_id = ${company.id}`,
    )) as unknown as { rows: { tasks: number; imported: number; rejected: number; unfinished: number }[] }
  ).rows;
  const [{ n: present }] = (
    (await db.execute(sql`select count(*)::int n from shipments`)) as unknown as { rows: { n: number }[] }
  ).rows;
  const rate = r.imported / seconds;
  console.log(
    `bulk push: ${calls} calls of ${PER_CALL.toLocaleString('en')} rows, accepted in ${((accepted - started) / 1000).toFixed(1)} s ` +
      `(per call p50 ${ms(pct(accept, 50))}, max ${ms(Math.max(...accept))}); ` +
      `${r.imported.toLocaleString('en')} shipments imported, ${r.rejected} rejected, ${r.unfinished} tasks unfinished; ` +
      `${seconds.toFixed(1)} s from the first call to the last job done = ${Math.round(rate).toLocaleString('en')} shipments/s; ` +
      `peak RSS of this process (API and worker) ${peakRssMb()} MB; ${present.toLocaleString('en')} shipments in the database`,
  );
  printTargets('targets (issue 41)', [
    {
      name: 'bulk push, end to end',
      goal: `≥ ${GOAL.toLocaleString('en')} shipments/s into 10 M`,
      figure: `${Math.round(rate).toLocaleString('en')} shipments/s`,
      met: rate >= GOAL && r.unfinished === 0,
      unjudged: unjudged(SMOKE, BASE),
    },
  ]);
  if (r.unfinished) process.exitCode = 1;
  await app.close();
  await ctx.close();
}

withBenchDatabase(pgUrl, 'klimadesk_bench_bulk', ({ url }) => run(url)).catch((err) => {
  console.error(err);
  process.exit(1);
});
