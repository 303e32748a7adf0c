/**
 * Loads built-in data sets into the emission database (issue 18). An edition is a source version;
 * loading an edition that is there changes nothing (factors are keyed by edition and row id), a new
 * edition adds a version and its factors beside the old ones, never over them.
 */
import { readFileSync } from 'node:fs';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { unitOf } from '@klimadesk/contract';
import type { DbOrTx } from '../../platform/db/index.ts';
import { type Dataset, type DatasetKey, DATASET_FILES, PARSERS } from './emission-db.datasets.ts';
import * as repo from './emission-db.repository.ts';
import { searchNames, searchText } from './emission-db.search.ts';
import { withdrawBlankZeroFactors } from './emission-db.versions.ts';

export type LoadResult = {
  key: string;
  version: string;
  createdActivities: number;
  createdFactors: number;
  /** Source rows skipped because their value cell is blank ("no factor", never loaded as 0). */
  blankCells: number;
};

const dayBefore = (day: string) =>
  new Date(Date.parse(`${day}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);

type DatasetActivity = Dataset['activities'][number];
type ActivityInsert = Parameters<typeof repo.insertActivities>[1][number];

/** The data set's source version; a new one closes the open periods of the older ones. */
async function ensureVersion(tx: DbOrTx, dataset: Dataset, sourceId: string) {
  let version = await repo.findVersionByName(tx, sourceId, dataset.version);
  if (!version) {
    version = await repo.insertVersion(tx, {
      sourceId,
      version: dataset.version,
      validFrom: dataset.validFrom,
      validUntil: dataset.validUntil,
      releaseDate: dataset.releaseDate,
    });
    await repo.closeOpenPeriods(tx, sourceId, version.id, dayBefore(dataset.validFrom));
  }
  return version;
}

/** A provider activity of the data set as stored, with its search names in both languages. */
function activityRow(a: DatasetActivity): ActivityInsert {
  const names = [a.de, a.en];
  return {
    companyId: null,
    internalName: a.key,
    categories: a.cat,
    treatmentId: a.treat ?? null,
    translations: {
      de: { name: a.de, description: a.dDe ?? null, synonyms: a.sDe ?? [] },
      en: { name: a.en, description: a.dEn ?? null, synonyms: a.sEn ?? [] },
    },
    searchNames: searchNames(names),
    searchText: searchText(names, [...(a.sDe ?? []), ...(a.sEn ?? [])]),
    rankWeight: a.w,
    datasetKey: a.key,
  };
}

/** Every factor of the data set, under the activity ids by data set key. */
function factorRows(
  dataset: Dataset,
  activityIds: ReadonlyMap<string, string>,
  ids: { sourceId: string; versionId: string; providerId: string },
): repo.FactorInsert[] {
  const factors: repo.FactorInsert[] = [];
  for (const a of dataset.activities) {
    for (const f of a.f) {
      const unit = unitOf(f.unit);
      factors.push({
        activityId: activityIds.get(a.key) as string,
        companyId: null,
        baseUnit: f.unit,
        unitTypes: unit ? [unit.unitType] : [],
        co2Factor: f.co2e,
        biogenicCo2Factor: f.bio ?? null,
        co2: f.co2 ?? null,
        ch4: f.ch4 ?? null,
        n2o: f.n2o ?? null,
        wttFactor: f.wtt ?? null,
        country: f.country ?? null,
        sourceId: ids.sourceId,
        sourceVersionId: ids.versionId,
        validFrom: f.from ?? dataset.validFrom,
        validUntil: f.until === undefined ? dataset.validUntil : f.until,
        year: f.year ?? null,
        releaseDate: dataset.releaseDate,
        providerId: ids.providerId,
        isPublic: true,
        externalId: f.ext,
        gwpSet: dataset.gwpSet,
        coverage: f.coverage ?? null,
        ...(f.note ? { translations: { de: { note: f.note.de }, en: { note: f.note.en } } } : {}),
      });
    }
  }
  return factors;
}

export async function loadDataset(db: DbOrTx, dataset: Dataset): Promise<LoadResult> {
  return db.transaction(async (tx) => {
    const providerId = await repo.ensureProvider(tx, dataset.provider);
    const source =
      (await repo.sourceByDataset(tx, dataset.key)) ??
      (await repo.insertSource(tx, { ...dataset.source, datasetKey: dataset.key }));
    const version = await ensureVersion(tx, dataset, source.id);
    const known = await repo.activitiesByDatasetKey(
      tx,
      dataset.activities.map((a) => a.key),
    );
    const fresh = dataset.activities.filter((a) => !known.has(a.key));
    const inserted = await repo.insertActivities(tx, fresh.map(activityRow));
    for (const row of inserted) known.set(row.datasetKey as string, row.id);
    const factors = factorRows(dataset, known, { sourceId: source.id, versionId: version.id, providerId });
    let createdFactors = 0;
    for (let i = 0; i < factors.length; i += 1000)
      createdFactors += await repo.insertFactorsOnce(tx, factors.slice(i, i + 1000));
    return {
      key: dataset.key,
      version: dataset.version,
      createdActivities: inserted.length,
      createdFactors,
      blankCells: dataset.blankCells ?? 0,
    };
  });
}

// ---------- the shipped derived table ----------

/** Where the compact derived files live (written by scripts/build-emission-factors.ts). */
export const BUILTIN_DIR = join(import.meta.dirname, 'data');

export type BuiltinManifest = Record<
  DatasetKey,
  { file: string; version: string; rows: number; blankCells?: number }
>;

export function builtinManifest(): BuiltinManifest {
  return JSON.parse(readFileSync(join(BUILTIN_DIR, 'manifest.json'), 'utf8')) as BuiltinManifest;
}

/** A shipped data set, parsed the same way as the full file it was cut from. */
export function builtinDataset(key: DatasetKey): Dataset {
  const { file } = builtinManifest()[key];
  return PARSERS[key](gunzipSync(readFileSync(join(BUILTIN_DIR, file))));
}

/**
 * The manifest seed: loads each shipped data set whose edition is not in the database yet, then
 * withdraws zero DESNZ factors an earlier loader made from blank cells. A start with everything
 * loaded costs two queries (the files are read only when something is missing or to withdraw).
 */
export async function seedBuiltinFactors(db: DbOrTx): Promise<LoadResult[]> {
  const manifest = builtinManifest();
  const loaded = new Set((await repo.loadedEditions(db)).map((e) => `${e.key}@${e.version}`));
  const out: LoadResult[] = [];
  for (const [key, entry] of Object.entries(manifest) as [DatasetKey, BuiltinManifest[DatasetKey]][]) {
    if (loaded.has(`${key}@${entry.version}`)) continue;
    out.push(await loadDataset(db, builtinDataset(key)));
  }
  // The full file when it is there (it holds rows the shipped cut leaves out), else the cut.
  await withdrawBlankZeroFactors(db, 'desnz', () => {
    const path = sharedFile('desnz');
    return path ? PARSERS.desnz(readFileSync(path)) : builtinDataset('desnz');
  });
  return out;
}

/** The shared reference files (`../shared/data` beside the checkout), when they are there. */
export const SHARED_DATA_DIR = join(import.meta.dirname, '../../../../../../shared/data');

export function sharedFile(key: DatasetKey, dir = SHARED_DATA_DIR): string | null {
  const path = join(dir, DATASET_FILES[key]);
  return existsSync(path) ? path : null;
}

/** The import command's work: every data set from its full file (the shipped cut when the file is missing). */
export async function importAll(
  db: DbOrTx,
  dir = SHARED_DATA_DIR,
): Promise<(LoadResult & { from: string })[]> {
  const out: (LoadResult & { from: string })[] = [];
  for (const key of Object.keys(DATASET_FILES) as DatasetKey[]) {
    const path = sharedFile(key, dir);
    const dataset = path ? PARSERS[key](readFileSync(path)) : builtinDataset(key);
    out.push({ ...(await loadDataset(db, dataset)), from: path ?? 'shipped table' });
    if (key === 'desnz') await withdrawBlankZeroFactors(db, key, () => dataset);
  }
  return out;
}
