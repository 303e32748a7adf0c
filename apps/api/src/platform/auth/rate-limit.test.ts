import { describe, expect, it } from 'vitest';
import { KeyedLimiter, LoginThrottle } from './rate-limit.ts';
import { MemoryLimitStore, backoffWait } from './limit-store.ts';

describe('KeyedLimiter', () => {
  it('takes max tries per key and window, then refuses until the window ends', async () => {
    let now = 1000;
    const limiter = new KeyedLimiter(new MemoryLimitStore(), 'reset', 3, 60_000, () => now);
    for (let i = 0; i < 3; i++) expect(await limiter.take('a@x.de')).toBe(true);
    expect(await limiter.take('a@x.de')).toBe(false);
    expect(await limiter.take('b@x.de')).toBe(true);
    now += 60_001;
    expect(await limiter.take('a@x.de')).toBe(true);
  });

  it('blocked and hit count without taking; reset clears a key; names keep limiters apart', async () => {
    const store = new MemoryLimitStore();
    const limiter = new KeyedLimiter(store, 'message', 1, 60_000);
    const other = new KeyedLimiter(store, 'registration', 1, 60_000);
    await limiter.hit('k');
    expect(await limiter.blocked('k')).toBe(true);
    expect(await limiter.blocked('k', 2)).toBe(false);
    expect(await other.blocked('k')).toBe(false);
    await limiter.reset('k');
    expect(await limiter.blocked('k')).toBe(false);
  });
});

describe('backoffWait', () => {
  it('waits 1 s, 2 s, 4 s … after the free tries, from the last try, up to the cap', () => {
    const backoff = { free: 2, maxDelayMs: 8_000 };
    const at = (count: number) => ({ count, lastAt: 10_000, expiresAt: 99_000 });
    expect(backoffWait(null, backoff, 10_000)).toBe(0);
    expect(backoffWait(at(1), backoff, 10_000)).toBe(0);
    expect([2, 3, 4, 5, 6].map((n) => backoffWait(at(n), backoff, 10_000))).toEqual([
      1000, 2000, 4000, 8000, 8000,
    ]);
    expect(backoffWait(at(3), backoff, 11_500)).toBe(500);
    // An expired streak waits no more.
    expect(backoffWait(at(6), backoff, 99_000)).toBe(0);
  });
});

describe('LoginThrottle', () => {
  const options = { freeFailures: 2, accountFreeFailures: 5, maxDelayMs: 8_000 };

  it('doubles the wait per failure of one account and IP, up to the cap', async () => {
    let now = 0;
    const throttle = new LoginThrottle(
      new MemoryLimitStore(),
      { ...options, accountFreeFailures: 100 },
      () => now,
    );
    // Two failed tries are free.
    expect(await throttle.begin('a@x.de', '1.1.1.1')).toBe(0);
    expect(await throttle.begin('a@x.de', '1.1.1.1')).toBe(0);
    const waits: number[] = [];
    for (let i = 0; i < 5; i++) {
      waits.push(await throttle.begin('a@x.de', '1.1.1.1'));
      now += waits[i];
      expect(await throttle.begin('a@x.de', '1.1.1.1')).toBe(0);
    }
    expect(waits).toEqual([1000, 2000, 4000, 8000, 8000]);
    // Other addresses and other accounts are untouched by this streak.
    expect(await throttle.begin('a@x.de', '2.2.2.2')).toBe(0);
    expect(await throttle.begin('b@x.de', '1.1.1.1')).toBe(0);
  });

  it('slows the account down over rotating addresses, sparing clients that signed in before', async () => {
    let now = 0;
    const throttle = new LoginThrottle(new MemoryLimitStore(), options, () => now);
    expect(await throttle.begin('a@x.de', '9.9.9.9')).toBe(0);
    await throttle.succeeded('a@x.de', '9.9.9.9');
    // Every try from a new address: the pair's back-off never starts, the account's does.
    const waits: number[] = [];
    for (let i = 0; i < 9; i++) {
      const wait = await throttle.begin('a@x.de', `3.3.${i}.1`);
      waits.push(wait);
      if (wait > 0) {
        expect(await throttle.begin('a@x.de', `4.4.${i}.1`)).toBeGreaterThan(0);
        now += wait;
        expect(await throttle.begin('a@x.de', `3.3.${i}.2`)).toBe(0);
      }
    }
    expect(waits).toEqual([0, 0, 0, 0, 0, 1000, 2000, 4000, 8000]);
    // The same account in another case is the same account.
    expect(await throttle.begin('A@X.DE', '5.5.5.5')).toBe(8000);
    // The owner's known client is not slowed down.
    expect(await throttle.begin('a@x.de', '9.9.9.9')).toBe(0);
    // Other accounts are not affected.
    expect(await throttle.begin('b@x.de', '3.3.0.1')).toBe(0);
  });

  it('a success ends the pair streak and is not counted against the account', async () => {
    let now = 0;
    const throttle = new LoginThrottle(
      new MemoryLimitStore(),
      { ...options, accountFreeFailures: 2 },
      () => now,
    );
    expect(await throttle.begin('a@x.de', '1.1.1.1')).toBe(0);
    await throttle.succeeded('a@x.de', '1.1.1.1');
    expect(await throttle.begin('a@x.de', '2.2.2.2')).toBe(0);
    await throttle.succeeded('a@x.de', '2.2.2.2');
    expect(await throttle.begin('a@x.de', '3.3.3.3')).toBe(0);
    // Only the one unknown failure counted: the next unknown try is still free.
    expect(await throttle.begin('a@x.de', '4.4.4.4')).toBe(0);
    expect(await throttle.begin('a@x.de', '5.5.5.5')).toBe(1000);
    now += 24 * 3600_000 + 1;
    expect(await throttle.begin('a@x.de', '5.5.5.5')).toBe(0);
  });
});
