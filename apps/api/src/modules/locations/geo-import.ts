import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { loadConfig } from '../../platform/config.ts';
import { openDb } from '../../platform/db/index.ts';
import { ensureBuiltinLocations } from './builtin-loader.ts';
import { importGeoFolder } from './importer.ts';

/**
 * `npm run geo:import -- <folder> [CC …]`: imports UN/LOCODE and postal code files into the
 * configured database (DATABASE_URL, else the embedded database in DATA_DIR; stop a running
 * server first, the embedded database has one user at a time). Built-in data is loaded as well.
 */
const [folderArg, ...countryArgs] = process.argv.slice(2);
const config = loadConfig();
const folder = resolve(folderArg ?? config.geoDataDir ?? '');
if (!folderArg && !config.geoDataDir) {
  console.error('usage: npm run geo:import -- <folder with unlocode/ and postal-codes/> [country codes]');
  process.exit(2);
}
if (!existsSync(folder)) {
  console.error(`no such folder: ${folder}`);
  process.exit(2);
}
const handle = await openDb(
  config.databaseUrl ? { url: config.databaseUrl } : { dataDir: `${config.dataDir}/pglite` },
);
try {
  const builtin = await ensureBuiltinLocations(handle.db);
  if (builtin.loaded) console.log(`built-in locations: ${builtin.count}`);
  const countries = countryArgs.map((c) => c.toUpperCase());
  const report = await importGeoFolder(handle.db, folder, {
    countries: countries.length ? countries : undefined,
    log: (line) => console.log(line),
  });
  console.log(JSON.stringify(report, null, 2));
} finally {
  await handle.close();
}
