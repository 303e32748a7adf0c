import { z } from 'zod';
import { defineRoutes, fileResponse, routeKit } from '../http.ts';
import type { Role } from '../platform/roles.ts';
import { TAX_OBJECTIVES, TAX_YEAR_MAX, TAX_YEAR_MIN, taxFilters } from './schemas.ts';

/**
 * The EU taxonomy catalogue (seed 001 §3 static data, §7 "Tax API"): EU activities with NACE codes
 * and objectives, the criteria and DNSH texts of the Delegated Acts, help texts, tax years, the
 * provider's text edits and the overview's exports.
 */

const READ: Role[] = ['ROLE_SMP_ADMIN', 'ROLE_TAX_READ_ONLY'];
/** Seed 001 §6: provider admins edit the tax texts. */
const TEXTS: Role[] = ['ROLE_SMP_ADMIN'];
const kit = routeKit('taxonomy', { module: 'tax', read: READ, write: TEXTS });
// The provider's text edits are no route of the booked module.
const provider = routeKit('taxonomy', { module: null, read: TEXTS });

/** Catalogue ids are stable text keys (compass reference, objective code, help key). */
const keyParams = z.strictObject({ id: z.string().trim().min(1).max(80) });

/** Navigation entry of a criterion (seed 001 §3): an environmental objective with its DNSH list. */
export const taxCriterion = z.object({
  id: z.enum(TAX_OBJECTIVES),
  name: z.string(),
  abbreviation: z.string(),
  weight: z.number().int(),
  title: z.string(),
  dnsh: z.array(z.object({ id: z.enum(TAX_OBJECTIVES), name: z.string(), abbreviation: z.string() })),
});
export const taxDnshEntry = z.object({
  id: z.enum(TAX_OBJECTIVES),
  name: z.string(),
  abbreviation: z.string(),
  weight: z.number().int(),
  title: z.string(),
});
/** A NACE Rev. 2 code as the acts write it (e.g. `H49.4.1`) with the EU activities naming it. */
export const taxNaceCode = z.object({ id: z.string(), code: z.string(), euActivities: z.array(z.string()) });
export const taxYearEntry = z.object({
  id: z.number().int(),
  year: z.number().int().min(TAX_YEAR_MIN).max(TAX_YEAR_MAX),
});
export const taxHelpText = z.object({
  id: z.string(),
  internalName: z.string(),
  /** The text in the request language. */
  text: z.string(),
  textDe: z.string(),
  textEn: z.string(),
});
/** Enabling (E) or transitional (T) activity as the acts state it for one objective (Annex II templates' E/T columns). */
export const TAX_CATEGORIES = ['E', 'T'] as const;
export const taxCategory = z.object({
  objective: z.enum(TAX_OBJECTIVES),
  /** null: neither enabling nor transitional (or not stated, see `isKnown`). */
  category: z.enum(TAX_CATEGORIES).nullable(),
  /** Whether the catalogue's sources state the category for this objective. */
  isKnown: z.boolean(),
});
/** A generic DNSH appendix (A-D) of the annexes a DNSH text refers to. */
export const taxAppendix = z.object({
  id: z.enum(['A', 'B', 'C', 'D']),
  /** The objective the appendix keeps from significant harm. */
  dnsh: z.enum(TAX_OBJECTIVES),
  title: z.string(),
  /** The appendix text; null where no source of the catalogue carries it. */
  text: z.string().nullable(),
  /** How many DNSH texts of the catalogue refer to it. */
  referencedBy: z.number().int(),
});
export const taxEuActivity = z.object({
  /** Stable key: `<act>-<section>` (e.g. `2021-2139-4.1`), `<act>-<objectives>-<section>` for later additions. */
  id: z.string(),
  /** The section in the act's annex (the Compass reference for the Compass activities). */
  ref: z.string().nullable(),
  /** The name in the request language (the act's German version for German). */
  name: z.string(),
  /** The name in both languages, so that a search finds either ("Güterbeförderung", "Freight"). */
  names: z.object({ de: z.string(), en: z.string() }),
  /** The annex's sector heading in the request language. */
  sector: z.string(),
  naceCodes: z.array(z.string()),
  /** The objectives the activity can contribute substantially to (its eligibility). */
  objectives: z.array(z.enum(TAX_OBJECTIVES)),
  /** Enabling or transitional per objective, in the order of `objectives`. */
  categories: z.array(taxCategory),
});
export const taxEuActivityDetail = taxEuActivity.extend({
  /** The act's description of the activity; null for activities added after Compass 1.0.4. */
  description: z.string().nullable(),
  /** The delegated regulation, e.g. `2021/2139`. */
  delegatedAct: z.string(),
  /** Caveat of the source (Compass-internal section number, unverified section). */
  note: z.string().nullable(),
});
/** Seed 001 §3 Tax text: id, eu_activity, criteria, dnsh, textDe, textEn. */
export const taxText = z.object({
  id: z.string(),
  euActivity: z.string(),
  criteria: z.enum(TAX_OBJECTIVES),
  /** The objective of a DNSH text; null for a substantial-contribution text. */
  dnsh: z.enum(TAX_OBJECTIVES).nullable(),
  /** The text in the request language (English where no German exists yet); null when neither exists. */
  text: z.string().nullable(),
  /** German exists only once the provider wrote it: the sources are English. */
  textDe: z.string().nullable(),
  /** The provider's text, else the act's (none for the activities added after Compass 1.0.4). */
  textEn: z.string().nullable(),
  /** The provider changed the text. */
  isEdited: z.boolean(),
  /**
   * The edition of the act the source text comes from, in the request language; null where no
   * source of the catalogue carries it (shown as "not available in this edition").
   */
  edition: z.string().nullable(),
  /** The text of Delegated Regulation (EU) 2021/2139 as first adopted, where a later act changed it (English). */
  firstAdoptedEn: z.string().nullable(),
  /** The contribution's category (substantial-contribution texts; null on DNSH texts). */
  category: taxCategory.nullable(),
  /** The generic DNSH appendices a DNSH text refers to. */
  appendices: z.array(taxAppendix),
});
export type TaxText = z.infer<typeof taxText>;
export const taxTextQuery = z.strictObject({
  euActivity: z.string().trim().max(80).optional(),
  criteria: z.enum(TAX_OBJECTIVES).optional(),
});
export const taxDnshTextQuery = taxTextQuery.extend({ dnsh: z.enum(TAX_OBJECTIVES).optional() });
export const taxTextPatchBody = z.strictObject({
  textDe: z.string().max(100_000).optional(),
  textEn: z.string().max(100_000).optional(),
});
/** One of the 14 minimum-safeguard checks; `bit` is its bit in a financial year's `minSafeguards`. */
export const taxMinimumSafeguard = z.object({
  bit: z.number().int().min(0).max(13),
  key: z.string(),
  topicNo: z.number().int(),
  topic: z.string(),
  /** `framework`: Article 18(1) alignment; `indicator`: a non-compliance indicator that must not be the case. */
  kind: z.enum(['framework', 'indicator']),
  text: z.string(),
  /** What a set flag confirms. */
  check: z.string(),
  frameworks: z.string(),
});
export const taxEuActivityQuery = z.strictObject({ criteria: z.enum(TAX_OBJECTIVES).optional() });
export const taxExportQuery = z.strictObject({
  ...taxFilters,
  companyName: z.string().trim().max(200).optional(),
});
export const taxReportQuery = taxExportQuery.extend({
  /** 1: a zip with the report and every file; 0: the report as PDF. */
  withFiles: z.enum(['0', '1']).default('0'),
});

/** A platform admin changes a text by its key; the answer is the text as stored. */
const changeText = <const P extends string, const T extends z.ZodType>(path: P, summary: string, answer: T) =>
  provider.write('PATCH', path, summary, {
    params: keyParams,
    body: taxTextPatchBody,
    response: { 200: answer },
  });

export const taxCatalogueRoutes = defineRoutes({
  taxCriterias: kit.readList(
    '/api/tax/tax-criterias',
    'The six environmental objectives as criteria with their DNSH list',
    taxCriterion,
  ),
  taxNaceCodes: kit.readList('/api/tax/tax-nace-codes', 'NACE codes of the EU activities', taxNaceCode),
  taxDnshes: kit.readList(
    '/api/tax/tax-dnshes',
    'The DNSH entries (objectives) in navigation order',
    taxDnshEntry,
  ),
  taxHelpTexts: kit.readList(
    '/api/tax/tax-help-texts',
    'Help texts by key (core, finance, crit…, dnsh…, minSafe)',
    taxHelpText,
  ),
  taxMinimumSafeguards: kit.readList(
    '/api/tax/tax-minimum-safeguards',
    'The 14 minimum-safeguard checks in bit order (Article 18 of Regulation (EU) 2020/852)',
    taxMinimumSafeguard,
  ),
  taxYears: kit.readList('/api/tax/tax-years', 'Tax years a financial year may have', taxYearEntry),
  taxEuActivities: kit.readList(
    '/api/tax/tax-eu-activities',
    'EU activities of the taxonomy with NACE codes and objectives',
    taxEuActivity,
    { query: taxEuActivityQuery },
  ),
  taxEuActivity: kit.read('/api/tax/tax-eu-activities/:id', 'One EU activity with its description', {
    params: keyParams,
    response: { 200: taxEuActivityDetail },
  }),
  taxEuActivityCriteria: kit.readList(
    '/api/tax/tax-eu-activities/:id/criteria',
    'Substantial-contribution criteria of an EU activity per objective',
    taxText,
    { params: keyParams },
  ),
  taxEuActivityDnsh: kit.readList(
    '/api/tax/tax-eu-activity-criteria/dnsh',
    'DNSH criteria of an EU activity and objective',
    taxText,
    { query: taxDnshTextQuery },
  ),
  taxCriteriaTexts: kit.readList(
    '/api/tax/tax-eu-activity-criteria-text',
    'Substantial-contribution texts (editable)',
    taxText,
    { query: taxTextQuery },
  ),
  taxDnshTexts: kit.readList(
    '/api/tax/tax-eu-activity-criteria-dnsh-text',
    'DNSH texts (editable)',
    taxText,
    { query: taxDnshTextQuery },
  ),
  taxHelpText: kit.read('/api/tax/tax-help-texts/:id', 'One help text', {
    params: keyParams,
    response: { 200: taxHelpText },
  }),
  updateTaxCriterionText: changeText(
    '/api/tax/tax-eu-activity-criterion-text/:id',
    'Change a substantial-contribution text (platform admin)',
    taxText,
  ),
  updateTaxDnshText: changeText(
    '/api/tax/tax-eu-activity-criteria-dnsh-text/:id',
    'Change a DNSH text (platform admin)',
    taxText,
  ),
  updateTaxHelpText: changeText(
    '/api/tax/tax-help-texts/:id',
    'Change a help text (platform admin)',
    taxHelpText,
  ),
  exportTaxOverviewExcel: kit.read(
    '/api/tax/tax-activity-overviews/export/excel',
    'Finished activities of the overview as xlsx (base64 with a file name)',
    {
      access: ['ROLE_TAX_READ_ONLY'],
      query: taxExportQuery,
      resources: { tags: 'taxTag' },
      response: { 200: fileResponse },
    },
  ),
  exportTaxReport: kit.read(
    '/api/tax/tax-activity-overviews/export/report',
    'Report of the finished activities as the Disclosures Delegated Act templates: PDF, or zip with the files',
    { access: ['ROLE_TAX_READ_ONLY'], query: taxReportQuery, resources: { tags: 'taxTag' }, file: true },
  ),
});
