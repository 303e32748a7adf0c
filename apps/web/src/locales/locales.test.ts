import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ERROR_KEYS, REPORTING_MESSAGE_KEYS } from '@klimadesk/contract';

const dir = import.meta.dirname;
const load = (lang: string, ns: string) =>
  JSON.parse(readFileSync(join(dir, lang, `${ns}.json`), 'utf8')) as Record<string, unknown>;

function keys(obj: unknown, prefix = ''): string[] {
  if (obj === null || typeof obj !== 'object' || Array.isArray(obj)) return [prefix];
  return Object.entries(obj).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k));
}

describe('translations', () => {
  const namespaces = readdirSync(join(dir, 'de')).map((f) => f.replace(/\.json$/, ''));

  it('every namespace exists in German and English with the same keys', () => {
    expect(readdirSync(join(dir, 'en')).sort()).toEqual(readdirSync(join(dir, 'de')).sort());
    for (const ns of namespaces) expect(keys(load('en', ns)).sort(), ns).toEqual(keys(load('de', ns)).sort());
  });

  it('every error of the catalogue has a German and an English text', () => {
    for (const lang of ['de', 'en']) {
      const errors = load(lang, 'errors');
      const missing = [...ERROR_KEYS, ...REPORTING_MESSAGE_KEYS].filter(
        (k) => typeof errors[k] !== 'string' || !errors[k],
      );
      expect(missing, lang).toEqual([]);
    }
  });
});
