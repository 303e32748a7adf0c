import type { RowIssue } from '@klimadesk/contract';
import type { FleetIndex } from '../fleet/index.ts';
import type { DistanceResolver } from '../tours/index.ts';
import { codeRows } from './mappings.compute.ts';
import { type SourceKind, readFailure } from './mappings.reader.ts';
import type { MappingRow } from './mappings.repository.ts';
import { type ParsedRow, issue } from './mappings.rows.ts';
import { resolveRow, stage, trialShipmentGate } from './mappings.staged.ts';
import { ImportRows, KEPT_CHARS } from './mappings.staging.ts';
import type { ReadCheckpoint } from './mappings.schema.ts';
import { checkpointRecorder } from './mappings.import.resume.ts';
import { scanFile } from './mappings.validation.ts';
import {
  Cancelled,
  type ImportRun,
  READ_SHARE,
  RowWorkFailed,
  STAGE_BATCH,
  TimedOut,
  rowWork,
} from './mappings.import.run.ts';
import * as tasks from './tasks.repository.ts';

/** What the read kept: the good rows by tour, how many rows were read and how many refused. */
export type ReadRows = { kept: ImportRows; read: number; rejected: number };

/** The file could not be read, or its titles do not fit the mapping: the issues that say why. */
export type Unreadable = { unreadable: RowIssue[] };

export type ReadSource = { data: Buffer; kind: SourceKind; mapping: MappingRow };
export type ReadLookups = { fleet: FleetIndex; distances: DistanceResolver; trial: boolean };

/** The counts of the read so far, its last file row and the tour codes not yet written. */
type ReadState = {
  read: number;
  rejected: number;
  lastRow: number;
  sinceFlush: number;
  codes: ReturnType<typeof codeRows>;
};

/**
 * Writes what the read gathered since the last flush (kept rows, tour codes), checks cancel and
 * time, and moves the progress bar by the share of the file consumed (bytes), so no separate
 * counting pass is needed.
 */
function flusher(
  run: ImportRun,
  kept: ImportRows,
  state: ReadState,
  meter: { bytes: number; total: number },
  checkpoints: ReturnType<typeof checkpointRecorder>,
) {
  const { ctx, job, companyId, taskId, between } = run;
  return async () => {
    const batchCodes = state.codes;
    state.sinceFlush = 0;
    state.codes = [];
    await kept.flush();
    await between();
    await tasks.insertTourCodes(ctx.db, batchCodes);
    await checkpoints.flushed(kept.committed, kept.isStaged ? pointOf(state, kept, false) : null);
    await job.checkpoint('afterStage', taskId);
    await between();
    await run.checkAbort();
    await between();
    const share = meter.total ? meter.bytes / meter.total : 1;
    await tasks.updateTask(ctx.db, companyId, taskId, {
      processedRows: state.read,
      progress: Math.min(READ_SHARE, Math.round(share * READ_SHARE)),
    });
    await job.progress(Math.round(share * READ_SHARE), 100);
  };
}

const pointOf = (state: ReadState, kept: ImportRows, complete: boolean): ReadCheckpoint => ({
  row: state.lastRow,
  read: state.read,
  rejected: state.rejected,
  staged: kept.handed,
  complete,
});

/** Handles one parsed row: counted, kept or coded; rows a resumed read already covers are passed over. */
function rowHandler(
  run: ImportRun,
  kept: ImportRows,
  state: ReadState,
  lookups: ReadLookups,
  skipTo: number,
) {
  const { companyId, taskId } = run;
  const trialGate = trialShipmentGate(lookups.trial);
  return async (value: ParsedRow | null, rowIssues: RowIssue[], rowNumber: number): Promise<boolean> => {
    if (rowNumber <= skipTo) {
      // Covered by the checkpoint; the trial gate still sees the row, as it counts in file order.
      if (value) trialGate(value);
      return false;
    }
    state.read++;
    state.lastRow = rowNumber;
    if (!value) {
      state.rejected++;
      state.codes.push(...codeRows(companyId, taskId, rowIssues));
      return true;
    }
    const overLimit = trialGate(value);
    if (overLimit) {
      state.rejected++;
      state.codes.push(...codeRows(companyId, taskId, [overLimit], value.tourReference));
    } else {
      const row = await resolveRow(value, lookups.fleet, lookups.distances);
      kept.add(value.row, value.tourReference, stage(row));
    }
    return true;
  };
}

/**
 * Phase 1: reads the file once, validates every row and keeps the good ones by tour (staged in the
 * database when the file is too large to keep); row issues become tour codes. A resumed read
 * (decision 0016) keeps the staged rows up to its checkpoint and works only on the rows after it.
 */
export async function readRows(
  run: ImportRun,
  source: ReadSource,
  lookups: ReadLookups,
  resume: ReadCheckpoint | null = null,
): Promise<ReadRows | Unreadable> {
  const { ctx, companyId, taskId } = run;
  const kept = new ImportRows(
    ctx.db,
    ctx.dbKind,
    { companyId, taskId },
    { keptChars: ctx.config.importMemoryChars ?? KEPT_CHARS, stagePerCopy: STAGE_BATCH[ctx.dbKind] },
  );
  if (resume) kept.resumeStaged(resume.staged);
  if (resume?.complete) return { kept, read: resume.read, rejected: resume.rejected };
  const meter = { bytes: 0, total: source.data.length };
  const state: ReadState = {
    read: resume?.read ?? 0,
    rejected: resume?.rejected ?? 0,
    lastRow: resume?.row ?? 0,
    sinceFlush: 0,
    codes: [],
  };
  const checkpoints = checkpointRecorder(ctx, companyId, taskId);
  const flush = flusher(run, kept, state, meter, checkpoints);
  const handle = rowHandler(run, kept, state, lookups, resume?.row ?? 0);
  let scan: Awaited<ReturnType<typeof scanFile>>;
  try {
    scan = await scanFile(source.data, source.kind, source.mapping, lookups.fleet, {
      meter,
      row: (value, rowIssues, rowNumber) =>
        rowWork(async () => {
          // Other requests run between rows and between the staging batches (each a short
          // committed statement), so the API keeps answering while the file is read.
          await run.turn();
          const worked = await handle(value, rowIssues, rowNumber);
          if (worked && ++state.sinceFlush >= STAGE_BATCH[ctx.dbKind]) await flush();
        }),
    });
  } catch (err) {
    // Staging is cleared next; a COPY still running would otherwise land after the clearing.
    await kept.settled();
    if (err instanceof Cancelled || err instanceof TimedOut) throw err;
    if (err instanceof RowWorkFailed) throw err.reason;
    return { unreadable: [issue(1, null, 'fileReadError', readFailure(err))] };
  }
  if (scan.titleIssues.length) {
    await kept.settled();
    return { unreadable: scan.titleIssues };
  }
  try {
    await flush();
    await kept.drain();
  } finally {
    await kept.settled();
  }
  if (kept.isStaged) await checkpoints.complete(pointOf(state, kept, true));
  return { kept, read: state.read, rejected: state.rejected };
}
