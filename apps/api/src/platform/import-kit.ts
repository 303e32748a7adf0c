/**
 * The import kit (issue 38): one way for a module to import a file. The module's route checks
 * access and form fields in the request and hands the upload (size-capped and typed from its bytes
 * by `files.ts`) to `start`; the file is kept with an import run and a job reads, checks and
 * writes it (`defineImport`'s `run`), with progress, cancel and event-loop turns from the kit.
 * A refused file keeps its row issues on the run (`/api/import-runs/:id`, a download of them);
 * the write is one transaction that also marks the run done, so a cancel or crash before its
 * commit leaves nothing of the import. The mapping import (tasks with seed statuses) shares its
 * turn and time helpers with the kit.
 */
import { setImmediate as nextTurn } from 'node:timers/promises';
import { and, eq, inArray, lt, notInArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import {
  DEFAULT_LANGUAGE,
  IMPORT_ISSUES_MAX,
  type ImportIssue,
  type ImportKind,
  type ImportRun,
  type Language,
} from '@klimadesk/contract';
import { t } from '@klimadesk/contract/messages';
import type { Actor } from './access.ts';
import type { AppContext } from './context.ts';
import { type DbOrTx, type Tx, schema } from './db/index.ts';
import { companyRow, companyRows } from './db/rows.ts';
import { AppError, notFoundUnless } from './errors.ts';
import type { Upload } from './files.ts';
import type { JobContext } from './jobs.ts';
import { type JobDefinition, defineJob } from './modules.ts';
import { type Column, XLSX_MIME, csvBase64, workbookBase64 } from './spreadsheet.ts';
import { type CompanyId, asCompanyId } from './tenant.ts';

const { importRuns, importRunFiles } = schema;
type RunRow = typeof importRuns.$inferSelect;

/** Pieces of a kept file: each written and read by a statement of its own (as mapping imports keep theirs). */
const FILE_PIECE_BYTES = 256 * 1024;
/**
 * Longest stretch a job keeps the event loop to itself: PGlite runs statements on the API's thread
 * and awaited queries resolve as microtasks, so without a turn no other request runs (decision 0005).
 */
export const TURN_MS = 10;
/** Cancel is read from the run at most this often; progress is written at most this often. */
const CHECK_MS = 250;
const ACTIVE = ['queued', 'running'];

/** The run was cancelled (or its job's lease lost): the job stops and writes nothing. */
export class ImportCancelled extends Error {}

/** Yields to the event loop when the caller has held it for TURN_MS (cheap to call per row). */
export function eventLoopTurns(): () => Promise<void> {
  let since = performance.now();
  return async () => {
    if (performance.now() - since < TURN_MS) return;
    await nextTurn();
    since = performance.now();
  };
}

/** What a module's import job works with. */
export type ImportStep<P> = {
  ctx: AppContext;
  companyId: CompanyId;
  /** Who uploaded the file (null for a user deleted meanwhile). */
  userId: string | null;
  params: P;
  /** The kept file; null for an import without one (a CSRD analysis). */
  upload: Upload | null;
  /** Per row: a turn of the event loop when due, and a cancel check every CHECK_MS (throws ImportCancelled). */
  tick: () => Promise<void>;
  /** Rows done of all: the run's progress (throttled), after a tick. */
  progress: (done: number, total: number) => Promise<void>;
  /**
   * The import's one write: `fn` runs in a transaction that also marks the run done with `fn`'s
   * answer as its result; a cancel that came first rolls it all back.
   */
  write: <R extends Record<string, unknown>>(fn: (tx: Tx) => Promise<R>) => Promise<R>;
  /** A named point of the work where tests wait or crash (`JobQueue.onCheckpoint` of the job's queue). */
  checkpoint: (name: 'beforeWrite' | 'beforeCommit') => Promise<void>;
  /** Rows an import that skips bad rows left out (CSRD templates): kept on the done run with their issues. */
  skipped: (issues: ImportIssue[]) => void;
};

export type ImportDefinition<P extends z.ZodType> = {
  kind: ImportKind;
  /** What the request checked and the job needs, stored with the run. */
  params: P;
  /** Reads, checks and writes (through `step.write`); an AppError refuses the file and writes nothing. */
  run: (step: ImportStep<z.output<P>>) => Promise<Record<string, unknown>>;
  /** The row issues a refusal carries in its detail (kept on the run, offered as a download). */
  issuesOf?: (err: AppError) => ImportIssue[];
};

export type ImportKit<P extends z.ZodType> = {
  kind: ImportKind;
  /** The job to list in the module's manifest. */
  job: JobDefinition;
  /** Keeps the upload with a new run and queues its job in one transaction; answers the run (202). */
  start: (ctx: AppContext, actor: Actor, upload: Upload | null, params: z.input<P>) => Promise<ImportRun>;
};

export function defineImport<P extends z.ZodType>(def: ImportDefinition<P>): ImportKit<P> {
  const job = defineJob({
    queue: `import-${def.kind}`,
    payload: z.object({ runId: z.uuid() }),
    handler: async (ctx, payload, jc) => {
      await runImport(ctx, def, payload.runId, jc);
    },
  });
  return {
    kind: def.kind,
    job,
    start: async (ctx, actor, upload, params) => {
      const stored = def.params.parse(params) as Record<string, unknown>;
      const id = await ctx.db.transaction(async (tx) => {
        const [run] = await tx
          .insert(importRuns)
          .values({
            companyId: actor.companyId,
            kind: def.kind,
            fileName: upload?.fileName ?? null,
            params: stored,
            uploadedBy: actor.userId,
          })
          .returning({ id: importRuns.id });
        if (upload) await saveFile(tx, actor.companyId, run.id, upload.buffer);
        const jobId = await job.enqueue(ctx.jobs, { runId: run.id }, { companyId: actor.companyId }, tx);
        await tx
          .update(importRuns)
          .set({ jobId })
          .where(companyRow(importRuns, actor.companyId, run.id));
        return run.id;
      });
      return getImportRun(ctx, actor, id);
    },
  };
}

async function saveFile(tx: DbOrTx, companyId: CompanyId, runId: string, data: Buffer): Promise<void> {
  const pieces = Math.max(1, Math.ceil(data.length / FILE_PIECE_BYTES));
  for (let part = 0; part < pieces; part++) {
    const piece = data.subarray(part * FILE_PIECE_BYTES, (part + 1) * FILE_PIECE_BYTES);
    await tx.insert(importRunFiles).values({ runId, companyId, part, data: piece });
    await nextTurn();
  }
}

async function loadFile(db: DbOrTx, companyId: CompanyId, runId: string): Promise<Buffer | null> {
  const pieces: Buffer[] = [];
  for (let part = 0; ; part++) {
    const [row] = await db
      .select({ data: importRunFiles.data })
      .from(importRunFiles)
      .where(
        companyRows(
          importRunFiles,
          companyId,
          eq(importRunFiles.runId, runId),
          eq(importRunFiles.part, part),
        ),
      );
    if (!row) break;
    pieces.push(row.data);
    await nextTurn();
  }
  return pieces.length ? Buffer.concat(pieces) : null;
}

const deleteFile = (db: DbOrTx, companyId: CompanyId, runId: string) =>
  db.delete(importRunFiles).where(companyRows(importRunFiles, companyId, eq(importRunFiles.runId, runId)));

/**
 * Finished runs stay readable (result, issue download) for this long, then the retention sweep
 * removes them: an upload's row values are the customer's data and are not kept without a use.
 */
export const IMPORT_RUN_RETENTION_DAYS = 90;

/** Removes runs that ended more than IMPORT_RUN_RETENTION_DAYS ago, across companies (a maintenance sweep). */
export async function sweepImportRuns(db: DbOrTx): Promise<number> {
  const rows = await db
    .delete(importRuns)
    .where(
      and(
        notInArray(importRuns.status, ACTIVE),
        lt(importRuns.finishedAt, sql`now() - make_interval(days => ${IMPORT_RUN_RETENTION_DAYS})`),
      ),
    )
    .returning({ id: importRuns.id });
  return rows.length;
}

/** Ends a run that is still active; false when it was cancelled (or ended) meanwhile. */
async function finish(
  db: DbOrTx,
  companyId: CompanyId,
  runId: string,
  set: Partial<typeof importRuns.$inferInsert>,
): Promise<boolean> {
  const rows = await db
    .update(importRuns)
    .set({ ...set, finishedAt: sql`now()` })
    .where(companyRow(importRuns, companyId, runId, inArray(importRuns.status, ACTIVE)))
    .returning({ id: importRuns.id });
  return rows.length > 0;
}

/** One attempt of a run's job; a retry (crash, lost lease) starts from the kept file again. */
async function runImport<P extends z.ZodType>(
  ctx: AppContext,
  def: ImportDefinition<P>,
  runId: string,
  jc: JobContext,
): Promise<void> {
  // The job row carries the company that queued it; the run is looked up within it only.
  if (!jc.job.companyId) return;
  const companyId = asCompanyId(jc.job.companyId);
  const [run] = await ctx.db
    .select()
    .from(importRuns)
    .where(companyRow(importRuns, companyId, runId));
  if (!run || !ACTIVE.includes(run.status)) return;
  await ctx.db
    .update(importRuns)
    .set({ status: 'running', progress: 0 })
    .where(companyRow(importRuns, companyId, runId, inArray(importRuns.status, ACTIVE)));
  const step = await stepOf(ctx, def, run, companyId, jc);
  try {
    const result = await def.run(step.api);
    if (!step.wrote())
      await finish(ctx.db, companyId, runId, { status: 'done', progress: 100, result, ...step.leftOut() });
  } catch (err) {
    if (err instanceof ImportCancelled) return;
    if (err instanceof AppError) {
      const issues = (def.issuesOf?.(err) ?? []).map(clipIssue);
      await finish(ctx.db, companyId, runId, {
        status: 'failed',
        progress: 100,
        error: err.toBody() as RunRow['error'],
        issues: issues.slice(0, IMPORT_ISSUES_MAX),
        issueCount: issues.length,
      });
    } else {
      if (jc.job.attempts < jc.job.maxAttempts) throw err;
      await finish(ctx.db, companyId, runId, {
        status: 'failed',
        progress: 100,
        error: new AppError('internalError').toBody() as RunRow['error'],
      });
    }
  } finally {
    const [now] = await ctx.db
      .select({ status: importRuns.status })
      .from(importRuns)
      .where(companyRow(importRuns, companyId, runId));
    if (!now || !ACTIVE.includes(now.status)) await deleteFile(ctx.db, companyId, runId);
  }
}

/** Reports quote at most 200 characters of a cell (architecture.md, "Uploads"). */
const clipIssue = (i: ImportIssue): ImportIssue => ({
  ...i,
  value: i.value === null ? null : i.value.slice(0, 200),
});

/** The run's kept file as the upload its job reads; null once the file is gone. */
function uploadOf(run: RunRow, data: Buffer | null, companyId: CompanyId): Upload | null {
  return data && run.fileName
    ? {
        fileName: run.fileName,
        kind: run.fileName.toLowerCase().endsWith('.xlsx') ? 'xlsx' : 'csv',
        buffer: data,
        fields: {},
        tenant: companyId,
      }
    : null;
}

async function stepOf<P extends z.ZodType>(
  ctx: AppContext,
  def: ImportDefinition<P>,
  run: RunRow,
  companyId: CompanyId,
  jc: JobContext,
) {
  const upload = uploadOf(run, await loadFile(ctx.db, companyId, run.id), companyId);
  const turn = eventLoopTurns();
  let checkedAt = 0;
  let shownAt = 0;
  let shown = -1;
  let wrote = false;
  const left: ImportIssue[] = [];
  const leftOut = () => ({
    issues: left.slice(0, IMPORT_ISSUES_MAX).map(clipIssue),
    issueCount: left.length,
  });
  // Inside the write only its transaction is used: PGlite has one connection, which the open
  // transaction holds, so any other query would wait for the commit that waits for it.
  let open: Tx | null = null;
  const assertActive = async () => {
    const [row] = await (open ?? ctx.db)
      .select({ status: importRuns.status })
      .from(importRuns)
      .where(companyRow(importRuns, companyId, run.id));
    if (!row || row.status !== 'running' || (!open && (await jc.cancelled()))) throw new ImportCancelled();
  };
  const tick = async () => {
    await turn();
    if (performance.now() - checkedAt < CHECK_MS) return;
    await assertActive();
    checkedAt = performance.now();
  };
  const api: ImportStep<z.output<P>> = {
    ctx,
    companyId,
    userId: run.uploadedBy,
    params: def.params.parse(run.params) as z.output<P>,
    upload,
    tick,
    progress: async (done, total) => {
      await tick();
      // Progress written inside the write would show only at its commit.
      if (open) return;
      // The write's share stays for the commit: 95 % at most until the run is done.
      const percent = Math.min(95, total > 0 ? Math.floor((done / total) * 95) : 0);
      if (percent === shown || (performance.now() - shownAt < CHECK_MS && done < total)) return;
      shown = percent;
      shownAt = performance.now();
      await ctx.db
        .update(importRuns)
        .set({ progress: percent })
        .where(companyRow(importRuns, companyId, run.id, eq(importRuns.status, 'running')));
      await jc.progress(done, total);
    },
    write: async (fn) => {
      await assertActive();
      await jc.checkpoint('beforeWrite', run.id);
      const result = await ctx.db.transaction(async (tx) => {
        open = tx;
        const out = await fn(tx).finally(() => {
          open = null;
        });
        await jc.checkpoint('beforeCommit', run.id);
        // Marked done inside the write: a cancel committed first leaves no row to mark, and rolls back.
        if (
          !(await finish(tx, companyId, run.id, { status: 'done', progress: 100, result: out, ...leftOut() }))
        )
          throw new ImportCancelled();
        return out;
      });
      wrote = true;
      return result;
    },
    checkpoint: (name) => jc.checkpoint(name, run.id),
    skipped: (issues) => left.push(...issues),
  };
  return { api, wrote: () => wrote, leftOut };
}

// ---------- the run routes (`imports` module) ----------

function toRunDto(r: RunRow): ImportRun {
  return {
    id: r.id,
    kind: r.kind as ImportKind,
    fileName: r.fileName,
    status: r.status as ImportRun['status'],
    progress: r.progress,
    uploadedAt: r.uploadedAt.toISOString(),
    finishedAt: r.finishedAt?.toISOString() ?? null,
    result: r.result ?? null,
    error: r.error ?? null,
    issues: r.issues ?? [],
    issueCount: r.issueCount,
  };
}

/** A run of the actor's company that the actor started; any other id is notFound. */
async function runOf(ctx: AppContext, actor: Actor, id: string): Promise<RunRow> {
  const [row] = await ctx.db
    .select()
    .from(importRuns)
    .where(companyRow(importRuns, actor.companyId, id, eq(importRuns.uploadedBy, actor.userId)));
  return notFoundUnless(row);
}

export async function getImportRun(ctx: AppContext, actor: Actor, id: string): Promise<ImportRun> {
  return toRunDto(await runOf(ctx, actor, id));
}

/** Cancels a queued or running import; its job stops at its next check and rolls back. */
export async function cancelImportRun(ctx: AppContext, actor: Actor, id: string): Promise<ImportRun> {
  const run = await runOf(ctx, actor, id);
  if (!(await finish(ctx.db, actor.companyId, run.id, { status: 'cancelled' })))
    throw new AppError('notInProgress', { status: run.status });
  if (run.jobId) await ctx.jobs.cancel(actor.companyId, run.jobId);
  await deleteFile(ctx.db, actor.companyId, run.id);
  return getImportRun(ctx, actor, id);
}

/** The row issues of a run as xlsx or CSV through the spreadsheet kit (headers in the reader's language). */
export async function importRunIssues(
  ctx: AppContext,
  actor: Actor,
  id: string,
  format: 'xlsx' | 'csv' = 'xlsx',
  lang: Language = DEFAULT_LANGUAGE,
) {
  const run = await runOf(ctx, actor, id);
  const columns: Column<ImportIssue>[] = [
    { header: t(lang, 'imports.issues.row'), key: 'row', type: 'integer', width: 8 },
    { header: t(lang, 'imports.issues.column'), key: 'column', width: 28 },
    { header: t(lang, 'imports.issues.value'), key: 'value', width: 40 },
    { header: t(lang, 'imports.issues.code'), key: 'code', width: 32 },
  ];
  const issues = run.issues ?? [];
  const base = (run.fileName ?? run.kind).replace(/\.[^.]+$/, '');
  const name = `${base}-${t(lang, 'imports.issues.fileSuffix')}`;
  if (format === 'csv')
    return { fileName: `${name}.csv`, mimeType: 'text/csv', data: csvBase64(columns, issues, { lang }) };
  return {
    fileName: `${name}.xlsx`,
    mimeType: XLSX_MIME,
    data: await workbookBase64(t(lang, 'imports.issues.sheet'), columns, issues, { lang }),
  };
}
