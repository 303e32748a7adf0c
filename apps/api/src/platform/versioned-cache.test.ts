import { describe, expect, it } from 'vitest';
import { VersionedCache } from './versioned-cache.ts';

describe('VersionedCache', () => {
  it('computes once per key and version, and again when the version moves', async () => {
    const cache = new VersionedCache<number>(10);
    let calls = 0;
    const compute = async () => ++calls;
    expect(await cache.get('a', '1', compute)).toBe(1);
    expect(await cache.get('a', '1', compute)).toBe(1);
    expect(await cache.get('a', '2', compute)).toBe(2);
    expect(await cache.get('b', '2', compute)).toBe(3);
    expect(calls).toBe(3);
  });

  it('lets callers asking at once share one computation', async () => {
    const cache = new VersionedCache<string>(10);
    let calls = 0;
    let release: (value: string) => void = () => {};
    const compute = () => {
      calls++;
      return new Promise<string>((resolve) => (release = resolve));
    };
    const asked = Array.from({ length: 10 }, () => cache.get('stats', '7', compute));
    release('figures');
    expect(await Promise.all(asked)).toEqual(Array(10).fill('figures'));
    expect(calls).toBe(1);
  });

  it('does not keep a failure', async () => {
    const cache = new VersionedCache<number>(10);
    await expect(cache.get('a', '1', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await cache.get('a', '1', async () => 5)).toBe(5);
  });

  it('holds at most max answers, dropping the least recently used', async () => {
    const cache = new VersionedCache<string>(2);
    await cache.get('a', '1', async () => 'a1');
    await cache.get('b', '1', async () => 'b1');
    await cache.get('a', '1', async () => 'again'); // a is used, so b is the oldest
    await cache.get('c', '1', async () => 'c1');
    expect(cache.size).toBe(2);
    expect(await cache.get('a', '1', async () => 'again')).toBe('a1');
    expect(await cache.get('b', '1', async () => 'b2')).toBe('b2');
  });
});
