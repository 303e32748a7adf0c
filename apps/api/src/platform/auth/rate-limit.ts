import type { LimitStore } from './limit-store.ts';

/**
 * A fixed-window counter per key (an e-mail address, a user or an IP), kept in the limit store
 * under its own name. The per-minute IP limit is @fastify/rate-limit's; these count over longer
 * windows.
 */
export class KeyedLimiter {
  private readonly store: LimitStore;
  private readonly name: string;
  private readonly max: number;
  private readonly windowMs: number;
  private readonly now: () => number;
  constructor(store: LimitStore, name: string, max: number, windowMs: number, now: () => number = Date.now) {
    this.store = store;
    this.name = name;
    this.max = max;
    this.windowMs = windowMs;
    this.now = now;
  }

  /**
   * Counts a try and answers whether it is within the limit, in one step: two processes cannot
   * both take the last try.
   */
  async take(key: string): Promise<boolean> {
    return (await this.store.hit(this.key(key), this.windowMs, this.now())).count <= this.max;
  }

  /** Whether the key is currently blocked (`max` overrides the limit, e.g. for IP keys). */
  async blocked(key: string, max = this.max): Promise<boolean> {
    const counter = await this.store.get(this.key(key), this.now());
    return (counter?.count ?? 0) >= max;
  }

  async hit(key: string): Promise<void> {
    await this.store.hit(this.key(key), this.windowMs, this.now());
  }

  async reset(key: string): Promise<void> {
    await this.store.delete(this.key(key));
  }

  private key(key: string): string {
    return `${this.name}:${key}`;
  }
}

export type LoginThrottleOptions = {
  /** Failures from one IP for one account before the back-off of that pair starts. */
  freeFailures: number;
  /** Failures for one account, from any address that never signed in to it, before its back-off starts. */
  accountFreeFailures: number;
  /** The longest wait the back-off asks for. */
  maxDelayMs: number;
};

const HOUR = 3600_000;
/** A failure streak is forgotten after a day without failures; a client stays known for 30 days. */
const STREAK_MS = 24 * HOUR;
const KNOWN_MS = 30 * 24 * HOUR;

/**
 * Login back-off (issue 12 F7, issue 32): after `freeFailures` failures an account and IP pair
 * waits 1 s, 2 s, 4 s … up to `maxDelayMs` between tries, so guessing from one address stays slow
 * while another address cannot lock the owner out. The account has a back-off of its own over
 * all addresses that never signed in to it, so rotating addresses (e.g. X-Forwarded-For behind
 * TRUST_PROXY) meets the same waits; clients that signed in to the account before are spared it.
 *
 * A try is counted before the password is checked and taken back when it succeeds: parallel
 * tries cannot all pass the check while the first one is still hashing.
 */
export class LoginThrottle {
  private readonly store: LimitStore;
  private readonly options: LoginThrottleOptions;
  private readonly now: () => number;
  constructor(store: LimitStore, options: LoginThrottleOptions, now: () => number = Date.now) {
    this.store = store;
    this.options = options;
    this.now = now;
  }

  /**
   * Claims a try of this account from this IP: answers the milliseconds the client must still
   * wait (nothing counted), or 0 with the try counted as a failure until `succeeded` says otherwise.
   */
  async begin(account: string, ip: string): Promise<number> {
    const now = this.now();
    const { freeFailures, accountFreeFailures, maxDelayMs } = this.options;
    const names = keys(account, ip);
    const pairWait = await this.store.attempt(names.pair, { free: freeFailures, maxDelayMs }, STREAK_MS, now);
    if (pairWait > 0) return pairWait;
    if (await this.store.get(names.known, now)) return 0;
    const accountWait = await this.store.attempt(
      names.account,
      { free: accountFreeFailures, maxDelayMs },
      STREAK_MS,
      now,
    );
    // A try the account's back-off refuses did not happen: the pair does not count it.
    if (accountWait > 0) await this.store.release(names.pair);
    return accountWait;
  }

  /** The try began with `begin` was a success: it ends the pair's streak and makes the client known. */
  async succeeded(account: string, ip: string): Promise<void> {
    const now = this.now();
    const names = keys(account, ip);
    const known = await this.store.get(names.known, now);
    await this.store.delete(names.pair);
    // The account's streak is not reset: a success elsewhere must not give a guesser new free tries.
    if (!known) await this.store.release(names.account);
    await this.store.mark(names.known, KNOWN_MS, now);
  }
}

/** Accounts are e-mail addresses: one key per address however it is capitalised. */
function keys(account: string, ip: string) {
  const a = account.trim().toLowerCase();
  return { pair: `login:pair:${a}\n${ip}`, known: `login:known:${a}\n${ip}`, account: `login:account:${a}` };
}
