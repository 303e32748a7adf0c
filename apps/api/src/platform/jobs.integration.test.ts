import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema } from './db/index.ts';
import { JobQueue } from './jobs.ts';
import { type TestApp, createTestApp } from '../../test/harness.ts';

let t: TestApp;
const silent = { info: () => {}, warn: () => {}, error: () => {} };

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('JobQueue', () => {
  it('runs a job, records progress and result', async () => {
    const q = new JobQueue(t.ctx.db, silent);
    q.register('test.progress', async (payload, ctx) => {
      const total = Number(payload.total);
      for (let i = 1; i <= total; i++) await ctx.progress(i, total);
      return { sum: total * 2 };
    });
    const id = await q.enqueue('test.progress', { total: 4 });
    expect(await q.drain()).toBe(1);
    const [job] = await t.ctx.db.select().from(schema.jobs).where(eq(schema.jobs.id, id));
    expect(job).toMatchObject({
      status: 'done',
      progress: 100,
      processed: 4,
      total: 4,
      result: { sum: 8 },
      attempts: 1,
    });
  });

  it('cancelRunning ends only the running ones of the given jobs', async () => {
    const q = new JobQueue(t.ctx.db, silent);
    const running = await q.enqueue('test.abandoned', {});
    const queued = await q.enqueue('test.abandoned', {});
    const other = await q.enqueue('test.abandoned', {});
    await t.ctx.db
      .update(schema.jobs)
      .set({ status: 'running', lockedAt: new Date() })
      .where(inArray(schema.jobs.id, [running, other]));
    await q.cancelRunning([running, queued]);
    const status = async (id: string) =>
      (await t.ctx.db.select().from(schema.jobs).where(eq(schema.jobs.id, id)))[0];
    expect(await status(running)).toMatchObject({ status: 'cancelled', lockedAt: null });
    expect((await status(running)).finishedAt).not.toBeNull();
    expect((await status(queued)).status).toBe('queued');
    expect((await status(other)).status).toBe('running');
  });

  it('retries a failing job and marks it failed after the last attempt', async () => {
    const q = new JobQueue(t.ctx.db, silent);
    let calls = 0;
    q.register('test.flaky', async () => {
      calls++;
      throw new Error(`boom ${calls}`);
    });
    const id = await q.enqueue('test.flaky', {}, { maxAttempts: 2 });
    await q.drain();
    let [job] = await t.ctx.db.select().from(schema.jobs).where(eq(schema.jobs.id, id));
    expect(job).toMatchObject({ status: 'queued', attempts: 1, lastError: 'boom 1' });
    // The retry waits for its back-off; make it due now.
    await t.ctx.db
      .update(schema.jobs)
      .set({ runAt: new Date(Date.now() - 1000) })
      .where(eq(schema.jobs.id, id));
    await q.drain();
    [job] = await t.ctx.db.select().from(schema.jobs).where(eq(schema.jobs.id, id));
    expect(job).toMatchObject({ status: 'failed', attempts: 2, lastError: 'boom 2' });
    expect(calls).toBe(2);
  });

  it('drops a job enqueued in a transaction that rolls back', async () => {
    const q = new JobQueue(t.ctx.db, silent);
    q.register('test.tx', async () => ({}));
    await expect(
      t.ctx.db.transaction(async (tx) => {
        await q.enqueue('test.tx', { n: 1 }, {}, tx);
        throw new Error('rollback');
      }),
    ).rejects.toThrow('rollback');
    const rows = await t.ctx.db.select().from(schema.jobs).where(eq(schema.jobs.queue, 'test.tx'));
    expect(rows).toHaveLength(0);
  });

  it('lets two workers share the queue without running a job twice', async () => {
    const seen: string[] = [];
    const make = () => {
      const q = new JobQueue(t.ctx.db, silent);
      q.register('test.shared', async (p) => {
        seen.push(String(p.n));
      });
      return q;
    };
    const [q1, q2] = [make(), make()];
    for (let n = 0; n < 10; n++) await q1.enqueue('test.shared', { n });
    await Promise.all([q1.drain(), q2.drain()]);
    expect(seen.sort()).toEqual(['0', '1', '2', '3', '4', '5', '6', '7', '8', '9']);
  });

  it('processes jobs on its own once started', async () => {
    const q = new JobQueue(t.ctx.db, silent, 50);
    let done = false;
    q.register('test.loop', async () => {
      done = true;
    });
    q.start();
    await q.enqueue('test.loop', {});
    for (let i = 0; i < 100 && !done; i++) await new Promise((r) => setTimeout(r, 20));
    await q.stop();
    expect(done).toBe(true);
  });
});

describe('job leases: heartbeat and takeover (issue 32)', () => {
  const jobRow = async (id: string) =>
    (await t.ctx.db.select().from(schema.jobs).where(eq(schema.jobs.id, id)))[0];
  /** A job as a worker left it when its process died `secondsAgo` after its last renewal. */
  const abandoned = async (queue: string, secondsAgo: number) => {
    const q = new JobQueue(t.ctx.db, silent);
    const id = await q.enqueue(queue, {});
    await t.ctx.db
      .update(schema.jobs)
      .set({
        status: 'running',
        lockedBy: 'dead-worker',
        attempts: 1,
        lockedAt: sql`now() - make_interval(secs => ${secondsAgo})`,
      })
      .where(eq(schema.jobs.id, id));
    return id;
  };

  it('a restarted process takes over a dead worker’s job once its one-minute lease has run out', async () => {
    const ran: string[] = [];
    const q = new JobQueue(t.ctx.db, silent);
    q.register('test.orphan', async () => {
      ran.push('run');
    });
    // Renewed 30 s ago: its worker may be alive. Two minutes ago: dead (ten minutes before issue 32).
    const recent = await abandoned('test.orphan', 30);
    const dead = await abandoned('test.orphan', 120);
    expect(await q.drain()).toBe(1);
    expect(ran).toEqual(['run']);
    expect(await jobRow(dead)).toMatchObject({ status: 'done', attempts: 2 });
    expect(await jobRow(recent)).toMatchObject({ status: 'running', lockedBy: 'dead-worker' });
  });

  it('a running worker renews its lease, so nobody takes over its job while it lives', async () => {
    const lease = { leaseMs: 3_000, heartbeatMs: 100 };
    let runs = 0;
    let release!: () => void;
    const running = new Promise<void>((resolve) => (release = resolve));
    const started = new Promise<void>((resolve) => {
      const q1 = new JobQueue(t.ctx.db, silent, 1000, lease);
      q1.register('test.long', async () => {
        runs++;
        resolve();
        await running;
      });
      void q1.enqueue('test.long', {}).then(() => q1.drain());
    });
    await started;
    const q2 = new JobQueue(t.ctx.db, silent, 1000, lease);
    q2.register('test.long', async () => {
      runs++;
    });
    // Longer than a lease (and 40 beats), another worker keeps looking for work.
    const until = Date.now() + 4_000;
    while (Date.now() < until) {
      await q2.drain();
      await new Promise((r) => setTimeout(r, 100));
    }
    release();
    await new Promise((r) => setTimeout(r, 50));
    expect(runs).toBe(1);
    const [job] = await t.ctx.db.select().from(schema.jobs).where(eq(schema.jobs.queue, 'test.long'));
    for (let i = 0; i < 50 && (await jobRow(job.id)).status === 'running'; i++)
      await new Promise((r) => setTimeout(r, 20));
    expect(await jobRow(job.id)).toMatchObject({ status: 'done', attempts: 1 });
  });

  it('a worker whose job was taken over stops at its next check and leaves the new owner’s row alone', async () => {
    const q = new JobQueue(t.ctx.db, silent, 1000, { leaseMs: 60_000, heartbeatMs: 50 });
    let sawLoss = false;
    let id = '';
    q.register('test.takeover', async (_payload, ctx) => {
      // Another worker took the job over (this process stalled past the lease, say).
      await t.ctx.db
        .update(schema.jobs)
        .set({ lockedBy: 'new-owner', lockedAt: sql`now()` })
        .where(eq(schema.jobs.id, ctx.job.id));
      for (let i = 0; i < 100 && !sawLoss; i++) {
        sawLoss = await ctx.cancelled();
        if (!sawLoss) await new Promise((r) => setTimeout(r, 20));
      }
      await ctx.progress(5, 10);
      return { wrote: true };
    });
    id = await q.enqueue('test.takeover', {});
    await q.drain();
    expect(sawLoss).toBe(true);
    expect(await jobRow(id)).toMatchObject({
      status: 'running',
      lockedBy: 'new-owner',
      result: null,
      processed: 0,
    });
  });
});
