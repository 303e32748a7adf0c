/**
 * Platform benchmark (not a test): starts the API as its own process against PGlite and, when
 * BENCH_DATABASE_URL (or TEST_DATABASE_URL) is set, against PostgreSQL, then measures over
 * loopback: login requests per second and p95, GET /api/users/me with 50 concurrent
 * connections, and the server's memory.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = join(import.meta.dirname, '../../..');
const agent = new Agent({ keepAlive: true, maxSockets: 64 });

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

/** Runs `task` with `concurrency` callers for `seconds`; returns rate, p95 and errors. */
async function load(concurrency: number, seconds: number, task: () => Promise<Res>) {
  const latencies: number[] = [];
  let errors = 0;
  const end = performance.now() + seconds * 1000;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < end) {
        const r = await task();
        if (r.status !== 200) errors++;
        latencies.push(r.ms);
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((x, y) => x - y);
  const p = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
  return { rps: latencies.length / elapsed, p50: p(0.5), p95: p(0.95), errors, n: latencies.length };
}

function memory(pid: number): { rssMb: number; peakMb: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (key: string) => Number(new RegExp(`${key}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
  return { rssMb: kb('VmRSS') / 1024, peakMb: kb('VmHWM') / 1024 };
}

async function startServer(port: number, env: Record<string, string>): Promise<ChildProcess> {
  const child = spawn(process.execPath, [join(root, 'apps/api/src/main.ts')], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', SEED_DEMO: '1', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (let i = 0; i < 300; i++) {
    try {
      if ((await call(port, 'GET', '/health')).status === 200) return child;
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill();
  throw new Error('server did not start');
}

async function bench(label: string, env: Record<string, string>, port: number) {
  const server = await startServer(port, env);
  try {
    const creds = { username: 'admin@demo-pro.local', password: 'demo-password' };
    // Warm up the JIT and the connection pool.
    for (let i = 0; i < 20; i++) await call(port, 'POST', '/api/login', creds);
    const login = await load(4, 5, () => call(port, 'POST', '/api/login', creds));
    const token = JSON.parse((await call(port, 'POST', '/api/login', creds)).body).token as string;
    await load(50, 2, () => call(port, 'GET', '/api/users/me', undefined, token));
    const me = await load(50, 10, () => call(port, 'GET', '/api/users/me', undefined, token));
    const mem = memory(server.pid as number);
    return { label, login, me, mem };
  } finally {
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
  }
}

const fmt = (n: number, d = 0) => n.toFixed(d);
const rows = [];
const dataDir = mkdtempSync(join(tmpdir(), 'klimadesk-bench-'));
// Login is rate limited per account and IP in production; the bench lifts the limits to measure the server.
const common = { RATE_LIMIT_PER_IP_PER_MINUTE: '1000000', RATE_LIMIT_LOGIN_FAILURES: '1000000' };
try {
  rows.push(await bench('PGlite (embedded)', { ...common, DATA_DIR: dataDir }, 3401));
  const pgUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (pgUrl)
    rows.push(await bench('PostgreSQL', { ...common, DATA_DIR: dataDir, DATABASE_URL: pgUrl }, 3402));
} finally {
  rmSync(dataDir, { recursive: true, force: true });
  agent.destroy();
}
console.log(
  '| database | login req/s (4 conns) | login p95 ms | /users/me req/s (50 conns) | /users/me p50 / p95 ms | errors | server RSS / peak MB |',
);
console.log('| --- | --- | --- | --- | --- | --- | --- |');
for (const r of rows) {
  console.log(
    `| ${r.label} | ${fmt(r.login.rps)} | ${fmt(r.login.p95, 1)} | ${fmt(r.me.rps)} | ${fmt(r.me.p50, 1)} / ${fmt(r.me.p95, 1)} | ${r.login.errors + r.me.errors} | ${fmt(r.mem.rssMb)} / ${fmt(r.mem.peakMb)} |`,
  );
}
