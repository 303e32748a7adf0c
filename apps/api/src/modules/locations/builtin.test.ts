import { describe, expect, it } from 'vitest';
import { FIRST_COUNTRIES, builtinRecords } from './builtin.ts';

describe('built-in places (issue 37)', () => {
  it('loads the most used countries’ cities and postal codes before the rest of the world', async () => {
    let restStarted = false;
    let lateFirst = 0;
    let first = 0;
    for await (const r of builtinRecords(new Set(['DE', 'NL', 'US', 'CN']))) {
      if (r.type !== 'city' && r.type !== 'zipCode') continue;
      if (FIRST_COUNTRIES.has(r.country)) {
        first += 1;
        if (restStarted) lateFirst += 1;
      } else restStarted = true;
    }
    expect(first).toBeGreaterThan(1000);
    expect(restStarted).toBe(true);
    expect(lateFirst).toBe(0);
    // It reads the whole built-in table (about 1 s alone); the browser shards share the cores in CI.
  }, 30_000);
});
