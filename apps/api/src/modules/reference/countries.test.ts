import { describe, expect, it } from 'vitest';
import { countryList, isCountryCode } from './countries.ts';

describe('countryList', () => {
  it('names countries in the requested language, sorted by name', () => {
    const de = countryList('de');
    const en = countryList('en');
    expect(de.find((c) => c.code === 'DE')?.name).toBe('Deutschland');
    expect(en.find((c) => c.code === 'DE')?.name).toBe('Germany');
    const names = de.map((c) => c.name);
    expect([...names].sort(new Intl.Collator('de').compare)).toEqual(names);
    expect(de.length).toBeGreaterThan(240);
  });
  it('validates codes', () => {
    expect(isCountryCode('AT')).toBe(true);
    expect(isCountryCode('XX')).toBe(false);
  });
});
