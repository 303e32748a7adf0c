/**
 * The CSRD imports on the import kit (issue 38, seed 001 §2): a filled report template or an
 * analysis into a report (`csrd-reports/import`), and the indicator template of a report
 * (`upload-indicators`). The request checks the report (and the analysis); the job reads every
 * sheet, then writes the report's topics, the values and the import record in one transaction.
 * Rows with a bad value are skipped and listed (the import record's issues); a file that does not
 * match the template writes nothing (`ImportFileDoesNotMatchTemplate`).
 */
import { z } from 'zod';
import type { ImportIssue, ImportRun } from '@klimadesk/contract';
import type { Actor } from '../../platform/access.ts';
import type { AppContext } from '../../platform/context.ts';
import type { Tx } from '../../platform/db/index.ts';
import { AppError } from '../../platform/errors.ts';
import type { Upload } from '../../platform/files.ts';
import { type ImportStep, defineImport } from '../../platform/import-kit.ts';
import { categoryOf, initialCategories, mergeCategories } from './csrd.applicability.ts';
import * as repo from './csrd.repository.ts';
import { csrdCompany, fullAnalysis, reportDto, reportOf } from './csrd.service.ts';
import {
  type ParsedSheet,
  importDto,
  parseTemplate,
  recordImport,
  withAnalysis,
  writeSheets,
} from './csrd.spreadsheet.ts';

const params = z.object({
  report: z.uuid(),
  /** The uploader's e-mail: the import record's name when the user has none. */
  email: z.string(),
});
type Params = z.output<typeof params>;

/** The report may have been marked for deletion since the upload: then nothing is written. */
async function openReport(step: ImportStep<Params>) {
  const r = await reportOf(step.ctx.db, step.companyId, step.params.report);
  if (r.deletedAt) throw new AppError('SaveFailed', { reason: 'markedForDeletion' });
  return r;
}

/** The values of the sheets and the import record; the skipped rows become the run's issues. */
async function writeValues(step: ImportStep<Params>, tx: Tx, reportId: string, sheets: ParsedSheet[]) {
  const result = await writeSheets(tx, step.companyId, reportId, sheets);
  step.skipped(
    result.issues.map((i): ImportIssue => ({
      row: i.row,
      column: i.column ? `${i.sheet} · ${i.column}` : i.sheet,
      code: i.code,
      value: null,
    })),
  );
  const uploader = { userId: step.userId as string, email: step.params.email };
  return recordImport(tx, step.companyId, uploader, reportId, (step.upload as Upload).fileName, result);
}

const reportTemplateImport = defineImport({
  kind: 'csrdReport',
  params,
  run: async (step) => {
    const r = await openReport(step);
    const current = r.categories.map(categoryOf);
    const sheets = await parseTemplate(step.upload as Upload, new Set(current.map((c) => c.id)), true);
    return step.write(async (tx) => {
      // Standards the file adds are chosen topics: they owe every requirement.
      const categories = mergeCategories(
        [...current.map((c) => c.id), ...sheets.map((x) => x.scope)],
        current.filter((c) => c.mandatory),
        current,
      );
      const row = await repo.updateReport(tx, step.companyId, r.id, { categories });
      const record = await writeValues(step, tx, r.id, sheets);
      return { report: reportDto(row!), import: importDto(record) };
    });
  },
});

const analysisImport = defineImport({
  kind: 'csrdAnalysis',
  params: params.extend({ analysis: z.uuid() }),
  run: async (step) => {
    const r = await reportOf(step.ctx.db, step.companyId, step.params.report);
    if (r.deletedAt) throw new AppError('SaveFailed', { reason: 'markedForDeletion' });
    const full = await fullAnalysis(step.ctx.db, step.companyId, step.params.analysis);
    if (full.row.deletedAt) throw new AppError('SaveFailed', { reason: 'markedForDeletion' });
    const current = r.categories.map(categoryOf);
    const categories = mergeCategories(
      current.map((c) => c.id),
      withAnalysis(current, initialCategories(full.dto.results, full.dto.matterResults ?? [])),
      current,
    );
    return step.write(async (tx) => {
      const row = await repo.updateReport(tx, step.companyId, r.id, {
        categories,
        materialityAnalysisId: full.row.id,
        materialityAnalysisName: full.row.name,
      });
      return { report: reportDto(row!), import: null };
    });
  },
});

const indicatorImport = defineImport({
  kind: 'csrdIndicators',
  params,
  run: async (step) => {
    const r = await openReport(step);
    const selected = new Set((r.categories as { id: string }[]).map((c) => c.id));
    const sheets = await parseTemplate(step.upload as Upload, selected, false);
    return step.write(async (tx) => importDto(await writeValues(step, tx, r.id, sheets)));
  },
});

export const csrdImportJobs = [reportTemplateImport.job, analysisImport.job, indicatorImport.job];

const uuid = (v: string | undefined) => (v && /^[0-9a-f-]{36}$/i.test(v) ? v : null);

/**
 * POST csrd-reports/import: into the report of form field `report`, either a filled template of
 * any report (`file`; its standards are added to the selection) or an analysis
 * (`materialityAnalysis`; its material topics become mandatory and the report refers to it).
 */
export async function importIntoReport(
  ctx: AppContext,
  actor: Actor,
  upload: Upload | null,
  fields: Record<string, string>,
): Promise<ImportRun> {
  const companyId = csrdCompany(actor, true);
  const reportId = uuid(fields.report);
  if (!fields.report) throw new AppError('RequiredInformationMissing', { field: 'report' });
  if (!reportId) throw new AppError('notFound');
  const r = await reportOf(ctx.db, companyId, reportId);
  if (r.deletedAt) throw new AppError('SaveFailed', { reason: 'markedForDeletion' });
  const maId = fields.materialityAnalysis;
  if (!upload && !maId) throw new AppError('RequiredInformationMissing', { field: 'file' });
  const base = { report: r.id, email: actor.email };
  if (maId) {
    if (!uuid(maId)) throw new AppError('notFound');
    const full = await fullAnalysis(ctx.db, companyId, maId);
    if (full.row.deletedAt) throw new AppError('SaveFailed', { reason: 'markedForDeletion' });
    return analysisImport.start(ctx, actor, null, { ...base, analysis: full.row.id });
  }
  return reportTemplateImport.start(ctx, actor, upload, base);
}

/** POST csrd-excel-imports/{id}/upload-indicators: the report is checked before the file is kept. */
export async function uploadIndicators(
  ctx: AppContext,
  actor: Actor,
  reportId: string,
  read: () => Promise<Upload>,
): Promise<ImportRun> {
  const companyId = csrdCompany(actor, true);
  // The upload is read (and its name checked) before the report, as every upload route does.
  const upload = await read();
  const r = await reportOf(ctx.db, companyId, reportId);
  if (r.deletedAt) throw new AppError('SaveFailed', { reason: 'markedForDeletion' });
  return indicatorImport.start(ctx, actor, upload, { report: r.id, email: actor.email });
}
