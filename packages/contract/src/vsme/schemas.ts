import { z } from 'zod';
import { calendarDay } from '../calendar.ts';
import { YEAR_MAX, YEAR_MIN } from '../constants.ts';
import { listOf, paginationQuery } from '../http.ts';
import { VSME_DISCLOSURE_CODES, VSME_SCHEME_IDS } from './catalogue.ts';

const instant = z.string();
const reason = z.string().trim().min(1).max(2000);
export const vsmeDisclosureCode = z.enum(VSME_DISCLOSURE_CODES);
export const vsmeScheme = z.enum(VSME_SCHEME_IDS);

/** A value as entered: a figure, a text (dates `YYYY-MM-DD`, years `YYYY`, a member QName), yes/no, or a set of members. */
export const vsmeValue = z.union([
  z.number().finite(),
  z.string().max(100_000),
  z.boolean(),
  z.array(z.string().max(300)).max(1100),
]);
export type VsmeValue = z.infer<typeof vsmeValue>;

/** Where a prefilled value comes from: a figure of the carbon footprint of the report year (or of the report's settings). */
export const vsmeSource = z.object({
  kind: z.enum(['footprint', 'footprintPerTurnover', 'footprintEnergy', 'settings']),
  /** The footprint figure (`scope1`, `scope2LocationBased`, …, `electricity`) or the setting (`comprehensive`). */
  figure: z.string(),
  year: z.number().int(),
  /** The carbon footprint reports summed, with their business unit. */
  reports: z.array(z.object({ id: z.uuid(), businessUnit: z.string(), urlId: z.string() })),
});
export type VsmeSource = z.infer<typeof vsmeSource>;

/** A datapoint's value in a report: entered, taken from the footprint, or the footprint's figure overridden. */
export const vsmeFact = z.object({
  concept: z.string(),
  /** '' : no dimension; a member QName; `typed:<identifier>` for a row of a typed table. */
  member: z.string(),
  value: vsmeValue,
  origin: z.enum(['entered', 'prefilled', 'overridden']),
  /** The footprint's figure and its source, also when overridden. */
  prefill: z.object({ value: vsmeValue, source: vsmeSource }).nullable(),
  overrideReason: z.string().nullable(),
  updatedAt: instant.nullable(),
});
export type VsmeFact = z.infer<typeof vsmeFact>;

/** Completeness of a disclosure: datapoints that apply (after the "if applicable" rules) and those with a value. */
export const vsmeCompleteness = z.object({
  code: vsmeDisclosureCode,
  module: z.enum(['basic', 'comprehensive']),
  /** Part of the report: every basic disclosure; the comprehensive ones with option B. */
  included: z.boolean(),
  /** The company marked the disclosure as not applicable to it. */
  notApplicable: z.boolean(),
  applicable: z.number().int(),
  filled: z.number().int(),
});
export type VsmeCompleteness = z.infer<typeof vsmeCompleteness>;

/**
 * A carbon footprint entry B3 §29 reads as energy and could not take as stated: a fuel's volume or
 * mass turned into kWh on its net calorific value (`conversion`, the DESNZ rows it rests on), or an
 * entry with no kWh (`problem`: no net calorific value for the fuel, or no quantity of energy or
 * fuel such as kilometres or the tonne-kilometres of the freight take-over).
 */
export const vsmeEnergyEntry = z.object({
  entry: z.uuid(),
  /** The carbon footprint report and its business unit. */
  report: z.object({ id: z.uuid(), businessUnit: z.string(), urlId: z.string() }),
  section: z.string(),
  kind: z.enum(['electricity', 'heat', 'fuels']),
  amount: z.number(),
  unit: z.string().nullable(),
  /** The emission database activity, in German and English. */
  activity: z.object({ de: z.string(), en: z.string() }).nullable(),
  /** The fuel or note entered, or the freight group taken over. */
  label: z.string().nullable(),
  fromFreight: z.boolean(),
  kwh: z.number().nullable(),
  conversion: z
    .object({
      fuel: z.string(),
      edition: z.string(),
      unit: z.enum(['l', 'm3', 't']),
      quantity: z.number(),
      /** kWh (Net CV) per unit = perUnit.factor ÷ perKwhNet.factor (kg CO2e of the fuel per unit and per kWh). */
      kwhPerUnit: z.number(),
      perUnit: z.object({ factor: z.number(), row: z.string() }),
      perKwhNet: z.object({ factor: z.number(), row: z.string() }),
    })
    .nullable(),
  problem: z.enum(['noNetCv', 'noEnergyUnit']).nullable(),
});
export type VsmeEnergyEntry = z.infer<typeof vsmeEnergyEntry>;

/**
 * How B3's energy and freight figures came from the carbon footprint of the report year: the
 * entries converted or left out, and how many entries the footprint took over from the freight
 * module (their emissions are in the footprint's scopes; docs/decisions/0017).
 */
export const vsmeFootprintNote = z.object({
  year: z.number().int(),
  energy: z.array(vsmeEnergyEntry),
  freight: z.object({ entries: z.number().int(), sections: z.array(z.string()) }),
});
export type VsmeFootprintNote = z.infer<typeof vsmeFootprintNote>;

const reportFields = {
  year: z.number().int().min(YEAR_MIN).max(YEAR_MAX),
  /** Option B: basic and comprehensive module (C1-C9); option A: basic module only. */
  comprehensive: z.boolean(),
  periodStart: calendarDay,
  periodEnd: calendarDay,
  /** The entity identifier of the XBRL contexts: an LEI (ISO 17442), else EUID, DUNS or PermID. */
  identifierScheme: vsmeScheme,
  identifier: z.string().trim().max(60).nullable(),
  notApplicable: z.array(vsmeDisclosureCode),
};

export const vsmeReport = z.object({
  id: z.uuid(),
  ...reportFields,
  currency: z.literal('EUR'),
  values: z.array(vsmeFact),
  completeness: z.array(vsmeCompleteness),
  /** B3's footprint note; null without a carbon footprint report of the year. */
  footprint: vsmeFootprintNote.nullable(),
  createdAt: instant,
  updatedAt: instant,
});
export type VsmeReport = z.infer<typeof vsmeReport>;

export const vsmeReportListItem = vsmeReport.omit({ values: true, footprint: true });
export type VsmeReportListItem = z.infer<typeof vsmeReportListItem>;
export const vsmeReportList = listOf(vsmeReportListItem);

export const vsmeReportListQuery = z.strictObject({ ...paginationQuery });

/** A new report: the year; the calendar year as period and option A unless given. */
export const vsmeReportBody = z.strictObject({
  year: reportFields.year,
  comprehensive: reportFields.comprehensive.default(false),
  periodStart: reportFields.periodStart.optional(),
  periodEnd: reportFields.periodEnd.optional(),
  identifierScheme: reportFields.identifierScheme.default('lei'),
  identifier: reportFields.identifier.optional(),
});
export type VsmeReportBody = z.input<typeof vsmeReportBody>;

export const vsmeReportPatch = z.strictObject({
  comprehensive: reportFields.comprehensive.optional(),
  periodStart: reportFields.periodStart.optional(),
  periodEnd: reportFields.periodEnd.optional(),
  identifierScheme: reportFields.identifierScheme.optional(),
  identifier: reportFields.identifier.optional(),
  notApplicable: reportFields.notApplicable.optional(),
});
export type VsmeReportPatch = z.input<typeof vsmeReportPatch>;

export const vsmeValueInput = z.strictObject({
  concept: z.string().max(300),
  member: z.string().max(400).default(''),
  /** Null removes the value (a prefilled datapoint shows the footprint's figure again). */
  value: vsmeValue.nullable(),
  /** Required when the value differs from the footprint's figure. */
  overrideReason: reason.nullable().optional(),
});
export type VsmeValueInput = z.input<typeof vsmeValueInput>;

export const vsmeValuesBody = z.strictObject({ values: z.array(vsmeValueInput).min(1).max(500) });
export type VsmeValuesBody = z.input<typeof vsmeValuesBody>;

/**
 * Why a fact cannot go into the Inline XBRL document, in the catalogue's terms: the concept is not
 * in the taxonomy, its period type differs, the value does not fit the data type, the unit does not
 * fit, the dimension member is not one of its table's, or the datapoint does not apply.
 */
export const VSME_PROBLEMS = [
  'unknownConcept',
  'periodType',
  'dataType',
  'unit',
  'member',
  'notApplicable',
  'comprehensiveOnly',
] as const;
export const VSME_REPORT_PROBLEMS = [
  'identifierMissing',
  'identifierInvalid',
  'periodInvalid',
  'noFacts',
] as const;

export const vsmeCheck = z.object({
  concept: z.string(),
  member: z.string(),
  disclosure: vsmeDisclosureCode.nullable(),
  /** `warning`: exported all the same (a value that does not apply); `error`: blocks the export. */
  status: z.enum(['ok', 'warning', 'error']),
  problems: z.array(z.object({ code: z.enum(VSME_PROBLEMS), expected: z.string().nullable() })),
});
export type VsmeCheck = z.infer<typeof vsmeCheck>;

export const vsmeValidation = z.object({
  valid: z.boolean(),
  factCount: z.number().int(),
  reportProblems: z.array(z.enum(VSME_REPORT_PROBLEMS)),
  checks: z.array(vsmeCheck),
});
export type VsmeValidation = z.infer<typeof vsmeValidation>;

export const vsmeExportQuery = z.strictObject({
  format: z.enum(['pdf', 'xlsx']).default('pdf'),
  lang: z.enum(['de', 'en']).optional(),
});
export const vsmeIxbrlQuery = z.strictObject({ lang: z.enum(['de', 'en']).optional() });
export const vsmeFile = z.object({ fileName: z.string(), mimeType: z.string(), data: z.string() });
