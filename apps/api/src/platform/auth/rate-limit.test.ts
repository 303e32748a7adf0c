import { describe, expect, it } from 'vitest';
import { KeyedLimiter } from './rate-limit.ts';

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
