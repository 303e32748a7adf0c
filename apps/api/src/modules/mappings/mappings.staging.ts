import type { DbOrTx } from '../../platform/db/index.ts';
import type { CompanyId } from '../../platform/tenant.ts';
import * as tasks from './tasks.repository.ts';

type DbKind = 'postgres' | 'pglite';

/** One checked row of an import as staged text (`stage` in mappings.staged.ts). */
export type StagedText = { tourReference: string; data: string };

/**
 * Characters of staged text an import keeps in memory (about 150,000 rows of 310 characters);
 * beyond it the rows go to the staging table. Well within the worker's 384 MB heap.
 */
export const KEPT_CHARS = 48_000_000;

/**
 * The checked rows of an import between reading and writing, grouped by tour. Up to a budget of
 * staged text they stay in memory, so the write reads nothing back and the server has no staging
 * COPY to do; a larger file moves them to the staging table (`mapping_import_rows`) and stages the
 * rest as it is read, with at most one COPY in flight (on PostgreSQL over its own pooled
 * connection, so reading and staging overlap), keeping memory flat.
 */
export class ImportRows {
  private readonly db: DbOrTx;
  private readonly kind: DbKind;
  private readonly companyId: CompanyId;
  private readonly taskId: string;
  private readonly budget: number;
  private readonly stagePerCopy: number;
  private readonly kept = new Map<string, { rowNumber: number; data: string }[]>();
  private keptChars = 0;
  private pending: tasks.StagedRow[] = [];
  private inFlight: Promise<void> = Promise.resolve();
  /** True once the rows are in the staging table (the file was larger than the budget). */
  isStaged = false;
  /** Rows handed to the staging table, and of those the ones whose COPY has committed. */
  handed = 0;
  committed = 0;

  constructor(
    db: DbOrTx,
    kind: DbKind,
    scope: { companyId: CompanyId; taskId: string },
    limits: { keptChars: number; stagePerCopy: number },
  ) {
    this.db = db;
    this.kind = kind;
    this.companyId = scope.companyId;
    this.taskId = scope.taskId;
    this.budget = limits.keptChars;
    this.stagePerCopy = limits.stagePerCopy;
  }

  add(rowNumber: number, tourReference: string, data: string): void {
    if (this.isStaged) {
      this.pending.push({ taskId: this.taskId, companyId: this.companyId, rowNumber, tourReference, data });
      return;
    }
    const list = this.kept.get(tourReference);
    if (list) list.push({ rowNumber, data });
    else this.kept.set(tourReference, [{ rowNumber, data }]);
    this.keptChars += data.length;
    if (this.keptChars > this.budget) this.spill();
  }

  /** A resumed read: the rows up to the checkpoint are staged already (decision 0016). */
  resumeStaged(staged: number): void {
    this.isStaged = true;
    this.handed = staged;
    this.committed = staged;
  }

  private spill(): void {
    this.isStaged = true;
    for (const [tourReference, rows] of this.kept)
      for (const r of rows)
        this.pending.push({ taskId: this.taskId, companyId: this.companyId, tourReference, ...r });
    this.kept.clear();
    this.keptChars = 0;
  }

  /**
   * Hands the rows staged since the last call to the database, one COPY at a time; the last one
   * may still run when this returns (`drain` waits for it).
   */
  async flush(): Promise<void> {
    while (this.pending.length) {
      const batch = this.pending.splice(0, this.stagePerCopy);
      await this.inFlight;
      this.handed += batch.length;
      this.inFlight = tasks.stageRows(this.db, this.kind, batch).then(() => {
        this.committed += batch.length;
      });
      void this.settled(); // a failure is raised where inFlight is awaited
    }
  }

  /** Every row staged (when the budget was exceeded). */
  async drain(): Promise<void> {
    try {
      await this.flush();
      await this.inFlight;
    } finally {
      await this.settled();
    }
  }

  /** Waits for a COPY in flight without raising its failure (staging is cleared next). */
  settled(): Promise<void> {
    return this.inFlight.catch(() => {});
  }

  /**
   * The rows of the next `perBatch` tours at a time, ordered by tour reference and row, each tour
   * whole; kept rows are released as they are handed out. Staged rows are read with `db` (the write
   * transaction's connection).
   */
  async *tours(db: DbOrTx, perBatch: number): AsyncGenerator<StagedText[]> {
    if (this.isStaged) {
      let after: string | null = null;
      for (;;) {
        const rows = await tasks.nextStagedTours(db, this.companyId, this.taskId, after, perBatch);
        if (rows.length === 0) return;
        after = rows[rows.length - 1].tourReference;
        yield rows;
      }
    }
    // Code unit order: the staging index's order under the C collation the databases use.
    const refs = [...this.kept.keys()].sort();
    for (let i = 0; i < refs.length; i += perBatch) {
      const batch: StagedText[] = [];
      for (const tourReference of refs.slice(i, i + perBatch)) {
        for (const r of this.kept.get(tourReference) ?? []) batch.push({ tourReference, data: r.data });
        this.kept.delete(tourReference);
      }
      yield batch;
    }
  }
}
