import { readFileSync, readdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '@klimadesk/contract/constants';
import { loadLocale } from './i18n.ts';

const locales = resolve(process.cwd(), 'apps/web/src/locales');

describe('loadLocale', () => {
  it('finds the texts of every namespace of both languages, in the entry or beside the screens', async () => {
    for (const lng of LANGUAGES) {
      const namespaces = readdirSync(resolve(locales, lng)).filter((f) => f.endsWith('.json'));
      expect(namespaces.length).toBeGreaterThan(20);
      for (const file of namespaces) {
        const loaded = (await loadLocale(lng, file.replace(/\.json$/, ''))) as { default: unknown };
        expect(loaded.default, `${lng}/${file}`).toEqual(
          JSON.parse(readFileSync(resolve(locales, lng, file), 'utf8')),
        );
      }
    }
  });

  it('rejects a namespace that does not exist', async () => {
    await expect(loadLocale('de', 'nothing')).rejects.toThrow('no texts de/nothing');
  });
});
