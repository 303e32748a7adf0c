/**
 * CFC results, report export, section export and import (issue 19): the routes of the results
 * part, kept apart from the core routes in `api.ts`.
 */
import { importRun } from '../imports/schemas.ts';
import { z } from 'zod';
import { defineRoutes, fileResponse, routeKit } from '../http.ts';
import type { Role } from '../platform/roles.ts';
import { GWP_SETS } from '../emission-db/schemas.ts';
import { CFC_SECTION_IDS } from './sections.ts';

const READ: Role[] = ['ROLE_COMPANY_ADMIN', 'ROLE_CFC_READ_ONLY'];
const WRITE: Role[] = ['ROLE_COMPANY_ADMIN', 'ROLE_CFC_USER'];
const kit = routeKit('cfc', { module: 'cfc', read: READ, write: WRITE });
/** The parts of a route on one report (`:id`). */
const report = kit.collection('/api/cfc/reports', 'cfcReport').id;

/**
 * Per-field codes of a section import (seed 001 §5): invalid or missing amount, country, days per
 * year, distance, factor, number of cars, employees, nights, passengers, rooms, name, emission
 * factor name, source (mandatory for custom activities), unit (missing or unsupported), treatment
 * (missing or invalid with the waste group), invalid waste category and file read error.
 */
export const CFC_IMPORT_CODES = [
  'invalidAmount',
  'missingAmount',
  'invalidCountry',
  'missingCountry',
  'invalidDaysPerYear',
  'invalidDistance',
  'invalidFactor',
  'invalidNumberOfCars',
  'invalidEmployees',
  'invalidNights',
  'invalidPassengers',
  'invalidRooms',
  'missingName',
  'invalidName',
  'missingEmissionFactorName',
  'missingSource',
  'missingUnit',
  'unsupportedUnit',
  'missingTreatment',
  'invalidTreatment',
  'invalidWasteCategory',
  'fileReadError',
  // Beyond the seed's list: the kit's file checks and the fields with fixed values.
  'emptyFile',
  'missingColumn',
  'invalidDataQuality',
  'invalidOption',
  'tooManyRows',
] as const;

/** Rows a section import takes at most (one section of one report; the web form keeps far fewer). */
export const CFC_IMPORT_MAX_ROWS = 5000;
export type CfcImportCode = (typeof CFC_IMPORT_CODES)[number];

const figure = z.number();
const scopeTotals = z.object({
  scope1: figure,
  scope2LocationBased: figure,
  scope2MarketBased: figure,
  /** Scope 2 as the report's methods choose (power and thermal market- or location-based). */
  scope2: figure,
  scope3: figure,
  /** Scopes 1 to 3 with scope 2 as the report states it. */
  total: figure,
  /** Scopes 1 to 3 with scope 2 location-based and market-based (GHG Protocol Scope 2 Guidance: both). */
  totalLocationBased: figure,
  totalMarketBased: figure,
});

/** One category (the section under its scope, subsections summed into it). */
export const cfcResultRow = z.object({
  section: z.string(),
  scope: z.number().int(),
  /** Scope 3 category number 1–15; null in scopes 1 and 2. */
  category: z.number().int().nullable(),
  name: z.string(),
  /** kg CO2e as the report states it (scope 2 by the report's method). */
  co2eKg: figure,
  locationBasedKg: figure,
  marketBasedKg: figure,
  /** Of `co2eKg`, the well-to-tank (upstream fuel) part of travel, commuting and freight entries (categories 4, 6, 7, 9); 0 elsewhere. */
  wttKg: figure,
  /** Share of the report's total, 0–1. */
  share: figure,
  entryCount: z.number().int(),
  incompleteCount: z.number().int(),
});
export type CfcResultRow = z.infer<typeof cfcResultRow>;

/** A business unit's report of the same year (the results view compares the units). */
export const cfcBusinessUnitResult = z.object({
  id: z.uuid(),
  name: z.string(),
  urlId: z.string(),
  report: z.uuid(),
  /** The report's GWP set; the share is of the units of the same set (no sum mixes AR5 and AR6). */
  gwpSet: z.enum(GWP_SETS),
  co2eKg: figure,
  locationBasedKg: figure,
  marketBasedKg: figure,
  /** Share of the sum over the listed units of the same GWP set, 0–1. */
  share: figure,
});

const qualityFigures = z.object({ high: figure, medium: figure, low: figure, unknown: figure });
/** kg CO2e by gas; `notSplit` is the part whose factor gives no split (grid series, WTT, own factors). */
const gasFigures = z.object({ co2: figure, ch4: figure, n2o: figure, notSplit: figure });

/** Figures in kg CO2e, unrounded: the screen, the workbook and the PDF round. */
export const cfcReportResults = z.object({
  report: z.uuid(),
  year: z.number().int(),
  businessUnit: z.object({ id: z.uuid(), name: z.string(), urlId: z.string() }),
  powerMarketbased: z.boolean(),
  thermalMarketbased: z.boolean(),
  /** The one GWP set of every figure (IPCC AR5 or AR6; GHG Protocol Corporate Standard ch. 9). */
  gwpSet: z.enum(GWP_SETS),
  totals: scopeTotals,
  /** Every category of the sections the report may hold, in tree order; category 3.3 includes the upstream (WTT) figures derived from fuel and energy entries. */
  sections: z.array(cfcResultRow),
  /** The year's reports of the business units the reader may read (this one included). */
  businessUnits: z.array(cfcBusinessUnitResult),
  /** The same business unit's base-year report, when it exists (and is not this one). */
  baseYear: z
    .object({
      year: z.number().int(),
      report: z.uuid(),
      totals: scopeTotals,
      /** The base-year report's GWP set (IPCC AR5 or AR6). */
      gwpSet: z.enum(GWP_SETS),
      /** False when the base year is of another GWP set than this report: no change is computed. */
      comparable: z.boolean(),
      /** This total minus the base year's, kg CO2e; null when not comparable. */
      changeKg: figure.nullable(),
      /** The change as a fraction of the base year (−0.1: 10 % less); null when the base year is 0 or not comparable. */
      changeRatio: figure.nullable(),
    })
    .nullable(),
  /** The scopes by gas (scope 2 location-based), where the factors' sources give CO2, CH4 and N2O apart. */
  gases: z.object({ scope1: gasFigures, scope2LocationBased: gasFigures, scope3: gasFigures }),
  /** Biogenic CO2, kg, outside the scopes (GHG Protocol Corporate Standard ch. 9: reported separately). */
  biogenicCo2Kg: figure,
  /** Share of kg CO2e by data quality 1 (high), 2 (medium), 3 (low) and not stated, 0–1. */
  dataQuality: qualityFigures,
  /** kg CO2e by data quality. */
  dataQualityKg: qualityFigures,
  entryCount: z.number().int(),
  incompleteEntries: z.number().int(),
});
export type CfcReportResults = z.infer<typeof cfcReportResults>;

export const cfcReportExportBody = z.strictObject({
  /** Seed 001 §5: an export of several business units is for one year only. */
  year: z.number().int().min(1900).max(2100),
  businessUnits: z.array(z.uuid()).min(1).max(500),
  format: z.enum(['xlsx', 'pdf']).default('xlsx'),
  /** The file's language; the request language when absent. */
  lang: z.enum(['de', 'en']).optional(),
});

/** The section is checked after the report (a leaf the company reports: cfcSectionNotAvailable otherwise). */
export const cfcExportEntriesParams = z.strictObject({
  report: z.uuid(),
  section: z.string().trim().min(1).max(100),
});

/** A problem of one cell of a section import; a failed import (cfcImportFailed) lists them in `detail.issues`. */
export const cfcImportIssue = z.object({
  row: z.number().int(),
  column: z.string().nullable(),
  code: z.enum(CFC_IMPORT_CODES),
  value: z.string().nullable(),
});
export type CfcImportIssue = z.infer<typeof cfcImportIssue>;
export const cfcImportResult = z.object({
  imported: z.number().int(),
  /** Entries of the section removed first (replace). */
  replaced: z.number().int(),
});
export type CfcImportResult = z.infer<typeof cfcImportResult>;

// ---------- freight flow-in (issue 19): the freight tool's own results of the report's year ----------

export const CFC_FREIGHT_KINDS = ['ownFleetTtw', 'ownFleetWtt', 'subcontractedTours', 'orders'] as const;
export type CfcFreightKind = (typeof CFC_FREIGHT_KINDS)[number];

export const cfcFreightSuggestion = z.object({
  kind: z.enum(CFC_FREIGHT_KINDS),
  /** The section the figure goes to by default (scope 1 mobile combustion, 3.3, 3.4). */
  section: z.string(),
  /** Further sections it may go to instead (orders: 3.4 upstream or 3.9 downstream transport). */
  sections: z.array(z.string()),
  name: z.string(),
  /** Tours or orders summed. */
  count: z.number().int(),
  co2eKg: figure,
  tkm: figure,
  /** The entry that holds it already (applied before), else null. */
  entry: z.uuid().nullable(),
  /**
   * Percent of the year's figure this report holds (its entry) or would take (what is still free):
   * a year's tours and orders go to one business unit, or are split by shares summing to 100 %.
   */
  share: figure,
  /** Percent not taken over by other business units' reports of the year. */
  available: figure,
  /** Other business units' reports of the year that took this figure over, with their share. */
  takenBy: z.array(
    z.object({ businessUnit: z.object({ id: z.uuid(), name: z.string() }), report: z.uuid(), share: figure }),
  ),
  /**
   * Own fleet only: the report's fuel entries in mobile combustion typed in by hand, which may hold
   * the same fuel again (a warning; the user decides).
   */
  overlappingFuelEntries: z.number().int(),
  /** The list it comes from: a web route path with its query (the year's tours or orders). */
  link: z.object({ path: z.string(), query: z.record(z.string(), z.string()) }),
});
export type CfcFreightSuggestion = z.infer<typeof cfcFreightSuggestion>;
export const cfcFreightSuggestions = z.object({
  report: z.uuid(),
  year: z.number().int(),
  suggestions: z.array(cfcFreightSuggestion),
});
export type CfcFreightSuggestions = z.infer<typeof cfcFreightSuggestions>;
export const cfcFreightApplyBody = z.strictObject({
  items: z
    .array(
      z.strictObject({
        kind: z.enum(CFC_FREIGHT_KINDS),
        section: z.enum(CFC_SECTION_IDS).optional(),
        /** Percent of the year's figure to take (default: what is still free); at most what is free. */
        share: z.number().gt(0).max(100).optional(),
      }),
    )
    .min(1)
    .max(CFC_FREIGHT_KINDS.length),
});
export const cfcFreightApplyResult = z.object({ created: z.number().int(), updated: z.number().int() });

export const cfcResultsRoutes = defineRoutes({
  cfcReportResults: kit.read(
    '/api/cfc/report-results/:id',
    'Results of a report: totals per scope, category and business unit, scope 2 both ways, base year, data quality',
    { ...report, response: { 200: cfcReportResults } },
  ),
  cfcExportReports: kit.act(
    'POST',
    '/api/cfc/reports/export',
    'The results of business units of one year as xlsx or PDF, base64 with a file name (not in the demo)',
    {
      access: READ,
      body: cfcReportExportBody,
      resources: { businessUnits: 'cfcBusinessUnit' },
      response: { 200: fileResponse },
    },
  ),
  cfcExportEntries: kit.read(
    '/api/cfc/reports/export-entries/:report/:section',
    'The entries of a report section as xlsx (also the import template)',
    { params: cfcExportEntriesParams, resources: { report: 'cfcReport' }, file: true },
  ),
  cfcImportEntries: kit.write(
    'POST',
    '/api/cfc/reports/import',
    'Import a section’s entries from xlsx (multipart: file, report, section, replace) as an import run (202, `/api/import-runs/:id`); its result is `{ imported, replaced }`; any row error imports nothing (cfcImportFailed)',
    { multipart: true, resources: { report: 'cfcReport' }, response: { 202: importRun } },
  ),
  cfcFreightSuggestions: kit.read(
    '/api/cfc/reports/:id/freight-suggestions',
    'The freight tool’s figures of the report’s year offered as entries (own fleet scope 1 and 3.3, subcontracted tours and orders 3.4/3.9)',
    { ...report, response: { 200: cfcFreightSuggestions } },
  ),
  cfcApplyFreightSuggestions: kit.write(
    'POST',
    '/api/cfc/reports/:id/freight-suggestions/apply',
    'Take freight figures into the report as entries (an entry taken before is updated)',
    { ...report, body: cfcFreightApplyBody, response: { 200: cfcFreightApplyResult } },
  ),
});
