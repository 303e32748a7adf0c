/**
 * Builds the postal-code centroid table that ships with the API, so postal codes resolve on a fresh
 * start without an operator import: `apps/api/data/postal-codes.tsv.gz`, one line per (country,
 * code) with `country, code, place, lat, lon`, tab-separated, sorted, gzip.
 *
 * Input: the GeoNames postal code dump for the EU, CH, NO and GB in the layout of the shared
 * reference data `geo/postal-codes/XX.csv.gz` (zauberware/postal-codes-json-xml-csv, columns
 * country_code, zipcode, place, …, latitude, longitude; see geo/SOURCES.md). Licence: GeoNames,
 * CC BY 4.0 (credit "GeoNames, geonames.org"), shown on the data sources page. Rows of one code
 * become one centroid (mean of its places) named by its main place, as the full import does.
 * Portugal's 7-digit codes (CP7, "1000-001") address single streets: nearly 200,000 of them would be
 * half the table and most of the first-start load, so the table keeps their 4-digit areas (CP4) and
 * a 7-digit code resolves to its area (`zipCodeArea`). The full import keeps every CP7.
 *
 * Usage: node scripts/build-postal-codes.ts [path/to/geo/postal-codes]
 */
import { readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { zipCodeArea } from '../apps/api/src/modules/locations/builtin.ts';
import {
  type ZipCodeGroup,
  groupPostalCodes,
  mainPlace,
} from '../apps/api/src/modules/locations/importer.ts';

const root = join(import.meta.dirname, '..');
const input = process.argv[2] ?? join(root, '../shared/data/geo/postal-codes');
const output = join(root, 'apps/api/data/postal-codes.tsv.gz');

// 4 decimals are about 11 m, finer than any centroid of a postal area.
const coordinate = (sum: number, n: number) => String(Math.round((sum / n) * 1e4) / 1e4);
const clean = (s: string) => s.replace(/[\t\n\r]+/g, ' ').trim();

/** Merges codes into their area where the country has one (`zipCodeArea`), weighting by places. */
function byArea(country: string, codes: Map<string, ZipCodeGroup>): Map<string, ZipCodeGroup> {
  const areas = new Map<string, ZipCodeGroup>();
  for (const [code, g] of codes) {
    const area = zipCodeArea(country, code) ?? code;
    const acc = areas.get(area);
    if (!acc) areas.set(area, { ...g, places: [...g.places] });
    else {
      acc.places.push(...g.places);
      acc.lat += g.lat;
      acc.lon += g.lon;
      acc.n += g.n;
    }
  }
  return areas;
}

const lines: string[] = [];
const counts = { rows: 0, skipped: 0 };
for (const file of readdirSync(input).sort()) {
  const country = /^([A-Z]{2})\.csv(?:\.gz)?$/.exec(file)?.[1];
  if (!country) continue;
  const codes = byArea(country, await groupPostalCodes(join(input, file), counts));
  for (const code of [...codes.keys()].sort()) {
    const g = codes.get(code)!;
    lines.push(
      [country, clean(code), clean(mainPlace(g.places)), coordinate(g.lat, g.n), coordinate(g.lon, g.n)].join(
        '\t',
      ),
    );
  }
  console.log(`${country}: ${codes.size} codes`);
}
writeFileSync(output, gzipSync(`${lines.join('\n')}\n`, { level: 9 }));
console.log(
  `${lines.length} codes from ${counts.rows} rows (${counts.skipped} skipped) → ${output}, ${statSync(output).size} bytes`,
);
