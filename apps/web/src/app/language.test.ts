import { describe, expect, it } from 'vitest';
import { foreignWords } from '../test/language.ts';
import { webTexts } from '../test/messages.ts';

/** Texts that quote what is English by nature, by `ns:key` prefix. */
const ACCEPTED_KEYS = [
  // The push API's field names and values ("shipment", "weight"), quoted as the API takes them.
  'apiKeys:push.',
  // Cabin classes as airlines name them in German too ("Economy", "Premium Economy").
  'cfc:entries.travelClass.',
  // The mode codes an import file may hold ("road", "rail").
  'orders:importMessages.OrderImportInvalidTransportMode',
];

function values(obj: unknown, prefix = ''): [string, string][] {
  if (obj === null || typeof obj !== 'object') return [[prefix, String(obj)]];
  return Object.entries(obj).flatMap(([k, v]) => values(v, prefix ? `${prefix}.${k}` : k));
}

/** Every screen text of a language that shows words of the other language, as `ns:key [words]`. */
function mixed(lang: 'de' | 'en'): string[] {
  return Object.entries(webTexts[lang]).flatMap(([ns, texts]) =>
    values(texts)
      .map(([key, text]) => [key, foreignWords(text, lang)] as const)
      .filter(([key, words]) => words.length > 0 && !ACCEPTED_KEYS.some((k) => `${ns}:${key}`.startsWith(k)))
      .map(([key, words]) => `${ns}:${key} [${words.join(', ')}]`),
  );
}

describe('one language per catalogue', () => {
  it('no German text holds English words (outside the accepted names and terms)', () => {
    expect(mixed('de')).toEqual([]);
  });

  it('no English text holds German words', () => {
    expect(mixed('en')).toEqual([]);
  });

  it('the check finds what it looks for', () => {
    expect(foreignWords('Speichern Sie the report', 'de')).toEqual(['the']);
    expect(foreignWords('Save the report für später', 'en')).toEqual(['für']);
    expect(foreignWords('Emissionen nach GLEC Framework, Well-to-Wheel', 'de')).toEqual([]);
    expect(foreignWords('Übersicht über {{the}} Daten', 'de')).toEqual([]);
    expect(foreignWords('Übersicht über alle Daten', 'en')).toEqual(['über', 'alle']);
  });
});
