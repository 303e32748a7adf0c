import { z } from 'zod';
import { calendarDay } from '../calendar.ts';
import { listOf, paginationQuery } from '../http.ts';
import { countryCode, safeUrl } from '../platform/schemas.ts';
import { LANGUAGES } from '../constants.ts';
import { SECTION_IDS, TREATMENT_IDS, UNIT_IDS, UNIT_TYPES } from './reference.ts';

/** Activity list page size (seed 002 §9 has no own figure; the admin lists use 30). */
export const ACTIVITY_PAGE_SIZE = 30;

const ref = z.object({ id: z.uuid(), name: z.string() });
const text = (max: number) => z.string().trim().min(1).max(max);
/** A factor figure: kg CO2e (or kg CO2) per base unit; DESNZ publishes some negative credits. */
const figure = z.number().finite().min(-1e9).max(1e9);

// ---------- static reference lists (seed 001 §3, seed 002 §3) ----------

export const unitType = z.object({
  id: z.enum(UNIT_TYPES),
  internalName: z.enum(UNIT_TYPES),
  name: z.string(),
  /** The unit every unit of this type converts to. */
  baseUnit: z.string(),
});
export const unit = z.object({
  id: z.string(),
  internalName: z.string(),
  unitType: z.enum(UNIT_TYPES),
  name: z.string(),
  /** Base units of the type in one unit (1 mile = 1.609344 km). */
  toBase: z.number(),
});
export const section = z.object({
  id: z.string(),
  internalName: z.string(),
  scope: z.number().int(),
  /** The parent category (a scope), null for a scope itself. */
  parentSection: z.string().nullable(),
  weight: z.number().int(),
  name: z.string(),
});
export const treatment = z.object({ id: z.string(), internalName: z.string(), name: z.string() });

// ---------- sources, versions, providers ----------

export const source = z.object({
  id: z.uuid(),
  name: z.string(),
  url: z.string().nullable(),
  details: z.string().nullable(),
  licence: z.string().nullable(),
  /** A company's own source (private to it); false for the provider's sources. */
  isCustom: z.boolean(),
  companyId: z.uuid().nullable(),
  versionCount: z.number().int(),
  factorCount: z.number().int(),
});
export type Source = z.infer<typeof source>;
export const sourceList = listOf(source);

export const sourceBody = z.strictObject({
  name: text(200),
  url: safeUrl.nullable().optional(),
  details: z.string().trim().max(4000).nullable().optional(),
  licence: z.string().trim().max(300).nullable().optional(),
});
export type SourceBody = z.infer<typeof sourceBody>;

export const sourceListQuery = z.strictObject({ ...paginationQuery, term: z.string().max(200).optional() });

/** An edition of a source (seed 002 §3 Source version); a new edition never overwrites an old one. */
export const sourceVersion = z.object({
  id: z.uuid(),
  sourceId: z.uuid(),
  sourceName: z.string(),
  version: z.string(),
  validFrom: z.string(),
  validUntil: z.string().nullable(),
  releaseDate: z.string().nullable(),
  factorCount: z.number().int(),
});
export type SourceVersion = z.infer<typeof sourceVersion>;
export const sourceVersionList = listOf(sourceVersion);
export const sourceVersionQuery = z.strictObject({ ...paginationQuery, source: z.uuid().optional() });
export const sourceVersionBody = z.strictObject({
  source: z.uuid(),
  version: text(50),
  validFrom: calendarDay,
  validUntil: calendarDay.nullable().optional(),
  releaseDate: calendarDay.nullable().optional(),
});

export const emissionProvider = z.object({ id: z.uuid(), name: z.string(), factorCount: z.number().int() });
export type EmissionProvider = z.infer<typeof emissionProvider>;
export const emissionProviderList = listOf(emissionProvider);
export const emissionProviderBody = z.strictObject({ name: text(200) });

/** Which providers' public factors a company may use (the platform admin decides; default all). */
export const providerAccess = z.object({
  companyId: z.uuid(),
  providers: z.array(z.object({ id: z.uuid(), name: z.string(), allowed: z.boolean() })),
});
export type ProviderAccess = z.infer<typeof providerAccess>;
export const providerAccessParams = z.strictObject({ companyId: z.uuid() });
export const providerAccessBody = z.strictObject({ allowedProviderIds: z.array(z.uuid()).max(500) });

// ---------- factors ----------

/**
 * The IPCC assessment reports whose 100-year GWPs a factor's CO2e rests on: AR5 (WGI ch. 8,
 * Table 8.A.1) and AR6 (WGI ch. 7, Table 7.SM.7). DESNZ 2025 uses AR5 (HFC-134a 1,300, R410A 1,924
 * in its refrigerant rows); the refrigerant table ships both.
 */
export const GWP_SETS = ['AR5', 'AR6'] as const;
export type GwpSet = (typeof GWP_SETS)[number];
/** Why a factor is no longer offered: replaced by a newer version, or a blank source cell once loaded as 0. */
/** Why a factor is no longer offered: a newer version, a blank source cell once loaded as 0, deleted while entries use it. */
export const FACTOR_WITHDRAWN_REASONS = ['newerVersion', 'blankCell', 'deleted'] as const;

/** The split of the total by gas, kg CO2e per base unit (DESNZ 2025 publishes CO2, CH4 and N2O). */
export const gases = z.object({ co2: figure.nullable(), ch4: figure.nullable(), n2o: figure.nullable() });
const factorTranslation = z.object({ note: z.string().trim().max(1000).nullable() });

export const factor = z.object({
  id: z.uuid(),
  activityId: z.uuid(),
  activityName: z.string(),
  /** The unit the figures are per (a unit id of `/api/units.json`). */
  baseUnit: z.string(),
  /** Unit types an amount may be entered in (converted to the base unit). */
  unitTypes: z.array(z.enum(UNIT_TYPES)),
  /** kg CO2e per base unit, all gases (GWP100 of the source's edition). */
  co2Factor: z.number(),
  /** kg biogenic CO2 per base unit, reported outside the scopes; null when the source gives none. */
  biogenicCo2Factor: z.number().nullable(),
  gases,
  /** Well-to-tank (upstream) kg CO2e per base unit, scope 3.3; null when the source gives none. */
  wttFactor: z.number().nullable(),
  /** ISO 3166-1 alpha-2; null for a factor that holds in every country. */
  countryId: z.string().nullable(),
  sourceId: z.uuid().nullable(),
  source: ref.nullable(),
  sourceVersionId: z.uuid().nullable(),
  sourceVersion: z.object({ id: z.uuid(), version: z.string() }).nullable(),
  translations: z.object({ de: factorTranslation, en: factorTranslation }),
  validFrom: z.string(),
  validUntil: z.string().nullable(),
  version: z.number().int(),
  year: z.number().int().nullable(),
  releaseDate: z.string().nullable(),
  providerId: z.uuid().nullable(),
  provider: ref.nullable(),
  coverage: z.string().nullable(),
  lcaActivity: z.string().nullable(),
  /** Provider factors are public to all companies; a customer factor is private to its company. */
  isPublic: z.boolean(),
  companyId: z.uuid().nullable(),
  company: ref.nullable(),
  /** The row id in the source's file (DESNZ `ID`), for imported factors. */
  externalId: z.string().nullable(),
  /** The GWP set of the CO2e figure; null where the publisher states none. */
  gwpSet: z.enum(GWP_SETS).nullable(),
  /** The id of the factor's first version: every version of one factor shares it. */
  lineageId: z.uuid(),
  /** When the factor stopped being offered (a newer version, a blank source cell), with the reason. */
  withdrawnAt: z.string().nullable(),
  withdrawnReason: z.enum(FACTOR_WITHDRAWN_REASONS).nullable(),
});
export type Factor = z.infer<typeof factor>;
export const factorList = listOf(factor);

const factorFields = {
  baseUnit: z.enum(UNIT_IDS),
  co2Factor: figure,
  biogenicCo2Factor: figure.nullable().optional(),
  gases: z
    .strictObject({
      co2: figure.nullable().optional(),
      ch4: figure.nullable().optional(),
      n2o: figure.nullable().optional(),
    })
    .optional(),
  wttFactor: figure.nullable().optional(),
  countryId: countryCode.nullable().optional(),
  sourceId: z.uuid().nullable().optional(),
  sourceVersionId: z.uuid().nullable().optional(),
  translations: z
    .strictObject({
      de: z.strictObject({ note: z.string().trim().max(1000).nullable() }).optional(),
      en: z.strictObject({ note: z.string().trim().max(1000).nullable() }).optional(),
    })
    .optional(),
  validFrom: calendarDay,
  validUntil: calendarDay.nullable().optional(),
  version: z.number().int().min(1).max(10_000).default(1),
  year: z.number().int().min(1900).max(2200).nullable().optional(),
  releaseDate: calendarDay.nullable().optional(),
  /** Only the platform admin names a provider; customer factors have none. */
  providerId: z.uuid().nullable().optional(),
  coverage: z.string().trim().max(500).nullable().optional(),
  lcaActivity: z.string().trim().max(500).nullable().optional(),
  isPublic: z.boolean().default(true),
  /** The GWP set of the figures (default AR5, the set of DESNZ 2025). */
  gwpSet: z.enum(GWP_SETS).nullable().default('AR5'),
};

/** A factor given with a new activity (seed 002 §5: an activity needs at least one factor). */
export const factorInput = z.strictObject(factorFields);
export type FactorInput = z.infer<typeof factorInput>;

/**
 * A new factor of an activity. The platform admin writes provider factors, or a customer factor of
 * the company named in `company`; everyone else writes customer factors of the own company.
 */
export const factorBody = z.strictObject({
  ...factorFields,
  activityId: z.uuid(),
  company: z.uuid().optional(),
});
export type FactorBody = z.infer<typeof factorBody>;
/** A factor replaced as a whole (its activity and company stay). */
export const factorUpdateBody = factorInput;

export const customerFactorQuery = z.strictObject({
  ...paginationQuery,
  /** Platform admin: one company's factors (all companies without it). */
  company: z.uuid().optional(),
  activity: z.uuid().optional(),
  term: z.string().max(200).optional(),
});

// ---------- activities ----------

const activityTranslation = z.strictObject({
  name: text(300),
  description: z.string().trim().max(4000).nullable().optional(),
  synonyms: z.array(text(200)).max(50).default([]),
});

export const activity = z.object({
  id: z.uuid(),
  /** Name, description and synonyms in the request language. */
  name: z.string(),
  description: z.string().nullable(),
  synonyms: z.array(z.string()),
  internalName: z.string().nullable(),
  categories: z.array(z.string()),
  translations: z.object({
    de: z.object({ name: z.string(), description: z.string().nullable(), synonyms: z.array(z.string()) }),
    en: z.object({ name: z.string(), description: z.string().nullable(), synonyms: z.array(z.string()) }),
  }),
  treatmentId: z.string().nullable(),
  /** A company's own activity, private to it (seed 002 §5: its factors need a source). */
  isCustom: z.boolean(),
  companyId: z.uuid().nullable(),
  /** Factors the reader may use. */
  factorCount: z.number().int(),
  baseUnits: z.array(z.string()),
  countries: z.array(z.string()),
  sources: z.array(ref),
  /**
   * Up to three of those factors, so a picker can tell activities of one name apart: value (kg
   * CO2e per unit), unit, country (null: valid everywhere), source and year.
   */
  factorPreview: z
    .array(
      z.object({
        value: z.number(),
        unit: z.string(),
        country: z.string().nullable(),
        source: z.string().nullable(),
        year: z.number().int().nullable(),
      }),
    )
    .optional(),
});
export type Activity = z.infer<typeof activity>;
export const activityList = listOf(activity);
export const activityDetail = activity.extend({ factors: z.array(factor) });
export type ActivityDetail = z.infer<typeof activityDetail>;

const activityFields = {
  translations: z
    .strictObject({ de: activityTranslation.optional(), en: activityTranslation.optional() })
    .refine((t) => LANGUAGES.some((l) => t[l]), { message: 'translationMissing' }),
  categories: z.array(z.enum(SECTION_IDS)).min(1).max(30),
  internalName: z.string().trim().max(200).nullable().optional(),
  treatmentId: z.enum(TREATMENT_IDS).nullable().optional(),
};

/** A new activity with its first factors (seed 002 §5: at least one category and one factor). */
export const activityBody = z.strictObject({
  ...activityFields,
  factors: z.array(factorInput).min(1).max(200),
});
export type ActivityBody = z.infer<typeof activityBody>;
/** An activity's own fields; its factors change through the factor calls. */
export const activityUpdateBody = z.strictObject(activityFields);
export type ActivityUpdateBody = z.infer<typeof activityUpdateBody>;

export const ACTIVITY_SORTINGS = ['relevance', 'name', '-name'] as const;

/** Comma-separated ids in a query (`categories=scope1,waste`). */
const idList = z
  .string()
  .max(2000)
  .transform((v) =>
    v
      .split(',')
      .map((x) => x.trim())
      .filter(Boolean),
  );

export const activitySearchQuery = z.strictObject({
  ...paginationQuery,
  /** Ranked, accent- and case-insensitive over names, synonyms and translations in both languages. */
  term: z.string().max(200).optional(),
  /** Section ids; a scope id includes its sections. */
  categories: idList.optional(),
  /** Only activities with a factor for this country (or one that holds everywhere). */
  country: countryCode.optional(),
  provider: z.uuid().optional(),
  source: z.uuid().optional(),
  /** Only the own company's activities (true) or only the provider's (false). */
  custom: z.enum(['true', 'false']).optional(),
  /**
   * Only activities with a factor of this GWP set (or of none): a carbon footprint report computes in
   * one set (IPCC AR5 or AR6), so an activity whose factors are all of the other set is not offered.
   */
  gwpSet: z.enum(GWP_SETS).optional(),
  /** Relevance (with a term; by name without one), name ascending or descending. */
  sorting: z.enum(ACTIVITY_SORTINGS).default('relevance'),
});
export type ActivitySearchQuery = z.input<typeof activitySearchQuery>;

export const parentCategoryParams = z.strictObject({ id: z.enum(SECTION_IDS) });
export const activityParams = z.strictObject({ activity: z.uuid() });

// ---------- import ----------

export const factorImportResult = z.object({ created: z.number().int() });
export const factorTemplateQuery = z.strictObject({ lang: z.enum(LANGUAGES).optional() });

/** Row issue codes of the factor import (translated in the web app). */
export const FACTOR_IMPORT_CODES = [
  'emptyFile',
  'missingColumn',
  'invalidNumber',
  'invalidDate',
  'invalidBoolean',
  'missingValue',
  'activityNotFound',
  'unitUnknown',
  'countryUnknown',
  'sourceNotFound',
  'sourceVersionNotFound',
  'providerNotFound',
  'sourceMandatory',
  'invalidPeriod',
  'periodOverlap',
] as const;
export type FactorImportCode = (typeof FACTOR_IMPORT_CODES)[number];

/** A data set the product loads itself (data sources page). */
export const builtInDataset = z.object({
  key: z.string(),
  source: z.string(),
  version: z.string(),
  licence: z.string(),
  url: z.string(),
  attribution: z.string(),
  factorCount: z.number().int(),
  loaded: z.boolean(),
});
