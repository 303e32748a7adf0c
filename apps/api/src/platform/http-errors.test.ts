import { describe, expect, it } from 'vitest';
import { MAX_INPUT_DEPTH, findTooDeep, findUnsafeText, isSafeText } from '@klimadesk/contract';
import { isDatabaseUnavailable, isUnstorableText } from './http-errors.ts';

describe('the text rule', () => {
  it('refuses NUL and lone surrogates, keeps pairs and ordinary text', () => {
    expect(isSafeText('Grün 🚚 \t\n')).toBe(true);
    expect(isSafeText('a\u0000b')).toBe(false);
    expect(isSafeText('a\ud800b')).toBe(false);
    expect(isSafeText('a\udc00')).toBe(false);
  });

  it('names the first unsafe value or key in nested input', () => {
    expect(findUnsafeText({ a: [{ b: 'ok' }, { c: 'x\u0000' }] })).toBe('/a/1/c');
    expect(findUnsafeText({ ['k\ud800']: 1 })).toBe('/k?');
    expect(findUnsafeText({ a: 1, b: null, c: ['x'] })).toBeNull();
    // Depth first, a key before its value, earlier siblings before later ones.
    expect(findUnsafeText({ a: { b: 'x\u0000' }, ['c\u0000']: 'y\u0000' })).toBe('/a/b');
    expect(findUnsafeText('x\u0000')).toBe('');
  });

  it('walks input nested far deeper than the call stack allows (issue 32)', () => {
    let deep: unknown = 'x\u0000';
    for (let i = 0; i < 200_000; i++) deep = [deep];
    expect(findUnsafeText(deep)).toBe('/0'.repeat(200_000));
    expect(findTooDeep(deep)).toBe('/0'.repeat(MAX_INPUT_DEPTH + 1));
  });

  it('allows nesting up to the limit', () => {
    let ok: unknown = { a: 1 };
    for (let i = 0; i < MAX_INPUT_DEPTH; i++) ok = { a: ok };
    // The innermost object lies MAX_INPUT_DEPTH levels down: allowed; one level more is not.
    expect(findTooDeep(ok)).toBeNull();
    expect(findTooDeep({ a: ok })).toBe('/a'.repeat(MAX_INPUT_DEPTH + 1));
    expect(findTooDeep([[[{ a: [1] }]]])).toBeNull();
  });
});

describe('database errors', () => {
  const wrapped = (cause: unknown) => Object.assign(new Error('Failed query: select 1'), { cause });

  it('a broken connection, also wrapped by drizzle, is unavailable', () => {
    expect(isDatabaseUnavailable(wrapped(Object.assign(new Error('terminating'), { code: '57P01' })))).toBe(
      true,
    );
    expect(isDatabaseUnavailable(Object.assign(new Error('x'), { code: '08006' }))).toBe(true);
    expect(isDatabaseUnavailable(wrapped(new Error('Connection terminated unexpectedly')))).toBe(true);
    const refused = new AggregateError([Object.assign(new Error('refused'), { code: 'ECONNREFUSED' })], '');
    expect(isDatabaseUnavailable(refused)).toBe(true);
  });

  it('query errors are not', () => {
    expect(isDatabaseUnavailable(wrapped(Object.assign(new Error('dup'), { code: '23505' })))).toBe(false);
    expect(isDatabaseUnavailable(new Error('boom'))).toBe(false);
    expect(isUnstorableText(wrapped(Object.assign(new Error('0x00'), { code: '22021' })))).toBe(true);
    expect(isUnstorableText(new Error('boom'))).toBe(false);
  });
});
