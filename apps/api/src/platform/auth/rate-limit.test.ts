import { describe, expect, it } from 'vitest';
import { KeyedLimiter, LoginThrottle } from './rate-limit.ts';

describe('KeyedLimiter', () => {
  it('blocks a key after max hits and releases it when the window ends', () => {
    let now = 1000;
    const limiter = new KeyedLimiter(3, 60_000, () => now);
    for (let i = 0; i < 3; i++) {
      expect(limiter.blocked('a@x.de')).toBe(false);
      limiter.hit('a@x.de');
    }
    expect(limiter.blocked('a@x.de')).toBe(true);
    expect(limiter.blocked('b@x.de')).toBe(false);
    now += 60_001;
    expect(limiter.blocked('a@x.de')).toBe(false);
  });

  it('reset clears a key', () => {
    const limiter = new KeyedLimiter(1, 60_000);
    limiter.hit('k');
    expect(limiter.blocked('k')).toBe(true);
    limiter.reset('k');
    expect(limiter.blocked('k')).toBe(false);
  });
});

describe('LoginThrottle', () => {
  const options = { freeFailures: 2, maxDelayMs: 8_000, accountFailuresPerHour: 5 };

  it('doubles the wait per failure of one account and IP, up to the cap', () => {
    let now = 0;
    const throttle = new LoginThrottle({ ...options, accountFailuresPerHour: 100 }, () => now);
    throttle.failure('a@x.de', '1.1.1.1');
    expect(throttle.retryAfterMs('a@x.de', '1.1.1.1')).toBe(0);
    throttle.failure('a@x.de', '1.1.1.1');
    const waits: number[] = [];
    for (let i = 0; i < 5; i++) {
      waits.push(throttle.retryAfterMs('a@x.de', '1.1.1.1'));
      now += waits[i];
      throttle.failure('a@x.de', '1.1.1.1');
    }
    expect(waits).toEqual([1000, 2000, 4000, 8000, 8000]);
    // Other addresses and other accounts are untouched by this streak.
    expect(throttle.retryAfterMs('a@x.de', '2.2.2.2')).toBe(0);
    expect(throttle.retryAfterMs('b@x.de', '1.1.1.1')).toBe(0);
  });

  it('a success ends the streak and makes the client known to the per-account cap', () => {
    let now = 0;
    const throttle = new LoginThrottle(options, () => now);
    throttle.success('a@x.de', '9.9.9.9');
    for (let i = 0; i < 5; i++) throttle.failure('a@x.de', `3.3.3.${i}`);
    expect(throttle.retryAfterMs('a@x.de', '4.4.4.4')).toBe(8000);
    expect(throttle.retryAfterMs('a@x.de', '9.9.9.9')).toBe(0);
    throttle.failure('a@x.de', '3.3.3.0');
    throttle.success('a@x.de', '3.3.3.0');
    expect(throttle.retryAfterMs('a@x.de', '3.3.3.0')).toBe(0);
    now += 3600_001;
    expect(throttle.retryAfterMs('a@x.de', '4.4.4.4')).toBe(0);
  });
});
