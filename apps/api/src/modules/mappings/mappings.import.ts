import { z } from 'zod';
import { MAPPING_FIELDS, type MappingCategory, type RowIssue } from '@klimadesk/contract';
import type { AppContext } from '../../platform/context.ts';
import type { JobContext } from '../../platform/jobs.ts';
import { type SweepDefinition, defineJob } from '../../platform/modules.ts';
import { asCompanyId } from '../../platform/tenant.ts';
import { isTrialCompany } from '../companies/index.ts';
import { FleetIndex } from '../fleet/index.ts';
import { DistanceResolver } from '../tours/index.ts';
import { codeRows } from './mappings.compute.ts';
import { readRows } from './mappings.import.read.ts';
import {
  Cancelled,
  READ_SHARE,
  RUNNING,
  TimedOut,
  isStatementTimeout,
  startRun,
} from './mappings.import.run.ts';
import { writeRows } from './mappings.import.write.ts';
import { discardRead, resumePoint } from './mappings.import.resume.ts';
import type { ReadCheckpoint } from './mappings.schema.ts';
import type { SourceKind } from './mappings.reader.ts';
import * as repo from './mappings.repository.ts';
import * as tasks from './tasks.repository.ts';

export type { ImportCheckpoint } from './mappings.import.run.ts';

export const IMPORT_QUEUE = 'mapping-import';
/**
 * The import job. Phase 1 streams the file once, validates every row and keeps the good ones by
 * tour (a file too large to keep is staged with COPY in committed batches; row issues become tour
 * codes). Phase 2 takes the rows tour by tour, computes emissions and writes tours, shipments and
 * links in ONE transaction (COPY, updates of existing rows from temp tables), so a crash, restart or timeout leaves no
 * partial tours of the task: the job is retried, resuming the read after its last committed staging
 * batch (decision 0016) and writing again from the start, or after its last attempt the task is
 * marked failed. An import running longer than the configured
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
  // A retry keeps what an earlier attempt staged up to its checkpoint (decision 0016).
  const resume = await resumePoint(ctx, companyId, task);
  try {
    await tasks.updateTask(
      ctx.db,
      companyId,
      taskId,
      {
        status: 'in_processing_queue',
        processedRows: resume?.read ?? 0,
        progress: 0,
        startedAt: task.startedAt ?? new Date(),
      },
      RUNNING,
    );
    const attempt = { category: payload.category === 'tour' ? 'tour' : 'shipment', resume } as const;
    await processTask(ctx, task, job, attempt, payload.confirmed === true);
  } catch (err) {
    if (err instanceof Cancelled) {
      await discardRead(ctx, companyId, taskId);
      await tasks.updateTask(ctx.db, companyId, taskId, { status: 'cancelled', processedAt: new Date() });
      return;
    }
    if (err instanceof TimedOut || isStatementTimeout(err)) {
      // The transaction is rolled back; nothing of the task stays but the task itself.
      await discardRead(ctx, companyId, taskId);
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
    // The staged batches stay for the retry, which resumes the read after its checkpoint.
    if (!last) throw err;
    await discardRead(ctx, companyId, taskId);
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
    /** A bulk push's key of the call (mappings.bulk.ts): a repeat answers this job. */
    requestId: z.string().optional(),
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

/**
 * One attempt at a task: the file and mapping loaded, the rows read and kept (phase 1), then
 * computed and written in one transaction (phase 2).
 */
async function processTask(
  ctx: AppContext,
  task: tasks.TaskRow,
  job: JobContext,
  attempt: { category: MappingCategory; resume: ReadCheckpoint | null },
  confirmed: boolean,
): Promise<void> {
  const pushCategory = attempt.category;
  const companyId = asCompanyId(task.companyId);
  const data = await tasks.loadFile(ctx.db, companyId, task.id);
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
  const distances = new DistanceResolver(ctx.db, ctx.config.routing);
  const trial = await isTrialCompany(ctx.db, companyId);
  const run = await startRun(ctx, task, job);
  const rows = await readRows(run, { data, kind, mapping }, { fleet, distances, trial }, attempt.resume);
  if ('unreadable' in rows) return finishUnreadable(ctx, task, rows.unreadable);
  await tasks.updateTask(ctx.db, companyId, task.id, {
    totalRows: rows.read,
    processedRows: rows.read,
    progress: READ_SHARE,
  });
  await job.checkpoint('beforeWrite', task.id);
  await writeRows(run, rows, mapping, confirmed);
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
      readCheckpoint: null,
      processedAt: new Date(),
      message: issues[0]?.code ?? null,
      progress: 100,
    },
    RUNNING,
  );
}
