/**
 * A fixed-window counter per key (an e-mail address, a user or an IP). The per-minute IP limit is
 * @fastify/rate-limit's; these count over longer windows.
 */
export class KeyedLimiter {
  private readonly hits = new Map<string, { count: number; resetAt: number }>();
  private readonly max: number;
  private readonly windowMs: number;
  private readonly now: () => number;
  constructor(max: number, windowMs: number, now: () => number = Date.now) {
    this.max = max;
    this.windowMs = windowMs;
    this.now = now;
  }

  /** Whether the key is currently blocked (`max` overrides the limit, e.g. for IP keys). */
  blocked(key: string, max = this.max): boolean {
    const entry = this.hits.get(key);
    if (!entry) return false;
    if (entry.resetAt <= this.now()) {
      this.hits.delete(key);
      return false;
    }
    return entry.count >= max;
  }

  hit(key: string): void {
    const now = this.now();
    const entry = this.hits.get(key);
    if (!entry || entry.resetAt <= now) this.hits.set(key, { count: 1, resetAt: now + this.windowMs });
    else entry.count += 1;
    if (this.hits.size > 100_000) this.sweep(now);
  }

  reset(key: string): void {
    this.hits.delete(key);
  }

  private sweep(now: number): void {
    for (const [k, v] of this.hits) if (v.resetAt <= now) this.hits.delete(k);
  }
}

export type LoginThrottleOptions = {
  /** Failures from one IP for one account before the back-off starts. */
  freeFailures: number;
  /** The longest wait the back-off asks for. */
  maxDelayMs: number;
  /** Failures per account and hour from clients that never signed in to it. */
  accountFailuresPerHour: number;
};

const HOUR = 3600_000;
/** A failure streak is forgotten after a day without failures; a client stays known for 30 days. */
const STREAK_MS = 24 * HOUR;
const KNOWN_MS = 30 * 24 * HOUR;

/**
 * Login back-off per account and IP (issue 12 F7): after `freeFailures` failures the pair waits
 * 1 s, 2 s, 4 s … up to `maxDelayMs` between tries, so guessing stays slow while another IP
 * cannot lock the owner out. Distributed guessing meets the per-account cap, which spares
 * clients that signed in to the account before.
 */
export class LoginThrottle {
  private readonly pairs = new Map<string, { count: number; last: number }>();
  private readonly known = new Map<string, number>();
  private readonly account: KeyedLimiter;
  private readonly options: LoginThrottleOptions;
  private readonly now: () => number;
  constructor(options: LoginThrottleOptions, now: () => number = Date.now) {
    this.options = options;
    this.now = now;
    this.account = new KeyedLimiter(options.accountFailuresPerHour, HOUR, now);
  }

  /** Milliseconds the client must still wait before trying this account; 0 when it may try now. */
  retryAfterMs(account: string, ip: string): number {
    const now = this.now();
    const key = pairKey(account, ip);
    const pair = this.pairs.get(key);
    if (pair && pair.count >= this.options.freeFailures) {
      const delay = Math.min(2 ** (pair.count - this.options.freeFailures) * 1000, this.options.maxDelayMs);
      const wait = pair.last + delay - now;
      if (wait > 0) return wait;
    }
    const knownUntil = this.known.get(key) ?? 0;
    if (knownUntil <= now && this.account.blocked(account)) return this.options.maxDelayMs;
    return 0;
  }

  failure(account: string, ip: string): void {
    const now = this.now();
    const key = pairKey(account, ip);
    const pair = this.pairs.get(key);
    if (!pair || now - pair.last > STREAK_MS) this.pairs.set(key, { count: 1, last: now });
    else this.pairs.set(key, { count: pair.count + 1, last: now });
    if ((this.known.get(key) ?? 0) <= now) this.account.hit(account);
    if (this.pairs.size > 100_000) this.sweep(now);
  }

  success(account: string, ip: string): void {
    const key = pairKey(account, ip);
    this.pairs.delete(key);
    this.known.set(key, this.now() + KNOWN_MS);
    if (this.known.size > 100_000) this.sweep(this.now());
  }

  private sweep(now: number): void {
    for (const [k, v] of this.pairs) if (now - v.last > STREAK_MS) this.pairs.delete(k);
    for (const [k, until] of this.known) if (until <= now) this.known.delete(k);
  }
}

const pairKey = (account: string, ip: string) => `${account}\n${ip}`;
