import { describe, expect, it } from 'vitest';
import { parsePosition, releaseNoteBody } from './schemas.ts';

describe('parsePosition (seed 002 §5: the note position is parsed as an integer)', () => {
  it('reads integers from numbers and text', () => {
    expect(parsePosition(3)).toBe(3);
    expect(parsePosition('12')).toBe(12);
    expect(parsePosition(' 7 ')).toBe(7);
    expect(parsePosition('0')).toBe(0);
  });
  it('cuts decimals like parseInt', () => {
    expect(parsePosition(3.7)).toBe(3);
    expect(parsePosition('2.9')).toBe(2);
    expect(parsePosition('4abc')).toBe(4);
  });
  it('refuses text without a leading integer and negative positions', () => {
    expect(parsePosition('abc')).toBeNull();
    expect(parsePosition('')).toBeNull();
    expect(parsePosition(-1)).toBeNull();
    expect(parsePosition('-2')).toBeNull();
  });
  it('gives the body an integer position', () => {
    const body = releaseNoteBody.parse({
      releaseVersion: '0196a7a6-1111-7000-8000-000000000001',
      module: 'cft',
      position: '5',
      titleDe: 'Titel',
      titleEn: 'Title',
    });
    expect(body.position).toBe(5);
    expect(body.descriptionEn).toBe('');
  });
});
