/**
 * The spreadsheet reader threads: every xlsx file an upload or an import reads is checked and
 * parsed in one of a few worker threads (`xlsx-worker.ts`), never on the API's event loop, where
 * a workbook that inflates to tens of megabytes held every request of every tenant for seconds.
 * Each thread has its own heap limit, so a file that needs more memory ends its thread and is
 * refused (`fileLimitExceeded`, `memory`) instead of growing the API's process; a company may
 * have a few reads at a time (`importsBusy` beyond them).
 */
import { Worker } from 'node:worker_threads';
import { AppError } from './errors.ts';
import type { Cell, ReadMode, ReaderReply, ReaderRequest } from './xlsx-protocol.ts';

export type { Cell, ReadMode };

/** Threads at most: two cores serve the API as well. */
export const READER_THREADS = 2;
/** Reads a company may have running or waiting at once, from requests (jobs are queued anyway). */
export const TENANT_READS = 2;
/** Heap of a reader thread: a workbook within the load limits needs well under half of it. */
const READER_HEAP_MB = 512;
/** A whole-workbook read within the limits takes seconds; past this the thread is ended. */
const LOAD_TIMEOUT_MS = 60_000;
/** An idle thread ends after this, giving its heap back. */
const IDLE_MS = 30_000;

const WORKER_URL = new URL('./xlsx-worker.ts', import.meta.url);

/** What the reader of a file gets: a sheet starts (`load`), rows, the end. */
export type ReadEvent =
  | { type: 'sheet'; name: string; visible: boolean }
  | { type: 'rows'; rows: Cell[][]; bytes: number }
  | { type: 'done'; hidden: string | null };

type Listener = { reply: (r: ReaderReply) => void; crash: (err: unknown) => void };

class ReaderThread {
  readonly worker: Worker;
  private listener: Listener | null = null;
  private job = 0;
  private idle: NodeJS.Timeout | null = null;
  dead = false;
  private readonly pool: ReaderPool;

  constructor(pool: ReaderPool) {
    this.pool = pool;
    this.worker = new Worker(WORKER_URL, { resourceLimits: { maxOldGenerationSizeMb: READER_HEAP_MB } });
    this.worker.on('message', (reply: ReaderReply) => {
      if (reply.id !== this.job) return;
      this.listener?.reply(reply);
      if (reply.type === 'done' || reply.type === 'fault') this.finish();
    });
    this.worker.on('error', (err: Error & { code?: string }) => this.die(err));
    this.worker.on('exit', () => this.die(new Error('spreadsheet reader thread exited')));
  }

  start(id: number, request: ReaderRequest, listener: Listener, transfer: ArrayBuffer[]) {
    if (this.idle) clearTimeout(this.idle);
    this.idle = null;
    this.job = id;
    this.listener = listener;
    // Referenced while it works, so a script waiting for a read does not end meanwhile.
    this.worker.ref();
    this.worker.postMessage(request, transfer);
  }

  send(request: ReaderRequest) {
    if (!this.dead && request.id === this.job) this.worker.postMessage(request);
  }

  private finish() {
    this.listener = null;
    this.job = 0;
    this.worker.unref();
    this.idle = setTimeout(() => void this.stop(), IDLE_MS);
    this.idle.unref();
    this.pool.release(this);
  }

  private die(err: Error & { code?: string }) {
    if (this.dead) return;
    this.dead = true;
    if (this.idle) clearTimeout(this.idle);
    const listener = this.listener;
    this.listener = null;
    this.pool.remove(this);
    listener?.crash(
      err.code === 'ERR_WORKER_OUT_OF_MEMORY'
        ? new AppError('fileLimitExceeded', { limit: 'memory', max: READER_HEAP_MB * 1024 * 1024 })
        : err,
    );
  }

  /** Ends the thread (idle, or a read past its time). */
  async stop(err?: AppError) {
    if (err) this.die(err);
    else if (!this.dead) {
      this.dead = true;
      this.pool.remove(this);
    }
    await this.worker.terminate();
  }
}

class ReaderPool {
  private readonly idle: ReaderThread[] = [];
  private readonly threads = new Set<ReaderThread>();
  private readonly waiting: ((t: ReaderThread) => void)[] = [];
  private readonly tenants = new Map<string, number>();
  private nextId = 1;

  /** A free thread, started if fewer than READER_THREADS run, or the next one freed. */
  private acquire(): Promise<ReaderThread> {
    const free = this.idle.pop();
    if (free) return Promise.resolve(free);
    if (this.threads.size < READER_THREADS) {
      const thread = new ReaderThread(this);
      this.threads.add(thread);
      return Promise.resolve(thread);
    }
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  release(thread: ReaderThread) {
    const next = this.waiting.shift();
    if (next) next(thread);
    else this.idle.push(thread);
  }

  remove(thread: ReaderThread) {
    this.threads.delete(thread);
    const at = this.idle.indexOf(thread);
    if (at !== -1) this.idle.splice(at, 1);
    // A waiting read takes the place of the thread that ended.
    const next = this.waiting.shift();
    if (next) {
      const fresh = new ReaderThread(this);
      this.threads.add(fresh);
      next(fresh);
    }
  }

  /** Counts a read of the tenant, or refuses it when the tenant has TENANT_READS already. */
  private enter(tenant: string | null | undefined): () => void {
    if (!tenant) return () => {};
    const n = this.tenants.get(tenant) ?? 0;
    if (n >= TENANT_READS) throw new AppError('importsBusy', { max: TENANT_READS });
    this.tenants.set(tenant, n + 1);
    let left = false;
    return () => {
      if (left) return;
      left = true;
      const now = (this.tenants.get(tenant) ?? 1) - 1;
      if (now > 0) this.tenants.set(tenant, now);
      else this.tenants.delete(tenant);
    };
  }

  async *read(
    data: Buffer,
    options: { mode: ReadMode; hiddenSheet?: string; tenant?: string | null },
  ): AsyncGenerator<ReadEvent> {
    const leave = this.enter(options.tenant);
    const id = this.nextId++;
    const queue: ReaderReply[] = [];
    let failure: unknown = null;
    let ended = false;
    let wake: (() => void) | null = null;
    const listener: Listener = {
      reply: (r) => {
        queue.push(r);
        wake?.();
      },
      crash: (err) => {
        failure = err;
        wake?.();
      },
    };
    let thread: ReaderThread | null = null;
    let timer: NodeJS.Timeout | null = null;
    try {
      thread = await this.acquire();
      // A copy the thread owns: the upload's buffer may be a slice of a shared pool.
      const copy = new Uint8Array(data);
      thread.start(
        id,
        { type: 'read', id, mode: options.mode, data: copy, hiddenSheet: options.hiddenSheet },
        listener,
        [copy.buffer],
      );
      if (options.mode === 'load') {
        const running = thread;
        timer = setTimeout(
          () =>
            void running.stop(new AppError('fileLimitExceeded', { limit: 'readMs', max: LOAD_TIMEOUT_MS })),
          LOAD_TIMEOUT_MS,
        );
      }
      for (;;) {
        const reply = queue.shift();
        if (!reply) {
          if (failure) throw failure;
          await new Promise<void>((resolve) => (wake = resolve));
          wake = null;
          continue;
        }
        if (reply.type === 'fault') {
          ended = true;
          throw new AppError(reply.key, reply.detail);
        }
        if (reply.type === 'done') {
          ended = true;
          yield { type: 'done', hidden: reply.hidden };
          return;
        }
        if (reply.type === 'rows') {
          // The thread parses the next batch while this one is used.
          thread.send({ type: 'more', id });
          yield { type: 'rows', rows: reply.rows, bytes: reply.bytes };
        } else yield { type: 'sheet', name: reply.name, visible: reply.visible };
      }
    } finally {
      if (timer) clearTimeout(timer);
      // Left early (the reader needs no more rows, or failed): the thread stops and frees itself.
      if (thread && !ended && !failure) thread.send({ type: 'stop', id });
      leave();
    }
  }
}

const pool = new ReaderPool();

/** Reads an xlsx file in a reader thread; `tenant` counts the read against its company's share. */
export function readXlsx(
  data: Buffer,
  options: { mode: ReadMode; hiddenSheet?: string; tenant?: string | null },
): AsyncGenerator<ReadEvent> {
  return pool.read(data, options);
}
