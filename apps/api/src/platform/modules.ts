import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { RouteId } from '@klimadesk/contract';
import type { AppContext } from './context.ts';
import type { DbOrTx } from './db/index.ts';
import type { EnqueueOptions, JobContext, JobQueue } from './jobs.ts';

/** The per-IP rate limit the public routes of a module share. */
export type RateLimit = { max: number; timeWindow: number };

/**
 * A background job of a module: its queue name, the zod schema of its payload and its handler.
 * The payload is checked when it is queued and again when the job runs (rows outlive deploys).
 */
export type JobDefinition<P extends z.ZodType = z.ZodType> = {
  queue: string;
  payload: P;
  handler: (
    ctx: AppContext,
    payload: z.output<P>,
    job: JobContext,
  ) => Promise<Record<string, unknown> | void>;
  /** Queues the job with a payload of its schema. */
  enqueue: (jobs: JobQueue, payload: z.input<P>, options?: EnqueueOptions, tx?: DbOrTx) => Promise<string>;
};

export function defineJob<P extends z.ZodType>(job: Omit<JobDefinition<P>, 'enqueue'>): JobDefinition<P> {
  return {
    ...job,
    enqueue: (jobs, payload, options, tx) =>
      jobs.enqueue(job.queue, job.payload.parse(payload) as Record<string, unknown>, options, tx),
  };
}

/** A periodic clean-up of a module, run by whichever process polls the queue. */
export type SweepDefinition = { name: string; run: (ctx: AppContext) => Promise<void> };

/**
 * What a module brings to the API: the route ids of the contract it mounts (the start-up checks
 * that `mount` mounts exactly these), its jobs and its sweeps. Modules are listed once, in
 * `modules/index.ts`, for the API and for `npm run worker`.
 */
export type ModuleManifest = {
  name: string;
  routes: readonly RouteId[];
  mount: (app: FastifyInstance, ctx: AppContext, ipLimit: RateLimit) => void;
  jobs?: readonly JobDefinition[];
  sweeps?: readonly SweepDefinition[];
  /** Rows the module needs before the first request (idempotent; run on every start). */
  seed?: (ctx: AppContext) => Promise<void>;
};

export function defineModule(manifest: ModuleManifest): ModuleManifest {
  return manifest;
}

/** Registers the jobs and sweeps of the given modules with the context's queue. */
export function registerJobs(ctx: AppContext, modules: readonly ModuleManifest[]): void {
  for (const m of modules) {
    for (const job of m.jobs ?? []) {
      ctx.jobs.register(job.queue, (payload, jc) => job.handler(ctx, job.payload.parse(payload), jc));
    }
    for (const sweep of m.sweeps ?? []) ctx.jobs.registerSweep(sweep.name, () => sweep.run(ctx));
  }
}

/**
 * Mounts every module and checks that each mounted exactly the routes its manifest names: a route
 * mounted by another module, or a manifest that claims a route it does not mount, stops the start.
 */
export function mountModules(
  app: FastifyInstance,
  ctx: AppContext,
  modules: readonly ModuleManifest[],
): void {
  const ipLimit = { max: ctx.limits.perIpPerMinute, timeWindow: 60_000 };
  const owner = new Map<string, string>();
  let current = '';
  app.addHook('onRoute', (route) => {
    const id = (route.config as { apiRoute?: { id: string } } | undefined)?.apiRoute?.id;
    if (id && route.method !== 'HEAD') owner.set(id, current);
  });
  for (const m of modules) {
    current = m.name;
    m.mount(app, ctx, ipLimit);
  }
  // The OpenAPI writer builds the app without a database; there is nothing to seed then.
  if (ctx.db) {
    app.addHook('onReady', async () => {
      for (const m of modules) await m.seed?.(ctx);
    });
  }
  for (const m of modules) {
    const mounted = [...owner].filter(([, name]) => name === m.name).map(([id]) => id);
    const claimed = new Set<string>(m.routes);
    const wrong = [
      ...mounted.filter((id) => !claimed.has(id)),
      ...m.routes.filter((id) => owner.get(id) !== m.name),
    ];
    if (wrong.length)
      throw new Error(`module ${m.name}: manifest and mounted routes differ: ${wrong.join(', ')}`);
  }
}
