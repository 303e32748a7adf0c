import { createRequire } from 'node:module';
import countries from 'i18n-iso-countries';
import type { Language } from '@klimadesk/contract';

const require = createRequire(import.meta.url);
countries.registerLocale(require('i18n-iso-countries/langs/de.json'));
countries.registerLocale(require('i18n-iso-countries/langs/en.json'));

const cache = new Map<Language, { code: string; name: string }[]>();

/** ISO 3166-1 countries with names in the language, sorted by name (built once per language). */
export function countryList(lang: Language): { code: string; name: string }[] {
  let list = cache.get(lang);
  if (!list) {
    const collator = new Intl.Collator(lang);
    list = Object.entries(countries.getNames(lang, { select: 'official' }))
      .map(([code, name]) => ({ code, name }))
      .sort((a, b) => collator.compare(a.name, b.name));
    cache.set(lang, list);
  }
  return list;
}

export function isCountryCode(code: string): boolean {
  return countries.isValid(code);
}
