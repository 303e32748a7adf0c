import { describe, expect, it } from 'vitest';
import { copyText } from './bulk.ts';

describe('copyText', () => {
  it('writes COPY text lines with nulls, escapes, arrays, dates and JSON', () => {
    const text = copyText([
      [null, undefined, 'a\tb\nc\\d\re', 1.5, Number.NaN, true, false],
      [new Date('2026-03-02T00:00:00.000Z'), ['x', 'y "z"', 'back\\slash'], [], { k: 'v\n' }],
    ]);
    expect(text.split('\n')).toEqual([
      '\\N\t\\N\ta\\tb\\nc\\\\d\\re\t1.5\t\\N\tt\tf',
      // Array literal quotes and backslashes are escaped for the array, then for COPY.
      '2026-03-02T00:00:00.000Z\t{"x","y \\\\"z\\\\"","back\\\\\\\\slash"}\t{}\t{"k":"v\\\\n"}',
      '',
    ]);
  });
});
