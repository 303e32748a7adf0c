import { readFileSync } from 'node:fs';
import { expect, type Download, type Page } from '@playwright/test';

/** Saves a download started by clicking a button and returns its bytes and name. */
export async function download(page: Page, testId: string): Promise<{ file: Download; bytes: Buffer }> {
  const [file] = await Promise.all([page.waitForEvent('download'), page.getByTestId(testId).click()]);
  const bytes = readFileSync((await file.path())!);
  expect(bytes.length, testId).toBeGreaterThan(0);
  return { file, bytes };
}

/**
 * The facts of one concept in an Inline XBRL document, parsed as XHTML by the browser (a parse
 * error fails), each read with its `format`, `scale` and `sign` as the transformation registry says.
 */
export async function ixbrlFacts(page: Page, xhtml: string, concept: string): Promise<number[]> {
  return page.evaluate(
    ({ xhtml, concept }) => {
      const doc = new DOMParser().parseFromString(xhtml, 'application/xhtml+xml');
      if (doc.getElementsByTagName('parsererror').length) throw new Error('not well-formed XHTML');
      if (doc.documentElement.namespaceURI !== 'http://www.w3.org/1999/xhtml') throw new Error('not XHTML');
      const IX = 'http://www.xbrl.org/2013/inlineXBRL';
      return [...doc.getElementsByTagNameNS(IX, 'nonFraction')]
        .filter((f) => f.getAttribute('name') === concept)
        .map((f) => {
          const text = f.textContent ?? '';
          const comma = (f.getAttribute('format') ?? '').includes('comma-decimal');
          const plain = comma
            ? text.replace(/[.\s\u00a0]/g, '').replace(',', '.')
            : text.replace(/[,\s\u00a0]/g, '');
          const value = Number(plain) * 10 ** Number(f.getAttribute('scale') ?? 0);
          return f.getAttribute('sign') === '-' ? -value : value;
        });
    },
    { xhtml, concept },
  );
}
