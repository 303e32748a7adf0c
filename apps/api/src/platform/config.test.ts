import { describe, expect, it } from 'vitest';
import { loadConfig, parseTrustProxy } from './config.ts';

describe('TRUST_PROXY', () => {
  it('reads off, on, a hop count or proxy addresses', () => {
    expect(parseTrustProxy(undefined)).toBe(false);
    expect(parseTrustProxy('false')).toBe(false);
    expect(parseTrustProxy('true')).toBe(true);
    expect(parseTrustProxy('2')).toBe(2);
    expect(parseTrustProxy('10.0.0.0/8, 127.0.0.1')).toBe('10.0.0.0/8, 127.0.0.1');
  });
});

describe('demo data by environment (issue 32)', () => {
  const base = { DATA_DIR: '/tmp/klimadesk-config-test', SESSION_SECRET: 'x'.repeat(32) };

  it('seeds demo data by default, but not in production unless SEED_DEMO=1', () => {
    expect(loadConfig(base)).toMatchObject({ seedDemo: true, production: false });
    expect(loadConfig({ ...base, NODE_ENV: 'production' })).toMatchObject({
      seedDemo: false,
      production: true,
    });
    expect(loadConfig({ ...base, NODE_ENV: 'production', SEED_DEMO: '1' }).seedDemo).toBe(true);
    expect(loadConfig({ ...base, SEED_DEMO: '0' }).seedDemo).toBe(false);
  });
});

describe('environment', () => {
  it('is read only in config.ts', async () => {
    const { readdirSync, readFileSync } = await import('node:fs');
    const { join, relative } = await import('node:path');
    const src = join(import.meta.dirname, '..');
    const readers = readdirSync(src, { recursive: true, encoding: 'utf8' })
      .filter((f) => /\.tsx?$/.test(f) && !f.endsWith('.test.ts'))
      .filter((f) => readFileSync(join(src, f), 'utf8').includes('process.env'))
      .map((f) => relative(src, join(src, f)));
    expect(readers).toEqual(['platform/config.ts']);
  });
});
