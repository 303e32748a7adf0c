import type { RowIssue } from '@klimadesk/contract';
import type { FleetIndex } from '../fleet/index.ts';
import type { DistanceResolver } from '../tours/index.ts';
import { codeRows } from './mappings.compute.ts';
import { type SourceKind, readFailure } from './mappings.reader.ts';
import type { MappingRow } from './mappings.repository.ts';
import { issue } from './mappings.rows.ts';
import { resolveRow, stage, trialShipmentGate } from './mappings.staged.ts';
import { ImportRows, KEPT_CHARS } from './mappings.staging.ts';
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

/** The counts of the read so far and the tour codes not yet written. */
type ReadState = { read: number; rejected: number; sinceFlush: number; codes: ReturnType<typeof codeRows> };

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
) {
  const { ctx, job, companyId, taskId, between } = run;
  return async () => {
    const batchCodes = state.codes;
    state.sinceFlush = 0;
    state.codes = [];
    await kept.flush();
    await between();
    await tasks.insertTourCodes(ctx.db, batchCodes);
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

/**
 * Phase 1: reads the file once, validates every row and keeps the good ones by tour (staged in the
 * database when the file is too large to keep); row issues become tour codes.
 */
export async function readRows(
  run: ImportRun,
  source: ReadSource,
  lookups: ReadLookups,
): Promise<ReadRows | Unreadable> {
  const { ctx, companyId, taskId } = run;
  const meter = { bytes: 0, total: source.data.length };
  const kept = new ImportRows(
    ctx.db,
    ctx.dbKind,
    { companyId, taskId },
    { keptChars: KEPT_CHARS, stagePerCopy: STAGE_BATCH[ctx.dbKind] },
  );
  const state: ReadState = { read: 0, rejected: 0, sinceFlush: 0, codes: [] };
  const flush = flusher(run, kept, state, meter);
  const trialGate = trialShipmentGate(lookups.trial);
  let scan: Awaited<ReturnType<typeof scanFile>>;
  try {
    scan = await scanFile(source.data, source.kind, source.mapping, lookups.fleet, {
      meter,
      row: (value, rowIssues) =>
        rowWork(async () => {
          // Other requests run between rows and between the staging batches (each a short
          // committed statement), so the API keeps answering while the file is read.
          await run.turn();
          state.read++;
          if (!value) {
            state.rejected++;
            state.codes.push(...codeRows(companyId, taskId, rowIssues));
          } else {
            const overLimit = trialGate(value);
            if (overLimit) {
              state.rejected++;
              state.codes.push(...codeRows(companyId, taskId, [overLimit], value.tourReference));
            } else {
              const row = await resolveRow(value, lookups.fleet, lookups.distances);
              kept.add(value.row, value.tourReference, stage(row));
            }
          }
          if (++state.sinceFlush >= STAGE_BATCH[ctx.dbKind]) await flush();
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
  return { kept, read: state.read, rejected: state.rejected };
}
