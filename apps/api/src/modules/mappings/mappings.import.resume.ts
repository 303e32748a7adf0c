import type { AppContext } from '../../platform/context.ts';
import type { CompanyId } from '../../platform/tenant.ts';
import type { ReadCheckpoint } from './mappings.schema.ts';
import * as tasks from './tasks.repository.ts';

// Resuming an interrupted import (decision 0016): the read stages its rows in committed batches and
// records after each one how far the file is covered; a retry keeps those batches and reads on from
// there. The write stays one transaction (decision 0005), so it always starts over.

/**
 * Where this attempt starts: the task's checkpoint when its staged rows are all still there (the
 * staging table is UNLOGGED, so a database crash empties it), else nothing of the earlier attempt
 * is kept and the read starts at the first row.
 */
export async function resumePoint(
  ctx: AppContext,
  companyId: CompanyId,
  task: tasks.TaskRow,
): Promise<ReadCheckpoint | null> {
  const cp = task.readCheckpoint;
  if (cp) {
    await tasks.trimAfterCheckpoint(ctx.db, companyId, task.id, cp.row);
    if ((await tasks.countStaged(ctx.db, companyId, task.id)) === cp.staged) return cp;
  }
  await discardRead(ctx, companyId, task.id);
  return null;
}

/** Drops an attempt's staged rows, tour codes and checkpoint (a fresh start, cancel, time-out or last failure). */
export async function discardRead(ctx: AppContext, companyId: CompanyId, taskId: string): Promise<void> {
  await tasks.clearStaging(ctx.db, companyId, taskId);
  await tasks.clearTourCodes(ctx.db, companyId, taskId);
  await tasks.updateTask(ctx.db, companyId, taskId, { readCheckpoint: null });
}

/**
 * Records checkpoints once they hold: a point is saved when the COPYs of its staged rows have
 * committed (one is usually still in flight when a flush returns; its tour codes are written by then).
 */
export function checkpointRecorder(ctx: AppContext, companyId: CompanyId, taskId: string) {
  let pending: ReadCheckpoint | null = null;
  return {
    /** After a flush: saves the held point if its rows have committed, then holds the newest one. */
    async flushed(committedRows: number, next: ReadCheckpoint | null): Promise<void> {
      if (pending && committedRows >= pending.staged) {
        await tasks.updateTask(ctx.db, companyId, taskId, { readCheckpoint: pending });
        pending = null;
      }
      // A point not yet committed gives way to a newer one: the checkpoint lags, it is never ahead.
      if (next) pending = next;
    },
    /** The read is complete and every COPY has committed. */
    async complete(point: ReadCheckpoint): Promise<void> {
      pending = null;
      await tasks.updateTask(ctx.db, companyId, taskId, { readCheckpoint: point });
    },
  };
}
