/**
 * Builds the compact derived tables of the emission database's built-in data sets (issue 18) from
 * the shared reference files, and writes them gzipped with a manifest to
 * `apps/api/src/modules/emission-db/data/` (see its SOURCES.md for sources and licences). The
 * product loads them on a fresh start; `npm run factors:import` loads the full files.
 *
 * The cut keeps the source's own rows and columns, so the product reads them with the same parser:
 * - DESNZ 2025 flat file (OGL v3.0): emission factor rows only (GHG/Unit in kg CO2e; the kWh
 *   energy-use rows are no factors), without per-mile rows where the same activity has per-km rows
 *   (miles convert to km);
 * - GEG Anlage 9 (public domain): every row;
 * - Electricity Maps yearly grid intensity (ODbL): country rows, no sub-zones;
 * - refrigerant GWP100 table (CC0 / OGL): every row.
 *
 * Usage: node scripts/build-emission-factors.ts [path/to/shared/data]
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { parse } from 'csv-parse/sync';
import {
  DATASET_FILES,
  type DatasetKey,
  PARSERS,
} from '../apps/api/src/modules/emission-db/emission-db.datasets.ts';

const root = join(import.meta.dirname, '..');
const shared = process.argv[2] ?? join(root, '../shared/data');
const out = join(root, 'apps/api/src/modules/emission-db/data');

type Raw = { record: Record<string, string>; raw: string };

/** The header line and the data lines as written in the file, with their parsed records. */
function lines(text: string): { header: string; rows: Raw[] } {
  const header = text.slice(0, text.indexOf('\n')).replace(/\r$/, '');
  const rows = parse(text, {
    columns: true,
    bom: true,
    skip_empty_lines: true,
    comment: '#',
    raw: true,
  }) as Raw[];
  return { header, rows: rows.map((r) => ({ record: r.record, raw: r.raw.replace(/\r?\n$/, '') })) };
}

const keep: Record<DatasetKey, (rows: Raw[]) => Raw[]> = {
  desnz: (rows) => {
    const activity = (r: Record<string, string>) =>
      [r['Level 1'], r['Level 2'], r['Level 3'], r['Level 4'], r['Column Text'], r['GHG/Unit']].join('|');
    const withKm = new Set(rows.filter((r) => r.record.UOM === 'km').map((r) => activity(r.record)));
    return rows.filter(
      (r) =>
        r.record['GHG/Unit'].startsWith('kg CO2e') &&
        !(r.record.UOM === 'miles' && withKm.has(activity(r.record))),
    );
  },
  'geg-anlage9': (rows) => rows,
  'grid-electricity': (rows) => rows.filter((r) => !r.record.zone.includes('-')),
  'refrigerants-ar6': (rows) => rows,
  'refrigerants-ar5': (rows) => rows,
};

mkdirSync(out, { recursive: true });
const manifest: Record<string, { file: string; version: string; rows: number; blankCells?: number }> = {};
for (const key of Object.keys(DATASET_FILES) as DatasetKey[]) {
  const text = readFileSync(join(shared, DATASET_FILES[key]), 'utf8').replace(/^\uFEFF/, '');
  const { header, rows } = lines(text);
  const kept = keep[key](rows);
  const csv = `${header}\n${kept.map((r) => r.raw).join('\n')}\n`;
  const dataset = PARSERS[key](csv);
  const file = `${key}-${dataset.version}.csv.gz`;
  writeFileSync(join(out, file), gzipSync(csv, { level: 9 }));
  manifest[key] = { file, version: dataset.version, rows: kept.length };
  if (dataset.blankCells !== undefined) manifest[key].blankCells = dataset.blankCells;
  const factors = dataset.activities.reduce((n, a) => n + a.f.length, 0);
  const blanks = dataset.blankCells ? `, ${dataset.blankCells} blank cells skipped (no factor)` : '';
  console.log(
    `${key} ${dataset.version}: ${kept.length} of ${rows.length} rows, ${dataset.activities.length} activities, ${factors} factors${blanks}`,
  );
}
writeFileSync(join(out, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
console.log(`wrote ${out}`);
