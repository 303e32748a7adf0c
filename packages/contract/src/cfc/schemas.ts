import { z } from 'zod';
import { listOf, paginationQuery } from '../http.ts';
import { countryCode } from '../platform/schemas.ts';
import { UNIT_IDS } from '../emission-db/reference.ts';
import { GWP_SETS } from '../emission-db/schemas.ts';
import { CFC_SECTION_IDS } from './sections.ts';

/** Seed 001 §5, §9: a valid year is 1900 to 2100. */
export const CFC_YEAR_MIN = 1900;
export const CFC_YEAR_MAX = 2100;
/** Seed 001 §5: documents of an entry, at most 10 MB each. */
export const CFC_DOCUMENT_MAX_BYTES = 10 * 1024 * 1024;
/** Document types an entry accepts: PDF, images and office files (checked by content, not name). */
export const CFC_DOCUMENT_TYPES = [
  'application/pdf',
  'image/png',
  'image/jpeg',
  'image/gif',
  'image/webp',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  'application/vnd.ms-excel',
  'application/msword',
  'application/vnd.oasis.opendocument.spreadsheet',
  'application/vnd.oasis.opendocument.text',
  'text/csv',
] as const;

/** Data quality (seed 001 §3): 1 high (measured), 2 medium (calculated), 3 low (estimated). */
export const DATA_QUALITIES = [1, 2, 3] as const;
export const TRAVEL_CLASSES = ['economy', 'premium-economy', 'business', 'first', 'average'] as const;
export const FLIGHT_TYPES = ['domestic', 'short-haul', 'long-haul', 'international'] as const;

/**
 * Why an entry has no figure (seed 001 §8), kept per entry so section counts flag incomplete
 * entries: required values missing, no factor of the activity (for the country and year), a unit
 * that does not convert to the factor's unit, a calculation that gave no finite figure.
 */
export const CFC_ENTRY_CODES = [
  'cfcIncompleteEntry',
  'cfcNoConversion',
  'cfcWrongUnitType',
  'cfcCalculationError',
] as const;
export type CfcEntryCode = (typeof CFC_ENTRY_CODES)[number];

/**
 * What a scope 2 entry's market-based figure rests on (GHG Protocol Scope 2 Guidance, Table 6.3
 * hierarchy): a contractual instrument or supplier factor entered with the entry, the company's own
 * factor of the activity (supplier-specific rate), or the grid average standing in because no
 * residual mix is loaded (the fallback the guidance allows, marked as such).
 */
export const CFC_MARKET_BASES = ['contract', 'supplier', 'gridFallback'] as const;
/** Why an entry is offered a restatement (see `cfcEntry.restatement`). */
export const CFC_RESTATEMENT_REASONS = ['newerVersion', 'withdrawn'] as const;
export type CfcRestatementReason = (typeof CFC_RESTATEMENT_REASONS)[number];
export type CfcMarketBasis = (typeof CFC_MARKET_BASES)[number];

const year = z.number().int().min(CFC_YEAR_MIN).max(CFC_YEAR_MAX);
const yearParam = z.coerce.number().int().min(CFC_YEAR_MIN).max(CFC_YEAR_MAX);
const text = (max: number) => z.string().trim().min(1).max(max);
const optionalText = (max: number) => z.string().trim().max(max).nullable().optional();
const sectionId = z.enum(CFC_SECTION_IDS);
const count = z.number().int().min(0).max(1_000_000_000);
const positive = z.number().finite().min(0).max(1e15);

// ---------- sections, help texts, reference lists ----------

export const cfcSection = z.object({
  id: z.string(),
  internalName: z.string(),
  scope: z.number().int(),
  parentSection: z.string().nullable(),
  subsections: z.array(z.string()),
  derivativeSection: z.string().nullable(),
  energyMethod: z.enum(['power', 'thermal']).nullable(),
  activityCategory: z.string().nullable(),
  weight: z.number().int(),
  name: z.string(),
  /** The help text in the request language (the platform admin's text, else the built-in one). */
  helpText: z.string(),
  /** Included without the paid CFC tariff. */
  free: z.boolean(),
  /** The company may use it: free, or the paid tariff is booked. */
  available: z.boolean(),
  /** Scope 3 category number (1–15) of the section or its parent; null outside scope 3. */
  category: z.number().int().nullable(),
});
export type CfcSection = z.infer<typeof cfcSection>;

export type CfcSectionTreeNode = CfcSection & { children: CfcSectionTreeNode[] };
// Scope → category → subsection: three levels, written out so the OpenAPI document needs no
// recursive reference.
const treeLeaf = cfcSection.extend({ children: z.array(cfcSection).max(0) });
const treeMiddle = cfcSection.extend({ children: z.array(treeLeaf) });
export const cfcSectionTreeNode = cfcSection.extend({ children: z.array(treeMiddle) });

export const cfcHelpText = z.object({
  id: z.string(),
  section: z.string(),
  de: z.string(),
  en: z.string(),
  /** The platform admin changed the built-in text. */
  custom: z.boolean(),
});
export type CfcHelpText = z.infer<typeof cfcHelpText>;
export const cfcHelpTextParams = z.strictObject({ id: sectionId });
export const cfcHelpTextBody = z
  .strictObject({ de: z.string().trim().max(4000).optional(), en: z.string().trim().max(4000).optional() })
  .refine((b) => b.de !== undefined || b.en !== undefined, { message: 'de or en' });

export const cfcUnit = z.object({
  id: z.string(),
  internalName: z.string(),
  unitType: z.string(),
  name: z.string(),
});
export const cfcUnitType = z.object({ id: z.string(), internalName: z.string(), name: z.string() });
export const cfcTreatment = z.object({ id: z.string(), internalName: z.string(), name: z.string() });

// ---------- settings ----------

export const cfcLastEditedSection = z.object({
  businessUnit: z.uuid(),
  businessUnitUrlId: z.string(),
  year: z.number().int(),
  section: z.string(),
});
export type CfcLastEditedSection = z.infer<typeof cfcLastEditedSection>;

export const cfcCompanySettings = z.object({
  id: z.uuid(),
  baseYear: z.number().int().nullable(),
  /** Selected sections (leaves); empty: every available section. */
  sections: z.array(z.string()),
  hasBusinessUnits: z.boolean(),
  /** The paid CFC tariff is booked: every section is available. */
  isPaid: z.boolean(),
  /** Leaves the company may use and selected, in tree order. */
  activeSections: z.array(z.string()),
  /** The signed-in user's last edited section, to resume there. */
  lastEditedSection: cfcLastEditedSection.nullable(),
  /** GHG Protocol Corporate Standard ch. 5: the base-year recalculation threshold, percent (default 5). */
  recalculationThreshold: z.number(),
  /** The GWP set new reports take (IPCC AR5 or AR6). */
  gwpSet: z.enum(GWP_SETS),
});
export type CfcCompanySettings = z.infer<typeof cfcCompanySettings>;

export const cfcBaseYearBody = z.strictObject({ baseYear: year });
export const cfcSectionsBody = z.strictObject({ sections: z.array(sectionId).max(200) });
const threshold = z.number().finite().gt(0).max(100);
export const cfcSettingsSaveBody = z.strictObject({
  baseYear: year.optional(),
  sections: z.array(sectionId).max(200).optional(),
  recalculationThreshold: threshold.optional(),
  gwpSet: z.enum(GWP_SETS).optional(),
});
/** A settings change answers the settings; `deletedReports` stays 0 (a base year change keeps earlier reports). */
export const cfcSettingsResult = z.object({ settings: cfcCompanySettings, deletedReports: z.number().int() });

export const cfcBaseYears = z.object({
  /** Earliest base year allowed (seed 001 §9: default 0). */
  min: z.number().int(),
  /** Latest report year: the maximum booked report year, else the current year. */
  max: z.number().int(),
});

export const cfcActiveTariff = z.object({
  id: z.uuid(),
  tariffId: z.uuid(),
  name: z.string(),
  type: z.string(),
  isFreeOfCharge: z.boolean(),
  isPaid: z.boolean(),
  businessUnitsLimit: z.number().int().nullable(),
  beginDate: z.string(),
  endDate: z.string().nullable(),
});

// ---------- business units ----------

export const cfcBusinessUnit = z.object({
  id: z.uuid(),
  urlId: z.string(),
  name: z.string(),
  companyName: z.string().nullable(),
  description: z.string().nullable(),
  city: z.string().nullable(),
  /** Site country (ISO 3166-1 alpha-2); scope 2 needs it. */
  country: z.string().nullable(),
  reportCount: z.number().int(),
  /** The reader may write (access rights of the user group). */
  canWrite: z.boolean(),
});
export type CfcBusinessUnit = z.infer<typeof cfcBusinessUnit>;
export const cfcBusinessUnitList = listOf(cfcBusinessUnit);
export const cfcBusinessUnitBody = z.strictObject({
  name: text(120),
  companyName: optionalText(200),
  description: optionalText(2000),
  city: optionalText(120),
  country: countryCode.nullable().optional(),
});
export type CfcBusinessUnitBody = z.infer<typeof cfcBusinessUnitBody>;
export const cfcCompanyNamesParams = z.strictObject({ text: z.string().trim().min(1).max(100) });

// ---------- reports ----------

export const cfcSectionCount = z.object({
  section: z.string(),
  count: z.number().int(),
  hasIncompleteEntries: z.boolean(),
});
export type CfcSectionCount = z.infer<typeof cfcSectionCount>;

export const cfcReport = z.object({
  id: z.uuid(),
  year: z.number().int(),
  businessUnit: z.object({
    id: z.uuid(),
    name: z.string(),
    urlId: z.string(),
    country: z.string().nullable(),
    settings: z.object({ sections: z.array(z.string()) }),
  }),
  powerMarketbased: z.boolean(),
  thermalMarketbased: z.boolean(),
  /** The report's one GWP set: its entries use factors of this set only. */
  gwpSet: z.enum(GWP_SETS),
  entryCount: z.number().int(),
  hasIncompleteEntries: z.boolean(),
  canWrite: z.boolean(),
  createdAt: z.string(),
});
export type CfcReport = z.infer<typeof cfcReport>;
export const cfcReportList = listOf(cfcReport);
export const cfcReportListQuery = z.strictObject({
  ...paginationQuery,
  businessUnit: z.uuid().optional(),
  year: yearParam.optional(),
});
export const cfcReportBody = z.strictObject({ businessUnit: z.uuid(), year });
/** A report with its sections, counts and the section tree as seed 001 §3 describes it. */
export const cfcReportDetail = cfcReport.extend({
  sections: z.array(cfcSection.extend(cfcSectionCount.omit({ section: true }).shape)),
});
export type CfcReportDetail = z.infer<typeof cfcReportDetail>;
export const cfcReportByUrlParams = z.strictObject({ buId: z.string().trim().min(1).max(80), id: yearParam });
export const cfcMethodBody = z.strictObject({ report: z.uuid(), isMarketBased: z.boolean() });

// ---------- entries ----------

/** Entry data (seed 001 §3); which fields a section needs is the web's form, the API checks amounts. */
export const cfcEntryFields = {
  /** An activity of the emission database (a provider or the company's custom one). */
  activity: z.uuid().nullable().optional(),
  amount: positive.nullable().optional(),
  unit: z.enum(UNIT_IDS).nullable().optional(),
  country: countryCode.nullable().optional(),
  dataSource: optionalText(300),
  dataQuality: z
    .union([z.literal(1), z.literal(2), z.literal(3)])
    .nullable()
    .optional(),
  /**
   * An own factor, kg CO2e per `unit`: replaces the activity's factor; in scope 2 it is the supply
   * contract's factor used for the market-based figure.
   */
  emissionFactor: z.number().finite().min(0).max(1e9).nullable().optional(),
  emissionFactorName: optionalText(200),
  daysPerYear: z.number().int().min(0).max(366).nullable().optional(),
  employees: count.nullable().optional(),
  vehicles: count.nullable().optional(),
  passengers: count.nullable().optional(),
  nights: count.nullable().optional(),
  rooms: count.nullable().optional(),
  substance: optionalText(200),
  fuel: optionalText(200),
  wasteGroup: optionalText(200),
  wasteType: optionalText(200),
  treatment: optionalText(100),
  travelClass: z.enum(TRAVEL_CLASSES).nullable().optional(),
  flightType: z.enum(FLIGHT_TYPES).nullable().optional(),
  note: optionalText(4000),
};
export const cfcEntryData = z.strictObject(cfcEntryFields);
export type CfcEntryData = z.infer<typeof cfcEntryData>;

export const cfcDocument = z.object({
  id: z.uuid(),
  entryId: z.uuid(),
  fileName: z.string(),
  mimeType: z.string(),
  size: z.number().int(),
  createdAt: z.string(),
});
export type CfcDocument = z.infer<typeof cfcDocument>;

const nullableText = z.string().nullable();
const nullableNumber = z.number().nullable();
/** The entered fields as answered: every one present, null when not given (no input transforms). */
const entryAnswerFields = {
  activity: z.uuid().nullable(),
  amount: nullableNumber,
  unit: nullableText,
  country: nullableText,
  dataSource: nullableText,
  dataQuality: z.union([z.literal(1), z.literal(2), z.literal(3)]).nullable(),
  emissionFactor: nullableNumber,
  emissionFactorName: nullableText,
  daysPerYear: nullableNumber,
  employees: nullableNumber,
  vehicles: nullableNumber,
  passengers: nullableNumber,
  nights: nullableNumber,
  rooms: nullableNumber,
  substance: nullableText,
  fuel: nullableText,
  wasteGroup: nullableText,
  wasteType: nullableText,
  treatment: nullableText,
  travelClass: z.enum(TRAVEL_CLASSES).nullable(),
  flightType: z.enum(FLIGHT_TYPES).nullable(),
  note: nullableText,
} satisfies Record<keyof typeof cfcEntryFields, z.ZodType>;

export const cfcEntry = z.object({
  id: z.uuid(),
  report: z.uuid(),
  section: z.string(),
  ...entryAnswerFields,
  activityName: z.string().nullable(),
  /** kg CO2e of the entry; for scope 2 energy the location-based figure. Null with an error code. */
  co2eKg: z.number().nullable(),
  /** Scope 2 energy: the market-based figure (contract or supplier factor, else the grid average as fallback). */
  co2eMarketKg: z.number().nullable(),
  /** Scope 2 energy: what the market-based figure rests on; null outside scope 2. */
  marketBasis: z.enum(CFC_MARKET_BASES).nullable(),
  /** Scope 2 energy: the market-based factor, kg CO2e per `marketFactorUnit`, and its source. */
  marketFactor: z.number().nullable(),
  marketFactorUnit: z.string().nullable(),
  marketFactorSource: z.string().nullable(),
  /** Scope 2 energy: the market-based factor's row, version and edition when it is a database factor (supplier rate, grid fallback); null for an entered contract factor. */
  marketFactorId: z.uuid().nullable(),
  marketFactorVersion: z.number().int().nullable(),
  marketFactorEdition: z.string().nullable(),
  /** Upstream (well-to-tank) kg CO2e: category 3.3 derives it from fuels and energy; travel, commuting and freight keep it in their category. */
  wttKg: z.number().nullable(),
  /** The (location-based) figure by gas, kg CO2e, where the factor's source gives CO2, CH4 and N2O; null otherwise. */
  co2Kg: z.number().nullable(),
  ch4Kg: z.number().nullable(),
  n2oKg: z.number().nullable(),
  /** Biogenic CO2, kg, reported outside the scopes (e.g. the biofuel share of diesel); null if none. */
  biogenicCo2Kg: z.number().nullable(),
  /** The factor used, kg CO2e per `factorUnit` (scope 2: the location-based grid average). */
  factor: z.number().nullable(),
  factorUnit: z.string().nullable(),
  factorSource: z.string().nullable(),
  factorYear: z.number().int().nullable(),
  /** The exact factor row and its version, the source edition and GWP set (null for an own factor). */
  factorId: z.uuid().nullable(),
  factorVersion: z.number().int().nullable(),
  factorEdition: z.string().nullable(),
  factorGwpSet: z.enum(GWP_SETS).nullable(),
  /**
   * A restatement on offer: the entry keeps its figure until the user accepts it. `newerVersion`:
   * the factor has a newer version or a newer edition of its source holds the factor (same activity,
   * country and unit); `withdrawn`: its factor is no longer offered (e.g. a blank DESNZ
   * cell once loaded as 0); `co2eKg` is the figure the current factors give (null: no factor now).
   */
  restatement: z
    .object({
      reason: z.enum(CFC_RESTATEMENT_REASONS),
      factorId: z.uuid().nullable(),
      factorVersion: z.number().int().nullable(),
      /** The source edition of the factor on offer (another than the entry's: a newer edition). */
      factorEdition: z.string().nullable(),
      co2eKg: z.number().nullable(),
    })
    .nullable(),
  /** The amount converted to the factor's unit, multiplied by passengers, employees, … */
  quantity: z.number().nullable(),
  errorCode: z.enum(CFC_ENTRY_CODES).nullable(),
  /** Where the entry came from when not typed in (freight flow-in: `tour`/`shipment` and its id). */
  origin: z.object({ kind: z.string(), id: z.string(), label: z.string().nullable() }).nullable(),
  documents: z.array(cfcDocument),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type CfcEntry = z.infer<typeof cfcEntry>;
export const cfcEntryList = listOf(cfcEntry);
export const cfcEntryQuery = z.strictObject({
  ...paginationQuery,
  report: z.uuid(),
  section: sectionId.optional(),
});
/** Create (without id) or change (with id) one entry of a report's section. */
export const cfcEntryBody = z.strictObject({
  id: z.uuid().optional(),
  report: z.uuid(),
  section: sectionId,
  ...cfcEntryFields,
});
export type CfcEntryBody = z.infer<typeof cfcEntryBody>;
export const cfcEntriesDeleteBody = z.strictObject({ entries: z.array(z.uuid()).min(1).max(1000) });
export const cfcDeletedResult = z.object({ deleted: z.number().int() });
export const cfcEntryParams = z.strictObject({ id: z.uuid() });
/** An accepted restatement: the entry as it now is, with the figure before and after. */
export const cfcRestatementResult = z.object({
  entry: cfcEntry,
  before: z.object({
    co2eKg: z.number().nullable(),
    factorId: z.uuid().nullable(),
    factorVersion: z.number().int().nullable(),
  }),
  after: z.object({
    co2eKg: z.number().nullable(),
    factorId: z.uuid().nullable(),
    factorVersion: z.number().int().nullable(),
  }),
});

// ---------- base year recalculation (GHG Protocol Corporate Standard ch. 5) ----------

export const cfcBaseYearCheckQuery = z.strictObject({ year: yearParam.optional() });
const unitRef = z.object({ id: z.uuid(), name: z.string() });
/**
 * The base year against the present: `statedKg` is the base year's total as its entries hold it,
 * `restatedKg` the same entries with the factors now offered (method and factor changes);
 * business units with a report in `year` but none in the base year (added) or the reverse (removed)
 * are structural changes. Shares are of `statedKg`; `exceeded` when the sum of the changes passes
 * the company's threshold.
 */
export const cfcBaseYearCheck = z.object({
  baseYear: z.number().int().nullable(),
  year: z.number().int(),
  threshold: z.number(),
  statedKg: z.number(),
  restatedKg: z.number(),
  methodChangeKg: z.number(),
  addedUnits: z.array(unitRef.extend({ co2eKg: z.number() })),
  removedUnits: z.array(unitRef.extend({ co2eKg: z.number() })),
  structuralChangeKg: z.number(),
  methodShare: z.number().nullable(),
  structuralShare: z.number().nullable(),
  totalShare: z.number().nullable(),
  exceeded: z.boolean(),
  /** Base-year entries whose factor has a newer version or was withdrawn. */
  restatableEntries: z.number().int(),
});
export type CfcBaseYearCheck = z.infer<typeof cfcBaseYearCheck>;

// ---------- access rights ----------

export const CFC_RIGHTS = ['read', 'write'] as const;
export const cfcAccessRight = z.object({
  id: z.uuid(),
  group: z.uuid(),
  groupName: z.string(),
  company: z.uuid(),
  /** Null: every business unit. */
  businessUnit: z.uuid().nullable(),
  /** Null: every report (of the unit, or of all units). */
  report: z.uuid().nullable(),
  accessRights: z.array(z.enum(CFC_RIGHTS)),
});
export type CfcAccessRight = z.infer<typeof cfcAccessRight>;
export const cfcAccessRightList = listOf(cfcAccessRight);
export const cfcAccessRightQuery = z.strictObject({ group: z.uuid().optional() });
const rightInput = {
  businessUnit: z.uuid().nullable().optional(),
  report: z.uuid().nullable().optional(),
  accessRights: z.array(z.enum(CFC_RIGHTS)).min(1).max(2),
};
export const cfcAccessRightBody = z.strictObject({ group: z.uuid(), ...rightInput });
export const cfcAccessRightsForGroupBody = z.strictObject({
  rights: z.array(z.strictObject(rightInput)).max(1000),
});
export const cfcGroupParams = z.strictObject({ group: z.uuid() });

// ---------- per user ----------

export const saveLastEditedCfcSectionParams = z.strictObject({ id: z.uuid() });
export const saveLastEditedCfcSectionBody = z.strictObject({
  businessUnit: z.uuid(),
  year,
  section: sectionId,
});
