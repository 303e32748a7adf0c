/**
 * The results workbook of a carbon footprint (issue 19): one sheet per view (scopes with scope 2
 * both ways, categories, business units, data quality), written by the spreadsheet kit. Figures go
 * in as t CO2e unrounded; the kit rounds them to the shown decimals.
 */
import type { CfcReportResults, Language } from '@klimadesk/contract';
import { type Column, sheetOf, sheetsBase64 } from '../../platform/spreadsheet.ts';
import { QUALITY_KEYS, type QualityKey, RESULT_TEXTS, qualityLabel, scopeRows } from './cfc.pdf.ts';
import { TRACE_COLUMNS, TRACE_SHEET, type TraceRow } from './cfc.trace.ts';
import { type MessageKey, texts } from '@klimadesk/contract/messages';

type Results = CfcReportResults;
const TONNES = 3;
const PERCENT = 2;

const tonnesColumn = <T>(key: string, header: MessageKey, value: (row: T) => number): Column<T> => ({
  key,
  header: texts(header),
  type: 'number',
  digits: TONNES,
  width: 18,
  value: (row) => value(row) / 1000,
});
const shareColumn = <T extends { share: number }>(): Column<T> => ({
  key: 'share',
  header: texts('cfc.export.share'),
  type: 'number',
  digits: PERCENT,
  width: 12,
  value: (row) => row.share * 100,
});

type ScopeRow = ReturnType<typeof scopeRows>[number] & { name: string; gwpSet: string };
type CategoryRow = Results['sections'][number];
type UnitRow = Results['businessUnits'][number];
type QualityRow = { key: QualityKey; label: string; emissions: number; share: number };

const SCOPE_COLUMNS: Column<ScopeRow>[] = [
  { key: 'name', header: texts('cfc.export.scope'), width: 16 },
  tonnesColumn('emissions', 'cfc.export.emissionsTonnes', (r) => r.emissions),
  tonnesColumn('locationBased', 'cfc.export.locationBasedTonnes', (r) => r.locationBased),
  tonnesColumn('marketBased', 'cfc.export.marketBasedTonnes', (r) => r.marketBased),
  shareColumn(),
  { key: 'gwpSet', header: texts('cfc.export.gwpSetGWP100'), width: 16 },
];
const CATEGORY_COLUMNS: Column<CategoryRow>[] = [
  { key: 'scope', header: texts('cfc.export.scope'), type: 'integer', width: 8 },
  { key: 'name', header: texts('cfc.export.category'), width: 48 },
  tonnesColumn('emissions', 'cfc.export.emissionsTonnes', (r) => r.co2eKg),
  tonnesColumn('locationBased', 'cfc.export.locationBasedTonnes', (r) => r.locationBasedKg),
  tonnesColumn('marketBased', 'cfc.export.marketBasedTonnes', (r) => r.marketBasedKg),
  tonnesColumn('wtt', 'cfc.export.wttTonnes', (r) => r.wttKg),
  shareColumn(),
  { key: 'entryCount', header: texts('cfc.export.entries'), type: 'integer', width: 10 },
  { key: 'incompleteCount', header: texts('cfc.export.incomplete'), type: 'integer', width: 12 },
];
const UNIT_COLUMNS: Column<UnitRow>[] = [
  { key: 'name', header: texts('cfc.export.businessUnit'), width: 32 },
  tonnesColumn('emissions', 'cfc.export.emissionsTonnes', (r) => r.co2eKg),
  tonnesColumn('locationBased', 'cfc.export.locationBasedTonnes', (r) => r.locationBasedKg),
  tonnesColumn('marketBased', 'cfc.export.marketBasedTonnes', (r) => r.marketBasedKg),
  shareColumn(),
];
const QUALITY_COLUMNS: Column<QualityRow>[] = [
  { key: 'label', header: texts('cfc.export.dataQuality'), width: 26 },
  tonnesColumn('emissions', 'cfc.export.emissionsTonnes', (r) => r.emissions),
  shareColumn(),
];

export const RESULT_SHEETS = {
  scopes: texts('cfc.export.scopes'),
  categories: texts('cfc.export.categories'),
  businessUnits: texts('cfc.export.businessUnits'),
  quality: texts('cfc.export.quality'),
  entries: TRACE_SHEET,
} as const;

/**
 * The results as an xlsx workbook (base64), sheets and titles in the reader's language; every scope
 * row states the GWP set, the entries sheet traces each figure to its factor (issue 33).
 */
export function resultsWorkbook(
  r: Results,
  lang: Language,
  trace: readonly TraceRow[] = [],
): Promise<string> {
  const texts = RESULT_TEXTS[lang];
  const scopes: ScopeRow[] = scopeRows(r).map((s) => ({
    ...s,
    name: `${texts.scope} ${s.scope}`,
    gwpSet: r.gwpSet,
  }));
  const total: ScopeRow = {
    scope: 0,
    gwpSet: r.gwpSet,
    name: texts.total,
    emissions: r.totals.total,
    locationBased: r.totals.totalLocationBased,
    marketBased: r.totals.totalMarketBased,
    share: r.totals.total === 0 ? 0 : 1,
  };
  return sheetsBase64(
    [
      sheetOf({ name: RESULT_SHEETS.scopes, columns: SCOPE_COLUMNS, rows: [...scopes, total] }),
      sheetOf({ name: RESULT_SHEETS.categories, columns: CATEGORY_COLUMNS, rows: r.sections }),
      sheetOf({ name: RESULT_SHEETS.businessUnits, columns: UNIT_COLUMNS, rows: r.businessUnits }),
      sheetOf({
        name: RESULT_SHEETS.quality,
        columns: QUALITY_COLUMNS,
        rows: QUALITY_KEYS.map((key) => ({
          key,
          label: qualityLabel(key, lang),
          emissions: r.dataQualityKg[key],
          share: r.dataQuality[key],
        })),
      }),
      sheetOf({ name: TRACE_SHEET, columns: TRACE_COLUMNS, rows: trace }),
    ],
    { lang },
  );
}
