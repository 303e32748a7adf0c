import { expect } from 'vitest';
import { pdfText } from './pdf.ts';

/**
 * The text of a PDF answer with no-break spaces as plain ones (currency amounts carry one before
 * the euro sign), checked to show every one of `parts`; returned for further checks.
 */
export function expectPdfShows(pdf: Buffer, parts: string[]): string {
  const text = pdfText(pdf).replaceAll('\u00a0', ' ');
  for (const part of parts) expect(text).toContain(part);
  return text;
}
