import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { inject } from 'vitest';
import { type DbHandle, openDb } from '../src/platform/db/index.ts';

/** TEST_DATABASE_URL selects PostgreSQL (its server's `postgres` database); unset means PGlite. */
export const testDatabaseUrl = process.env.TEST_DATABASE_URL || null;
// Suffix lets several checkouts run their PostgreSQL suites on one server at the same time.
export const TEMPLATE_DB = `klimadesk_test_template${process.env.TEST_DB_SUFFIX ?? ''}`;

export function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

/**
 * A fresh, migrated database for one test file: a copy of the template made in the global setup
 * (CREATE DATABASE … TEMPLATE on PostgreSQL, a loaded data-dir dump on PGlite).
 */
export async function freshDatabase(): Promise<DbHandle & { name: string }> {
  if (testDatabaseUrl) {
    const { default: pg } = await import('pg');
    const name = `klimadesk_test_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: testDatabaseUrl });
    await admin.connect();
    await admin.query(`create database ${name} template ${TEMPLATE_DB}`);
    await admin.end();
    const handle = await openDb({ url: withDatabase(testDatabaseUrl, name), migrate: false, poolSize: 5 });
    return {
      ...handle,
      name,
      close: async () => {
        await handle.close();
        const c = new pg.Client({ connectionString: testDatabaseUrl });
        await c.connect();
        await c.query(`drop database if exists ${name} with (force)`);
        await c.end();
      },
    };
  }
  const dump = inject('pgliteTemplate');
  if (!dump) throw new Error('the integration global setup did not run');
  const blob = new Blob([await readFile(dump)]);
  const handle = await openDb({ loadDataDir: blob, migrate: false });
  return { ...handle, name: 'pglite' };
}
