import { randomUUID } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { type Logger, consoleLogger } from './log.ts';
import { type Db, type DbOrTx, schema } from './db/index.ts';
import type { CompanyId } from './tenant.ts';

export type JobRow = typeof schema.jobs.$inferSelect;

export type JobContext = {
  job: JobRow;
  db: Db;
  /** Records progress in the job row; readers poll it (processed / total as a rounded percent). */
  progress: (processed: number, total?: number) => Promise<void>;
  /** Whether the job was cancelled meanwhile; long jobs check it between batches. */
  cancelled: () => Promise<boolean>;
  /**
   * A named point of the job's work. Nothing happens in production; tests attach a function
   * (`JobQueue.onCheckpoint`) to crash, wait or move the clock exactly there.
   */
  checkpoint: (name: string, ...args: unknown[]) => Promise<void>;
};

export type Checkpoint = (name: string, ...args: unknown[]) => Promise<void> | void;

export type JobHandler = (
  payload: Record<string, unknown>,
  ctx: JobContext,
) => Promise<Record<string, unknown> | void>;

/** Periodic clean-up of a module (e.g. tasks whose job died); runs before jobs are claimed. */
export type Sweep = () => Promise<void>;

export type EnqueueOptions = { companyId?: string | null; runAt?: Date; maxAttempts?: number };

const SWEEP_EVERY_MS = 30_000;

/**
 * A running job's lease: its worker renews `locked_at` every `heartbeatMs`; a job whose lease is
 * older than `leaseMs` belongs to a dead worker and is queued again, so a restarted process takes
 * it over within a minute (it was ten minutes before issue 32). Six missed beats before a takeover.
 */
export type LeaseOptions = { leaseMs?: number; heartbeatMs?: number };
export const JOB_LEASE_MS = 60_000;
export const JOB_HEARTBEAT_MS = 10_000;

/**
 * A PostgreSQL-backed queue that runs unchanged on PGlite and PostgreSQL: jobs are rows, claimed
 * with FOR UPDATE SKIP LOCKED, so the API process and any number of `npm run worker` processes
 * can share one table. Enqueueing inside a transaction makes the job part of that write.
 */
export class JobQueue {
  private readonly handlers = new Map<string, JobHandler>();
  private readonly checkpoints = new Map<string, Checkpoint>();
  private readonly sweeps = new Map<string, Sweep>();
  private lastSweep = 0;
  private timer: NodeJS.Timeout | null = null;
  private running = false;
  private stopped = true;
  private wake: (() => void) | null = null;
  private readonly workerId = `${process.pid}-${randomUUID().slice(0, 8)}`;

  private readonly db: Db;
  private readonly log: Logger;
  private readonly pollMs: number;
  private readonly leaseMs: number;
  private readonly heartbeatMs: number;

  constructor(db: Db, log: Logger = consoleLogger, pollMs = 1000, lease: LeaseOptions = {}) {
    this.db = db;
    this.log = log;
    this.pollMs = pollMs;
    this.leaseMs = lease.leaseMs ?? JOB_LEASE_MS;
    this.heartbeatMs = lease.heartbeatMs ?? JOB_HEARTBEAT_MS;
  }

  register(queue: string, handler: JobHandler): void {
    this.handlers.set(queue, handler);
  }

  /** A named sweep (registering the same name again replaces it). */
  /** Tests: runs `fn` at every checkpoint of the queue's jobs (null removes it). */
  onCheckpoint(queue: string, fn: Checkpoint | null): void {
    if (fn) this.checkpoints.set(queue, fn);
    else this.checkpoints.delete(queue);
  }

  registerSweep(name: string, sweep: Sweep): void {
    this.sweeps.set(name, sweep);
  }

  /** Runs the sweeps now; a failing sweep is logged and does not stop the others or the queue. */
  async sweep(): Promise<void> {
    this.lastSweep = Date.now();
    for (const [name, fn] of this.sweeps) {
      await fn().catch((err: unknown) => this.log.error({ err, sweep: name }, 'sweep failed'));
    }
  }

  async enqueue(
    queue: string,
    payload: Record<string, unknown>,
    options: EnqueueOptions = {},
    tx: DbOrTx = this.db,
  ): Promise<string> {
    const [row] = await tx
      .insert(schema.jobs)
      .values({
        queue,
        payload,
        companyId: options.companyId ?? null,
        runAt: options.runAt ?? new Date(),
        maxAttempts: options.maxAttempts ?? 3,
      })
      .returning({ id: schema.jobs.id });
    // A job written inside a transaction becomes visible only at commit; polling picks it up then.
    if (tx === this.db) this.wake?.();
    return row.id;
  }

  /**
   * Stops a company's job: a queued one is never claimed, a running one sees it through
   * `JobContext.cancelled()` between its steps. Finished jobs stay as they are.
   */
  async cancel(companyId: CompanyId, jobId: string, tx: DbOrTx = this.db): Promise<void> {
    await tx
      .update(schema.jobs)
      .set({ status: 'cancelled', finishedAt: sql`now()` })
      .where(
        and(
          eq(schema.jobs.companyId, companyId),
          eq(schema.jobs.id, jobId),
          inArray(schema.jobs.status, ['queued', 'running']),
        ),
      );
  }

  /**
   * Ends jobs still marked running whose work was given up elsewhere (a module's sweep found their
   * worker dead and closed what they were doing). Queued and finished jobs stay as they are.
   */
  async cancelRunning(jobIds: string[], tx: DbOrTx = this.db): Promise<void> {
    if (jobIds.length === 0) return;
    await tx
      .update(schema.jobs)
      .set({ status: 'cancelled', finishedAt: sql`now()`, lockedAt: null })
      .where(and(inArray(schema.jobs.id, jobIds), eq(schema.jobs.status, 'running')));
  }

  /** Starts polling in this process. */
  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    const loop = async () => {
      if (this.stopped) return;
      await this.drain().catch((err: unknown) => this.log.error({ err }, 'job loop failed'));
      if (this.stopped) return;
      await new Promise<void>((resolve) => {
        this.wake = resolve;
        this.timer = setTimeout(resolve, this.pollMs);
      });
      this.wake = null;
      void loop();
    };
    void loop();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.wake?.();
    while (this.running) await new Promise((r) => setTimeout(r, 20));
  }

  /** Runs ready jobs until none is left; tests call it to process deterministically. */
  async drain(): Promise<number> {
    if (this.running) return 0;
    this.running = true;
    let count = 0;
    try {
      // Sweeps look for things that went wrong minutes ago; once per SWEEP_EVERY_MS is plenty.
      if (Date.now() - this.lastSweep >= SWEEP_EVERY_MS) await this.sweep();
      for (;;) {
        const job = await this.claim();
        if (!job) break;
        await this.run(job);
        count++;
      }
    } finally {
      this.running = false;
    }
    return count;
  }

  private async claim(): Promise<JobRow | null> {
    const queues = [...this.handlers.keys()];
    if (queues.length === 0) return null;
    // A running job whose worker stopped renewing its lease (the worker died) is queued again.
    await this.db
      .update(schema.jobs)
      .set({ status: 'queued', lockedAt: null, lockedBy: null })
      .where(
        and(
          eq(schema.jobs.status, 'running'),
          sql`${schema.jobs.lockedAt} < now() - make_interval(secs => ${this.leaseMs / 1000})`,
        ),
      );
    const queueList = sql.join(
      queues.map((q) => sql`${q}`),
      sql`, `,
    );
    const claimed = await this.db
      .update(schema.jobs)
      .set({
        status: 'running',
        lockedAt: sql`now()`,
        lockedBy: this.workerId,
        attempts: sql`${schema.jobs.attempts} + 1`,
      })
      .where(
        eq(
          schema.jobs.id,
          sql`(select id from jobs where status = 'queued' and run_at <= now() and queue in (${queueList})
               order by run_at limit 1 for update skip locked)`,
        ),
      )
      .returning();
    return claimed[0] ?? null;
  }

  /** The job row while this worker holds its lease (the job is running and locked by it). */
  private owned(jobId: string) {
    return and(
      eq(schema.jobs.id, jobId),
      eq(schema.jobs.status, 'running'),
      eq(schema.jobs.lockedBy, this.workerId),
    );
  }

  /**
   * Renews the job's lease every `heartbeatMs` while it runs. A beat that finds the job no longer
   * held by this worker (cancelled, or taken over after this process stalled past the lease) marks
   * the lease lost: `cancelled()` answers true from then on, so the handler stops at its next check.
   */
  private heartbeat(jobId: string): { lost: () => boolean; stop: () => void } {
    let lost = false;
    let beating = false;
    // A worker that could not renew for a whole lease (its process stalled) counts its lease as
    // lost at once, before any beat: another worker may have taken the job over meanwhile.
    let renewedAt = Date.now();
    const timer = setInterval(() => {
      if (beating || lost) return;
      beating = true;
      this.db
        .update(schema.jobs)
        .set({ lockedAt: sql`now()` })
        .where(this.owned(jobId))
        .returning({ id: schema.jobs.id })
        .then((rows) => {
          if (rows.length === 0) lost = true;
          else renewedAt = Date.now();
        })
        .catch((err: unknown) => this.log.warn({ err, jobId }, 'job heartbeat failed'))
        .finally(() => {
          beating = false;
        });
    }, this.heartbeatMs);
    timer.unref();
    return { lost: () => lost || Date.now() - renewedAt > this.leaseMs, stop: () => clearInterval(timer) };
  }

  private async run(job: JobRow): Promise<void> {
    const handler = this.handlers.get(job.queue);
    if (!handler) return;
    const lease = this.heartbeat(job.id);
    const ctx: JobContext = {
      job,
      db: this.db,
      progress: async (processed, total) => {
        const t = total ?? job.total ?? null;
        await this.db
          .update(schema.jobs)
          .set({
            processed,
            ...(t !== null ? { total: t, progress: t > 0 ? Math.round((processed / t) * 100) : 100 } : {}),
          })
          .where(this.owned(job.id));
      },
      // Also true once the lease is lost: another worker may run the job now, never two at once.
      cancelled: async () => {
        if (lease.lost()) return true;
        const [row] = await this.db
          .select({ status: schema.jobs.status, lockedBy: schema.jobs.lockedBy })
          .from(schema.jobs)
          .where(eq(schema.jobs.id, job.id));
        return row?.status !== 'running' || row.lockedBy !== this.workerId;
      },
      checkpoint: async (name, ...args) => {
        await this.checkpoints.get(job.queue)?.(name, ...args);
      },
    };
    try {
      const result = await handler(job.payload, ctx);
      await this.db
        .update(schema.jobs)
        .set({
          status: 'done',
          progress: 100,
          result: result ?? null,
          finishedAt: sql`now()`,
          lockedAt: null,
        })
        .where(this.owned(job.id));
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      const retry = job.attempts < job.maxAttempts;
      this.log.warn({ err, jobId: job.id, queue: job.queue, retry }, 'job failed');
      await this.db
        .update(schema.jobs)
        .set({
          status: retry ? 'queued' : 'failed',
          lastError: message.slice(0, 2000),
          lockedAt: null,
          // Back off exponentially: 2 s, 4 s, 8 s, ...
          runAt: sql`now() + ${`${2 ** job.attempts} seconds`}::interval`,
          finishedAt: retry ? null : sql`now()`,
        })
        // A cancelled job or one another worker took over keeps the state it has now.
        .where(this.owned(job.id));
    } finally {
      lease.stop();
    }
  }
}
