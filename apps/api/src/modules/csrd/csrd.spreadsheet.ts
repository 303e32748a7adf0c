import {
  CSRD_SCOPES,
  type CsrdE16,
  type CsrdScopeCode,
  type Language,
  csrdSchemas as s,
} from '@klimadesk/contract';
import type { z } from 'zod';
import type { AppContext } from '../../platform/context.ts';
import type { Actor } from '../../platform/access.ts';
import type { DbOrTx } from '../../platform/db/index.ts';
import { AppError } from '../../platform/errors.ts';
import type { Upload } from '../../platform/files.ts';
import {
  type Column,
  type Value,
  XLSX_MIME,
  loadWorkbookSheets,
  readRows,
  sheetOf,
  sheetsBase64,
} from '../../platform/spreadsheet.ts';
import type { CompanyId } from '../../platform/tenant.ts';
import { list, pageWindow } from '../../platform/lists.ts';
import { DR_BY_CODE, drsOf, scopeName } from './csrd.catalogue.ts';
import { e16Of } from './csrd.cfc.ts';
import * as repo from './csrd.repository.ts';
import type { StoredImportIssue, StoredImportSheet } from './csrd.schema.ts';
import {
  type EntryDto,
  csrdCompany,
  ensureScopeEntry,
  fullAnalysis,
  reportOf,
  unitProblem,
} from './csrd.service.ts';
import { CSRD_UNITS, shownRequirements } from '@klimadesk/contract';
import { type Category, categoryOf, joinRequirements } from './csrd.applicability.ts';
import { type MessageKey, t, texts } from '@klimadesk/contract/messages';

type TemplateRow = {
  code: string;
  title: string;
  unit: string | null;
  numericValue: number | null;
  textValue: string | null;
  reconciliation?: string | null;
};

/** The template's columns: one row per disclosure requirement, one sheet per selected standard. */
const TEMPLATE_COLUMNS: Column<TemplateRow>[] = [
  { key: 'code', header: texts('csrd.sheet.code'), required: true, width: 14 },
  { key: 'title', header: texts('csrd.sheet.disclosureRequirement'), width: 60 },
  { key: 'unit', header: texts('csrd.sheet.unit'), required: true, width: 10 },
  {
    key: 'numericValue',
    header: texts('csrd.sheet.numericValue'),
    type: 'number',
    required: true,
    width: 16,
  },
  { key: 'textValue', header: texts('csrd.sheet.textValue'), required: true, width: 60 },
  // Export only: how an entered E1-6 stands against the carbon footprint (the import ignores it).
  {
    key: 'reconciliation',
    header: texts('csrd.sheet.reconciliationWithTheCarbonFootprint'),
    width: 60,
  },
];

/** The reconciliation cell of the E1-6 row: a warning when the entered figure differs unexplained. */
export function reconciliationText(e16: CsrdE16, lang: Language): string | null {
  const de = lang === 'de';
  const m = e16.manual;
  if (!m) return null;
  const num = new Intl.NumberFormat(de ? 'de-DE' : 'en-GB', {
    maximumFractionDigits: 3,
    signDisplay: 'always',
  });
  const diff = (x: number | null) => (x === null ? '–' : `${num.format(x)} t CO2e`);
  const both = `${diff(m.differenceLocationBasedT)} / ${diff(m.differenceMarketBasedT)}`;
  switch (e16.status) {
    case 'matches':
      return t(lang, 'csrd.sheet.reconciliationMatches');
    case 'manual':
      return t(lang, 'csrd.sheet.reconciliationManual');
    case 'reconciled':
      return t(lang, 'csrd.sheet.reconciliationReconciled', { difference: both, note: m.note ?? '' });
    default:
      return t(lang, 'csrd.sheet.reconciliationWarning', { difference: both });
  }
}

const stamp = (d: Date) => d.toISOString().slice(0, 10);

/** GET csrd-reports/{id}/get-excel-reports: the template, filled with the values entered so far. */
export async function reportTemplate(ctx: AppContext, actor: Actor, id: string, lang: Language) {
  const companyId = csrdCompany(actor);
  const r = await reportOf(ctx.db, companyId, id);
  const values = await repo.listValues(ctx.db, companyId, { reportId: r.id });
  const reconciliation = reconciliationText(await e16Of(ctx, companyId, r), lang);
  const sheets = r.categories.map(categoryOf).map((c) => {
    const mine = values.filter((x) => x.scope === c.id);
    // The requirements the topic owes after the assessment, and any other one already filled.
    const shown = shownRequirements(c, drsOf(c.id, lang), new Set(mine.map((x) => x.value.indicator)));
    return sheetOf({
      name: c.id,
      columns: TEMPLATE_COLUMNS,
      rows: shown.map(({ requirement: dr }) => {
        const v = mine.find((x) => x.value.indicator === dr.code)?.value;
        return {
          code: dr.code,
          title: dr.title,
          unit: v?.unit ?? (dr.unitType ? CSRD_UNITS.find((u) => u.unitType === dr.unitType)!.id : null),
          numericValue: v?.numericValue ?? null,
          textValue: v?.textValue ?? null,
          reconciliation: c.id === 'E1' && dr.code === 'E1-6' ? reconciliation : null,
        };
      }),
    });
  });
  return {
    fileName: `csrd-indicators-${r.year}-${stamp(new Date())}.xlsx`,
    mimeType: XLSX_MIME,
    data: await sheetsBase64(sheets, { lang }),
  };
}

/**
 * The mandatory topics after an analysis joins a report: its material topics with the requirements
 * it gives them (joined with those of a topic mandatory before), and the earlier mandatory ones.
 */
export function withAnalysis(current: Category[], fromAnalysis: Category[]): Category[] {
  const before = new Map(current.map((c) => [c.id, c]));
  const fresh = new Set(fromAnalysis.map((c) => c.id));
  return [
    ...current.filter((c) => c.mandatory && !fresh.has(c.id)),
    ...fromAnalysis.map((c) =>
      before.get(c.id)?.mandatory
        ? {
            ...c,
            disclosureRequirements: joinRequirements(
              before.get(c.id)!.disclosureRequirements,
              c.disclosureRequirements,
            ),
          }
        : c,
    ),
  ];
}

const mismatch = (reason: string, detail: Record<string, unknown> = {}) =>
  new AppError('ImportFileDoesNotMatchTemplate', { reason, ...detail });

export type ParsedSheet = {
  scope: CsrdScopeCode;
  rows: { row: number; values: Record<string, Value>; bad: string | null }[];
};

/**
 * Reads every sheet before anything is written: a sheet that is not a standard of the report (or,
 * when scopes may be added, no standard at all) or lacks a template column makes the whole file a
 * mismatch.
 */
export async function parseTemplate(
  upload: Upload,
  selected: Set<string>,
  addScopes: boolean,
): Promise<ParsedSheet[]> {
  if (upload.kind !== 'xlsx') throw mismatch('notXlsx');
  const sheets = await loadWorkbookSheets(upload);
  const out: ParsedSheet[] = [];
  for (const sheet of sheets) {
    const scope = CSRD_SCOPES.find((x) => x === sheet.name.trim());
    if (!scope || (!addScopes && !selected.has(scope))) throw mismatch('sheet', { sheet: sheet.name });
    const read = await readRows(sheet.rows, TEMPLATE_COLUMNS as Column<never>[]);
    if (read.issues.length) throw mismatch('columns', { sheet: sheet.name });
    const rows: ParsedSheet['rows'] = [];
    for await (const r of read.rows)
      rows.push({ row: r.row, values: r.values, bad: r.issues.length ? 'invalidNumber' : null });
    out.push({ scope, rows });
  }
  if (!out.length) throw mismatch('empty');
  return out;
}

const textOf = (v: Value | undefined) => (v === null || v === undefined ? null : String(v).trim() || null);
const UNIT_IDS = new Set<string>(CSRD_UNITS.map((u) => u.id));

/** Why a template row cannot be taken over, or null. */
function rowProblem(scope: CsrdScopeCode, code: string | null, unit: string | null, numeric: number | null) {
  const dr = code ? DR_BY_CODE.get(code) : undefined;
  if (!dr || dr.scope !== scope) return 'unknownIndicator';
  if (unit && !UNIT_IDS.has(unit)) return 'unknownUnit';
  if (numeric !== null) {
    const problem = unitProblem(dr.code, unit);
    if (problem?.key === 'RequiredInformationMissing') return 'unitMissing';
    if (problem) return 'invalidUnitTypes';
  }
  return null;
}

/** Writes the parsed sheets into the report: added, updated and invalid rows per sheet. */
export async function writeSheets(tx: DbOrTx, companyId: CompanyId, reportId: string, sheets: ParsedSheet[]) {
  const counts: StoredImportSheet[] = [];
  const issues: StoredImportIssue[] = [];
  for (const sheet of sheets) {
    const c = { sheet: sheet.scope, added: 0, updated: 0, invalid: 0 };
    counts.push(c);
    const entry = await ensureScopeEntry(tx, companyId, reportId, sheet.scope);
    const existing = new Map(
      (await repo.listValues(tx, companyId, { scopeEntryId: entry.id })).map((v) => [
        v.value.indicator,
        v.value,
      ]),
    );
    for (const r of sheet.rows) {
      const code = textOf(r.values.code);
      const unit = textOf(r.values.unit);
      const text = textOf(r.values.textValue);
      const numeric = typeof r.values.numericValue === 'number' ? r.values.numericValue : null;
      if (!r.bad && numeric === null && text === null) continue; // a requirement left empty
      const bad = r.bad ?? rowProblem(sheet.scope, code, unit, numeric);
      if (bad) {
        c.invalid++;
        if (issues.length < 1000) issues.push({ sheet: sheet.scope, row: r.row, column: null, code: bad });
        continue;
      }
      const values = { unit, numericValue: numeric, textValue: text };
      const old = existing.get(code as string);
      if (old) {
        await repo.updateValue(tx, companyId, old.id, values);
        c.updated++;
      } else {
        const row = await repo.insertValue(tx, {
          companyId,
          scopeEntryId: entry.id,
          indicator: code as string,
          ...values,
        });
        if (row) existing.set(row.indicator, row);
        c.added++;
      }
    }
  }
  return { counts, issues };
}

type ImportDto = z.output<typeof s.excelImport>;

export function importDto(i: repo.ImportRow): ImportDto {
  return {
    id: i.id,
    reportId: i.reportId,
    fileName: i.fileName,
    uploadedAt: i.uploadedAt.toISOString(),
    uploadedBy: i.uploadedBy,
    uploadedByName: i.uploadedByName,
    sheets: i.sheets,
    issues: i.issues,
  };
}

export async function recordImport(
  tx: DbOrTx,
  companyId: CompanyId,
  actor: Pick<Actor, 'userId' | 'email'>,
  reportId: string,
  fileName: string,
  result: Awaited<ReturnType<typeof writeSheets>>,
) {
  const names = await repo.userNames(tx, companyId, [actor.userId]);
  return repo.insertImport(tx, {
    companyId,
    reportId,
    fileName,
    uploadedBy: actor.userId,
    uploadedByName: names.get(actor.userId) ?? actor.email,
    sheets: result.counts,
    issues: result.issues,
  });
}

export async function listImports(ctx: AppContext, actor: Actor, q: z.output<typeof s.excelImportQuery>) {
  const companyId = csrdCompany(actor);
  const { rows, total } = await repo.listImports(ctx.db, companyId, q.report, pageWindow(q));
  return list(rows.map(importDto), total);
}

// ---------- analysis export ----------

const CATEGORY_NAMES = {
  negative: texts('csrd.sheet.negative'),
  positive: texts('csrd.sheet.positive'),
  risk: texts('csrd.sheet.risk'),
  opportunity: texts('csrd.sheet.opportunity'),
} as const;
const TIME_NAMES = {
  short: texts('csrd.sheet.short'),
  medium: texts('csrd.sheet.medium'),
  long: texts('csrd.sheet.long'),
} as const;
const yesNo = (b: boolean, lang: Language) => t(lang, b ? 'csrd.sheet.yes' : 'csrd.sheet.no');

type AnalysisDto = z.output<typeof s.materialityAnalysis>;
type Setting = { label: string; value: string | number | null };
type MatrixRow = AnalysisDto['results'][number];

/** The analysis's settings as label and value lines. */
function analysisSettings(dto: AnalysisDto, lang: Language): Setting[] {
  const label = (key: MessageKey) => t(lang, key);
  return [
    { label: label('csrd.sheet.settingName'), value: dto.name },
    { label: label('csrd.sheet.settingScale'), value: dto.scale },
    { label: label('csrd.sheet.settingUpperLimit'), value: dto.scaleUpperLimit },
    { label: label('csrd.sheet.settingScaleNote'), value: dto.scaleNote },
    { label: label('csrd.sheet.settingThreshold'), value: dto.threshold },
    { label: label('csrd.sheet.settingThresholdNote'), value: dto.thresholdNote },
    {
      label: label('csrd.sheet.settingFinancialThreshold'),
      value: dto.financialThreshold ?? dto.threshold,
    },
    {
      label: label('csrd.sheet.settingSeverity'),
      value:
        dto.severityFormula === 'max'
          ? label('csrd.sheet.severityMax')
          : t(lang, 'csrd.sheet.severityMean', { weight: dto.irremediabilityWeight }),
    },
    { label: label('csrd.sheet.settingReasons'), value: dto.reasons },
    { label: label('csrd.sheet.settingSectors'), value: dto.sectors.join(', ') },
    { label: label('csrd.sheet.settingScopes'), value: dto.scopes.join(', ') },
  ];
}

const SETTING_COLUMNS: Column<Setting>[] = [
  { key: 'label', header: texts('csrd.sheet.setting'), width: 28 },
  { key: 'value', header: texts('csrd.sheet.value'), width: 60 },
];

function entryColumns(lang: Language): Column<EntryDto>[] {
  return [
    { key: 'scope', header: texts('csrd.sheet.topic'), width: 10 },
    { key: 'name', header: texts('csrd.sheet.iro'), width: 40 },
    {
      key: 'category',
      header: texts('csrd.sheet.category'),
      names: new Map(Object.entries(CATEGORY_NAMES)),
    },
    { key: 'actual', header: texts('csrd.sheet.actual'), value: (e) => yesNo(e.actual, lang) },
    { key: 'entryScale', header: texts('csrd.sheet.scale'), type: 'integer' },
    { key: 'entryScope', header: texts('csrd.sheet.scope'), type: 'integer' },
    { key: 'remediability', header: texts('csrd.sheet.remediability'), type: 'integer' },
    { key: 'probability', header: texts('csrd.sheet.probability'), type: 'integer' },
    {
      key: 'time',
      header: texts('csrd.sheet.timeHorizon'),
      names: new Map(Object.entries(TIME_NAMES)),
    },
    { key: 'scoreInternal', header: texts('csrd.sheet.internalScore'), type: 'integer' },
    { key: 'scoreExternal', header: texts('csrd.sheet.externalScore'), type: 'integer' },
    { key: 'score', header: texts('csrd.sheet.score'), type: 'number', digits: 2 },
    { key: 'material', header: texts('csrd.sheet.material'), value: (e) => yesNo(e.material, lang) },
    { key: 'note', header: texts('csrd.sheet.note'), width: 40 },
  ];
}

function matrixColumns(lang: Language): Column<MatrixRow>[] {
  return [
    { key: 'scope', header: texts('csrd.sheet.topic'), width: 10 },
    { key: 'name', header: 'ESRS', width: 40, value: (r) => scopeName(r.scope)[lang] },
    {
      key: 'impactScore',
      header: texts('csrd.sheet.impactMateriality'),
      type: 'number',
      digits: 2,
    },
    {
      key: 'financialScore',
      header: texts('csrd.sheet.financialMateriality'),
      type: 'number',
      digits: 2,
    },
    { key: 'material', header: texts('csrd.sheet.material'), value: (r) => yesNo(r.material, lang) },
    { key: 'entryCount', header: texts('csrd.sheet.entries'), type: 'integer' },
  ];
}

/** GET ma-materiality-analyses/{id}/export: settings, entries with scores, and the matrix per topic. */
export async function exportAnalysis(ctx: AppContext, actor: Actor, id: string, lang: Language) {
  const companyId = csrdCompany(actor);
  // IROs named in the reader's language, like the screens.
  const { dto, entries } = await fullAnalysis(ctx.db, companyId, id, lang);
  const data = await sheetsBase64(
    [
      sheetOf({
        name: texts('csrd.sheet.settings'),
        columns: SETTING_COLUMNS,
        rows: analysisSettings(dto, lang),
      }),
      sheetOf({ name: texts('csrd.sheet.iroEntries'), columns: entryColumns(lang), rows: entries }),
      sheetOf({ name: texts('csrd.sheet.matrix'), columns: matrixColumns(lang), rows: dto.results }),
    ],
    { lang },
  );
  const safe = dto.name.replace(/[^\p{L}\p{N}_-]+/gu, '-').slice(0, 60);
  return { fileName: `materiality-${safe}-${stamp(new Date())}.xlsx`, mimeType: XLSX_MIME, data };
}
