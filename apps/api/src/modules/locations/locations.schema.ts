import { sql } from 'drizzle-orm';
import {
  bigint,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { ts } from '../../platform/db/columns.ts';

/**
 * Reference data shared by every company (no company_id): postal codes, cities, UN/LOCODEs,
 * seaports and airports. One row per (type, country, code) so every import is an upsert.
 */
export const geoLocations = pgTable(
  'geo_locations',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /** zipCode | city | locode | seaport | airport */
    type: text('type').notNull(),
    /** Postal code, GeoNames id, UN/LOCODE or IATA code. */
    code: text('code').notNull(),
    country: text('country').notNull(),
    name: text('name').notNull(),
    subdivision: text('subdivision'),
    /** Postal codes: every place name of the code. */
    places: jsonb('places').$type<string[]>(),
    locode: text('locode'),
    iataCode: text('iata_code'),
    lat: doublePrecision('lat'),
    lon: doublePrecision('lon'),
    /** Ranking weight: population, airport size, port or UN/LOCODE function. */
    importance: integer('importance').notNull().default(0),
    /** builtin (npm packages) | postal (GeoNames) | unlocode (UNECE). */
    source: text('source').notNull(),
  },
  (t) => [
    uniqueIndex('geo_locations_type_country_code_uq').on(t.type, t.country, t.code),
    index('geo_locations_country_type_idx').on(t.country, t.type),
  ],
);

/**
 * Normalised search keys (name, transliterated name, later words, code) of each location. A btree
 * with text_pattern_ops serves prefix LIKE on PostgreSQL and PGlite alike, without extensions.
 */
export const geoLocationKeys = pgTable(
  'geo_location_keys',
  {
    locationId: bigint('location_id', { mode: 'number' })
      .notNull()
      .references(() => geoLocations.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    /** 2 = a code, 1 = a whole name, 0 = a name from its second word on (ranks below a whole name). */
    kind: smallint('kind').notNull(),
    type: text('type').notNull(),
    country: text('country').notNull(),
    importance: integer('importance').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.locationId, t.key] }),
    index('geo_location_keys_key_idx').on(t.key.op('text_pattern_ops')),
    // One- and two-letter terms match too many keys to rank; they search the important places.
    index('geo_location_keys_important_key_idx')
      .on(t.key.op('text_pattern_ops'))
      .where(sql`importance >= 50000`),
  ],
);

/** What has been loaded, by data set, so start-up and imports can skip finished work. */
export const geoDatasets = pgTable('geo_datasets', {
  name: text('name').primaryKey(),
  version: text('version').notNull(),
  count: integer('count').notNull(),
  importedAt: ts('imported_at').notNull().defaultNow(),
});
