import {
  DEFAULT_LANGUAGE,
  type ImportTask,
  type Language,
  MAPPING_STATUS,
  type MappingCategory,
  type apiKeySchemas,
  rowCodeTexts,
} from '@klimadesk/contract';
import type { z } from 'zod';
import type { AppContext } from '../../platform/context.ts';
import type { DbOrTx } from '../../platform/db/index.ts';
import type { Actor } from '../../platform/access.ts';
import { AppError, notFoundUnless } from '../../platform/errors.ts';
import { type ListQuery, list } from '../../platform/lists.ts';
import { zonedDayStart } from '../../platform/dates.ts';
import type { Upload } from '../../platform/files.ts';
import { XLSX_MIME, workbookBase64 } from '../../platform/spreadsheet.ts';
import { TRIAL_LIMITS, assertUnlocked, isTrialCompany } from '../companies/index.ts';
import { importJob } from './mappings.import.ts';
import * as mappingsRepo from './mappings.repository.ts';
import type { TaskCounts } from './mappings.schema.ts';
import * as repo from './tasks.repository.ts';

/** Cancel is refused within this time after the upload (seed 000 §4: at least 1 second). */
export const CANCEL_MIN_AGE_MS = 1000;
const PROCESSING = ['uploaded', 'in_processing_queue'];
const FAILED = ['mapping_field_not_matched', 'mapping_timed_out', 'cancelled', 'failed'];

/**
 * The simplified state: a finished import in which every row was rejected failed, one with some
 * rejected rows is a warning (its count and row issues are shown), only a clean one succeeded.
 */
export function taskState(status: string, counts: TaskCounts): ImportTask['state'] {
  if (PROCESSING.includes(status)) return 'processing';
  if (FAILED.includes(status)) return 'failed';
  if (counts.rejected > 0) return counts.imported + counts.updated === 0 ? 'failed' : 'warning';
  return 'success';
}

export function toTaskDto(r: repo.TaskListRow): ImportTask {
  const status = r.status as ImportTask['status'];
  return {
    id: r.id,
    fileName: r.fileName,
    status,
    state: taskState(status, r),
    done: !PROCESSING.includes(status),
    source: r.source as 'file' | 'api',
    uploadedAt: r.uploadedAt.toISOString(),
    processedAt: r.processedAt?.toISOString() ?? null,
    importer: r.importerEmail,
    importMapping: r.mappingId && r.templateName ? { id: r.mappingId, templateName: r.templateName } : null,
    progress: r.progress,
    totalRows: r.totalRows,
    processedRows: r.processedRows,
    imported: r.imported,
    updated: r.updated,
    rejected: r.rejected,
    message: r.message,
  };
}

/** Trial edition (seed 000 §9): a limited number of import lists. */
export async function assertImportAllowed(ctx: AppContext, actor: Actor): Promise<void> {
  assertUnlocked(actor);
  if (await isTrialCompany(ctx.db, actor.companyId)) {
    const lists = await repo.countImportLists(ctx.db, actor.companyId);
    const limit = TRIAL_LIMITS.importLists;
    if (lists >= limit) throw new AppError('trialLimitReached', { limit, kind: 'importLists' });
  }
}

/** Stores the upload with its task and queues the job in one transaction. */
export async function uploadImport(ctx: AppContext, actor: Actor, upload: Upload): Promise<ImportTask> {
  await assertImportAllowed(ctx, actor);
  const mappingId = upload.fields.mappingId;
  if (!mappingId || !/^[0-9a-f-]{36}$/i.test(mappingId)) {
    throw new AppError('validationFailed', { issues: [{ path: 'mappingId', message: 'required' }] });
  }
  const mapping = notFoundUnless(await mappingsRepo.findMapping(ctx.db, actor.companyId, mappingId));
  if (mapping.status !== MAPPING_STATUS.enabled) throw new AppError('mappingDisabled');
  if (mapping.format !== upload.kind)
    throw new AppError('mappingFormatMismatch', { expected: mapping.format });
  const id = await ctx.db.transaction(async (tx) => {
    const task = await repo.insertTask(tx, {
      companyId: actor.companyId,
      mappingId: mapping.id,
      source: 'file',
      fileName: upload.fileName,
      importedBy: actor.userId,
    });
    await repo.saveFile(tx, task.id, actor.companyId, upload.buffer);
    // Ticked in the upload dialog after a check: rows with implausible figures are imported.
    const confirmed = upload.fields.confirmImplausible === 'true';
    const jobId = await importJob.enqueue(
      ctx.jobs,
      { taskId: task.id, ...(confirmed ? { confirmed } : {}) },
      { companyId: actor.companyId },
      tx,
    );
    await repo.updateTask(tx, actor.companyId, task.id, { jobId });
    return task.id;
  });
  return getTask(ctx, actor, id);
}

/** A JSON push (REST API): the rows become a task of the same pipeline, with the same codes. */
export async function pushImport(
  ctx: AppContext,
  actor: Actor,
  body: z.output<typeof apiKeySchemas.pushBody>,
): Promise<ImportTask> {
  await assertImportAllowed(ctx, actor);
  const id = await ctx.db.transaction((tx) =>
    queuePush(ctx, tx, actor, { rows: body.rows, category: body.category }),
  );
  return getTask(ctx, actor, id);
}

/**
 * Stores pushed rows as the task's file and queues its import job, inside the caller's
 * transaction; a bulk push passes its requestId, kept in the job's payload. Answers the task id.
 */
export async function queuePush(
  ctx: AppContext,
  tx: DbOrTx,
  actor: Actor,
  push: { rows: unknown[]; category: MappingCategory; requestId?: string; fileName?: string },
): Promise<string> {
  const task = await repo.insertTask(tx, {
    companyId: actor.companyId,
    source: 'api',
    fileName: push.fileName ?? `api-${new Date().toISOString()}.json`,
    importedBy: actor.userId,
  });
  await repo.saveFile(tx, task.id, actor.companyId, Buffer.from(JSON.stringify(push.rows)));
  const jobId = await importJob.enqueue(
    ctx.jobs,
    { taskId: task.id, category: push.category, ...(push.requestId ? { requestId: push.requestId } : {}) },
    { companyId: actor.companyId },
    tx,
  );
  await repo.updateTask(tx, actor.companyId, task.id, { jobId });
  return task.id;
}

export async function listTasks(ctx: AppContext, actor: Actor, q: ListQuery) {
  const { rows, total } = await repo.listTasks(ctx.db, actor.companyId, q);
  return list(rows.map(toTaskDto), total);
}

export async function getTask(ctx: AppContext, actor: Actor, id: string): Promise<ImportTask> {
  return toTaskDto(notFoundUnless(await repo.findTask(ctx.db, actor.companyId, id)));
}

export async function cancelTask(
  ctx: AppContext,
  actor: Actor,
  id: string,
  now = new Date(),
): Promise<ImportTask> {
  const task = notFoundUnless(await repo.findTask(ctx.db, actor.companyId, id));
  if (!PROCESSING.includes(task.status)) throw new AppError('notInProgress', { status: task.status });
  if (now.getTime() - task.uploadedAt.getTime() < CANCEL_MIN_AGE_MS)
    throw new AppError('notEnoughTimePassed');
  const changed = await repo.updateTask(
    ctx.db,
    actor.companyId,
    id,
    { status: 'cancelled', processedAt: now },
    PROCESSING,
  );
  if (!changed) throw new AppError('notInProgress');
  if (task.jobId) await ctx.jobs.cancel(actor.companyId, task.jobId);
  // A queued job never runs now; its staged rows and file go at once.
  await repo.clearStaging(ctx.db, actor.companyId, id);
  return getTask(ctx, actor, id);
}

/** Headers of the issues workbook, in the user's language. */
const REPORT_HEADERS: Record<
  Language,
  Record<'sheet' | 'row' | 'column' | 'code' | 'message' | 'hint' | 'tour', string>
> = {
  de: {
    sheet: 'Abgelehnte Zeilen',
    row: 'Zeile',
    column: 'Spalte',
    code: 'Code',
    message: 'Grund',
    hint: 'Behebung',
    tour: 'Tour',
  },
  en: {
    sheet: 'Rejected rows',
    row: 'Row',
    column: 'Column',
    code: 'Code',
    message: 'Reason',
    hint: 'How to fix',
    tour: 'Tour',
  },
};

/** The rejected rows of a task as xlsx: reason and fix hint in the user's language, the code kept for support. */
export async function errorReport(
  ctx: AppContext,
  actor: Actor,
  id: string,
  lang: Language = DEFAULT_LANGUAGE,
) {
  const task = notFoundUnless(await repo.findTask(ctx.db, actor.companyId, id));
  const codes = await repo.tourCodesOfTask(ctx.db, actor.companyId, id);
  const h = REPORT_HEADERS[lang];
  const text = (c: repo.TourCodeRow) => rowCodeTexts(c.code, c.message, lang);
  const data = await workbookBase64(
    h.sheet,
    [
      { header: h.row, key: 'row', width: 8, value: (c: repo.TourCodeRow) => c.rowNumber },
      { header: h.column, key: 'column', width: 24, value: (c) => c.column },
      {
        header: h.message,
        key: 'message',
        width: 70,
        value: (c) => {
          const x = text(c);
          return x.detail ? `${x.message} (${x.detail})` : x.message;
        },
      },
      { header: h.hint, key: 'hint', width: 70, value: (c) => text(c).hint },
      { header: h.tour, key: 'tour', width: 20, value: (c) => c.tourReference },
      { header: h.code, key: 'code', width: 24, value: (c) => c.code },
    ],
    codes,
  );
  const base = task.fileName.replace(/\.[^.]+$/, '');
  return { fileName: `${base}-${lang === 'de' ? 'fehler' : 'errors'}.xlsx`, mimeType: XLSX_MIME, data };
}

export async function listTourCodes(
  ctx: AppContext,
  actor: Actor,
  q: ListQuery & {
    taskId?: string;
    search?: string;
    code?: string;
    'createdAt[after]'?: string;
    'createdAt[before]'?: string;
  },
  timeZone = 'UTC',
) {
  const after = q['createdAt[after]'];
  const before = q['createdAt[before]'];
  const { rows, total } = await repo.listTourCodes(ctx.db, actor.companyId, {
    ...q,
    after: after ? zonedDayStart(after, timeZone) : undefined,
    // "before" names the last day included.
    before: before ? zonedDayStart(before, timeZone, 1) : undefined,
  });
  return list(
    rows.map((c) => ({
      id: c.id,
      taskId: c.taskId,
      tour: c.tourReference,
      row: c.rowNumber,
      column: c.column,
      code: c.code,
      message: c.message,
      time: c.createdAt.toISOString(),
    })),
    total,
  );
}
