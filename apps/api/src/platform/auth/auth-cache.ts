import { randomUUID } from 'node:crypto';

/**
 * What a signed-in request needs to know about its caller (the session check, the user's profile,
 * the company's bookings), kept in the API process for a short while so that a request usually
 * needs no round trip for it. PostgreSQL says on channel `kd_auth` when something such an entry
 * was read from changes (migration 0025: sessions, users, companies, group memberships, bookings,
 * tariffs), and the entries concerned go at once; all of them go whenever that channel is not
 * listened to. So a logout, revocation, role or password change counts from the next request in
 * every process (docs/scaling.md, "Session checks").
 */
export const AUTH_CHANNEL = 'kd_auth';

/** Notification payloads: `s:<session>`, `u:<user>`, `c:<company>`, `*` (everything), `b:<barrier>`. */
export const authKey = {
  session: (id: string) => `s:${id}`,
  user: (id: string) => `u:${id}`,
  company: (id: string) => `c:${id}`,
};

export type CacheOptions = { ttlMs?: number; maxEntries?: number; now?: () => number };

/** The listened channel and the caches it keeps current. */
export class AuthChannel {
  /** Until LISTEN runs, nothing is kept: a missed notification must not keep a revoked session. */
  private on = false;
  private readonly caches = new Set<AuthCache<unknown>>();
  private readonly barriers = new Map<string, () => void>();

  get listening(): boolean {
    return this.on;
  }

  /** Called by the listener: true once LISTEN runs, false when its connection is lost. */
  setListening(on: boolean): void {
    this.on = on;
    for (const c of this.caches) c.clear();
  }

  cache<T>(options: CacheOptions = {}): AuthCache<T> {
    const cache = new AuthCache<T>(this, options);
    this.caches.add(cache as AuthCache<unknown>);
    return cache;
  }

  notify(payload: string): void {
    if (payload.startsWith('b:')) {
      this.barriers.get(payload.slice(2))?.();
      return;
    }
    for (const c of this.caches) c.invalidate(payload);
  }

  /**
   * Waits until this process has seen every notification committed before now: a barrier
   * notification of its own comes back after them, as PostgreSQL delivers in commit order. A
   * write request waits for it before it answers, so its own process never serves what it just
   * changed from a cache. `send` issues `pg_notify(channel, payload)`.
   */
  async sync(send: (payload: string) => Promise<unknown>, timeoutMs = 2_000): Promise<void> {
    if (!this.on) return;
    const id = randomUUID();
    const seen = new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        // No echo in time: the channel is not trustworthy, so keep nothing.
        this.barriers.delete(id);
        this.clearAll();
        resolve();
      }, timeoutMs);
      this.barriers.set(id, () => {
        clearTimeout(timer);
        this.barriers.delete(id);
        resolve();
      });
    });
    try {
      await send(`b:${id}`);
    } catch {
      // The barrier could not be sent: nothing cached can be trusted to be current.
      this.barriers.get(id)?.();
      this.clearAll();
      return;
    }
    await seen;
  }

  private clearAll(): void {
    for (const c of this.caches) c.clear();
  }
}

type Entry<T> = { value: T; at: number; keys: string[] };

/** One kind of entry (session checks, profiles, bookings), each named by the keys it was read from. */
export class AuthCache<T> {
  private readonly entries = new Map<string, Entry<T>>();
  private readonly byKey = new Map<string, Set<string>>();
  private readonly ttlMs: number;
  private readonly maxEntries: number;
  private readonly now: () => number;
  /** Counts invalidations, so that a read that raced with one is not stored (see `store`). */
  generation = 0;

  private readonly channel: AuthChannel;

  constructor(channel: AuthChannel, options: CacheOptions = {}) {
    this.channel = channel;
    this.ttlMs = options.ttlMs ?? 60_000;
    this.maxEntries = options.maxEntries ?? 50_000;
    this.now = options.now ?? Date.now;
  }

  get(id: string): T | undefined {
    if (!this.channel.listening) return undefined;
    const e = this.entries.get(id);
    if (!e) return undefined;
    if (this.now() - e.at > this.ttlMs) {
      this.drop(id);
      return undefined;
    }
    return e.value;
  }

  /** Keeps a value read at `generation`; a notification since then may concern it, so it is not kept. */
  store(id: string, value: T, keys: string[], generation: number): void {
    if (!this.channel.listening || generation !== this.generation) return;
    this.drop(id);
    // Bounded: the oldest entry goes first (Map keeps insertion order).
    if (this.entries.size >= this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.drop(oldest);
    }
    this.entries.set(id, { value, at: this.now(), keys });
    for (const key of keys) {
      let set = this.byKey.get(key);
      if (!set) this.byKey.set(key, (set = new Set()));
      set.add(id);
    }
  }

  /** The cached value, else `read()` stored under `keys(value)`. */
  async through(id: string, read: () => Promise<T>, keys: (value: T) => string[]): Promise<T> {
    const hit = this.get(id);
    if (hit !== undefined) return hit;
    const generation = this.generation;
    const value = await read();
    this.store(id, value, keys(value), generation);
    return value;
  }

  invalidate(payload: string): void {
    this.generation++;
    if (payload === '*') {
      this.clear();
      return;
    }
    const ids = this.byKey.get(payload);
    if (!ids) return;
    // Deleting the visited element is safe while a Set is iterated.
    for (const id of ids) this.drop(id);
  }

  clear(): void {
    this.generation++;
    this.entries.clear();
    this.byKey.clear();
  }

  get size(): number {
    return this.entries.size;
  }

  private drop(id: string): void {
    const e = this.entries.get(id);
    if (!e) return;
    this.entries.delete(id);
    for (const key of e.keys) {
      const set = this.byKey.get(key);
      set?.delete(id);
      if (set?.size === 0) this.byKey.delete(key);
    }
  }
}

/**
 * A module's own cache on the process's channel, made on first use (null without a channel):
 * `const profiles = perChannel<Profile>(); … profiles(ctx.authChannel)?.get(id)`.
 */
export function perChannel<T>(
  options: CacheOptions = {},
): (channel: AuthChannel | null) => AuthCache<T> | null {
  const made = new WeakMap<AuthChannel, AuthCache<T>>();
  return (channel) => {
    if (!channel) return null;
    let cache = made.get(channel);
    if (!cache) made.set(channel, (cache = channel.cache<T>(options)));
    return cache;
  };
}

type Listener = { close: () => Promise<void> };

/**
 * Listens on `kd_auth` over a connection of its own and feeds the channel; reconnects after a lost
 * connection, with every cache off until LISTEN runs again.
 */
export async function listenForAuthChanges(
  url: string,
  channel: AuthChannel,
  log: { warn: (obj: object, msg?: string) => void },
  retryMs = 1_000,
): Promise<Listener> {
  const { Client } = (await import('pg')).default;
  let closed = false;
  let client: InstanceType<typeof Client> | null = null;
  let timer: NodeJS.Timeout | null = null;

  const connect = async (): Promise<void> => {
    const c = new Client({ connectionString: url });
    client = c;
    const lost = (reason: string) => {
      if (client !== c) return;
      client = null;
      channel.setListening(false);
      c.end().catch(() => {});
      if (closed) return;
      log.warn({ reason }, 'caches of the session checks off until the kd_auth listener reconnects');
      timer = setTimeout(() => void connect(), retryMs);
    };
    c.on('error', (err) => lost(err.message));
    c.on('end', () => lost('connection ended'));
    c.on('notification', (msg) => {
      if (msg.channel === AUTH_CHANNEL && msg.payload) channel.notify(msg.payload);
    });
    try {
      await c.connect();
      await c.query(`listen ${AUTH_CHANNEL}`);
      if (client === c) channel.setListening(true);
    } catch (err) {
      lost((err as Error).message);
    }
  };
  await connect();
  return {
    close: async () => {
      closed = true;
      if (timer) clearTimeout(timer);
      const c = client;
      client = null;
      channel.setListening(false);
      await c?.end().catch(() => {});
    },
  };
}
