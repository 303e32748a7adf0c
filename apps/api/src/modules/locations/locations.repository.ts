import { type SQL, and, eq, sql } from 'drizzle-orm';
import { type LocationType, searchKey, transliterationKey } from '@klimadesk/contract';
import { type DbOrTx, rowsOf } from '../../platform/db/index.ts';
import { geoDatasets, geoLocations } from './locations.schema.ts';

export type LocationRecord = {
  type: LocationType;
  code: string;
  country: string;
  name: string;
  /** Further searchable names (postal place names, a port's city, a name without diacritics). */
  altNames?: string[];
  subdivision?: string | null;
  places?: string[] | null;
  locode?: string | null;
  iataCode?: string | null;
  lat: number | null;
  lon: number | null;
  importance: number;
  source: 'builtin' | 'postal' | 'unlocode';
  /** Searchable codes; the code itself when absent (cities have none: a GeoNames id is no search term). */
  codeKeys?: string[];
};

export type LocationRow = typeof geoLocations.$inferSelect;

const MAX_KEY = 120;
const WORD_BREAK = /[\s\-/(),.]+/;

/** Key kinds, also the search rank of an exact match: code above whole name above later words. */
export const KEY_KIND = { laterWords: 0, name: 1, code: 2 } as const;

/**
 * Search keys of a record: code(s), each name plain and transliterated, and its later words. A
 * city's further names (other languages) are marked `further`: they are stored below the
 * importance of the partial index, so a one-letter term lists big places by their own names
 * instead of reading a dozen foreign names of each.
 */
export function keysFor(r: LocationRecord): { key: string; kind: number; further: boolean }[] {
  const keys = new Map<string, { kind: number; further: boolean }>();
  const add = (k: string, kind: number, further = false) => {
    const key = k.slice(0, MAX_KEY);
    const had = keys.get(key);
    if (key && (!had || had.kind < kind)) keys.set(key, { kind, further: (had?.further ?? true) && further });
  };
  for (const c of r.codeKeys ?? [r.code]) add(searchKey(c), KEY_KIND.code);
  const names = [r.name, ...(r.altNames ?? [])];
  for (const [i, name] of names.entries()) {
    if (!name || name.includes('\uFFFD')) continue;
    const further = i > 0 && r.type === 'city';
    const plain = searchKey(name);
    add(plain, KEY_KIND.name, further);
    add(transliterationKey(name), KEY_KIND.name, further);
    // Other-language names of a city are found whole ("Mailand"); their later words are noise.
    if (further) continue;
    // "Hamburg Altstadt" is also found by "altstadt"; three later words are enough.
    const words = plain.split(WORD_BREAK);
    let taken = 0;
    for (let w = 1; w < words.length && taken < 3; w++) {
      if (words[w].length < 3) continue;
      add(words.slice(w).join(' '), KEY_KIND.laterWords);
      taken++;
    }
  }
  return [...keys].map(([key, k]) => ({ key, ...k }));
}

const json = (value: unknown) => sql`${JSON.stringify(value)}::jsonb`;

/**
 * Inserts or updates records by (type, country, code) and replaces their search keys. Idempotent:
 * running it twice leaves the same rows. Rows travel as one JSON parameter per statement, which is
 * several times faster on PGlite than thousands of bind parameters.
 */
export async function upsertLocations(db: DbOrTx, records: LocationRecord[]): Promise<number> {
  if (!records.length) return 0;
  // One record per key in a statement; ON CONFLICT cannot touch a row twice.
  const unique = new Map<string, LocationRecord>();
  for (const r of records) unique.set(`${r.type}|${r.country}|${r.code}`, r);
  const rows = [...unique.values()];
  const input = rows.map((r) => ({
    type: r.type,
    code: r.code,
    country: r.country,
    name: r.name,
    subdivision: r.subdivision ?? null,
    places: r.places ?? null,
    locode: r.locode ?? null,
    iata_code: r.iataCode ?? null,
    lat: r.lat,
    lon: r.lon,
    importance: r.importance,
    source: r.source,
  }));
  const saved = rowsOf<RawRow>(
    await db.execute(sql`
      insert into geo_locations (type, code, country, name, subdivision, places, locode, iata_code, lat, lon, importance, source)
      select type, code, country, name, subdivision, places, locode, iata_code, lat, lon, importance, source
      from jsonb_to_recordset(${json(input)}) as x(type text, code text, country text, name text, subdivision text,
        places jsonb, locode text, iata_code text, lat float8, lon float8, importance int, source text)
      on conflict (type, country, code) do update set
        name = excluded.name, subdivision = excluded.subdivision, places = excluded.places,
        locode = excluded.locode, iata_code = excluded.iata_code, lat = excluded.lat, lon = excluded.lon,
        importance = excluded.importance, source = excluded.source
      returning id, type, country, code`),
  );
  const byKey = new Map(saved.map((s) => [`${s.type}|${s.country}|${s.code}`, Number(s.id)]));
  await db.execute(
    sql`delete from geo_location_keys where location_id in (select (jsonb_array_elements_text(${json([...byKey.values()])}))::bigint)`,
  );
  const keyRows = rows.flatMap((r) => {
    const id = byKey.get(`${r.type}|${r.country}|${r.code}`)!;
    return keysFor(r).map((k) => ({
      id,
      key: k.key,
      kind: k.kind,
      type: r.type,
      country: r.country,
      importance: k.further ? Math.min(r.importance, IMPORTANT - 1) : r.importance,
    }));
  });
  for (let i = 0; i < keyRows.length; i += 10_000) {
    await db.execute(sql`
      insert into geo_location_keys (location_id, key, kind, type, country, importance)
      select id, key, kind, type, country, importance
      from jsonb_to_recordset(${json(keyRows.slice(i, i + 10_000))})
        as x(id bigint, key text, kind smallint, type text, country text, importance int)`);
  }
  return rows.length;
}

/** Escapes LIKE wildcards for a prefix match. */
/** Matches the partial index of the key table (locations.schema.ts). */
const IMPORTANT = 50_000;
const SHORT_TERM = 3;

const prefix = (key: string) => `${key.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export type SearchHit = LocationRow & { rank: number };

/**
 * Prefix search on the normalised keys. Ranking: an exact code first, then an exact name, then
 * importance (population, airport size, port), then name.
 */
export async function searchLocations(
  db: DbOrTx,
  term: string,
  options: { types?: readonly LocationType[]; country?: string; limit: number },
): Promise<SearchHit[]> {
  const key = searchKey(term);
  if (!key) return [];
  const filters: SQL[] = [];
  if (options.types?.length === 1) filters.push(sql`k.type = ${options.types[0]}`);
  else if (options.types?.length) filters.push(sql`k.type in ${options.types}`);
  if (options.country) filters.push(sql`k.country = ${options.country}`);
  const scope = filters.length ? sql` and ${sql.join(filters, sql` and `)}` : sql``;
  const important = sql`select * from geo_location_keys k where k.key = ${key}${scope}
    union all
    select * from geo_location_keys k
    where k.key like ${prefix(key)} and k.key <> ${key} and k.importance >= ${sql.raw(String(IMPORTANT))}${scope}`;
  const every = sql`select * from geo_location_keys k where k.key like ${prefix(key)}${scope}`;
  const run = async (matches: SQL) =>
    rowsOf<RawRow>(
      await db.execute(sql`
        select l.*, h.rank
        from (
          select m.location_id,
                 max(case when m.key = ${key} then m.kind + 1 else 0 end) as rank,
                 max(m.importance) as importance
          from (${matches}) m
          group by m.location_id
          order by rank desc, importance desc
          limit ${options.limit * 2}
        ) h
        join geo_locations l on l.id = h.location_id
        order by h.rank desc, l.importance desc, l.name, l.id
        limit ${options.limit}`),
    ).map(toHit);
  // Terms of up to three letters match tens of thousands of keys: exact matches and prefixes of
  // important places (partial index) first; all places only when that does not fill the page
  // (three letters, or a country given). Longer terms rank every match.
  if (key.length <= SHORT_TERM) {
    const hits = await run(important);
    if (hits.length >= options.limit || (key.length < SHORT_TERM && !options.country)) return hits;
  }
  return run(every);
}

type RawRow = Record<string, unknown>;

function toHit(r: RawRow): SearchHit {
  return {
    id: Number(r.id),
    type: String(r.type),
    code: String(r.code),
    country: String(r.country),
    name: String(r.name),
    subdivision: (r.subdivision as string | null) ?? null,
    places: (typeof r.places === 'string' ? JSON.parse(r.places) : r.places) as string[] | null,
    locode: (r.locode as string | null) ?? null,
    iataCode: (r.iata_code as string | null) ?? null,
    lat: r.lat === null ? null : Number(r.lat),
    lon: r.lon === null ? null : Number(r.lon),
    importance: Number(r.importance),
    source: String(r.source),
    rank: Number(r.rank ?? 0),
  };
}

/**
 * Locations whose key equals the normalised text exactly, best first: by the order of `types`, a
 * whole name or code before a later word ("München" is Munich, not Garching bei München), then
 * importance.
 */
export async function findByKey(
  db: DbOrTx,
  text: string,
  options: { types: readonly LocationType[]; country?: string; codeOnly?: boolean },
): Promise<LocationRow[]> {
  const filters: SQL[] = [sql`k.key = ${searchKey(text)}`, sql`k.type in ${options.types}`];
  if (options.country) filters.push(sql`k.country = ${options.country}`);
  if (options.codeOnly) filters.push(sql`k.kind = ${KEY_KIND.code}`);
  const typeOrder = sql.join(
    options.types.map((t, i) => sql`when ${t} then ${i}`),
    sql` `,
  );
  const result = await db.execute(sql`
    select l.*, m.kind as rank from geo_locations l
    join (
      select k.location_id, max(k.kind) as kind from geo_location_keys k
      where ${sql.join(filters, sql` and `)}
      group by k.location_id
    ) m on m.location_id = l.id
    order by (l.lat is null), case l.type ${typeOrder} else 99 end, m.kind desc, l.importance desc, l.id
    limit 10`);
  return rowsOf<RawRow>(result).map(toHit);
}

export async function listZipCodes(
  db: DbOrTx,
  q: { country: string; zipCode?: string; page: number; limit: number },
): Promise<{ rows: LocationRow[]; total: number }> {
  const where = and(
    eq(geoLocations.type, 'zipCode'),
    eq(geoLocations.country, q.country),
    q.zipCode ? sql`${geoLocations.code} like ${prefix(q.zipCode.toUpperCase())}` : undefined,
  );
  const [rows, [{ total }]] = await Promise.all([
    db
      .select()
      .from(geoLocations)
      .where(where)
      .orderBy(geoLocations.code)
      .limit(q.limit)
      .offset((q.page - 1) * q.limit),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(geoLocations)
      .where(where),
  ]);
  return { rows, total };
}

export async function datasetVersion(db: DbOrTx, name: string): Promise<string | null> {
  const [row] = await db.select().from(geoDatasets).where(eq(geoDatasets.name, name));
  return row?.version ?? null;
}

export async function markDataset(db: DbOrTx, name: string, version: string, count: number): Promise<void> {
  await db
    .insert(geoDatasets)
    .values({ name, version, count })
    .onConflictDoUpdate({ target: geoDatasets.name, set: { version, count, importedAt: new Date() } });
}

/** Countries whose postal codes came from an import of the GeoNames files (`source = 'postal'`). */
export async function importedZipCodeCountries(db: DbOrTx): Promise<string[]> {
  const rows = await db
    .selectDistinct({ country: geoLocations.country })
    .from(geoLocations)
    .where(and(eq(geoLocations.type, 'zipCode'), eq(geoLocations.source, 'postal')));
  return rows.map((r) => r.country);
}

export async function countLocations(db: DbOrTx): Promise<Record<string, number>> {
  const rows = await db
    .select({ type: geoLocations.type, n: sql<number>`count(*)::int` })
    .from(geoLocations)
    .groupBy(geoLocations.type);
  return Object.fromEntries(rows.map((r) => [r.type, Number(r.n)]));
}

/** Planner statistics after a bulk load (PGlite has no autovacuum). */
export async function analyze(db: DbOrTx): Promise<void> {
  await db.execute(sql`analyze geo_locations`);
  await db.execute(sql`analyze geo_location_keys`);
}

/** The place names of each imported postal code of a country (the name repair's candidates). */
export async function zipCodePlaceNames(db: DbOrTx, country: string): Promise<string[][]> {
  const rows = rowsOf<{ places: string[] | string | null }>(
    await db.execute(sql`select places from geo_locations where type = 'zipCode' and country = ${country}`),
  );
  // A driver may answer the jsonb column as text; both forms are read.
  return rows.flatMap((r) => {
    const places = typeof r.places === 'string' ? (JSON.parse(r.places) as string[]) : r.places;
    return places ? [places] : [];
  });
}

/**
 * Cities of a country with at least `minPopulation` inhabitants (a city's importance is its
 * population) inside a box of ±`boxDeg` degrees around a point, nearest first by a flat-earth
 * measure; the caller checks the great-circle distance.
 */
export async function citiesNear(
  db: DbOrTx,
  p: { lat: number; lon: number; country: string },
  options: { minPopulation: number; boxDeg: number; limit: number },
): Promise<LocationRow[]> {
  const { boxDeg } = options;
  const lonScale = Math.cos((p.lat * Math.PI) / 180);
  return db
    .select()
    .from(geoLocations)
    .where(
      and(
        eq(geoLocations.type, 'city'),
        eq(geoLocations.country, p.country),
        sql`${geoLocations.importance} >= ${options.minPopulation}`,
        sql`${geoLocations.lat} between ${p.lat - boxDeg} and ${p.lat + boxDeg}`,
        sql`${geoLocations.lon} between ${p.lon - boxDeg / Math.max(lonScale, 0.1)} and ${p.lon + boxDeg / Math.max(lonScale, 0.1)}`,
      ),
    )
    .orderBy(
      sql`power(${geoLocations.lat} - ${p.lat}, 2) + power((${geoLocations.lon} - ${p.lon}) * ${lonScale}, 2)`,
      geoLocations.id,
    )
    .limit(options.limit);
}
