/**
 * Platform benchmark (not a test): starts the API as its own process against PGlite and, when
 * BENCH_DATABASE_URL (or TEST_DATABASE_URL) is set, against PostgreSQL in a database of its own,
 * and measures over loopback with keep-alive connections: login, `GET /api/users/me` and a list
 * page of 10 vehicles with 50 concurrent connections, and the server's memory.
 *
 * Each database is measured twice: on a first start (empty database: migrations, demo data, then
 * the start-up background work, i.e. built-in locations and the demo import, which the bench
 * waits for through `/health`) and on a warm start of the same data. On PostgreSQL the same run
 * starts `bare-server.ts` (Fastify 5 + `pg`, nothing else) on the same database and alternates
 * rounds between it and the API, so the ratios hold on a loaded machine. Beside requests per
 * second it reports the CPU time the serving process spent per request (from /proc), which
 * depends less on what else runs on the machine.
 *
 * Env: BENCH_SMOKE=1 (tiny: CI checks that it runs, never its speed), BENCH_SECONDS (per round,
 * default 4), BENCH_ROUNDS (default 3), BENCH_CPU_PROF=<dir> (CPU profile of the API process of the
 * warm PostgreSQL start, `node --cpu-prof`), BENCH_ONLY=pglite|postgres, BENCH_PORT (first of 3),
 * BENCH_FIRST=0 (measure the warm start only), BENCH_DB=<name> (keep that database between runs).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { withBenchDatabase } from './database.ts';

const root = join(import.meta.dirname, '../../..');
const agent = new Agent({ keepAlive: true, maxSockets: 64 });
const SMOKE = process.env.BENCH_SMOKE === '1';
const SECONDS = SMOKE ? 0.5 : Number(process.env.BENCH_SECONDS ?? 4);
const ROUNDS = SMOKE ? 1 : Number(process.env.BENCH_ROUNDS ?? 3);
const CONNS = SMOKE ? 8 : 50;
const PORT = Number(process.env.BENCH_PORT ?? 3401);
const ONLY = process.env.BENCH_ONLY;

type Res = { status: number; body: string; ms: number };

function call(port: number, method: string, path: string, body?: unknown, token?: string): Promise<Res> {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        method,
        path,
        agent,
        headers: {
          ...(payload
            ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }
            : {}),
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            body: Buffer.concat(chunks).toString(),
            ms: performance.now() - started,
          }),
        );
      },
    );
    req.on('error', reject);
    if (payload) req.write(payload);
    req.end();
  });
}

/** Requests, errors, latencies and seconds of one target, summed over its rounds. */
type Tally = {
  n: number;
  errors: number;
  seconds: number;
  latencies: number[];
  bytes: number;
  cpuMs: number;
};
const tally = (): Tally => ({ n: 0, errors: 0, seconds: 0, latencies: [], bytes: 0, cpuMs: 0 });

/** CPU time (user + system) a process has used, in ms: from /proc, so it counts another process. */
function cpuMsOf(pid: number | undefined): number {
  if (!pid) return 0;
  // Fields after the command name (which may hold spaces): utime and stime are the 12th and 13th.
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(f[11]) + Number(f[12])) * 1000) / 100;
}

/**
 * Runs `task` with `concurrency` callers for `seconds` and adds the outcome to `into`, with the
 * CPU time the serving process `pid` used meanwhile: CPU per request holds on a loaded machine,
 * where requests per second follow the share of the cores the server gets.
 */
async function load(
  into: Tally,
  concurrency: number,
  seconds: number,
  task: () => Promise<Res>,
  pid?: number,
) {
  const end = performance.now() + seconds * 1000;
  const started = performance.now();
  const cpuBefore = cpuMsOf(pid);
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < end) {
        const r = await task();
        if (r.status !== 200) into.errors++;
        into.n++;
        into.bytes = r.body.length;
        into.latencies.push(r.ms);
      }
    }),
  );
  into.seconds += (performance.now() - started) / 1000;
  into.cpuMs += cpuMsOf(pid) - cpuBefore;
  return into;
}

function summary(t: Tally) {
  const l = [...t.latencies].sort((x, y) => x - y);
  const p = (q: number) => l[Math.min(l.length - 1, Math.floor(q * l.length))] ?? 0;
  return {
    rps: t.n / (t.seconds || 1),
    p50: p(0.5),
    p95: p(0.95),
    errors: t.errors,
    bytes: t.bytes,
    cpuUs: t.n ? (1000 * t.cpuMs) / t.n : 0,
  };
}

function memory(pid: number): { rssMb: number; peakMb: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (key: string) => Number(new RegExp(`${key}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
  return { rssMb: kb('VmRSS') / 1024, peakMb: kb('VmHWM') / 1024 };
}

async function waitFor(port: number, path: string, seconds: number): Promise<void> {
  for (let i = 0; i < seconds * 10; i++) {
    try {
      if ((await call(port, 'GET', path)).status === 200) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`nothing answered ${path} on port ${port}`);
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await exited;
}

type Start = { server: ChildProcess; listenS: number; readyS: number; waited: string };

/**
 * Starts the API and waits until `/health` reports the start-up background work done: built-in
 * locations loaded and no job queued or running (the demo import). The smoke run waits for the
 * jobs only (loading the locations takes a minute on a first start).
 */
async function startApi(port: number, env: Record<string, string>, nodeArgs: string[] = []): Promise<Start> {
  const started = performance.now();
  const server = spawn(process.execPath, [...nodeArgs, join(root, 'apps/api/src/main.ts')], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', SEED_DEMO: '1', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    await waitFor(port, '/health', 900);
  } catch (err) {
    await stop(server);
    throw err;
  }
  const listenS = (performance.now() - started) / 1000;
  for (let i = 0; ; i++) {
    const health = JSON.parse((await call(port, 'GET', '/health')).body) as {
      locations?: string;
      jobs?: string;
    };
    if (health.jobs === 'idle' && (SMOKE || health.locations === 'ready')) break;
    if (i > 20 * 60 * 10) throw new Error(`start-up work did not finish: ${JSON.stringify(health)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  const waited = SMOKE ? 'jobs idle' : 'locations ready, jobs idle';
  return { server, listenS, readyS: (performance.now() - started) / 1000, waited };
}

function startBare(port: number, env: Record<string, string>): ChildProcess {
  return spawn(process.execPath, [join(import.meta.dirname, 'bare-server.ts')], {
    env: { ...process.env, PORT: String(port), ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

const creds = { username: 'admin@demo-pro.local', password: 'demo-password' };

/** Tops the demo carrier's fleet up to 10 active vehicles, so the list page holds 10 rows. */
async function tenVehicles(port: number, token: string): Promise<void> {
  const page = JSON.parse((await call(port, 'GET', '/api/vehicles?limit=10', undefined, token)).body);
  for (let i = page['hydra:totalItems'] as number; i < 10; i++) {
    const res = await call(
      port,
      'POST',
      '/api/vehicles',
      {
        licensePlate: `HH-BN ${100 + i}`,
        description: 'Sattelzugmaschine Fernverkehr',
        glecVehicleType: 'road_eu_artic_33t_avg_diesel',
        manufacturer: 'MAN',
        maxWeight: 40000,
      },
      token,
    );
    if (res.status !== 201 && res.status !== 200) throw new Error(`vehicle not created: ${res.body}`);
  }
}

type Measured = {
  label: string;
  start: Start;
  login: ReturnType<typeof summary>;
  targets: Record<string, ReturnType<typeof summary>>;
  mem: { rssMb: number; peakMb: number };
};

async function measure(label: string, port: number, start: Start, dbUrl: string | null): Promise<Measured> {
  const work = mkdtempSync(join(tmpdir(), 'klimadesk-bench-bare-'));
  let bare: ChildProcess | null = null;
  try {
    for (let i = 0; i < (SMOKE ? 3 : 20); i++) await call(port, 'POST', '/api/login', creds);
    const login = summary(
      await load(tally(), 4, SMOKE ? 0.5 : 5, () => call(port, 'POST', '/api/login', creds)),
    );
    const token = JSON.parse((await call(port, 'POST', '/api/login', creds)).body).token as string;
    await tenVehicles(port, token);
    const meRes = await call(port, 'GET', '/api/users/me', undefined, token);
    const me = JSON.parse(meRes.body) as { id: string; company: { id: string } };
    const tasks: Record<string, () => Promise<Res>> = {
      'api /users/me': () => call(port, 'GET', '/api/users/me', undefined, token),
      'api /vehicles (10 rows)': () => call(port, 'GET', '/api/vehicles?limit=10', undefined, token),
    };
    const pids: Record<string, number | undefined> = {
      'api /users/me': start.server.pid,
      'api /vehicles (10 rows)': start.server.pid,
    };
    if (dbUrl) {
      const bodyFile = join(work, 'me.json');
      writeFileSync(bodyFile, meRes.body);
      bare = startBare(port + 1, { DATABASE_URL: dbUrl, BARE_USER_ID: me.id, BARE_ME_BODY: bodyFile });
      await waitFor(port + 1, '/one', 60);
      tasks['bare one row'] = () => call(port + 1, 'GET', '/one');
      tasks['bare /me statements'] = () => call(port + 1, 'GET', '/me', undefined, token);
      tasks['bare vehicles (10 rows)'] = () => call(port + 1, 'GET', `/vehicles?company=${me.company.id}`);
      for (const k of ['bare one row', 'bare /me statements', 'bare vehicles (10 rows)']) pids[k] = bare.pid;
    }
    // Warm-up of the JIT and both pools, then alternating rounds.
    for (const task of Object.values(tasks)) await load(tally(), CONNS, SMOKE ? 0.2 : 1, task);
    const tallies = Object.fromEntries(Object.keys(tasks).map((k) => [k, tally()]));
    for (let r = 0; r < ROUNDS; r++)
      for (const [k, task] of Object.entries(tasks)) await load(tallies[k], CONNS, SECONDS, task, pids[k]);
    const mem = memory(start.server.pid as number);
    const targets = Object.fromEntries(Object.entries(tallies).map(([k, t]) => [k, summary(t)]));
    return { label, start, login, targets, mem };
  } finally {
    if (bare) await stop(bare);
    rmSync(work, { recursive: true, force: true });
  }
}

/** First start on empty data, then a warm start of the same data, each measured. */
async function both(label: string, env: Record<string, string>, dbUrl: string | null): Promise<Measured[]> {
  const out: Measured[] = [];
  const first = await startApi(PORT, env);
  try {
    // BENCH_FIRST=0: the first start only makes the data (and its start-up time is reported).
    if (process.env.BENCH_FIRST !== '0') out.push(await measure(`${label}, first start`, PORT, first, dbUrl));
  } finally {
    await stop(first.server);
  }
  const prof = dbUrl && process.env.BENCH_CPU_PROF;
  const warm = await startApi(PORT, env, prof ? ['--cpu-prof', `--cpu-prof-dir=${prof}`] : []);
  try {
    out.push(await measure(`${label}, warm start`, PORT, warm, dbUrl));
  } finally {
    await stop(warm.server);
  }
  return out;
}

const fmt = (n: number, d = 0) =>
  n.toLocaleString('en-US', { minimumFractionDigits: d, maximumFractionDigits: d });
const rows: Measured[] = [];
// Login is rate limited per account and IP in production; the bench lifts the limits to measure the server.
const common = { RATE_LIMIT_PER_IP_PER_MINUTE: '1000000', RATE_LIMIT_LOGIN_FAILURES: '1000000' };
try {
  if (ONLY !== 'postgres') {
    const dataDir = mkdtempSync(join(tmpdir(), 'klimadesk-bench-'));
    try {
      rows.push(...(await both('PGlite', { ...common, DATA_DIR: dataDir }, null)));
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
  const pgUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (pgUrl && ONLY !== 'pglite') {
    const dataDir = mkdtempSync(join(tmpdir(), 'klimadesk-bench-'));
    try {
      rows.push(
        ...(await withBenchDatabase(pgUrl, 'klimadesk_bench_platform', ({ url }) =>
          both('PostgreSQL', { ...common, DATA_DIR: dataDir, DATABASE_URL: url }, url),
        )),
      );
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
} finally {
  agent.destroy();
}

console.log(
  `\n${SMOKE ? 'SMOKE RUN (tiny, figures meaningless). ' : ''}${ROUNDS} alternating rounds of ${SECONDS} s per target, ${CONNS} connections; ` +
    `measured after the start-up work finished (${rows[0]?.start.waited ?? '-'}).\n`,
);
console.log(
  '| run | listening after s | start-up work done after s | login req/s (4 conns) | login p95 ms | server RSS / peak MB |',
);
console.log('| --- | ---: | ---: | ---: | ---: | ---: |');
for (const r of rows)
  console.log(
    `| ${r.label} | ${fmt(r.start.listenS, 1)} | ${fmt(r.start.readyS, 1)} | ${fmt(r.login.rps)} | ${fmt(r.login.p95, 1)} | ${fmt(r.mem.rssMb)} / ${fmt(r.mem.peakMb)} |`,
  );
console.log('\n| run | target | req/s | p50 / p95 ms | server CPU µs per request | body bytes | errors |');
console.log('| --- | --- | ---: | ---: | ---: | ---: | ---: |');
let errors = 0;
for (const r of rows)
  for (const [k, s] of Object.entries(r.targets)) {
    errors += s.errors;
    console.log(
      `| ${r.label} | ${k} | ${fmt(s.rps)} | ${fmt(s.p50, 1)} / ${fmt(s.p95, 1)} | ${fmt(s.cpuUs)} | ${fmt(s.bytes)} | ${s.errors} |`,
    );
  }
console.log('');
for (const r of rows) {
  const t = r.targets;
  if (!t['bare one row']) continue;
  const pct = (a: string, b: string) => `${fmt((100 * t[a].rps) / t[b].rps)} %`;
  console.log(
    `${r.label}: /api/users/me at ${pct('api /users/me', 'bare one row')} of the bare one-query server (goal ≥ 50 %), ` +
      `${pct('api /users/me', 'bare /me statements')} of the bare server doing its statements; ` +
      `/api/vehicles (10 rows) at ${pct('api /vehicles (10 rows)', 'bare one row')} of the bare one-query server (goal ≥ 30 %), ` +
      `${pct('api /vehicles (10 rows)', 'bare vehicles (10 rows)')} of the bare server reading the same page.`,
  );
  // The same comparison by the serving process's CPU per request (steadier on a shared machine).
  const cpu = (a: string, b: string) => `${fmt((100 * t[b].cpuUs) / (t[a].cpuUs || 1))} %`;
  console.log(
    `${r.label}, by server CPU per request: /api/users/me ${cpu('api /users/me', 'bare one row')} of the bare one-query server, ` +
      `/api/vehicles (10 rows) ${cpu('api /vehicles (10 rows)', 'bare one row')}.`,
  );
}
if (errors) {
  console.error(`${errors} requests did not answer 200`);
  process.exitCode = 1;
}
