import { setImmediate as nextTurn } from 'node:timers/promises';
import { z } from 'zod';
import { MAPPING_FIELDS, type MappingCategory, type RowIssue } from '@klimadesk/contract';
import type { AppContext } from '../../platform/context.ts';
import { setStatementTimeout } from '../../platform/db/index.ts';
import type { JobContext } from '../../platform/jobs.ts';
import { type SweepDefinition, defineJob } from '../../platform/modules.ts';
import { asCompanyId } from '../../platform/tenant.ts';
import { isTrialCompany } from '../companies/index.ts';
import { recordUsage } from '../invoicing/index.ts';
import {
  DistanceResolver,
  FleetIndex,
  markVehiclesUsed,
  toursRepository as toursRepo,
} from '../tours/index.ts';
import { codeRows, computeBatch } from './mappings.compute.ts';
import { type SourceKind, readFailure } from './mappings.reader.ts';
import * as repo from './mappings.repository.ts';
import { issue } from './mappings.rows.ts';
import { resolveRow, stage, trialShipmentGate, unstage } from './mappings.staged.ts';
import * as tasks from './tasks.repository.ts';
import { ImportRows, KEPT_CHARS } from './mappings.staging.ts';
import { scanFile } from './mappings.validation.ts';

export const IMPORT_QUEUE = 'mapping-import';
/**
 * Rows read between two progress updates and staged per COPY, tours per batch of the write
 * (PGlite: smaller, as each statement holds the API's process: a batch of 2,000 tours held it
 * for seconds, 200 for a fraction of one; the event loop gets a turn between statements).
 */
const STAGE_BATCH = { postgres: 5000, pglite: 1000 };
const TOUR_BATCH = { postgres: 2000, pglite: 200 };
/** Share of the progress bar for reading and staging; calculating and writing fill the rest. */
const READ_SHARE = 60;

/**
 * Longest stretch the job keeps the event loop to itself. PGlite runs every statement
 * synchronously in this process and awaited queries resolve as microtasks, so without a turn no
 * timer, socket or other request runs until the job's loop ends (decision 0005).
 */
const TURN_MS = 10;

/** Runs the job's work on one row; its failures are told apart from the parser's. */
async function rowWork(work: () => Promise<void>): Promise<void> {
  try {
    await work();
  } catch (err) {
    throw err instanceof Cancelled || err instanceof TimedOut || err instanceof RowWorkFailed
      ? err
      : new RowWorkFailed(err);
  }
}

/** Yields to the event loop when the job has held it for TURN_MS (cheap to call per row). */
function eventLoopTurns(): () => Promise<void> {
  let since = performance.now();
  return async () => {
    if (performance.now() - since < TURN_MS) return;
    await nextTurn();
    since = performance.now();
  };
}

/**
 * The checkpoints of an import job (`JobContext.checkpoint`), where tests make it crash, wait or
 * run out of time: `afterStage(taskId)` after each batch of read rows is kept (or staged),
 * `beforeWrite(taskId)` before the write transaction opens, `afterBatch(taskId, batch)` after each
 * computed batch inside it, `beforeCommit(taskId)` just before its commit.
 */
export type ImportCheckpoint = 'afterStage' | 'beforeWrite' | 'afterBatch' | 'beforeCommit';

class Cancelled extends Error {}
class TimedOut extends Error {}
/** An error of the job's own work on a row (staging, look-ups), not of the file: retried, never `fileReadError`. */
class RowWorkFailed extends Error {
  readonly reason: unknown;
  constructor(reason: unknown) {
    super(reason instanceof Error ? reason.message : String(reason));
    this.reason = reason;
  }
}

/** PostgreSQL's statement_timeout fired (set to the time left inside the write transaction). */
const isStatementTimeout = (err: unknown) =>
  (err as { code?: string } | null)?.code === '57014' ||
  (err as { cause?: { code?: string } } | null)?.cause?.code === '57014';

const RUNNING = ['uploaded', 'in_processing_queue'];

/**
 * The import job. Phase 1 streams the file once, validates every row and keeps the good ones by
 * tour (a file too large to keep is staged with COPY in committed batches; row issues become tour
 * codes). Phase 2 takes the rows tour by tour, computes emissions and writes tours, shipments and
 * links in ONE transaction (COPY, updates of existing rows from temp tables), so a crash, restart or timeout leaves no
 * partial tours of the task: the job is retried from the start (staging is cleared first) or,
 * after its last attempt, the task is marked failed. An import running longer than the configured
 * limit (from its first start) is rolled back and marked `mapping_timed_out`.
 */
export async function runImportTask(
  ctx: AppContext,
  payload: { taskId: string; category?: MappingCategory; confirmed?: boolean },
  job: JobContext,
): Promise<void> {
  const { taskId } = payload;
  // The job row carries the company that queued it; the task is looked up within it only.
  if (!job.job.companyId) return;
  const companyId = asCompanyId(job.job.companyId);
  const task = await tasks.taskById(ctx.db, companyId, taskId);
  if (!task || !RUNNING.includes(task.status)) return;
  await tasks.clearStaging(ctx.db, companyId, taskId);
  await tasks.clearTourCodes(ctx.db, companyId, taskId);
  try {
    await tasks.updateTask(
      ctx.db,
      companyId,
      taskId,
      {
        status: 'in_processing_queue',
        processedRows: 0,
        progress: 0,
        startedAt: task.startedAt ?? new Date(),
      },
      RUNNING,
    );
    await processTask(
      ctx,
      task,
      job,
      payload.category === 'tour' ? 'tour' : 'shipment',
      payload.confirmed === true,
    );
  } catch (err) {
    await tasks.clearStaging(ctx.db, companyId, taskId);
    if (err instanceof Cancelled) {
      await tasks.clearTourCodes(ctx.db, companyId, taskId);
      await tasks.updateTask(ctx.db, companyId, taskId, { status: 'cancelled', processedAt: new Date() });
      return;
    }
    if (err instanceof TimedOut || isStatementTimeout(err)) {
      // The transaction is rolled back; nothing of the task stays but the task itself.
      await tasks.clearTourCodes(ctx.db, companyId, taskId);
      await tasks.deleteFile(ctx.db, companyId, taskId);
      await tasks.updateTask(
        ctx.db,
        companyId,
        taskId,
        { status: 'mapping_timed_out', processedAt: new Date(), message: 'timeout' },
        RUNNING,
      );
      return;
    }
    const last = job.job.attempts >= job.job.maxAttempts;
    if (!last) throw err;
    await tasks.updateTask(
      ctx.db,
      companyId,
      taskId,
      {
        status: 'failed',
        processedAt: new Date(),
        message: err instanceof Error ? err.message.slice(0, 500) : String(err),
      },
      RUNNING,
    );
  }
}

/** Reads, checks, computes and writes one import task. */
export const importJob = defineJob({
  queue: IMPORT_QUEUE,
  payload: z.object({
    taskId: z.uuid(),
    category: z.enum(['tour', 'shipment']).optional(),
    /** The upload confirmed implausible figures (mappings.plausibility.ts): such rows are imported. */
    confirmed: z.boolean().optional(),
  }),
  handler: (ctx, payload, job) => runImportTask(ctx, payload, job),
});

/** Times out open tasks whose job died (see sweepTimedOutTasks); runs with the job queue's polls. */
export const importSweep: SweepDefinition = {
  name: IMPORT_QUEUE,
  run: async (ctx) => {
    const { jobIds } = await tasks.sweepTimedOutTasks(ctx.db, ctx.config.importTimeoutSeconds);
    await ctx.jobs.cancelRunning(jobIds);
  },
};

/** The mapping of a JSON push: every field of the category under its own id. */
export function pushMapping(companyId: string, category: MappingCategory): repo.MappingRow {
  const now = new Date();
  return {
    id: '00000000-0000-0000-0000-000000000000',
    companyId,
    templateName: 'API',
    status: 1,
    category,
    format: 'json',
    formatOptions: { delimiter: ';', decimalSeparator: '.', dateFormat: 'YYYY-MM-DD' },
    details: MAPPING_FIELDS.filter((f) => category === 'shipment' || f.category === 'tour').map((f) => ({
      value: f.id,
      mappingField: f.id,
    })),
    createdBy: null,
    updatedBy: null,
    createdAt: now,
    updatedAt: now,
  };
}

async function processTask(
  ctx: AppContext,
  task: tasks.TaskRow,
  job: JobContext,
  pushCategory: MappingCategory,
  confirmed: boolean,
): Promise<void> {
  const taskId = task.id;
  const companyId = asCompanyId(task.companyId);
  const data = await tasks.loadFile(ctx.db, companyId, taskId);
  const mapping =
    task.source === 'api'
      ? pushMapping(companyId, pushCategory)
      : task.mappingId
        ? await repo.findMapping(ctx.db, companyId, task.mappingId)
        : null;
  if (!data || !mapping) throw new Error('import file or mapping missing');
  const kind: SourceKind =
    task.source === 'api' ? 'json' : task.fileName.toLowerCase().endsWith('.xlsx') ? 'xlsx' : 'csv';
  const fleet = await FleetIndex.load(ctx.db, companyId);
  const distances = new DistanceResolver(ctx.db);
  const trial = await isTrialCompany(ctx.db, companyId);
  const limitMs = ctx.config.importTimeoutSeconds * 1000;
  let deadline = (task.startedAt ?? new Date()).getTime() + limitMs;

  /** Cancel and time limit, read from the task row (its start may be older than this attempt). */
  const checkAbort = async () => {
    const t = await tasks.taskById(ctx.db, companyId, taskId);
    if (!t || t.status === 'cancelled') throw new Cancelled();
    if (t.startedAt) deadline = t.startedAt.getTime() + limitMs;
    if (Date.now() > deadline) throw new TimedOut();
    // After the time limit: a worker that stalled past both has timed out, not been cancelled.
    if (await job.cancelled()) throw new Cancelled();
  };
  await checkAbort();

  // Phase 1: read once, validate and keep the rows by tour (staged in the database when the file
  // is too large to keep). Progress is the share of the file consumed (bytes), so no separate
  // counting pass is needed; the row total is known when the reading ends.
  const meter = { bytes: 0, total: data.length };
  const kept = new ImportRows(
    ctx.db,
    ctx.dbKind,
    { companyId, taskId },
    { keptChars: KEPT_CHARS, stagePerCopy: STAGE_BATCH[ctx.dbKind] },
  );
  let sinceFlush = 0;
  let codes: ReturnType<typeof codeRows> = [];
  let rejected = 0;
  let read = 0;
  const trialGate = trialShipmentGate(trial);
  const turn = eventLoopTurns();
  const settled = () => kept.settled();
  // PGlite runs each statement on this thread: a turn of the event loop between them.
  const between = ctx.dbKind === 'pglite' ? () => nextTurn() : async () => {};
  const flush = async () => {
    const batchCodes = codes;
    sinceFlush = 0;
    codes = [];
    await kept.flush();
    await between();
    await tasks.insertTourCodes(ctx.db, batchCodes);
    await job.checkpoint('afterStage', taskId);
    await between();
    await checkAbort();
    await between();
    const share = meter.total ? meter.bytes / meter.total : 1;
    await tasks.updateTask(ctx.db, companyId, taskId, {
      processedRows: read,
      progress: Math.min(READ_SHARE, Math.round(share * READ_SHARE)),
    });
    await job.progress(Math.round(share * READ_SHARE), 100);
  };
  let scan: Awaited<ReturnType<typeof scanFile>>;
  try {
    scan = await scanFile(data, kind, mapping, fleet, {
      meter,
      row: (value, rowIssues) =>
        rowWork(async () => {
          // Other requests run between rows and between the staging batches (each a short
          // committed statement), so the API keeps answering while the file is read.
          await turn();
          read++;
          if (!value) {
            rejected++;
            codes.push(...codeRows(companyId, taskId, rowIssues));
          } else {
            const overLimit = trialGate(value);
            if (overLimit) {
              rejected++;
              codes.push(...codeRows(companyId, taskId, [overLimit], value.tourReference));
            } else {
              const row = await resolveRow(value, fleet, distances);
              kept.add(value.row, value.tourReference, stage(row));
            }
          }
          if (++sinceFlush >= STAGE_BATCH[ctx.dbKind]) await flush();
        }),
    });
  } catch (err) {
    // Staging is cleared next; a COPY still running would otherwise land after the clearing.
    await settled();
    if (err instanceof Cancelled || err instanceof TimedOut) throw err;
    if (err instanceof RowWorkFailed) throw err.reason;
    await finishUnreadable(ctx, task, [issue(1, null, 'fileReadError', readFailure(err))]);
    return;
  }
  if (scan.titleIssues.length) {
    await settled();
    await finishUnreadable(ctx, task, scan.titleIssues);
    return;
  }
  try {
    await flush();
    await kept.drain();
  } finally {
    await settled();
  }
  const total = read;
  await tasks.updateTask(ctx.db, companyId, taskId, {
    totalRows: total,
    processedRows: read,
    progress: READ_SHARE,
  });
  await job.checkpoint('beforeWrite', taskId);

  // Phase 2: compute and write in one transaction.
  const counts = { imported: 0, updated: 0, rejected };
  const usedVehicles = new Set<string>();
  const rowsOfTour = new Map<string, number>();
  const shipmentsOfTour = new Map<string, string[]>();
  // Evaluated shipments for the invoice: distinct shipments written (tours in a tour mapping).
  const billed = new Set<string>();
  let done = 0;
  // PostgreSQL: progress and cancel go over another pooled connection while the transaction runs.
  // PGlite has one connection: there the task row shows the write only at its commit.
  const concurrent = ctx.dbKind === 'postgres';
  await ctx.db.transaction(async (tx) => {
    if (concurrent) {
      // A statement still running at the deadline is cancelled by the server (then rolled back).
      await setStatementTimeout(tx, deadline - Date.now());
    }
    const writer = new toursRepo.ImportWriter(tx, ctx.dbKind, companyId);
    await writer.begin();
    let batchNo = 0;
    for await (const rows of kept.tours(tx, TOUR_BATCH[ctx.dbKind])) {
      const batch = computeBatch(
        companyId,
        taskId,
        mapping.category,
        rows.map((r) => unstage(r.data)),
        counts,
        usedVehicles,
        confirmed,
      );
      for (const [ref, n] of batch.rowsOfTour) rowsOfTour.set(ref, n);
      for (const [ref, refs] of batch.shipmentsOfTour) shipmentsOfTour.set(ref, refs);
      for (const x of mapping.category === 'shipment' ? batch.shipments : batch.tours)
        billed.add(x.reference);
      await writer.add(batch.tours, batch.shipments, batch.links);
      await between();
      await tasks.insertTourCodes(tx, batch.codes);
      done += rows.length;
      batchNo++;
      await job.checkpoint('afterBatch', taskId, batchNo);
      // Requests without a query (the web app's files) are served between batches; on PGlite
      // those with one wait for the commit (decision 0005).
      await turn();
      if (concurrent) {
        await checkAbort();
        const share = done / Math.max(1, total - rejected);
        const progress = READ_SHARE + Math.round(share * (95 - READ_SHARE));
        await tasks.updateTask(ctx.db, companyId, taskId, { progress });
        await job.progress(progress, 100);
      } else if (Date.now() > deadline) throw new TimedOut();
    }
    await writer.finish();
    const { newTours, newShipments } = writer;
    // Row counts: a shipment row counts as imported or updated by its shipment, a tour row by its tour.
    for (const [ref, n] of rowsOfTour) {
      if (mapping.category === 'shipment') {
        const fresh = (shipmentsOfTour.get(ref) ?? []).filter((r) => newShipments.has(r)).length;
        counts.imported += fresh;
        counts.updated += n - fresh;
      } else if (newTours.has(ref)) counts.imported += n;
      else counts.updated += n;
    }
    await markVehiclesUsed(tx, companyId, [...usedVehicles]);
    // Usage is billed from the same transaction: a rolled-back import records nothing.
    await recordUsage(tx, companyId, task.source === 'api' ? 'api' : 'import', billed.size, 1);
    await tasks.clearStaging(tx, companyId, taskId);
    await tasks.deleteFile(tx, companyId, taskId);
    await job.checkpoint('beforeCommit', taskId);
    if (Date.now() > deadline) throw new TimedOut();
    const finished = await tasks.updateTask(
      tx,
      companyId,
      taskId,
      { status: 'success', processedAt: new Date(), processedRows: read, progress: 100, ...counts },
      RUNNING,
    );
    // Cancelled meanwhile: roll the whole write back.
    if (!finished) throw new Cancelled();
  });
  await job.progress(100, 100);
}

async function finishUnreadable(ctx: AppContext, task: tasks.TaskRow, issues: RowIssue[]): Promise<void> {
  const companyId = asCompanyId(task.companyId);
  await tasks.insertTourCodes(ctx.db, codeRows(companyId, task.id, issues));
  await tasks.clearStaging(ctx.db, companyId, task.id);
  await tasks.deleteFile(ctx.db, companyId, task.id);
  await tasks.updateTask(
    ctx.db,
    companyId,
    task.id,
    {
      status: 'mapping_field_not_matched',
      processedAt: new Date(),
      message: issues[0]?.code ?? null,
      progress: 100,
    },
    RUNNING,
  );
}
