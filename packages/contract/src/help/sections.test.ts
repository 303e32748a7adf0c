import { describe, expect, it } from 'vitest';
import { escapeText, joinStep, searchEntries, splitEntries, splitStep, textOf } from './sections.ts';

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

describe('tutorial steps', () => {
  it('splits a step into its plain-text title and the HTML after the heading', () => {
    expect(
      splitStep('<h2>1. Navigation &amp; <em>Module</em></h2>\n<p>Links die <a href="/x">Leiste</a>.</p>'),
    ).toEqual({
      title: '1. Navigation & Module',
      body: '<p>Links die <a href="/x">Leiste</a>.</p>',
    });
    // No heading: the whole HTML is the text; a second heading stays in the text instead of being lost.
    expect(splitStep('<p>Nur Text</p>')).toEqual({ title: '', body: '<p>Nur Text</p>' });
    expect(splitStep('<h2>A</h2><p>a</p><h2>B &lt;1&gt;</h2><p>b</p>')).toEqual({
      title: 'A',
      body: '<p>a</p><h2>B &lt;1&gt;</h2><p>b</p>',
    });
  });

  it('joins title and text back, escaping the title, and round-trips', () => {
    expect(escapeText(`Tom & "Jerry" <b>'s`)).toBe('Tom &amp; &quot;Jerry&quot; &lt;b&gt;&#39;s');
    expect(joinStep(' Fragen & Antworten ', '<p>Hier.</p> ')).toBe(
      '<h2>Fragen &amp; Antworten</h2><p>Hier.</p>',
    );
    expect(joinStep('  ', '<p>Hier.</p>')).toBe('<p>Hier.</p>');
    const step = splitStep(joinStep('<script>x</script>', '<p>Text</p>'));
    expect(step).toEqual({ title: '<script>x</script>', body: '<p>Text</p>' });
  });
});
