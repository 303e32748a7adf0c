import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '@klimadesk/contract/constants';
import { webTexts } from '../test/messages.ts';
import { loadLocale } from './i18n.ts';

describe('loadLocale', () => {
  it('finds the texts of every namespace of both languages, in the entry or beside the screens', async () => {
    for (const lng of LANGUAGES) {
      const namespaces = Object.entries(webTexts[lng]);
      expect(namespaces.length).toBeGreaterThan(20);
      for (const [ns, texts] of namespaces) {
        const loaded = (await loadLocale(lng, ns)) as { default: unknown };
        expect(loaded.default, `${lng}/${ns}`).toEqual(texts);
      }
    }
  });

  it('rejects a namespace that does not exist', async () => {
    await expect(loadLocale('de', 'nothing')).rejects.toThrow('no texts de/nothing');
  });
});
