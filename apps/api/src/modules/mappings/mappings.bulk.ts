import { BULK_MAX_ISSUES, type BulkJob, type apiKeySchemas } from '@klimadesk/contract';
import type { z } from 'zod';
import type { Actor } from '../../platform/access.ts';
import type { AppContext } from '../../platform/context.ts';
import { notFoundUnless } from '../../platform/errors.ts';
import { IMPORT_QUEUE } from './mappings.import.ts';
import * as bulk from './mappings.bulk.repository.ts';
import * as repo from './tasks.repository.ts';
import { assertImportAllowed, queuePush, toTaskDto } from './tasks.service.ts';

/**
 * The bulk push (issue 41): up to 10,000 rows in one call become one import task of the same
 * pipeline as a file or a small push, answered at once (202) and read back as a job. Tours and
 * shipments are written by the caller's references (an update when they exist), so the same rows
 * again change nothing; a repeated `requestId` answers the first call's job and queues nothing.
 */
export async function pushBulk(
  ctx: AppContext,
  actor: Actor,
  body: z.output<typeof apiKeySchemas.bulkPushBody>,
): Promise<BulkJob> {
  const { requestId } = body;
  // A repeat answers the first call even when a trial's import lists are used up since.
  const answered = requestId && (await bulk.taskOfRequest(ctx.db, actor.companyId, IMPORT_QUEUE, requestId));
  if (answered) return bulkJob(ctx, actor, answered, true);
  await assertImportAllowed(ctx, actor);
  const { id, repeated } = await ctx.db.transaction(async (tx) => {
    if (requestId) {
      // Two calls with the same requestId at once: the second waits here and finds the first's job.
      await bulk.lockRequest(tx, actor.companyId, requestId);
      const earlier = await bulk.taskOfRequest(tx, actor.companyId, IMPORT_QUEUE, requestId);
      if (earlier) return { id: earlier, repeated: true };
    }
    const fileName = `api-bulk-${requestId ?? new Date().toISOString()}.json`;
    const taskId = await queuePush(ctx, tx, actor, {
      rows: body.rows,
      category: body.category,
      fileName,
      ...(requestId ? { requestId } : {}),
    });
    return { id: taskId, repeated: false };
  });
  return bulkJob(ctx, actor, id, repeated);
}

/** A bulk push's job: the task's progress and counts and, once it is done, its first row issues. */
export async function bulkJob(ctx: AppContext, actor: Actor, id: string, repeated = false): Promise<BulkJob> {
  // Read from the primary: a caller polls right after its push and must see its own job.
  const row = notFoundUnless(await repo.findTask(ctx.db, actor.companyId, id));
  const task = toTaskDto(row);
  const requestId = row.jobId ? await bulk.requestIdOfJob(ctx.db, actor.companyId, row.jobId) : null;
  const codes = task.done ? await bulk.firstTourCodes(ctx.db, actor.companyId, id, BULK_MAX_ISSUES + 1) : [];
  return {
    ...task,
    requestId,
    repeated,
    issues: codes.slice(0, BULK_MAX_ISSUES),
    issuesTruncated: codes.length > BULK_MAX_ISSUES,
  };
}
