import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  allocateTourEmissions,
  calculateChainEmission,
  calculateHubEmission,
  calculateLegEmission,
  calculateTourEmission,
} from './index.ts';

// Each fixture: { function, input, expected, source }. `expected` lists the fields that must match
// (numbers to 1e-9 relative); `source` says where the expected figure comes from.
const dir = join(import.meta.dirname, '..', 'fixtures');

const functions: Record<string, (input: never) => unknown> = {
  calculateLegEmission,
  calculateTourEmission,
  calculateHubEmission,
  calculateChainEmission,
  allocateTourEmissions,
};

function revive(_key: string, value: unknown): unknown {
  if (value === '__Infinity__') return Infinity;
  if (value === '__NaN__') return NaN;
  return value;
}

function expectMatch(actual: unknown, expected: unknown, path: string): void {
  if (typeof expected === 'number') {
    expect(typeof actual, path).toBe('number');
    const tol = Math.max(1e-9, Math.abs(expected) * 1e-9);
    expect(
      Math.abs((actual as number) - expected),
      `${path}: ${String(actual)} vs ${expected}`,
    ).toBeLessThanOrEqual(tol);
  } else if (Array.isArray(expected)) {
    expect(Array.isArray(actual), path).toBe(true);
    expect((actual as unknown[]).length, `${path}.length`).toBe(expected.length);
    expected.forEach((e, i) => expectMatch((actual as unknown[])[i], e, `${path}[${i}]`));
  } else if (expected !== null && typeof expected === 'object') {
    expect(actual, path).toBeTypeOf('object');
    for (const [k, v] of Object.entries(expected))
      expectMatch((actual as Record<string, unknown>)[k], v, `${path}.${k}`);
  } else {
    expect(actual, path).toBe(expected);
  }
}

const files = readdirSync(dir)
  .filter((f) => f.endsWith('.json'))
  .sort();

describe('fixtures', () => {
  it('has fixtures', () => {
    expect(files.length).toBeGreaterThan(40);
  });
  for (const file of files) {
    const fixture = JSON.parse(readFileSync(join(dir, file), 'utf8'), revive) as {
      function: string;
      input: unknown;
      expected: unknown;
      source: string;
    };
    it(`${file.replace(/\.json$/, '')}`, () => {
      expect(fixture.source.length, 'every fixture names the source of its expectation').toBeGreaterThan(10);
      const fn = functions[fixture.function];
      expect(fn, `unknown function ${fixture.function}`).toBeDefined();
      const result = fn!(fixture.input as never);
      expectMatch(result, fixture.expected, 'result');
      if ((result as { ok: boolean }).ok) {
        const v = (result as { value: Record<string, unknown> }).value;
        for (const key of ['co2Ttw', 'co2Wtt', 'co2Wtw', 'tkm', 'intensity']) {
          const x = v[key];
          if (typeof x === 'number') expect(Number.isFinite(x), `${key} finite`).toBe(true);
        }
      }
    });
  }
});
