import { Readable } from 'node:stream';
import {
  EXPORT_JOB_STATUS,
  type EmissionFilters,
  type ExportJob,
  type ExportKind,
  type Language,
} from '@klimadesk/contract';
import type { FastifyReply } from 'fastify';
import type { AppContext } from '../../platform/context.ts';
import type { Actor } from '../../platform/access.ts';
import { AppError, notFoundUnless } from '../../platform/errors.ts';
import { type ListQuery, list, pageWindow } from '../../platform/lists.ts';
import { XLSX_MIME } from '../../platform/spreadsheet.ts';
import { assertUnlocked, isTrialCompany } from '../companies/index.ts';
import { countShipments, countTours, resolveFilterScope } from '../tours/index.ts';
import { exportFileName, exportJob } from './exports.job.ts';
import * as repo from './exports.repository.ts';

/** A finished export's file can be fetched until its time is over (the sweep then removes it). */
function downloadable(r: repo.ExportJobRow, now: Date): boolean {
  return r.status === EXPORT_JOB_STATUS.finished && !!r.availableUntil && r.availableUntil > now;
}

export function toExportJobDto(r: repo.ExportJobListRow, now = new Date()): ExportJob {
  return {
    id: r.id,
    kind: r.kind,
    status: r.status,
    progress: r.progress,
    totalRows: r.totalRows,
    exportStartTime: r.exportStartTime.toISOString(),
    exportEndTime: r.exportEndTime?.toISOString() ?? null,
    exportedBy: r.exportedByName,
    fileName: r.fileName,
    downloadUrl: downloadable(r, now) ? `/api/export-jobs/${r.id}/download` : null,
    availableUntil:
      r.status === EXPORT_JOB_STATUS.finished ? (r.availableUntil?.toISOString() ?? null) : null,
    filters: r.filters,
    message: r.message,
  };
}

/** Only keys that were given, so the stored filters read as the request did. */
function given(filters: EmissionFilters): Record<string, unknown> {
  return Object.fromEntries(Object.entries(filters).filter(([, v]) => v !== undefined && v !== ''));
}

/**
 * Starts an export of the filtered tours or shipments. Basic companies need the upgrade and the
 * trial edition has no export (seed 000 §9); filters that match nothing give emptyExport and no
 * job (seed 000 §8). The job row and its queue entry are written in one transaction.
 */
export async function startExport(
  ctx: AppContext,
  actor: Actor,
  kind: ExportKind,
  filters: EmissionFilters,
  lang: Language,
  timeZone: string,
): Promise<ExportJob> {
  assertUnlocked(actor);
  if (await isTrialCompany(ctx.db, actor.companyId)) throw new AppError('exportNotInTrial');
  const twin = await repo.unfinishedTwin(
    ctx.db,
    actor.companyId,
    { exportedBy: actor.userId, kind, filters: given(filters), language: lang },
    [EXPORT_JOB_STATUS.queued, EXPORT_JOB_STATUS.running],
  );
  if (twin) return getExportJob(ctx, actor, twin);
  const scope = await resolveFilterScope(ctx, actor, timeZone, filters);
  const total =
    kind === 'tours'
      ? await countTours(ctx.db, filters, scope)
      : await countShipments(ctx.db, filters, scope);
  if (total === 0) throw new AppError('emptyExport');
  const now = new Date();
  const id = await ctx.db.transaction(async (tx) => {
    const job = await repo.insertExportJob(tx, {
      companyId: actor.companyId,
      kind,
      status: EXPORT_JOB_STATUS.queued,
      totalRows: total,
      filters: given(filters),
      shipperScope: scope.shippers,
      language: lang,
      timeZone,
      exportedBy: actor.userId,
      fileName: exportFileName(kind, lang, now),
      exportStartTime: now,
    });
    // One attempt: a failed export is reported as failed (status 3) and can simply be started again.
    const jobId = await exportJob.enqueue(
      ctx.jobs,
      { exportJobId: job.id },
      { companyId: actor.companyId, maxAttempts: 1 },
      tx,
    );
    await repo.updateExportJob(tx, actor.companyId, job.id, { jobId });
    return job.id;
  });
  return getExportJob(ctx, actor, id);
}

export async function listExportJobs(ctx: AppContext, actor: Actor, q: ListQuery) {
  const { rows, total } = await repo.listExportJobs(ctx.db, actor.companyId, pageWindow(q, 100));
  const now = new Date();
  return list(
    rows.map((r) => toExportJobDto(r, now)),
    total,
  );
}

/** Progress of the asked jobs; ids of other companies (or unknown ones) are simply absent. */
export async function exportProgress(ctx: AppContext, actor: Actor, ids: string[]) {
  const rows = await repo.progressOf(ctx.db, actor.companyId, [...new Set(ids)]);
  return list(rows, rows.length);
}

export async function getExportJob(ctx: AppContext, actor: Actor, id: string): Promise<ExportJob> {
  return toExportJobDto(notFoundUnless(await repo.findExportJob(ctx.db, actor.companyId, id)));
}

/** Streams the stored file chunk by chunk, so a download holds one chunk in memory at a time. */
export async function downloadExport(
  ctx: AppContext,
  actor: Actor,
  id: string,
  reply: FastifyReply,
): Promise<Readable> {
  const job = notFoundUnless(await repo.findExportJob(ctx.db, actor.companyId, id));
  const now = new Date();
  if (job.status === EXPORT_JOB_STATUS.expired) throw new AppError('exportExpired');
  if (job.status !== EXPORT_JOB_STATUS.finished) throw new AppError('exportNotReady', { status: job.status });
  if (!downloadable(job, now)) throw new AppError('exportExpired');
  const companyId = actor.companyId;
  async function* chunks() {
    for (let seq = 0; ; seq++) {
      const chunk = await repo.readChunk(ctx.db, companyId, id, seq);
      if (!chunk) return;
      yield chunk;
    }
  }
  reply.header('content-type', XLSX_MIME);
  reply.header(
    'content-disposition',
    `attachment; filename="${job.fileName.replace(/[^\w.-]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(job.fileName)}`,
  );
  if (job.fileSize !== null) reply.header('content-length', String(job.fileSize));
  reply.header('cache-control', 'private, no-store');
  return Readable.from(chunks());
}
