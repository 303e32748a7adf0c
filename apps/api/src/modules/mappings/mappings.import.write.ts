import { type DbOrTx, setStatementTimeout } from '../../platform/db/index.ts';
import { markVehiclesUsed } from '../fleet/index.ts';
import { recordUsage } from '../invoicing/index.ts';
import { ImportWriter } from '../tours/index.ts';
import { computeBatch } from './mappings.compute.ts';
import type { MappingRow } from './mappings.repository.ts';
import { unstage } from './mappings.staged.ts';
import {
  Cancelled,
  type ImportRun,
  READ_SHARE,
  RUNNING,
  TOUR_BATCH,
  TimedOut,
} from './mappings.import.run.ts';
import type { ReadRows } from './mappings.import.read.ts';
import * as tasks from './tasks.repository.ts';

/** What the batches of one write add up to, for the task's counts and the invoice. */
type WriteState = {
  counts: { imported: number; updated: number; rejected: number };
  usedVehicles: Set<string>;
  rowsOfTour: Map<string, number>;
  shipmentsOfTour: Map<string, string[]>;
  /** Evaluated shipments for the invoice: distinct shipments written (tours in a tour mapping). */
  billed: Set<string>;
};

/**
 * The kept rows tour by tour in batches: emissions computed, tours, shipments and links handed to
 * the writer, tour codes stored, progress (PostgreSQL) or the time limit (PGlite) checked after each.
 */
async function writeBatches(
  run: ImportRun,
  tx: DbOrTx,
  writer: ImportWriter,
  rows: ReadRows,
  mapping: MappingRow,
  state: WriteState,
  confirmed: boolean,
): Promise<void> {
  const { ctx, job, companyId, taskId } = run;
  // PostgreSQL: progress and cancel go over another pooled connection while the transaction runs.
  // PGlite has one connection: there the task row shows the write only at its commit.
  const concurrent = ctx.dbKind === 'postgres';
  let done = 0;
  let batchNo = 0;
  for await (const staged of rows.kept.tours(tx, TOUR_BATCH[ctx.dbKind])) {
    const batch = computeBatch(
      companyId,
      taskId,
      mapping.category,
      staged.map((r) => unstage(r.data)),
      state.counts,
      state.usedVehicles,
      confirmed,
    );
    for (const [ref, n] of batch.rowsOfTour) state.rowsOfTour.set(ref, n);
    for (const [ref, refs] of batch.shipmentsOfTour) state.shipmentsOfTour.set(ref, refs);
    for (const x of mapping.category === 'shipment' ? batch.shipments : batch.tours)
      state.billed.add(x.reference);
    await writer.add(batch.tours, batch.shipments, batch.links);
    await run.between();
    await tasks.insertTourCodes(tx, batch.codes);
    done += staged.length;
    batchNo++;
    await job.checkpoint('afterBatch', taskId, batchNo);
    // Requests without a query (the web app's files) are served between batches; on PGlite
    // those with one wait for the commit (decision 0005).
    await run.turn();
    if (concurrent) {
      await run.checkAbort();
      const share = done / Math.max(1, rows.read - rows.rejected);
      const progress = READ_SHARE + Math.round(share * (95 - READ_SHARE));
      await tasks.updateTask(ctx.db, companyId, taskId, { progress });
      await job.progress(progress, 100);
    } else if (Date.now() > run.deadline()) throw new TimedOut();
  }
}

/** Row counts: a shipment row counts as imported or updated by its shipment, a tour row by its tour. */
function countRows(state: WriteState, writer: ImportWriter, category: string): void {
  const { counts } = state;
  for (const [ref, n] of state.rowsOfTour) {
    if (category === 'shipment') {
      const fresh = (state.shipmentsOfTour.get(ref) ?? []).filter((r) => writer.newShipments.has(r)).length;
      counts.imported += fresh;
      counts.updated += n - fresh;
    } else if (writer.newTours.has(ref)) counts.imported += n;
    else counts.updated += n;
  }
}

/**
 * Phase 2: computes emissions and writes tours, shipments and links in ONE transaction (COPY,
 * updates of existing rows from temp tables) with the vehicles used, the usage billed and the task
 * finished, so a crash, restart or timeout leaves no partial tours of the task.
 */
export async function writeRows(
  run: ImportRun,
  rows: ReadRows,
  mapping: MappingRow,
  confirmed: boolean,
): Promise<void> {
  const { ctx, job, task, companyId, taskId } = run;
  const state: WriteState = {
    counts: { imported: 0, updated: 0, rejected: rows.rejected },
    usedVehicles: new Set(),
    rowsOfTour: new Map(),
    shipmentsOfTour: new Map(),
    billed: new Set(),
  };
  await ctx.db.transaction(async (tx) => {
    // A statement still running at the deadline is cancelled by the server (then rolled back).
    if (ctx.dbKind === 'postgres') await setStatementTimeout(tx, run.deadline() - Date.now());
    const writer = new ImportWriter(tx, ctx.dbKind, companyId);
    await writer.begin();
    await writeBatches(run, tx, writer, rows, mapping, state, confirmed);
    await writer.finish();
    countRows(state, writer, mapping.category);
    await markVehiclesUsed(tx, companyId, [...state.usedVehicles]);
    // Usage is billed from the same transaction: a rolled-back import records nothing.
    await recordUsage(tx, companyId, task.source === 'api' ? 'api' : 'import', state.billed.size, 1);
    await tasks.clearStaging(tx, companyId, taskId);
    await tasks.deleteFile(tx, companyId, taskId);
    await job.checkpoint('beforeCommit', taskId);
    if (Date.now() > run.deadline()) throw new TimedOut();
    const finished = await tasks.updateTask(
      tx,
      companyId,
      taskId,
      {
        status: 'success',
        processedAt: new Date(),
        processedRows: rows.read,
        progress: 100,
        readCheckpoint: null,
        ...state.counts,
      },
      RUNNING,
    );
    // Cancelled meanwhile: roll the whole write back.
    if (!finished) throw new Cancelled();
  });
  await job.progress(100, 100);
}
