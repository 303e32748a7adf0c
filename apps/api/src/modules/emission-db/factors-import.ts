import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { loadConfig } from '../../platform/config.ts';
import { openDb } from '../../platform/db/index.ts';
import { SHARED_DATA_DIR, importAll } from './emission-db.import.ts';

/**
 * `npm run factors:import [-- <shared data folder>]`: loads the built-in factor data sets from
 * their full files (DESNZ flat file, GEG Anlage 9, grid electricity, refrigerant GWPs; default
 * `../shared/data`, or FACTOR_DATA_DIR) into the configured database (DATABASE_URL, else the
 * embedded database in DATA_DIR; stop a running server first). A data set whose file is missing
 * is loaded from the shipped table. An edition that is loaded already changes nothing.
 */
const config = loadConfig();
const folder = resolve(process.argv[2] ?? config.factorDataDir ?? SHARED_DATA_DIR);
if (!existsSync(folder)) console.warn(`no folder ${folder}: loading the shipped tables only`);
const handle = await openDb(
  config.databaseUrl ? { url: config.databaseUrl } : { dataDir: `${config.dataDir}/pglite` },
);
try {
  for (const r of await importAll(handle.db, folder)) {
    console.log(
      `${r.key} ${r.version}: ${r.createdActivities} new activities, ${r.createdFactors} new factors, ${r.blankCells} blank cells skipped (from ${r.from})`,
    );
  }
} finally {
  await handle.close();
}
