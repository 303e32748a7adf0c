/**
 * A report section's entries as xlsx and back (issue 19, seed 001 §5, §7 export-entries and
 * import): the export is the import's template; an import runs as a job of the import kit
 * (issue 38), checks every row first (the per-field codes of seed 001 §5) and with any problem
 * writes nothing, else computes each entry from the emission database and writes all of them
 * (replacing the section's entries if asked) in one transaction.
 */
import {
  CFC_IMPORT_MAX_ROWS,
  CFC_SECTION_IDS,
  type CfcImportIssue,
  type CfcImportResult,
  type CfcSectionDef,
  type ImportRun,
  type Language,
  cfcSection,
  isCfcLeafSection,
  unitOf,
} from '@klimadesk/contract';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../platform/context.ts';
import type { Actor } from '../../platform/access.ts';
import { AppError } from '../../platform/errors.ts';
import type { Upload } from '../../platform/files.ts';
import { type ImportStep, defineImport } from '../../platform/import-kit.ts';
import { XLSX_MIME, loadWorkbook, readRows, workbookBase64 } from '../../platform/spreadsheet.ts';
import type { CompanyId } from '../../platform/tenant.ts';
import { factorsOfActivity, findActivity, findActivityByName } from '../emission-db/index.ts';
import { reportFor } from './cfc.access.ts';
import * as repo from './cfc.repository.ts';
import { deleteSectionEntries, sectionEntries } from './cfc.results.repository.ts';
import { activeLeaves, isPaidCfc, sectionAvailable } from './cfc.sections.ts';
import { computeEntry, entryData, gwpSetOf } from './cfc.entries.ts';
import {
  type ImportActivity,
  type ParsedRow,
  entryRow,
  parseRow,
  sectionColumns,
  sectionSheetName,
} from './cfc.spreadsheet.ts';

/** The section must be a leaf the company reports (open in its tariff and selected). */
export async function openSection(
  ctx: Pick<AppContext, 'db'>,
  companyId: CompanyId,
  id: string,
): Promise<CfcSectionDef> {
  const def = cfcSection(id);
  if (!def || !isCfcLeafSection(id)) throw new AppError('cfcSectionNotAvailable', { section: id });
  const isPaid = await isPaidCfc(ctx, companyId);
  const settings = await repo.findSettings(ctx.db, companyId);
  if (!sectionAvailable(def, isPaid) || !activeLeaves(isPaid, settings?.sections ?? []).includes(id))
    throw new AppError('cfcSectionNotAvailable', { section: id });
  return def;
}

/** `GET reports/export-entries/{report}/{section}`: the section's entries as xlsx (read access). */
export async function exportEntries(
  ctx: AppContext,
  actor: Actor,
  reportId: string,
  sectionId: string,
  lang: Language,
  reply: FastifyReply,
): Promise<Buffer> {
  const { report } = await reportFor(ctx, actor, reportId);
  const def = cfcSection(sectionId);
  if (!def || !isCfcLeafSection(sectionId))
    throw new AppError('cfcSectionNotAvailable', { section: sectionId });
  const rows = await sectionEntries(ctx.db, actor.companyId, report.id, def.id);
  const names = new Map<string, string>();
  for (const id of new Set(rows.map((r) => r.activityId).filter((x): x is string => x !== null))) {
    const a = await findActivity(ctx.db, actor.companyId, id);
    if (a) names.set(id, a.translations[lang]?.name ?? a.translations.de.name);
  }
  const data = await workbookBase64(
    sectionSheetName(def, lang),
    sectionColumns(def),
    rows.map((r) => entryRow(r, r.activityId ? (names.get(r.activityId) ?? null) : null)),
    { lang },
  );
  const fileName = `${report.unit.urlId}-${report.year}-${def.id}.xlsx`.replace(/[^\w.-]+/g, '-');
  reply.header('content-disposition', `attachment; filename="${fileName}"`);
  reply.header('cache-control', 'private, no-store');
  reply.header('content-type', XLSX_MIME);
  return Buffer.from(data, 'base64');
}

const importFields = z.object({
  report: z.uuid(),
  section: z.enum(CFC_SECTION_IDS),
  replace: z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1'),
});

const fail = (issues: CfcImportIssue[]) => new AppError('cfcImportFailed', { issues: issues.slice(0, 1000) });

const importParams = z.object({
  report: z.uuid(),
  section: z.enum(CFC_SECTION_IDS),
  replace: z.boolean(),
  lang: z.enum(['de', 'en']),
});

/**
 * `POST reports/import` (multipart: file, report, section, replace): write access to the report,
 * an open section and an xlsx file are checked here; the rows are read, checked, computed and
 * written by the import job (`cfcEntriesImport`), nothing unless every row is valid.
 */
export async function importEntries(
  ctx: AppContext,
  actor: Actor,
  upload: Upload,
  lang: Language = 'en',
): Promise<ImportRun> {
  // The report first: another company's id answers notFound whatever else the form holds.
  const reportId = z.uuid().safeParse(upload.fields.report);
  if (!reportId.success) throw new AppError('cfcRequiredValuesMissing', { field: 'report' });
  const { report } = await reportFor(ctx, actor, reportId.data, { write: 'writeEntryNotAllowed' });
  const parsed = importFields.safeParse(upload.fields);
  if (!parsed.success)
    throw new AppError('cfcRequiredValuesMissing', {
      field: String(parsed.error.issues[0]?.path[0] ?? 'file'),
    });
  const def = await openSection(ctx, actor.companyId, parsed.data.section);
  if (def.scope === 2 && !report.unit.country) throw new AppError('siteCountryRequired');
  if (upload.kind !== 'xlsx') throw new AppError('invalidFileType', { fileName: upload.fileName });
  return cfcEntriesImport.start(ctx, actor, upload, {
    report: report.id,
    section: def.id as z.input<typeof importParams>['section'],
    replace: parsed.data.replace,
    lang,
  });
}

/** The file's rows as entry data; any problem refuses the file with every issue (seed 001 §5). */
async function checkedRows(
  step: ImportStep<z.output<typeof importParams>>,
  def: CfcSectionDef,
): Promise<ParsedRow[]> {
  const upload = step.upload as Upload;
  let cells;
  try {
    cells = (await loadWorkbook(upload)).rows;
  } catch (err) {
    // The archive checks' own answer (fileLimitExceeded) stays; anything unreadable is a read error.
    if (err instanceof AppError && err.key !== 'fileReadError') throw err;
    throw fail([{ row: 1, column: null, code: 'fileReadError', value: upload.fileName.slice(0, 200) }]);
  }
  const sheet = await readRows(cells, sectionColumns(def) as never);
  if (sheet.issues.length)
    throw fail(
      sheet.issues.map((i) => ({
        row: i.row,
        column: i.column,
        code: i.code === 'emptyFile' ? 'emptyFile' : 'missingColumn',
        value: null,
      })),
    );
  const activities = new Map<string, Promise<ImportActivity | null>>();
  const activity = (text: string) => {
    let found = activities.get(text.toLowerCase());
    if (!found) {
      found = lookUpActivity(step.ctx, step.companyId, text, def.activityCategory);
      activities.set(text.toLowerCase(), found);
    }
    return found;
  };
  const issues: CfcImportIssue[] = [];
  const rows: ParsedRow[] = [];
  let count = 0;
  for await (const r of sheet.rows) {
    await step.tick();
    if (++count > CFC_IMPORT_MAX_ROWS)
      throw fail([{ row: r.row, column: null, code: 'tooManyRows', value: String(CFC_IMPORT_MAX_ROWS) }]);
    const issuesOf = new Map(r.issues.map((i) => [i.key ?? '', i.cell]));
    const out = await parseRow(def, r.values, issuesOf, activity, step.params.lang);
    if ('problems' in out) issues.push(...out.problems.map((p) => ({ row: r.row, ...p })));
    else rows.push(out.row);
  }
  if (!rows.length && !issues.length) issues.push({ row: 2, column: null, code: 'emptyFile', value: null });
  if (issues.length) throw fail(issues);
  return rows;
}

/** The job: every row checked, then computed from the emission database and written in one transaction. */
async function runEntriesImport(step: ImportStep<z.output<typeof importParams>>) {
  const { companyId, params } = step;
  // The report may have gone since the upload: then nothing is written.
  const report = await repo.findReport(step.ctx.db, companyId, params.report);
  if (!report) throw new AppError('notFound');
  const def = await openSection(step.ctx, companyId, params.section);
  const rows = await checkedRows(step, def);
  const computed: Awaited<ReturnType<typeof computeEntry>>[] = [];
  for (const [i, row] of rows.entries()) {
    await step.progress(i, rows.length);
    computed.push(
      await computeEntry(step.ctx, companyId, report.year, report.unit.country, def.id, entryData(row.data), {
        gwpSet: gwpSetOf(report.gwpSet) ?? 'AR5',
      }),
    );
  }
  return step.write(async (tx): Promise<CfcImportResult> => {
    const replaced = params.replace ? await deleteSectionEntries(tx, companyId, report.id, def.id) : 0;
    for (const figures of computed)
      await repo.insertEntry(tx, companyId, { reportId: report.id, section: def.id, ...figures });
    return { imported: computed.length, replaced };
  });
}

export const cfcEntriesImport = defineImport({
  kind: 'cfcEntries',
  params: importParams,
  run: runEntriesImport,
  issuesOf: (err) =>
    err.key === 'cfcImportFailed' && Array.isArray(err.detail?.issues)
      ? (err.detail.issues as CfcImportIssue[])
      : [],
});

/** An activity named in a row: by id, else by its name (either language) or internal name. */
async function lookUpActivity(
  ctx: Pick<AppContext, 'db'>,
  companyId: CompanyId,
  text: string,
  category: string | null,
): Promise<ImportActivity | null> {
  const isId = z.uuid().safeParse(text).success;
  const row = isId
    ? await findActivity(ctx.db, companyId, text)
    : await findActivityByName(ctx.db, companyId, text, category);
  if (!row) return null;
  const factors = await factorsOfActivity(ctx.db, { companyId, isAdmin: false }, row.id);
  return {
    id: row.id,
    isCustom: row.companyId !== null,
    categories: row.categories,
    treatmentId: row.treatmentId,
    unitTypes: [...new Set(factors.map((f) => unitOf(f.baseUnit)?.unitType ?? ''))].filter((t) => t !== ''),
  };
}
