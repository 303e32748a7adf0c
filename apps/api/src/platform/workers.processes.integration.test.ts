import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { loadConfig } from './config.ts';
import { type AppContext, createContext } from './context.ts';
import { rowsOf, schema } from './db/index.ts';
import { freshDatabase, testDatabaseUrl, withDatabase } from '../../test/databases.ts';
import { PASSWORD, createCompanyFixture } from '../../test/harness.ts';

// Two real `npm run worker` processes beside the app (which only enqueues, as with WORKER=0) on one
// PostgreSQL database: they share the queue, never run a job twice, and a killed worker's job is
// taken over once its lease runs out (shortened here through JOB_LEASE_MS and JOB_HEARTBEAT_MS).
const root = fileURLToPath(new URL('../../../../', import.meta.url));
const LEASE_MS = 2000;

type Worker = { proc: ChildProcess; output: string[]; exited: Promise<void> };

function startWorker(databaseUrl: string): Worker {
  // A process group of its own, so npm and the node process under it end together.
  const proc = spawn('npm', ['run', '--silent', 'worker'], {
    cwd: root,
    detached: true,
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      DATA_DIR: mkdtempSync(join(tmpdir(), 'klimadesk-worker-')),
      SESSION_SECRET: 'test-secret-test-secret-test-secret-0123',
      SEED_DEMO: '0',
      LOG_LEVEL: 'silent',
      JOB_LEASE_MS: String(LEASE_MS),
      JOB_HEARTBEAT_MS: '250',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  proc.stdout?.on('data', (d: Buffer) => output.push(d.toString()));
  proc.stderr?.on('data', (d: Buffer) => output.push(d.toString()));
  const exited = new Promise<void>((resolve) => proc.on('exit', () => resolve()));
  return { proc, output, exited };
}

function stopWorker(w: Worker, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
  if (w.proc.exitCode === null && w.proc.signalCode === null && w.proc.pid) {
    try {
      process.kill(-w.proc.pid, signal);
    } catch {
      // already gone
    }
  }
  return w.exited;
}

async function until<T>(what: string, probe: () => Promise<T | null | undefined | false>, ms = 60_000) {
  const end = Date.now() + ms;
  for (;;) {
    const v = await probe();
    if (v) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

const rows = (tour: string, n: number) =>
  Array.from({ length: n }, (_, i) => ({
    tourReference: `${tour}-${Math.floor(i / 5)}`,
    shipmentReference: `${tour}-S${i}`,
    departureDate: '2026-03-02',
    glecTransportType: 'road_in_12_20t_diesel',
    weight: 1000,
    distance: 120,
  }));

describe.skipIf(!testDatabaseUrl)('two worker processes on one queue', () => {
  let db: Awaited<ReturnType<typeof freshDatabase>>;
  let ctx: AppContext;
  let app: Awaited<ReturnType<typeof buildApp>>;
  let token: string;
  let companyId: string;
  const workers: Worker[] = [];

  const push = async (body: unknown) => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/imports/tours-shipments',
      headers: { authorization: `Bearer ${token}` },
      payload: body as object,
    });
    expect(res.statusCode).toBe(201);
    return res.json<{ id: string }>().id;
  };
  type Task = { id: string; status: string; imported: number; jobId: string };
  const tasksOf = async (ids: string[]) =>
    rowsOf<Task>(
      await ctx.db.execute(sql`select id, status, imported, job_id "jobId" from mapping_import_tasks
        where id in (${sql.join(
          ids.map((i) => sql`${i}`),
          sql`, `,
        )})`),
    );
  const jobsOf = async (taskIds: string[]) => {
    const jobIds = (await tasksOf(taskIds)).map((t) => t.jobId);
    return ctx.db.select().from(schema.jobs).where(inArray(schema.jobs.id, jobIds));
  };

  beforeAll(async () => {
    db = await freshDatabase();
    const config = loadConfig({
      DATA_DIR: mkdtempSync(join(tmpdir(), 'klimadesk-data-')),
      SEED_DEMO: '0',
      LOG_LEVEL: 'silent',
      WORKER: '0',
      SESSION_SECRET: 'test-secret-test-secret-test-secret-0123',
    });
    ctx = await createContext(config, { handle: db, log: { info() {}, warn() {}, error() {} } });
    app = await buildApp(ctx, { logger: false });
    await app.ready();
    const company = await createCompanyFixture(ctx, 'Workers', { isPayingCustomer: true });
    companyId = company.id;
    const login = await app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: company.users.admin.email, password: PASSWORD },
    });
    token = login.json<{ token: string }>().token;
    const url = withDatabase(testDatabaseUrl!, db.name);
    workers.push(startWorker(url), startWorker(url));
  }, 120_000);

  afterAll(async () => {
    await Promise.all(workers.map((w) => stopWorker(w)));
    await app?.close();
    await ctx?.close();
  });

  it('share the jobs without running one twice', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 12; i++) ids.push(await push({ rows: rows(`W${i}`, 200) }));
    const done = await until(
      'the imports',
      async () => {
        const t = await tasksOf(ids);
        return t.every((x) => x.status === 'success') && t;
      },
      90_000,
    );
    expect(done.map((t) => t.imported)).toEqual(ids.map(() => 200));
    // Each task is marked inside its import's write; its job row ends a moment later.
    const jobs = await until('the jobs to end', async () => {
      const js = await jobsOf(ids);
      return js.every((j) => j.status !== 'running') && js;
    });
    expect(jobs.every((j) => j.status === 'done' && j.attempts === 1)).toBe(true);
    // Both processes took jobs (each locks with its pid first).
    const by = new Set(jobs.map((j) => j.lockedBy!.split('-')[0]));
    expect(by.size).toBe(2);
    // Every shipment once, and no import updated rows: a job run twice would have found its own.
    const [{ n }] = rowsOf<{ n: number }>(
      await ctx.db.execute(sql`select count(*)::int n from shipments where company_id = ${companyId}`),
    );
    expect(n).toBe(12 * 200);
  }, 120_000);

  it("takes over a killed worker's job after its lease", async () => {
    const id = await push({ rows: rows('K', 5000) });
    const [task] = await tasksOf([id]);
    const running = await until('the job to start', async () => {
      const [job] = await ctx.db
        .select()
        .from(schema.jobs)
        .where(inArray(schema.jobs.id, [task.jobId]));
      return job.status === 'running' && job;
    });
    const pid = Number(running.lockedBy!.split('-')[0]);
    const victim = workers.find((w) => processGroup(pid) === w.proc.pid)!;
    expect(victim).toBeDefined();
    // The node process under npm dies without a word, as on a crash or an OOM kill.
    process.kill(pid, 'SIGKILL');
    await stopWorker(victim, 'SIGKILL');
    const killedAt = Date.now();
    const finished = await until(
      'the takeover',
      async () => {
        const [t] = await tasksOf([id]);
        return t.status === 'success' && t;
      },
      90_000,
    );
    expect(Date.now() - killedAt).toBeGreaterThanOrEqual(LEASE_MS - 500);
    expect(finished.imported).toBe(5000);
    // The task is marked inside the import's write; the job row ends a moment later, after it.
    const job = await until('the job to end', async () => {
      const [j] = await jobsOf([id]);
      return j.status !== 'running' && j;
    });
    expect(job).toMatchObject({ status: 'done', attempts: 2 });
    expect(Number(job.lockedBy!.split('-')[0])).not.toBe(pid);
  }, 150_000);
});

/** The process group of a pid (field 5 of /proc/<pid>/stat): the npm process the worker runs under. */
function processGroup(pid: number): number {
  return Number(readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ')[2]);
}
