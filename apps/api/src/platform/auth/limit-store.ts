import { sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../db/index.ts';

/** A key's counter; times are epoch milliseconds of the app's clock. */
export type Counter = { count: number; lastAt: number; expiresAt: number };

/** The first `free` tries pass; after that each waits 1 s, 2 s, 4 s … (at most `maxDelayMs`). */
export type Backoff = { free: number; maxDelayMs: number };

/**
 * Where the rate limits keep their counters: in the process on PGlite (one process serves it),
 * in the `rate_limits` table on PostgreSQL, so that every API process and worker counts against
 * the same limit (issue 32). Every counting call is one atomic statement.
 */
export interface LimitStore {
  /** Counts a hit in a fixed window that opens with the key's first hit; answers the count with it. */
  hit(key: string, windowMs: number, now: number): Promise<Counter>;
  /**
   * Counts a try unless the key's back-off still waits; each counted try keeps the key for
   * `keepMs`. Answers the milliseconds left to wait, 0 when the try was counted.
   */
  attempt(key: string, backoff: Backoff, keepMs: number, now: number): Promise<number>;
  get(key: string, now: number): Promise<Counter | null>;
  /** Keeps the key for `windowMs` from now (a marker, e.g. a client known to an account). */
  mark(key: string, windowMs: number, now: number): Promise<void>;
  /** Takes one counted try back (it turned out not to be a failure). */
  release(key: string): Promise<void>;
  delete(key: string): Promise<void>;
}

/** How long a key under back-off must still wait before its next try. */
export function backoffWait(counter: Counter | null, backoff: Backoff, now: number): number {
  if (!counter || counter.expiresAt <= now || counter.count < backoff.free) return 0;
  const delay = Math.min(2 ** (counter.count - backoff.free) * 1000, backoff.maxDelayMs);
  return Math.max(0, counter.lastAt + delay - now);
}

export class MemoryLimitStore implements LimitStore {
  private readonly counters = new Map<string, Counter>();

  async hit(key: string, windowMs: number, now: number): Promise<Counter> {
    const c = this.live(key, now);
    const next = c
      ? { count: c.count + 1, lastAt: now, expiresAt: c.expiresAt }
      : { count: 1, lastAt: now, expiresAt: now + windowMs };
    this.put(key, next, now);
    return next;
  }

  async attempt(key: string, backoff: Backoff, keepMs: number, now: number): Promise<number> {
    const c = this.live(key, now);
    const wait = backoffWait(c, backoff, now);
    if (wait > 0) return wait;
    this.put(key, { count: (c?.count ?? 0) + 1, lastAt: now, expiresAt: now + keepMs }, now);
    return 0;
  }

  async get(key: string, now: number): Promise<Counter | null> {
    return this.live(key, now);
  }

  async mark(key: string, windowMs: number, now: number): Promise<void> {
    this.put(key, { count: 1, lastAt: now, expiresAt: now + windowMs }, now);
  }

  async release(key: string): Promise<void> {
    const c = this.counters.get(key);
    if (c) c.count = Math.max(0, c.count - 1);
  }

  async delete(key: string): Promise<void> {
    this.counters.delete(key);
  }

  private live(key: string, now: number): Counter | null {
    const c = this.counters.get(key);
    if (!c) return null;
    if (c.expiresAt > now) return c;
    this.counters.delete(key);
    return null;
  }

  private put(key: string, c: Counter, now: number): void {
    this.counters.set(key, c);
    if (this.counters.size > 100_000) {
      for (const [k, v] of this.counters) if (v.expiresAt <= now) this.counters.delete(k);
    }
  }
}

/** Expired rows are deleted at most this often per process, after a write. */
const SWEEP_EVERY_MS = 5 * 60_000;

type CounterRow = { count: number; last_at: string | number; expires_at: string | number };
const toCounter = (r: CounterRow): Counter => ({
  count: Number(r.count),
  lastAt: Number(r.last_at),
  expiresAt: Number(r.expires_at),
});

/** The counters in PostgreSQL: upserts that count and check in one statement under the row lock. */
export class PgLimitStore implements LimitStore {
  private lastSweep = Number.NEGATIVE_INFINITY;
  private readonly db: Db;
  constructor(db: Db) {
    this.db = db;
  }

  async hit(key: string, windowMs: number, now: number): Promise<Counter> {
    const [row] = rowsOf<CounterRow>(
      await this.db.execute(sql`
        insert into rate_limits (key, count, last_at, expires_at)
        values (${key}, 1, ${now}::bigint, ${now + windowMs}::bigint)
        on conflict (key) do update set
          count = case when rate_limits.expires_at <= ${now}::bigint then 1 else rate_limits.count + 1 end,
          last_at = excluded.last_at,
          expires_at = case when rate_limits.expires_at <= ${now}::bigint
            then excluded.expires_at else rate_limits.expires_at end
        returning count, last_at, expires_at`),
    );
    await this.sweep(now);
    return toCounter(row);
  }

  async attempt(key: string, backoff: Backoff, keepMs: number, now: number): Promise<number> {
    // The back-off condition sits in the upsert's WHERE: concurrent tries of one key meet the row
    // lock one after the other, and only those the back-off allows are counted.
    const counted = rowsOf<{ count: number }>(
      await this.db.execute(sql`
        insert into rate_limits (key, count, last_at, expires_at)
        values (${key}, 1, ${now}::bigint, ${now + keepMs}::bigint)
        on conflict (key) do update set
          count = case when rate_limits.expires_at <= ${now}::bigint then 1 else rate_limits.count + 1 end,
          last_at = excluded.last_at,
          expires_at = excluded.expires_at
        where rate_limits.expires_at <= ${now}::bigint
          or rate_limits.count < ${backoff.free}
          or rate_limits.last_at + least(
            power(2, least(rate_limits.count - ${backoff.free}, 40))::float8 * 1000,
            ${backoff.maxDelayMs}::float8
          ) <= ${now}::bigint
        returning count`),
    );
    await this.sweep(now);
    if (counted.length > 0) return 0;
    // Refused: another try counted just before; at least 1 ms, so the caller refuses this one.
    return Math.max(1, backoffWait(await this.get(key, now), backoff, now));
  }

  async get(key: string, now: number): Promise<Counter | null> {
    const [row] = rowsOf<CounterRow>(
      await this.db.execute(
        sql`select count, last_at, expires_at from rate_limits where key = ${key} and expires_at > ${now}::bigint`,
      ),
    );
    return row ? toCounter(row) : null;
  }

  async mark(key: string, windowMs: number, now: number): Promise<void> {
    await this.db.execute(sql`
      insert into rate_limits (key, count, last_at, expires_at)
      values (${key}, 1, ${now}::bigint, ${now + windowMs}::bigint)
      on conflict (key) do update set count = 1, last_at = excluded.last_at, expires_at = excluded.expires_at`);
  }

  async release(key: string): Promise<void> {
    await this.db.execute(sql`update rate_limits set count = greatest(count - 1, 0) where key = ${key}`);
  }

  async delete(key: string): Promise<void> {
    await this.db.execute(sql`delete from rate_limits where key = ${key}`);
  }

  private async sweep(now: number): Promise<void> {
    if (now - this.lastSweep < SWEEP_EVERY_MS) return;
    this.lastSweep = now;
    await this.db.execute(sql`delete from rate_limits where expires_at <= ${now}::bigint`);
  }
}

type RateLimitAnswer = (err: Error | null, res?: { current: number; ttl: number }) => void;

/**
 * A store for @fastify/rate-limit (its `store` option: a class with `incr` and `child`) over a
 * LimitStore, so the per-IP request limits are shared like the others. Each route counts apart.
 */
export function fastifyRateLimitStore(store: LimitStore, now: () => number = Date.now) {
  return class SharedRateLimitStore {
    private readonly prefix: string;
    constructor(_globalOptions?: unknown, prefix = 'ip:') {
      this.prefix = prefix;
    }

    incr(key: string, answer: RateLimitAnswer, timeWindow: number): void {
      const at = now();
      store.hit(`${this.prefix}${key}`, timeWindow, at).then(
        (c) => answer(null, { current: c.count, ttl: Math.max(0, c.expiresAt - at) }),
        (err: Error) => answer(err),
      );
    }

    // The plugin passes the route's merged options with the route itself as `routeInfo`.
    child(routeOptions: object): SharedRateLimitStore {
      const route = (routeOptions as { routeInfo?: { method?: unknown; url?: unknown } }).routeInfo;
      return new SharedRateLimitStore(undefined, `ip:${String(route?.method)} ${String(route?.url)}:`);
    }
  };
}
