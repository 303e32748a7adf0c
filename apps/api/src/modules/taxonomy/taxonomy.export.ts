import type { z } from 'zod';
import {
  type Language,
  TAX_AMOUNT_KINDS,
  TAX_OBJECTIVES,
  type TaxActivity,
  type TaxAmountKind,
  taxonomyCatalogueSchemas as c,
} from '@klimadesk/contract';
import type { Actor } from '../../platform/access.ts';
import type { AppContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { type Column, XLSX_MIME, sheetOf, sheetsBase64 } from '../../platform/spreadsheet.ts';
import { type TaxReportData, reportData } from './taxonomy.figures.ts';
import { templateSheets } from './taxonomy.template.xlsx.ts';

type ExportQuery = z.output<typeof c.taxExportQuery>;

/**
 * The finished activities under the filters with their years and KPIs (seed 001 §4: only finished
 * activities export). None is the empty-export answer of the Tax API (seed 001 §8: 50100).
 */
export async function finishedReportData(
  ctx: AppContext,
  actor: Actor,
  q: Pick<ExportQuery, 'tags' | 'years'>,
  timeZone?: string,
): Promise<TaxReportData> {
  try {
    return await reportData(ctx, actor, { tags: q.tags, years: q.years }, timeZone);
  } catch (err) {
    if (err instanceof AppError && err.key === 'emptyExport') throw new AppError('TaxExportEmpty');
    throw err;
  }
}

const STATUS = new Map([
  ['open', { de: 'offen', en: 'open' }],
  ['finished', { de: 'abgeschlossen', en: 'finished' }],
]);

/** A figure in EUR with cents (amounts are stored in cents and sent as EUR). */
const eur = <T>(key: string, de: string, en: string, value?: (row: T) => number): Column<T> => ({
  key,
  header: { de: `${de} (EUR)`, en: `${en} (EUR)` },
  type: 'number',
  digits: 2,
  width: 18,
  value,
});
/** A share (0..1) written as a percentage. */
const percent = <T>(key: string, de: string, en: string, share: (row: T) => number): Column<T> => ({
  key,
  header: { de: `${de} (%)`, en: `${en} (%)` },
  type: 'number',
  digits: 2,
  width: 16,
  value: (row) => share(row) * 100,
});
type AssessmentFlag = Exclude<keyof TaxActivity['assessment'], 'potentiallyConformShare'>;
const assessed = (key: AssessmentFlag, de: string, en: string, width = 14): Column<TaxActivity> => ({
  key,
  header: { de, en },
  type: 'boolean',
  width,
  value: (a) => a.assessment[key],
});

/** Seed 001 §2: the overview's 15 columns (with the financial year), figures as numbers in EUR. */
const activityColumns: Column<TaxActivity>[] = [
  { key: 'name', header: { de: 'Name', en: 'Name' }, width: 32 },
  {
    key: 'year',
    header: { de: 'Geschäftsjahr', en: 'Financial year' },
    type: 'integer',
    width: 14,
    value: (a) => a.year.taxYear,
  },
  { key: 'naceCode', header: { de: 'NACE-Code', en: 'NACE code' }, width: 12 },
  {
    key: 'euActivityId',
    header: { de: 'EU-Tätigkeit (Schlüssel)', en: 'EU activity (key)' },
    width: 18,
    value: (a) => a.euActivity.id,
  },
  {
    key: 'euActivity',
    header: { de: 'EU-Tätigkeit', en: 'EU activity' },
    width: 40,
    value: (a) => a.euActivity.name,
  },
  { key: 'status', header: { de: 'Status', en: 'Status' }, width: 14, names: STATUS },
  assessed('eligible', 'Taxonomiefähig', 'Eligible'),
  assessed('substantialContribution', 'Wesentlicher Beitrag', 'Substantial contribution'),
  assessed('dnsh', 'DNSH', 'DNSH', 10),
  assessed('minSafeguards', 'Mindestschutz', 'Minimum safeguards'),
  assessed('aligned', 'Taxonomiekonform', 'Aligned'),
  percent(
    'potentiallyConformShare',
    'Potenziell konformer Anteil',
    'Potentially conform share',
    (a) => a.assessment.potentiallyConformShare,
  ),
  eur('turnover', 'Umsatz', 'Turnover'),
  eur('capex', 'CapEx', 'CapEx'),
  eur('opex', 'OpEx', 'OpEx'),
  {
    key: 'criteria',
    header: { de: 'Umweltziele', en: 'Objectives' },
    width: 16,
    value: (a) => a.activityCriteria.map((k) => k.criterion).join(', '),
  },
  {
    key: 'tags',
    header: { de: 'Tags', en: 'Tags' },
    width: 24,
    value: (a) => a.tags.map((t) => t.value).join(', '),
  },
  {
    key: 'updatedAt',
    header: { de: 'Zuletzt geändert', en: 'Last updated' },
    type: 'date',
    width: 18,
    value: (a) => new Date(a.updatedAt),
  },
];

type KpiRow = { kind: TaxAmountKind } & TaxReportData['kpis'][TaxAmountKind];
const KIND = new Map([
  ['turnover', { de: 'Umsatz', en: 'Turnover' }],
  ['capex', { de: 'CapEx', en: 'CapEx' }],
  ['opex', { de: 'OpEx', en: 'OpEx' }],
]);
/** The Article 8 KPIs over the exported years (Disclosures Delegated Act (EU) 2021/2178 Annex I). */
const kpiColumns: Column<KpiRow>[] = [
  { key: 'kind', header: { de: 'Kennzahl', en: 'KPI' }, width: 12, names: KIND },
  eur('total', 'Gesamt', 'Total'),
  eur('eligible', 'Taxonomiefähig', 'Eligible'),
  eur('aligned', 'Taxonomiekonform', 'Aligned'),
  eur('ineligible', 'Nicht taxonomiefähig', 'Not eligible'),
  percent('eligibleShare', 'Anteil taxonomiefähig', 'Eligible share', (k) => k.eligibleShare),
  percent('alignedShare', 'Anteil taxonomiekonform', 'Aligned share', (k) => k.alignedShare),
  ...TAX_OBJECTIVES.map((o) => ({
    ...eur<KpiRow>(`aligned${o}`, `Konform ${o}`, `Aligned ${o}`, (k) => k.alignedByObjective[o]),
    width: 16,
  })),
  ...TAX_OBJECTIVES.map((o) => ({
    ...eur<KpiRow>(`eligible${o}`, `Taxonomiefähig ${o}`, `Eligible ${o}`, (k) => k.eligibleByObjective[o]),
    width: 16,
  })),
  eur('unsplit', 'Keinem Umweltziel zugeordnet', 'Allocated to no objective'),
];

/** `GET tax-activity-overviews/export/excel`: the finished activities and the KPIs as xlsx (base64). */
export async function exportOverviewExcel(
  ctx: AppContext,
  actor: Actor,
  q: ExportQuery,
  lang: Language,
  timeZone: string,
) {
  const data = await finishedReportData(ctx, actor, q, timeZone);
  const kpis: KpiRow[] = TAX_AMOUNT_KINDS.map((kind) => ({ kind, ...data.kpis[kind] }));
  const base64 = await sheetsBase64(
    [
      sheetOf({
        name: { de: 'Tätigkeiten', en: 'Activities' },
        columns: activityColumns,
        rows: data.activities,
      }),
      sheetOf({ name: { de: 'Kennzahlen', en: 'KPIs' }, columns: kpiColumns, rows: kpis }),
      ...templateSheets(data.templates, lang),
    ],
    { lang, timeZone },
  );
  const date = new Date().toISOString().slice(0, 10);
  // The company name the screen passes (seed 001 §7) names the file, in letters, digits and dashes.
  const company = (q.companyName ?? '')
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 60);
  return {
    fileName: `${lang === 'de' ? 'eu-taxonomie' : 'eu-taxonomy'}-${company ? `${company}-` : ''}${date}.xlsx`,
    mimeType: XLSX_MIME,
    data: base64,
  };
}
