import { setImmediate as nextTurn } from 'node:timers/promises';
import type { AppContext } from '../../platform/context.ts';
import { eventLoopTurns } from '../../platform/import-kit.ts';
import type { JobContext } from '../../platform/jobs.ts';
import { type CompanyId, asCompanyId } from '../../platform/tenant.ts';
import * as tasks from './tasks.repository.ts';

// One attempt of an import task: its batch sizes, cancel and time limit, and the turns it gives
// the event loop. The read (mappings.import.read.ts) and the write (mappings.import.write.ts) share it.

/**
 * Rows read between two progress updates and staged per COPY, tours per batch of the write
 * (PGlite: smaller, as each statement holds the API's process: a batch of 2,000 tours held it
 * for seconds, 200 for a fraction of one; the event loop gets a turn between statements).
 */
export const STAGE_BATCH = { postgres: 5000, pglite: 1000 };
export const TOUR_BATCH = { postgres: 2000, pglite: 200 };
/** Share of the progress bar for reading and staging; calculating and writing fill the rest. */
export const READ_SHARE = 60;

/** The statuses of a task that is still being worked on. */
export const RUNNING = ['uploaded', 'in_processing_queue'];

/**
 * The checkpoints of an import job (`JobContext.checkpoint`), where tests make it crash, wait or
 * run out of time: `afterStage(taskId)` after each batch of read rows is kept (or staged),
 * `beforeWrite(taskId)` before the write transaction opens, `afterBatch(taskId, batch)` after each
 * computed batch inside it, `beforeCommit(taskId)` just before its commit.
 */
export type ImportCheckpoint = 'afterStage' | 'beforeWrite' | 'afterBatch' | 'beforeCommit';

export class Cancelled extends Error {}
export class TimedOut extends Error {}
/** An error of the job's own work on a row (staging, look-ups), not of the file: retried, never `fileReadError`. */
export class RowWorkFailed extends Error {
  readonly reason: unknown;
  constructor(reason: unknown) {
    super(reason instanceof Error ? reason.message : String(reason));
    this.reason = reason;
  }
}

/** Runs the job's work on one row; its failures are told apart from the parser's. */
export async function rowWork(work: () => Promise<void>): Promise<void> {
  try {
    await work();
  } catch (err) {
    throw err instanceof Cancelled || err instanceof TimedOut || err instanceof RowWorkFailed
      ? err
      : new RowWorkFailed(err);
  }
}

/** PostgreSQL's statement_timeout fired (set to the time left inside the write transaction). */
export const isStatementTimeout = (err: unknown) =>
  (err as { code?: string } | null)?.code === '57014' ||
  (err as { cause?: { code?: string } } | null)?.cause?.code === '57014';

/** One attempt at a task, with what its phases need to stay cancellable and within the time limit. */
export type ImportRun = {
  ctx: AppContext;
  job: JobContext;
  task: tasks.TaskRow;
  companyId: CompanyId;
  taskId: string;
  /** When the import's time is over (from its first start, which may be older than this attempt). */
  deadline: () => number;
  /** Cancel and time limit, read from the task row: throws Cancelled or TimedOut. */
  checkAbort: () => Promise<void>;
  /** A turn of the event loop when the job held it for the import kit's TURN_MS (decision 0005). */
  turn: () => Promise<void>;
  /** PGlite runs each statement on this thread: a turn of the event loop between them. */
  between: () => Promise<void>;
};

/** Starts an attempt: the limits come from the task row, checked once before any work. */
export async function startRun(ctx: AppContext, task: tasks.TaskRow, job: JobContext): Promise<ImportRun> {
  const taskId = task.id;
  const companyId = asCompanyId(task.companyId);
  const limitMs = ctx.config.importTimeoutSeconds * 1000;
  let deadline = (task.startedAt ?? new Date()).getTime() + limitMs;
  const checkAbort = async () => {
    const t = await tasks.taskById(ctx.db, companyId, taskId);
    if (!t || t.status === 'cancelled') throw new Cancelled();
    if (t.startedAt) deadline = t.startedAt.getTime() + limitMs;
    if (Date.now() > deadline) throw new TimedOut();
    // After the time limit: a worker that stalled past both has timed out, not been cancelled.
    if (await job.cancelled()) throw new Cancelled();
  };
  await checkAbort();
  return {
    ctx,
    job,
    task,
    companyId,
    taskId,
    deadline: () => deadline,
    checkAbort,
    turn: eventLoopTurns(),
    between: ctx.dbKind === 'pglite' ? () => nextTurn() : async () => {},
  };
}
