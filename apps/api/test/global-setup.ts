import type { TestProject } from 'vitest/node';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { TEMPLATE_DB, testDatabaseUrl, withDatabase } from './databases.ts';
import { openDb } from '../src/platform/db/index.ts';
import { seedBuiltinFactors } from '../src/modules/emission-db/index.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
  }
}

/** Migrates one template database; every test file then starts from a copy of it. */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  if (testDatabaseUrl) {
    const { default: pg } = await import('pg');
    const admin = new pg.Client({ connectionString: testDatabaseUrl });
    await admin.connect();
    await admin.query(`drop database if exists ${TEMPLATE_DB} with (force)`);
    await admin.query(`create database ${TEMPLATE_DB}`);
    await admin.end();
    const handle = await openDb({ url: withDatabase(testDatabaseUrl, TEMPLATE_DB), poolSize: 1 });
    // The built-in factor tables go into the template once, so no test file's start loads them.
    await seedBuiltinFactors(handle.db);
    await handle.close();
    return async () => {};
  }
  const dir = await mkdtemp(join(tmpdir(), 'klimadesk-test-'));
  const handle = await openDb({});
  await seedBuiltinFactors(handle.db);
  const { PGlite } = await import('@electric-sql/pglite');
  // The drizzle wrapper keeps the client it was made with; reach it to dump the data folder.
  const client = (handle.db as unknown as { $client: InstanceType<typeof PGlite> }).$client;
  const dump = await client.dumpDataDir('none');
  const file = join(dir, 'template.tar');
  await writeFile(file, Buffer.from(await dump.arrayBuffer()));
  await handle.close();
  project.provide('pgliteTemplate', file);
  return async () => {
    await rm(dir, { recursive: true, force: true });
  };
}
