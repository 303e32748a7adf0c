/**
 * A PostgreSQL database of a bench run's own: a unique name on the given server, dropped when the
 * run ends (also when it fails), so two checkouts benchmarking against one server never drop each
 * other's data. `BENCH_DB=<name>` uses (and keeps) an existing database instead, for repeated runs
 * over a load that takes minutes.
 */
import pg from 'pg';
import { loadConfig } from '../src/platform/config.ts';
import { createContext } from '../src/platform/context.ts';
import { openDb } from '../src/platform/db/index.ts';

export type BenchDatabase = { url: string; name: string; kept: boolean };

export async function withBenchDatabase<T>(
  serverUrl: string,
  prefix: string,
  run: (db: BenchDatabase) => Promise<T>,
): Promise<T> {
  const kept = process.env.BENCH_DB;
  const name = kept || `${prefix}_${process.pid}_${Date.now().toString(36)}`;
  if (!/^[a-z0-9_]+$/.test(name))
    throw new Error(`BENCH_DB must be lower-case letters, digits and _: ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    const exists = await admin.query('select 1 from pg_database where datname = $1', [name]);
    if (!exists.rowCount) await admin.query(`create database ${name}`);
    return await run({ url: url.toString(), name, kept: Boolean(kept && exists.rowCount) });
  } finally {
    if (!kept) {
      // pg's pool.end() resolves before its sockets close; `force` ends only this run's own database.
      await new Promise((r) => setTimeout(r, 500));
      await admin.query(`drop database if exists ${name} with (force)`);
    }
    await admin.end();
  }
}

/** The app's context on a bench database: no demo data, silent log, the job poller idle. */
export async function benchContext(url: string) {
  const handle = await openDb({ url });
  const config = loadConfig({
    DATA_DIR: '/tmp',
    SEED_DEMO: '0',
    LOG_LEVEL: 'silent',
    APP_URL: 'http://localhost:3000',
    SESSION_SECRET: 'bench-secret-bench-secret-bench-secret-01',
    DATABASE_URL: url,
  });
  const silent = { info: () => {}, warn: () => {}, error: (...a: unknown[]) => console.error(...a) };
  return createContext(config, { handle, log: silent, pollMs: 3_600_000 });
}

export const ms = (n: number) => `${n.toFixed(1)} ms`;

/** The p-th percentile (nearest rank) of a list of timings. */
export const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)];
};
