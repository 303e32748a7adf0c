import { z } from 'zod';
import { countryCode } from '../platform/schemas.ts';
import { collapseWhitespace } from './normalise.ts';

export const LEG_TRANSPORT_MODES = ['road', 'rail', 'sea', 'air'] as const;
export const transportMode = z.enum(LEG_TRANSPORT_MODES);
export type LegTransportMode = z.infer<typeof transportMode>;

/** Kinds of searchable location: postal code, city, UN/LOCODE, seaport, airport. */
export const LOCATION_TYPES = ['zipCode', 'city', 'locode', 'seaport', 'airport'] as const;
export const locationType = z.enum(LOCATION_TYPES);
export type LocationType = z.infer<typeof locationType>;

export const SEARCH_LIMIT_MAX = 20;

/** The search term is trimmed and its whitespace collapsed (seed 000 §5 "Location search term"). */
export const searchTerm = z
  .string()
  .max(100)
  .transform(collapseWhitespace)
  .pipe(z.string().min(1, 'term is empty'));

const limit = z.coerce.number().int().min(1).max(SEARCH_LIMIT_MAX).default(SEARCH_LIMIT_MAX);

export const locationSearchQuery = z.strictObject({
  term: searchTerm,
  type: locationType.optional(),
  country: countryCode.optional(),
  limit,
});

export const zipCodeSearchQuery = z.strictObject({
  term: searchTerm,
  country: countryCode.optional(),
  limit,
});

export const zipCodeListQuery = z.strictObject({
  country: countryCode,
  zipCode: z.string().trim().min(1).max(20).optional(),
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(30),
});

/** One search result; zipCode, locode and iataCode are present where the location has them. */
export const location = z.object({
  type: locationType,
  code: z.string(),
  name: z.string(),
  country: z.string(),
  subdivision: z.string().nullable(),
  lat: z.number().nullable(),
  lon: z.number().nullable(),
  zipCode: z.string().optional(),
  locode: z.string().optional(),
  iataCode: z.string().optional(),
});
export type Location = z.infer<typeof location>;

export const zipCode = z.object({
  country: z.string(),
  zipCode: z.string(),
  name: z.string(),
  /** Every place name GeoNames lists for the code. */
  places: z.array(z.string()),
  subdivision: z.string().nullable(),
  lat: z.number(),
  lon: z.number(),
});
export type ZipCode = z.infer<typeof zipCode>;

/** The parts of a place as entered, shared with the order's leg ends (orders/schemas.ts). */
export const cityName = z.string().transform(collapseWhitespace).pipe(z.string().min(1).max(100));
export const enteredZipCode = z.string().trim().min(1).max(20);
const code = (re: RegExp) =>
  z
    .string()
    .trim()
    .transform((c) => c.toUpperCase().replace(/\s+/g, ''))
    .pipe(z.string().regex(re));
export const locodeInput = z.strictObject({ locode: code(/^[A-Z]{2}[A-Z0-9]{3}$/) });
export const iataCodeInput = z.strictObject({ iataCode: code(/^[A-Z0-9]{3}$/) });

/** A leg end in one of the four forms of the outside contract. */
export const locationInput = z.union([
  z.strictObject({ country: countryCode, zipCode: enteredZipCode }),
  z.strictObject({ country: countryCode, city: cityName }),
  locodeInput,
  iataCodeInput,
]);
export type LocationInput = z.infer<typeof locationInput>;

export const legDistanceBody = z.strictObject({
  transportMode,
  origin: locationInput,
  destination: locationInput,
});
export type LegDistanceBody = z.infer<typeof legDistanceBody>;

/**
 * SFD: shortest feasible distance on a network (sea network, road router); GCD+95: air rule;
 * estimate: great-circle distance times a circuity factor; GCD: plain great-circle distance.
 */
export const LEG_DISTANCE_TYPES = ['SFD', 'GCD', 'GCD+95', 'estimate'] as const;

const resolvedEnd = z.object({
  type: locationType,
  code: z.string(),
  name: z.string(),
  country: z.string(),
  lat: z.number(),
  lon: z.number(),
});

export const legDistanceResponse = z.object({
  /** Kilometres, one decimal. */
  distance: z.number(),
  distanceType: z.enum(LEG_DISTANCE_TYPES),
  method: z.string(),
  origin: resolvedEnd,
  destination: resolvedEnd,
  /** Great-circle distance between the resolved ends, km. */
  greatCircleKm: z.number(),
  /** Sea legs: the distance in nautical miles (1 nm = 1.852 km). */
  nauticalMiles: z.number().optional(),
  /** Road and rail estimates: the circuity factor applied. */
  circuityFactor: z.number().optional(),
});
export type LegDistance = z.infer<typeof legDistanceResponse>;

export const geoImportBody = z.strictObject({
  /** Only these countries (ISO alpha-2); all files when absent. */
  countries: z.array(countryCode).max(300).optional(),
  datasets: z
    .array(z.enum(['unlocode', 'zipCodes']))
    .min(1)
    .default(['zipCodes', 'unlocode']),
});

const count = z.number().int();
export const geoImportReport = z.object({
  folder: z.string(),
  durationMs: count,
  zipCodes: z.object({ files: count, rows: count, codes: count, skipped: count }),
  unlocode: z.object({
    files: count,
    rows: count,
    imported: count,
    withoutCoordinates: count,
    repairedNames: count,
    fallbackNames: count,
    skipped: count,
  }),
});
export type GeoImportReport = z.infer<typeof geoImportReport>;
