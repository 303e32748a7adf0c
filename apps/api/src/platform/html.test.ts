import { describe, expect, it } from 'vitest';
import { sanitizeHtml } from './html.ts';

describe('sanitizeHtml', () => {
  it('drops script elements with their content', () => {
    expect(sanitizeHtml('<p>Hallo</p><script>alert(1)</script>')).toBe('<p>Hallo</p>');
  });

  it('drops event handler attributes and disallowed elements', () => {
    expect(sanitizeHtml('<img src="x" onerror="alert(1)"><p onclick="x()">Text</p>')).toBe('<p>Text</p>');
  });

  it('removes javascript: and data: links but keeps the link text', () => {
    expect(sanitizeHtml('<a href="javascript:alert(1)">klick</a>')).toBe('<a>klick</a>');
    expect(sanitizeHtml('<a href="JaVaScRiPt&#58;alert(1)">x</a>')).toBe('<a>x</a>');
    expect(sanitizeHtml('<a href="data:text/html,<script>">x</a>')).toBe('<a>x</a>');
  });

  it('keeps headings, lists and http, https, mailto and tel links', () => {
    const html =
      '<h2>Neu</h2><ul><li><a href="https://example.org/a">https</a></li><li><a href="http://example.org">http</a></li>' +
      '<li><a href="mailto:support@example.org">mail</a></li><li><a href="tel:+49301234">tel</a></li></ul>';
    expect(sanitizeHtml(html)).toBe(html);
  });

  it('forces opener protection on links that open a new tab', () => {
    expect(sanitizeHtml('<a href="https://example.org" target="_self">x</a>')).toBe(
      '<a href="https://example.org" target="_blank" rel="noopener noreferrer">x</a>',
    );
  });

  it('leaves plain text as it is and escapes stray angle brackets', () => {
    expect(sanitizeHtml('Importe mit Vorlagen\nzweite Zeile')).toBe('Importe mit Vorlagen\nzweite Zeile');
    expect(sanitizeHtml('a < b & c')).toBe('a &lt; b &amp; c');
  });
});
