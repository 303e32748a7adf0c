import { eq, sql } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { appWithCompanies } from '../../../test/harness.ts';
import {
  SHIPMENT_TITLES,
  createMapping,
  detailsOf,
  importCheckpoints,
  shipmentRow,
  uploadRows,
} from '../../../test/imports.ts';
import { schema } from '../../platform/db/index.ts';
import { shipments, tours } from '../tours/tours.schema.ts';
import { mappingImportFiles, mappingImportRows, mappingImportTasks, tourCodes } from './mappings.schema.ts';

const LIMIT_SECONDS = 60;
const TYPE = 'road_in_tractor_30_60t_diesel';
const DETAILS = detailsOf(SHIPMENT_TITLES);

const { t, a } = appWithCompanies(
  { a: { key: 'ImpTimeout', isPayingCustomer: true } },
  { env: { IMPORT_TIMEOUT_SECONDS: String(LIMIT_SECONDS) } },
);
const hooks = importCheckpoints(t);
let user: string;
let mappingId: string;

async function upload(prefix: string, n = 3): Promise<string> {
  const rows = Array.from({ length: n }, (_, i) => shipmentRow(`${prefix}-${i}`, `${prefix}-S${i}`, TYPE));
  // One row with a problem: its tour code must not outlive a timed-out import either.
  rows.push(shipmentRow(`${prefix}-X`, '', TYPE));
  const res = await uploadRows(t, user, mappingId, rows);
  expect(res.statusCode).toBe(201);
  return res.json().id as string;
}

const task = async (id: string) =>
  (await t.call({ method: 'GET', url: `/api/mapping-import-tasks/${id}`, token: user })).json();

const jobOf = async (id: string) => {
  const [row] = await t.ctx.db.select().from(mappingImportTasks).where(eq(mappingImportTasks.id, id));
  return row.jobId as string;
};

/** Nothing of the task is left but the task row: no tours, shipments, staged rows, codes or file. */
async function expectNothingOf(id: string, prefix: string) {
  const ts = await t.ctx.db.select().from(tours).where(eq(tours.companyId, a.id));
  expect(ts.filter((x) => x.reference.startsWith(`${prefix}-`))).toHaveLength(0);
  const ss = await t.ctx.db.select().from(shipments).where(eq(shipments.companyId, a.id));
  expect(ss.filter((x) => x.reference.startsWith(`${prefix}-`))).toHaveLength(0);
  expect(
    await t.ctx.db.select().from(mappingImportRows).where(eq(mappingImportRows.taskId, id)),
  ).toHaveLength(0);
  expect(await t.ctx.db.select().from(tourCodes).where(eq(tourCodes.taskId, id))).toHaveLength(0);
  expect(
    await t.ctx.db.select().from(mappingImportFiles).where(eq(mappingImportFiles.taskId, id)),
  ).toHaveLength(0);
}

/** Moves the clock past the limit as seen by the import (Date only; timers keep running). */
const jumpPastLimit = () => {
  vi.setSystemTime(Date.now() + 2 * LIMIT_SECONDS * 1000);
};

beforeAll(async () => {
  const admin = await t.login(a.users.cftAdmin.email);
  user = await t.login(a.users.user.email);
  const m = await createMapping(t, admin, DETAILS, { templateName: 'Timeout' });
  expect(m.statusCode).toBe(201);
  mappingId = m.json().id;
});
afterEach(() => {
  vi.useRealTimers();
});

describe('import time limit', () => {
  it('an import past the limit while reading is stopped and marked mapping_timed_out', async () => {
    const id = await upload('TR');
    hooks.afterStage = jumpPastLimit;
    await t.ctx.jobs.drain();
    vi.useRealTimers();
    const done = await task(id);
    expect(done).toMatchObject({ status: 'mapping_timed_out', state: 'failed', done: true });
    expect(done.processedAt).not.toBeNull();
    await expectNothingOf(id, 'TR');
    // Ended for good: the job is not retried.
    const [job] = await t.ctx.db
      .select()
      .from(schema.jobs)
      .where(eq(schema.jobs.id, await jobOf(id)));
    expect(job.status).toBe('done');
    expect(await t.ctx.jobs.drain()).toBe(0);
  });

  it('an import past the limit after writing its tours rolls the whole write back', async () => {
    const id = await upload('TW', 20);
    // Tours, shipments and links are merged inside the transaction when the limit passes.
    hooks.beforeCommit = jumpPastLimit;
    await t.ctx.jobs.drain();
    vi.useRealTimers();
    const done = await task(id);
    expect(done).toMatchObject({ status: 'mapping_timed_out', done: true });
    expect(done.processedAt).not.toBeNull();
    await expectNothingOf(id, 'TW');
  });

  it('the same file within the limit imports', async () => {
    const id = await upload('TOK');
    await t.ctx.jobs.drain();
    expect(await task(id)).toMatchObject({ status: 'success', imported: 3, rejected: 1 });
  });
});

describe('sweep of tasks whose job died', () => {
  const setTask = (id: string, values: Partial<typeof mappingImportTasks.$inferInsert>) =>
    t.ctx.db.update(mappingImportTasks).set(values).where(eq(mappingImportTasks.id, id));
  const setJob = (jobId: string, values: Partial<typeof schema.jobs.$inferInsert>) =>
    t.ctx.db.update(schema.jobs).set(values).where(eq(schema.jobs.id, jobId));
  const longAgo = sql`now() - interval '2 hours'`;

  it('times out open tasks past the limit whose job is gone or whose worker died, and no others', async () => {
    // Job row gone (e.g. deleted with a crashed queue), started long ago, rows left in staging.
    const gone = await upload('SG');
    const goneJob = await jobOf(gone);
    await setTask(gone, { status: 'in_processing_queue', startedAt: longAgo as never });
    await t.ctx.db.delete(schema.jobs).where(eq(schema.jobs.id, goneJob));
    await t.ctx.db.insert(mappingImportRows).values({
      taskId: gone,
      companyId: a.id,
      rowNumber: 2,
      tourReference: 'SG-0',
      data: '{}',
    });
    // Job still 'running' but its lock is older than the limit: the worker died.
    const dead = await upload('SD');
    const deadJob = await jobOf(dead);
    await setTask(dead, { status: 'in_processing_queue', startedAt: longAgo as never });
    await setJob(deadJob, { status: 'running', lockedAt: longAgo as never });
    // Never started, uploaded long ago, its job failed without marking the task.
    const failed = await upload('SF');
    await setTask(failed, { uploadedAt: longAgo as never });
    await setJob(await jobOf(failed), { status: 'failed' });
    // Not swept: a queued job (it times the import out itself), a live worker, a young task.
    const queued = await upload('SQ');
    await setTask(queued, { uploadedAt: longAgo as never });
    const live = await upload('SL');
    await setTask(live, { status: 'in_processing_queue', startedAt: longAgo as never });
    await setJob(await jobOf(live), { status: 'running', lockedAt: new Date() });
    const young = await upload('SY');
    await setJob(await jobOf(young), { status: 'failed' });

    await t.ctx.jobs.sweep();

    for (const id of [gone, dead, failed]) {
      const swept = await task(id);
      expect(swept).toMatchObject({ status: 'mapping_timed_out', state: 'failed', done: true });
      expect(swept.processedAt).not.toBeNull();
    }
    expect(
      await t.ctx.db.select().from(mappingImportRows).where(eq(mappingImportRows.taskId, gone)),
    ).toHaveLength(0);
    const [deadRow] = await t.ctx.db.select().from(schema.jobs).where(eq(schema.jobs.id, deadJob));
    expect(deadRow.status).toBe('cancelled');
    expect((await task(queued)).status).toBe('uploaded');
    expect((await task(live)).status).toBe('in_processing_queue');
    expect((await task(young)).status).toBe('uploaded');
  });

  it('a queued job of a task started before the limit ends it as timed out when it runs', async () => {
    const id = await upload('SR');
    await setTask(id, { status: 'in_processing_queue', startedAt: longAgo as never });
    await t.ctx.jobs.drain();
    expect(await task(id)).toMatchObject({ status: 'mapping_timed_out', done: true });
    await expectNothingOf(id, 'SR');
  });
});
