import { Writable } from 'node:stream';
import { finished } from 'node:stream/promises';
import {
  EXPORT_FILE_DAYS,
  EXPORT_JOB_STATUS,
  type EmissionFilters,
  type ExportKind,
} from '@klimadesk/contract';
import { z } from 'zod';
import type { AppContext } from '../../platform/context.ts';
import { defineJob } from '../../platform/modules.ts';
import type { DbOrTx } from '../../platform/db/index.ts';
import { type CompanyId, asCompanyId } from '../../platform/tenant.ts';
import { streamWorkbook } from '../../platform/spreadsheet.ts';
import { SHEET_NAME, columnsOf } from './exports.columns.ts';
import { type PageCursor, UNDATED, shipmentPage, tourPage } from '../tours/index.ts';
import * as repo from './exports.repository.ts';

export const EXPORT_QUEUE = 'export';
export const EXPORT_SWEEP_QUEUE = 'export-sweep';
/** Rows per keyset page: memory stays at one page plus one file chunk, whatever the total. */
export const EXPORT_PAGE_ROWS = 1000;
const CHUNK_BYTES = 1 << 20;
const DAY_MS = 86_400_000;

/**
 * A writable that stores what it receives as numbered chunks of an export's file. A write is
 * acknowledged only after its chunk is in the database, so the workbook writer waits (back-pressure)
 * instead of piling the file up in memory.
 */
class ChunkSink extends Writable {
  private pending: Buffer[] = [];
  private pendingBytes = 0;
  private seq = 0;
  bytes = 0;
  private readonly db: DbOrTx;
  private readonly companyId: CompanyId;
  private readonly exportJobId: string;

  constructor(db: DbOrTx, companyId: CompanyId, exportJobId: string) {
    super();
    this.db = db;
    this.companyId = companyId;
    this.exportJobId = exportJobId;
  }

  private async flush(): Promise<void> {
    if (this.pendingBytes === 0) return;
    const data = Buffer.concat(this.pending, this.pendingBytes);
    this.pending = [];
    this.pendingBytes = 0;
    await repo.appendChunk(this.db, this.companyId, this.exportJobId, this.seq++, data);
  }

  override _write(chunk: Buffer, _enc: BufferEncoding, cb: (err?: Error | null) => void): void {
    this.pending.push(chunk);
    this.pendingBytes += chunk.length;
    this.bytes += chunk.length;
    if (this.pendingBytes < CHUNK_BYTES) return cb();
    this.flush().then(() => cb(), cb);
  }

  override _final(cb: (err?: Error | null) => void): void {
    this.flush().then(() => cb(), cb);
  }
}

export function exportFileName(kind: ExportKind, lang: 'de' | 'en', at: Date): string {
  const stamp = at.toISOString().slice(0, 19).replace(/[-:]/g, '').replace('T', '-');
  return `${SHEET_NAME[kind][lang].toLowerCase()}-${stamp}.xlsx`;
}

type PageRow = { id: string; departureDate: Date | null };

/**
 * Writes the xlsx of one export job: rows in keyset pages straight into a streaming workbook
 * whose output goes to the database in chunks, progress after every page, then status finished
 * with the download time, or failed with the message. The benchmark calls it directly.
 */
export async function runExport(
  ctx: AppContext,
  companyId: CompanyId,
  exportJobId: string,
  options: { pageRows?: number } = {},
): Promise<{ rows: number; bytes: number }> {
  const pageRows = options.pageRows ?? EXPORT_PAGE_ROWS;
  const job = await repo.exportJobById(ctx.db, companyId, exportJobId);
  if (!job || job.status > EXPORT_JOB_STATUS.running) return { rows: 0, bytes: 0 };
  const lang = job.language;
  await repo.deleteChunks(ctx.db, companyId, job.id);
  await repo.updateExportJob(ctx.db, companyId, job.id, {
    status: EXPORT_JOB_STATUS.running,
    progress: 0,
    writtenRows: 0,
    message: null,
  });
  try {
    const sink = new ChunkSink(ctx.db, companyId, job.id);
    const book = streamWorkbook(sink, SHEET_NAME[job.kind], columnsOf(job.kind), {
      lang,
      timeZone: job.timeZone,
    });

    // The rows an export holds: the list filters in the scope the job was started with.
    const filters = job.filters as EmissionFilters;
    const scope = { companyId, shippers: job.shipperScope ?? null, timeZone: job.timeZone };
    const page = job.kind === 'tours' ? tourPage : shipmentPage;
    let cursor: PageCursor = null;
    let written = 0;
    for (;;) {
      // Pages read from the replica when there is one; the file's chunks are written to the primary.
      const rows: PageRow[] = await page(ctx.readDb, filters, scope, cursor, pageRows);
      for (const row of rows) book.add(row as never);
      written += rows.length;
      if (rows.length > 0) {
        // Rows imported after the start can make the count grow; progress stays below 100 until done.
        await repo.updateExportJob(ctx.db, companyId, job.id, {
          writtenRows: written,
          progress: Math.min(99, Math.floor((written / Math.max(job.totalRows, 1)) * 100)),
        });
      }
      const undated = cursor !== null && cursor.departureDate === null;
      if (rows.length === pageRows) {
        const last = rows[rows.length - 1];
        cursor = { departureDate: last.departureDate, id: last.id };
      } else if (undated) {
        break;
      } else {
        // A short page ends the dated rows; the rows without a departure date follow.
        cursor = UNDATED;
      }
    }
    await book.end();
    if (!sink.writableFinished) await finished(sink);
    const end = new Date();
    const availableUntil = new Date(end.getTime() + EXPORT_FILE_DAYS * DAY_MS);
    await repo.updateExportJob(ctx.db, companyId, job.id, {
      status: EXPORT_JOB_STATUS.finished,
      progress: 100,
      writtenRows: written,
      totalRows: written,
      fileSize: sink.bytes,
      exportEndTime: end,
      availableUntil,
    });
    // The sweep runs when this file's time is over; it removes every file due by then.
    await exportSweepJob.enqueue(ctx.jobs, {}, { runAt: new Date(availableUntil.getTime() + 1000) });
    return { rows: written, bytes: sink.bytes };
  } catch (err) {
    await repo.deleteChunks(ctx.db, companyId, job.id);
    await repo.updateExportJob(ctx.db, companyId, job.id, {
      status: EXPORT_JOB_STATUS.failed,
      message: (err instanceof Error ? err.message : String(err)).slice(0, 500),
      exportEndTime: new Date(),
    });
    return { rows: 0, bytes: 0 };
  }
}

/** Removes the files of exports past their download time and marks them expired (status 4). */
export async function sweepExpiredExports(ctx: AppContext, now = new Date()): Promise<number> {
  let expired = 0;
  for (;;) {
    const due = await repo.dueForExpiry(ctx.db, now);
    // Each due row names its company; the expiry acts within it.
    for (const d of due) await repo.expire(ctx.db, asCompanyId(d.companyId), d.id);
    expired += due.length;
    if (due.length === 0) return expired;
  }
}

/** Writes the file of one export job. */
export const exportJob = defineJob({
  queue: EXPORT_QUEUE,
  payload: z.object({ exportJobId: z.uuid() }),
  handler: async (ctx, payload, job) => {
    // The queue row carries the company that started the export; the export job is read within it.
    if (!job.job.companyId) return;
    await runExport(ctx, asCompanyId(job.job.companyId), payload.exportJobId);
  },
});

/** Removes the files whose download time is over; queued for the moment the next one expires. */
export const exportSweepJob = defineJob({
  queue: EXPORT_SWEEP_QUEUE,
  payload: z.object({}),
  handler: async (ctx) => ({ expired: await sweepExpiredExports(ctx) }),
});
