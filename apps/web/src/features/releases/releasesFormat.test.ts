import { describe, expect, it } from 'vitest';
import type { ReleaseNote } from '@klimadesk/contract/releases/schemas';
import { byVersion, formatReleaseDate } from './releasesFormat.ts';

const note = (id: string, version: string, module: ReleaseNote['module'], position: number) =>
  ({ id, version, module, position, releaseDate: null, released: 1 }) as ReleaseNote;

describe('release formatting', () => {
  it('writes days in the reader’s form', () => {
    expect(formatReleaseDate('2026-11-10', 'de')).toBe('10.11.2026');
    expect(formatReleaseDate('2026-09-05', 'de')).toBe('05.09.2026');
    expect(formatReleaseDate('2026-11-10', 'en')).toBe('10/11/2026');
    expect(formatReleaseDate(null, 'de')).toBe('–');
  });

  it('groups notes by version and keeps the order', () => {
    const groups = byVersion([
      note('a', '2.9.0', 'cft', 1),
      note('b', '2.9.0', 'cfc', 1),
      note('c', '2.8.0', 'cft', 1),
    ]);
    expect(groups.map((g) => [g.version, g.notes.map((n) => n.id)])).toEqual([
      ['2.9.0', ['a', 'b']],
      ['2.8.0', ['c']],
    ]);
  });
});
