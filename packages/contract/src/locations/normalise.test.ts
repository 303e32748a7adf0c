import { describe, expect, it } from 'vitest';
import { collapseWhitespace, searchKey, transliterationKey } from './normalise.ts';
import { locationInput, locationSearchQuery } from './schemas.ts';

describe('search keys', () => {
  it('fold accents, case, ß and whitespace', () => {
    expect(searchKey('  Köln ')).toBe('koln');
    expect(searchKey('Frankfurt   am  Main')).toBe('frankfurt am main');
    expect(searchKey('Großenhain')).toBe('grossenhain');
    expect(searchKey('Łódź')).toBe('lodz');
    expect(searchKey('München')).toBe(searchKey('munchen'));
  });
  it('transliterate German umlauts so "Muenchen" finds München', () => {
    expect(transliterationKey('München')).toBe('muenchen');
    expect(transliterationKey('Köln')).toBe('koeln');
    // NFD input (decomposed umlaut) folds the same way.
    expect(transliterationKey('Mu\u0308nchen')).toBe('muenchen');
  });
  it('collapse whitespace in terms (seed 000 §5)', () => {
    expect(collapseWhitespace('\t Hamburg \n  Altona ')).toBe('Hamburg Altona');
    expect(locationSearchQuery.parse({ term: '  Frankfurt   am Main ' }).term).toBe('Frankfurt am Main');
    expect(locationSearchQuery.safeParse({ term: '   ' }).success).toBe(false);
  });
  it('accept the four location forms of the contract and nothing else', () => {
    expect(locationInput.parse({ locode: ' deham ' })).toEqual({ locode: 'DEHAM' });
    expect(locationInput.parse({ iataCode: 'fra' })).toEqual({ iataCode: 'FRA' });
    expect(locationInput.parse({ country: 'de', zipCode: '20095' })).toEqual({
      country: 'DE',
      zipCode: '20095',
    });
    expect(locationInput.safeParse({ locode: 'DEHAMX' }).success).toBe(false);
    expect(locationInput.safeParse({ country: 'DE' }).success).toBe(false);
    expect(locationInput.safeParse({ iataCode: 'FRA', extra: 1 }).success).toBe(false);
  });
});
