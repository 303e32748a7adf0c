import { and, eq, like, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { schema } from '../../platform/db/index.ts';
import { appWithCompanies } from '../../../test/harness.ts';
import {
  SHIPMENT_TITLES,
  createMapping,
  detailsOf,
  importCheckpoints,
  shipmentRow,
  uploadRows,
} from '../../../test/imports.ts';
import { shipments, tours } from '../tours/tours.schema.ts';
import { STAGE_BATCH } from './mappings.import.run.ts';
import { mappingImportRows, mappingImportTasks, tourCodes } from './mappings.schema.ts';

// Decision 0016: an interrupted import resumes its read after the last committed staging batch.
// A memory budget of one character stages every row, so files of a few thousand rows show it.
const { t, a } = appWithCompanies(
  { a: { key: 'ResA', isPayingCustomer: true } },
  { env: { IMPORT_MEMORY_CHARS: '1' } },
);
const hooks = importCheckpoints(t);
const TYPE = 'road_in_tractor_30_60t_diesel';
let user: string;
let mappingId: string;

beforeAll(async () => {
  const admin = await t.login(a.users.cftAdmin.email);
  user = await t.login(a.users.user.email);
  mappingId = (await createMapping(t, admin, detailsOf(SHIPMENT_TITLES), { templateName: 'Resume' })).json()
    .id;
});

/** Rows of one tour each; every 700th has an unknown vehicle type and is refused with a tour code. */
const file = (prefix: string, n: number) =>
  Array.from({ length: n }, (_, i) =>
    shipmentRow(
      `${prefix}-${String(i).padStart(5, '0')}`,
      `${prefix}-S${i}`,
      i % 700 === 5 ? 'rocket' : TYPE,
    ),
  );
const refused = (n: number) => Array.from({ length: n }, (_, i) => i).filter((i) => i % 700 === 5).length;

const taskRow = async (id: string) =>
  (await t.ctx.db.select().from(mappingImportTasks).where(eq(mappingImportTasks.id, id)))[0]!;
const staged = async (id: string) =>
  (
    await t.ctx.db
      .select({ n: sql<number>`count(*)::int` })
      .from(mappingImportRows)
      .where(eq(mappingImportRows.taskId, id))
  )[0]!.n;
const codes = (id: string) =>
  t.ctx.db.select({ row: tourCodes.rowNumber }).from(tourCodes).where(eq(tourCodes.taskId, id));
const count = async (table: typeof tours | typeof shipments, prefix: string) =>
  (
    await t.ctx.db
      .select({ n: sql<number>`count(*)::int` })
      .from(table)
      .where(and(eq(table.companyId, a.id), like(table.reference, `${prefix}-%`)))
  )[0]!.n;

const retryNow = async () => {
  await t.ctx.db
    .update(schema.jobs)
    .set({ runAt: sql`now()` })
    .where(eq(schema.jobs.queue, 'mapping-import'));
  await t.ctx.jobs.drain();
};
const status = async (id: string) =>
  (await t.call({ method: 'GET', url: `/api/mapping-import-tasks/${id}`, token: user })).json();

/** Counts the staging flushes (one per batch of read rows, and a last one) of each attempt. */
function countFlushes(crashAt: number | null) {
  const seen = { flushes: 0 };
  hooks.afterStage = () => {
    seen.flushes++;
    if (seen.flushes === crashAt) throw new Error('worker stopped');
  };
  return seen;
}

describe('an interrupted import resumes after its last committed batch', () => {
  it('a crash while reading: the retry reads on from the checkpoint; every row once', async () => {
    const batch = STAGE_BATCH[t.ctx.dbKind];
    const n = 4 * batch + batch / 2;
    // Crash at the third flush: a point is saved once its COPY has committed, so the checkpoint is
    // the end of the second batch (the third batch's COPY may still be in flight).
    const first = countFlushes(3);
    const id = (await uploadRows(t, user, mappingId, file('RS', n))).json().id;
    await t.ctx.jobs.drain();
    expect(first.flushes).toBe(3);
    const cp = (await taskRow(id)).readCheckpoint!;
    expect(cp).toMatchObject({ read: 2 * batch, staged: 2 * batch - refused(2 * batch), complete: false });
    // Row 1 holds the titles: the second batch ends at file row 2 × batch + 1.
    expect(cp.row).toBe(2 * batch + 1);
    expect((await status(id)).status).toBe('in_processing_queue');

    const second = countFlushes(null);
    await retryNow();
    // A fresh read would flush 5 times; the resumed one reads 2.5 batches: 2 flushes and the last.
    expect(second.flushes).toBe(Math.floor((n - cp.read) / batch) + 1);
    expect(await status(id)).toMatchObject({
      status: 'success',
      imported: n - refused(n),
      rejected: refused(n),
    });
    expect(await count(tours, 'RS')).toBe(n - refused(n));
    expect(await count(shipments, 'RS')).toBe(n - refused(n));
    const rows = (await codes(id)).map((c) => c.row);
    expect(rows).toHaveLength(refused(n));
    expect(new Set(rows).size).toBe(rows.length);
    expect(await staged(id)).toBe(0);
    expect((await taskRow(id)).readCheckpoint).toBeNull();
  }, 300_000);

  it('a crash in the write: the retry goes straight to the write with the staged rows', async () => {
    const batch = STAGE_BATCH[t.ctx.dbKind];
    const n = batch + 10;
    hooks.beforeCommit = () => {
      throw new Error('worker stopped');
    };
    const id = (await uploadRows(t, user, mappingId, file('RW', n))).json().id;
    await t.ctx.jobs.drain();
    expect((await taskRow(id)).readCheckpoint).toMatchObject({
      complete: true,
      read: n,
      rejected: refused(n),
    });
    expect(await staged(id)).toBe(n - refused(n));
    expect(await count(tours, 'RW')).toBe(0);

    hooks.beforeCommit = null;
    const second = countFlushes(null);
    await retryNow();
    expect(second.flushes).toBe(0);
    expect(await status(id)).toMatchObject({
      status: 'success',
      imported: n - refused(n),
      rejected: refused(n),
    });
    expect(await count(tours, 'RW')).toBe(n - refused(n));
    expect(await codes(id)).toHaveLength(refused(n));
  }, 300_000);

  it('staging lost with the database (UNLOGGED): the retry starts at the first row', async () => {
    const batch = STAGE_BATCH[t.ctx.dbKind];
    const n = 2 * batch + 3;
    countFlushes(3);
    const id = (await uploadRows(t, user, mappingId, file('RL', n))).json().id;
    await t.ctx.jobs.drain();
    expect((await taskRow(id)).readCheckpoint).not.toBeNull();
    // What a crash of the database server does to an unlogged table.
    await t.ctx.db.delete(mappingImportRows).where(eq(mappingImportRows.taskId, id));

    const second = countFlushes(null);
    await retryNow();
    expect(second.flushes).toBe(Math.floor(n / batch) + 1);
    expect(await status(id)).toMatchObject({
      status: 'success',
      imported: n - refused(n),
      rejected: refused(n),
    });
    expect(await count(tours, 'RL')).toBe(n - refused(n));
    expect(await codes(id)).toHaveLength(refused(n));
  }, 300_000);

  it('a cancel drops the staged rows and the checkpoint', async () => {
    const batch = STAGE_BATCH[t.ctx.dbKind];
    let flushes = 0;
    let id = '';
    hooks.afterStage = async () => {
      if (++flushes === 2) {
        await t.ctx.db
          .update(mappingImportTasks)
          .set({ status: 'cancelled' })
          .where(eq(mappingImportTasks.id, id));
      }
    };
    id = (await uploadRows(t, user, mappingId, file('RC', 3 * batch))).json().id;
    await t.ctx.jobs.drain();
    expect((await status(id)).status).toBe('cancelled');
    expect(await staged(id)).toBe(0);
    expect((await taskRow(id)).readCheckpoint).toBeNull();
    expect(await count(tours, 'RC')).toBe(0);
  }, 300_000);
});
