import { expect } from 'vitest';
import { pdfText } from './pdf.ts';

/**
 * The text of a PDF answer with no-break spaces as plain ones (currency amounts carry one before
 * the euro sign), checked to show every one of `parts` wherever the lines wrap (a long value may
 * break onto the next line); returned as written for further checks.
 */
export function expectPdfShows(pdf: Buffer, parts: string[]): string {
  const text = pdfText(pdf).replaceAll('\u00a0', ' ');
  const flat = (s: string) => s.replace(/\s+/g, ' ').trim();
  const shown = flat(text);
  for (const part of parts) expect(shown).toContain(flat(part));
  return text;
}
