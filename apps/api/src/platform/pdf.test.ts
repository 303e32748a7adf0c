import { describe, expect, it } from 'vitest';
import { pdfText } from '../../test/pdf.ts';
import { createPdf, winAnsi } from './pdf.ts';

async function collect(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(Buffer.from(c as Buffer));
  return Buffer.concat(chunks);
}

describe('PDF helper', () => {
  it('spells out arrows and replaces signs the standard fonts cannot write', () => {
    // ó is Latin-1 and – € are Windows-1252: kept; Ł and ź are neither.
    expect(winAnsi('Hamburg → Łódź – 5 € CO₂')).toBe('Hamburg -> ?ód? – 5 € CO2');
  });

  it('writes fields, ruled rows across pages and a footer with the page count on every page', async () => {
    const pdf = createPdf({ title: 'Probe', compress: false, pageFooters: (p, n) => `Seite ${p} von ${n}` });
    pdf.title('Bescheinigung → Kunde');
    pdf.field('Zeitraum', '01.03.2026 – 31.03.2026');
    pdf.heading('Tabelle');
    const widths = [pdf.width / 2, pdf.width / 2];
    pdf.row(['Art', 'Wert'], widths, { header: true });
    // About 48 rows fit an A4 page at 9 pt, so 60 rows need a second page.
    for (let i = 1; i <= 60; i++) pdf.row([`Zeile ${i}`, String(i * 10)], widths);
    pdf.note('Berechnet nach ISO 14083');
    const text = pdfText(await collect(pdf.end()));
    const lines = text.split('\n');
    expect(lines).toContain('Bescheinigung -> Kunde');
    expect(lines.slice(lines.indexOf('Zeitraum: '), lines.indexOf('Zeitraum: ') + 2)).toEqual([
      'Zeitraum: ',
      '01.03.2026 – 31.03.2026',
    ]);
    expect(lines.slice(lines.indexOf('Zeile 60'), lines.indexOf('Zeile 60') + 2)).toEqual([
      'Zeile 60',
      '600',
    ]);
    expect(lines.filter((l) => /^Seite \d von \d$/.test(l))).toEqual(['Seite 1 von 2', 'Seite 2 von 2']);
  });

  it('writes no footer and keeps no pages buffered without pageFooters', async () => {
    const pdf = createPdf({ title: 'Probe', compress: false });
    pdf.lines(['Spedition Nord GmbH', 'Hafenweg 1']);
    const text = pdfText(await collect(pdf.end()));
    expect(text.split('\n')).toEqual(['Spedition Nord GmbH', 'Hafenweg 1']);
  });
});
