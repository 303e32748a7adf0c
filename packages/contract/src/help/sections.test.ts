import { describe, expect, it } from 'vitest';
import { searchEntries, splitEntries, textOf } from './sections.ts';

const FAQ =
  '<p>Häufige Fragen.</p>' +
  '<h2>Was ist <strong>tkm</strong>?</h2><p>Tonnenkilometer: Masse &times; Strecke.</p>' +
  '<h2 id="x">Was bedeutet WTW?</h2><p>Well-to-Wheel = WTT + TTW.</p><ul><li>Vorkette</li></ul>' +
  '<h2>Wie lade ich eine Datei hoch?</h2><p>Über <a href="https://example.com/import">Import</a>.</p>';

describe('splitEntries', () => {
  it('splits on each <h2> and keeps the HTML up to the next heading', () => {
    const { intro, entries } = splitEntries(FAQ);
    expect(intro).toBe('<p>Häufige Fragen.</p>');
    expect(entries.map((e) => e.title)).toEqual([
      'Was ist tkm?',
      'Was bedeutet WTW?',
      'Wie lade ich eine Datei hoch?',
    ]);
    expect(entries[1].body).toBe('<p>Well-to-Wheel = WTT + TTW.</p><ul><li>Vorkette</li></ul>');
    expect(entries[2].body).toBe('<p>Über <a href="https://example.com/import">Import</a>.</p>');
  });

  it('answers the whole text as introduction when it has no <h2>', () => {
    expect(splitEntries(' <p>Nur Text</p> ')).toEqual({ intro: '<p>Nur Text</p>', entries: [] });
  });
});

describe('textOf', () => {
  it('drops tags, decodes entities and separates blocks', () => {
    expect(textOf('<p>A &amp; B</p><p>C&nbsp;&#8364; &#x41;</p>')).toBe('A & B C € A');
    expect(textOf('&unknown; <b>x</b>')).toBe('&unknown; x');
  });
});

describe('searchEntries', () => {
  const { entries } = splitEntries(FAQ);

  it('keeps the entries that hold every word, in heading or body, case-insensitive', () => {
    expect(searchEntries(entries, 'wtt').map((e) => e.title)).toEqual(['Was bedeutet WTW?']);
    expect(searchEntries(entries, 'TONNENKILOMETER').map((e) => e.title)).toEqual(['Was ist tkm?']);
    expect(searchEntries(entries, 'was ist').map((e) => e.title)).toEqual(['Was ist tkm?']);
    expect(searchEntries(entries, 'über import').map((e) => e.title)).toEqual([
      'Wie lade ich eine Datei hoch?',
    ]);
  });

  it('does not match markup and keeps every entry for an empty search', () => {
    expect(searchEntries(entries, 'href')).toEqual([]);
    expect(searchEntries(entries, 'strong')).toEqual([]);
    expect(searchEntries(entries, '   ')).toHaveLength(3);
  });
});
