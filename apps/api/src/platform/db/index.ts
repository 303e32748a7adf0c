import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import * as schema from './schema.ts';

export { schema };
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
/** A transaction handle has the same query surface as the database. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

export type DbHandle = {
  db: Db;
  kind: 'pglite' | 'postgres';
  close: () => Promise<void>;
};

export const migrationsFolder = fileURLToPath(new URL('../../../drizzle', import.meta.url));

export type OpenDbOptions =
  | { url: string; poolSize?: number; migrate?: boolean }
  | { dataDir?: string; loadDataDir?: Blob; migrate?: boolean };

/** PostgreSQL when a URL is given, else the embedded PGlite (same schema, same migrations). */
export async function openDb(options: OpenDbOptions): Promise<DbHandle> {
  const migrate = options.migrate ?? true;
  if ('url' in options) {
    const { Pool } = (await import('pg')).default;
    const { drizzle } = await import('drizzle-orm/node-postgres');
    // JIT compilation costs 100–400 ms per dashboard query and pays off only for queries that run
    // for many seconds, which this application does not issue (docs/performance.md).
    const pool = new Pool({
      connectionString: options.url,
      max: options.poolSize ?? 10,
      options: '-c jit=off',
    });
    let closing = false;
    // An idle connection that breaks (server restart, dropped database) must not end the process;
    // the pool replaces it on the next query.
    pool.on('error', (err: Error & { code?: string }) => {
      if (closing && err.code === '57P01') return;
      console.error(`idle PostgreSQL connection failed: ${err.message}`);
    });
    const db = drizzle({ client: pool, schema }) as unknown as Db;
    if (migrate) {
      const { migrate: run } = await import('drizzle-orm/node-postgres/migrator');
      await run(db as never, { migrationsFolder });
    }
    return {
      db,
      kind: 'postgres',
      close: async () => {
        closing = true;
        await pool.end();
      },
    };
  }
  const { PGlite } = await import('@electric-sql/pglite');
  // The trigram indexes of the free-text search (migration 0011) need pg_trgm in every instance.
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const { drizzle } = await import('drizzle-orm/pglite');
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  const client = await PGlite.create(options.dataDir, {
    extensions: { pg_trgm },
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
  });
  const db = drizzle({ client, schema }) as unknown as Db;
  if (migrate) {
    const { migrate: run } = await import('drizzle-orm/pglite/migrator');
    await run(db as never, { migrationsFolder });
  }
  return { db, kind: 'pglite', close: () => client.close() };
}

/**
 * A statement of the per-request hot path (session check, `/users/me`), run straight on the
 * driver: on PostgreSQL as a named prepared statement (parsed and planned once per connection),
 * on PGlite as a plain parameterised query; no query building, no row mapping by the ORM
 * (docs/performance.md). `text` uses `$1…` placeholders; rows come back as the driver parses them
 * (snake_case keys, timestamps as Date, jsonb parsed).
 */
export type Prepared = { name: string; text: string };

type Driver = { query: (q: unknown, values?: unknown[]) => Promise<{ rows: unknown[] }> };

export async function runPrepared<T>(db: DbOrTx, statement: Prepared, values: unknown[]): Promise<T[]> {
  const client = (db as { $client?: Driver & { totalCount?: number } }).$client;
  if (!client) {
    // A transaction handle: the same statement through drizzle on the transaction's connection.
    const parts = statement.text.split(/\$(\d+)/);
    const query = sql.empty();
    parts.forEach((part, i) => query.append(i % 2 ? sql`${values[Number(part) - 1]}` : sql.raw(part)));
    return rowsOf<T>(await db.execute(query));
  }
  // pg's Pool counts its connections; PGlite takes no statement names.
  const named = typeof client.totalCount === 'number';
  const result = named
    ? await client.query({ name: statement.name, text: statement.text, values })
    : await client.query(statement.text, values);
  return result.rows as T[];
}

/**
 * A drizzle query of the hot path built and prepared once per database handle (named on
 * PostgreSQL) instead of on every call; its parameters are `sql.placeholder`s. A transaction
 * handle gets its own, short-lived copy.
 */
export function preparedPerDb<Q>(build: (db: DbOrTx) => Q): (db: DbOrTx) => Q {
  const cache = new WeakMap<object, Q>();
  return (db) => {
    let q = cache.get(db);
    if (!q) {
      q = build(db);
      cache.set(db, q);
    }
    return q;
  };
}

/** The rows of a raw `db.execute(sql…)` answer; both drivers (pg, PGlite) put them under `rows`. */
export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

/** Caps every further statement of the current transaction (`set local`), e.g. to a job's time left. */
export async function setStatementTimeout(tx: DbOrTx, ms: number): Promise<void> {
  await tx.execute(sql.raw(`set local statement_timeout = ${Math.max(1, Math.floor(ms))}`));
}
