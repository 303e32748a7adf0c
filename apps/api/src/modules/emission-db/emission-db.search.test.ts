import { describe, expect, it } from 'vitest';
import { fold, searchNames, searchText } from './emission-db.search.ts';

describe('search folding', () => {
  it('folds case, accents, umlauts and punctuation', () => {
    expect(fold('Flüssiggas')).toBe('flussiggas');
    expect(fold('  Straße / Müll-Abfuhr ')).toBe('strasse mull abfuhr');
    expect(fold('Diesel (average biofuel blend)')).toBe('diesel average biofuel blend');
  });

  it('keeps names apart and adds the written-out umlauts to the search text', () => {
    expect(searchNames(['Erdgas', 'Natural gas', 'Erdgas'])).toBe('|erdgas|natural gas|');
    expect(searchText(['Heizöl'], ['Öl'])).toBe('|heizol|ol|heizoel|oel|');
  });
});
