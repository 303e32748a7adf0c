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
import { type MessageKey, t, texts } from '@klimadesk/contract/messages';

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
  ['open', texts('taxonomy.export.open')],
  ['finished', texts('taxonomy.export.finished')],
]);

/** A figure in EUR with cents (amounts are stored in cents and sent as EUR). */
const eur = <T>(
  key: string,
  header: MessageKey | Record<Language, string>,
  value?: (row: T) => number,
): Column<T> => ({
  key,
  header: typeof header === 'string' ? texts(header) : header,
  type: 'number',
  digits: 2,
  width: 18,
  value,
});
/** A share (0..1) written as a percentage. */
const percent = <T>(key: string, header: MessageKey, share: (row: T) => number): Column<T> => ({
  key,
  header: texts(header),
  type: 'number',
  digits: 2,
  width: 16,
  value: (row) => share(row) * 100,
});
type AssessmentFlag = Exclude<keyof TaxActivity['assessment'], 'potentiallyConformShare'>;
const assessed = (key: AssessmentFlag, header: MessageKey, width = 14): Column<TaxActivity> => ({
  key,
  header: texts(header),
  type: 'boolean',
  width,
  value: (a) => a.assessment[key],
});

/** Seed 001 §2: the overview's 15 columns (with the financial year), figures as numbers in EUR. */
const activityColumns: Column<TaxActivity>[] = [
  { key: 'name', header: texts('taxonomy.export.name'), width: 32 },
  {
    key: 'year',
    header: texts('taxonomy.export.financialYear'),
    type: 'integer',
    width: 14,
    value: (a) => a.year.taxYear,
  },
  { key: 'naceCode', header: texts('taxonomy.export.naceCode'), width: 12 },
  {
    key: 'euActivityId',
    header: texts('taxonomy.export.euActivityKey'),
    width: 18,
    value: (a) => a.euActivity.id,
  },
  {
    key: 'euActivity',
    header: texts('taxonomy.export.euActivity'),
    width: 40,
    value: (a) => a.euActivity.name,
  },
  { key: 'status', header: texts('taxonomy.export.status'), width: 14, names: STATUS },
  assessed('eligible', 'taxonomy.export.eligible'),
  assessed('substantialContribution', 'taxonomy.export.substantialContribution'),
  assessed('dnsh', 'taxonomy.export.dnsh', 10),
  assessed('minSafeguards', 'taxonomy.export.minSafeguards'),
  assessed('aligned', 'taxonomy.export.aligned'),
  percent(
    'potentiallyConformShare',
    'taxonomy.export.potentiallyConformSharePercent',
    (a) => a.assessment.potentiallyConformShare,
  ),
  eur('turnover', 'taxonomy.export.turnoverEur'),
  eur('capex', 'taxonomy.export.capexEur'),
  eur('opex', 'taxonomy.export.opexEur'),
  {
    key: 'criteria',
    header: texts('taxonomy.export.objectives'),
    width: 16,
    value: (a) => a.activityCriteria.map((k) => k.criterion).join(', '),
  },
  {
    key: 'tags',
    header: texts('taxonomy.export.tags'),
    width: 24,
    value: (a) => a.tags.map((t) => t.value).join(', '),
  },
  {
    key: 'updatedAt',
    header: texts('taxonomy.export.lastUpdated'),
    type: 'date',
    width: 18,
    value: (a) => new Date(a.updatedAt),
  },
];

type KpiRow = { kind: TaxAmountKind } & TaxReportData['kpis'][TaxAmountKind];
const KIND = new Map([
  ['turnover', texts('taxonomy.export.turnover')],
  ['capex', texts('taxonomy.export.capEx')],
  ['opex', texts('taxonomy.export.opEx')],
]);
/** The Article 8 KPIs over the exported years (Disclosures Delegated Act (EU) 2021/2178 Annex I). */
const kpiColumns: Column<KpiRow>[] = [
  { key: 'kind', header: texts('taxonomy.export.kpi'), width: 12, names: KIND },
  eur('total', 'taxonomy.export.totalEur'),
  eur('eligible', 'taxonomy.export.eligibleEur'),
  eur('aligned', 'taxonomy.export.alignedEur'),
  eur('ineligible', 'taxonomy.export.ineligibleEur'),
  percent('eligibleShare', 'taxonomy.export.eligibleSharePercent', (k) => k.eligibleShare),
  percent('alignedShare', 'taxonomy.export.alignedSharePercent', (k) => k.alignedShare),
  ...TAX_OBJECTIVES.map((o) => ({
    ...eur<KpiRow>(
      `aligned${o}`,
      texts('taxonomy.export.alignedObjectiveEur', { objective: o }),
      (k) => k.alignedByObjective[o],
    ),
    width: 16,
  })),
  ...TAX_OBJECTIVES.map((o) => ({
    ...eur<KpiRow>(
      `eligible${o}`,
      texts('taxonomy.export.eligibleObjectiveEur', { objective: o }),
      (k) => k.eligibleByObjective[o],
    ),
    width: 16,
  })),
  eur('unsplit', 'taxonomy.export.unsplitEur'),
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
        name: texts('taxonomy.export.activities'),
        columns: activityColumns,
        rows: data.activities,
      }),
      sheetOf({ name: texts('taxonomy.export.kpis'), columns: kpiColumns, rows: kpis }),
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
    fileName: t(lang, 'taxonomy.export.fileName', { company: company ? `${company}-` : '', date }),
    mimeType: XLSX_MIME,
    data: base64,
  };
}
