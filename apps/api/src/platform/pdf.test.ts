import { describe, expect, it } from 'vitest';
import { pdfFonts, pdfText } from '../../test/pdf.ts';
import { createPdf, documentDate, documentPeriod } from './pdf.ts';

async function collect(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(Buffer.from(c as Buffer));
  return Buffer.concat(chunks);
}

describe('PDF helper', () => {
  it('prints every European name in the embedded DejaVu Sans, compressed or not', async () => {
    const names = 'Łódź, Gdańsk, Plzeň, Şanlıurfa, Ærøskøbing, Θεσσαλονίκη';
    for (const compress of [false, true]) {
      const pdf = createPdf({ title: names, compress });
      pdf.title('Hamburg → Łódź');
      pdf.lines([names]);
      const file = await collect(pdf.end());
      expect(pdfText(file).split('\n')).toEqual(['Hamburg → Łódź', names]);
      // Only the embedded subsets: no standard Helvetica (WinAnsi) is referenced.
      expect(pdfFonts(file)).toEqual(['DejaVuSans', 'DejaVuSans-Bold']);
      expect(file.toString('latin1')).toMatch(/\/FontFile2 \d+ 0 R/);
    }
  });

  it('formats dates in the document language: de 28.11.2026, en 28 Nov 2026', () => {
    expect(documentDate(new Date('2026-11-28T10:00:00Z'), 'de')).toBe('28.11.2026');
    expect(documentDate(new Date('2026-11-28T10:00:00Z'), 'en')).toBe('28 Nov 2026');
    // A day stays its day; an instant is the reader's local day (23:30 UTC is the 29th in Berlin).
    expect(documentDate('2026-01-01', 'en', 'America/New_York')).toBe('01 Jan 2026');
    expect(documentDate(new Date('2026-11-28T23:30:00Z'), 'de', 'Europe/Berlin')).toBe('29.11.2026');
    expect(documentPeriod('2026-01-01', '2026-12-31', 'de')).toBe('01.01.2026 – 31.12.2026');
  });

  it('frames every page with company, document id and page x of n, and repeats table headers', async () => {
    for (const lang of ['de', 'en'] as const) {
      const pdf = createPdf({
        title: 'Probe',
        compress: false,
        frame: { lang, company: 'Spedition Gdańsk', documentId: 'AU-2026-0042' },
      });
      pdf.cover('Bescheinigung', {
        lang,
        period: documentPeriod('2026-01-01', '2026-03-31', lang),
        issuedAt: new Date('2026-11-28T09:00:00Z'),
      });
      const rows = Array.from({ length: 70 }, (_, i) => [`Zeile ${i + 1}`, String((i + 1) * 10)]);
      pdf.table(
        [
          { header: 'Teilstrecke', width: 3 },
          { header: 'kg CO2e', width: 1 },
        ],
        [...rows, { cells: ['Summe', '24.850'], bold: true }],
      );
      pdf.bars([
        { label: 'Straße', value: 30, shown: '30,0' },
        { label: 'See', value: 10, shown: '10,0' },
      ]);
      const lines = pdfText(await collect(pdf.end())).split('\n');
      expect(lines).toContain(
        lang === 'de'
          ? 'Zeitraum 01.01.2026 – 31.03.2026 · Ausgestellt am 28.11.2026'
          : 'Period 01 Jan 2026 – 31 Mar 2026 · Issued on 28 Nov 2026',
      );
      const page = lang === 'de' ? /^Seite \d von \d$/ : /^Page \d of \d$/;
      expect(lines.filter((l) => page.test(l))).toEqual(
        lang === 'de' ? ['Seite 1 von 2', 'Seite 2 von 2'] : ['Page 1 of 2', 'Page 2 of 2'],
      );
      expect(lines.filter((l) => l === 'Spedition Gdańsk')).toHaveLength(2);
      expect(lines.filter((l) => l.endsWith('AU-2026-0042'))).toHaveLength(2);
      // The header row is repeated on the second page, before the rows that did not fit the first.
      expect(lines.filter((l) => l === 'Teilstrecke')).toHaveLength(2);
      expect(lines.indexOf('Teilstrecke', lines.indexOf('Teilstrecke') + 1)).toBeLessThan(
        lines.indexOf('Zeile 70'),
      );
      expect(lines.slice(lines.indexOf('Summe'), lines.indexOf('Summe') + 2)).toEqual(['Summe', '24.850']);
      expect(lines.slice(lines.indexOf('Straße'), lines.indexOf('Straße') + 2)).toEqual(['Straße', '30,0']);
    }
  });

  it('heads column groups, spans section titles and labels, and repeats both header rows on a new page', async () => {
    const pdf = createPdf({ title: 'Probe', compress: false, layout: 'landscape' });
    const rows = Array.from({ length: 40 }, (_, i) => [
      `Tätigkeit ${i + 1}`,
      'CCM 6.6',
      'J',
      'N/EL',
      'J',
      'N',
    ]);
    pdf.table(
      [
        { header: 'Tätigkeit', width: 2 },
        { header: 'Code', width: 2, align: 'left' },
        { header: 'CCM', width: 1, align: 'center' },
        { header: 'CCA', width: 1, align: 'center' },
        { header: 'CCM', width: 1, align: 'center' },
        { header: 'CCA', width: 1, align: 'center' },
      ],
      [
        { cells: ['A. Taxonomiefähige Tätigkeiten'], spans: [6], bold: true },
        ...rows,
        {
          cells: ['Summe der taxonomiefähigen Tätigkeiten (A)', '30,00 %', '', '', ''],
          spans: [2],
          bold: true,
        },
      ],
      {
        groups: [
          { header: '', columns: 2 },
          { header: 'Wesentlicher Beitrag', columns: 2 },
          { header: 'DNSH', columns: 2 },
        ],
      },
    );
    const lines = pdfText(await collect(pdf.end())).split('\n');
    // 40 rows of a landscape page need two pages: both header rows again on the second.
    expect(lines.filter((l) => l === 'Wesentlicher Beitrag')).toHaveLength(2);
    expect(lines.filter((l) => l === 'DNSH')).toHaveLength(2);
    const second = lines.lastIndexOf('Wesentlicher Beitrag');
    expect(lines.slice(second, second + 8)).toEqual([
      'Wesentlicher Beitrag',
      'DNSH',
      'Tätigkeit',
      'Code',
      'CCM',
      'CCA',
      'CCM',
      'CCA',
    ]);
    // A title over the whole row is one line; a label over two columns does not wrap at 'Code'.
    expect(lines).toContain('A. Taxonomiefähige Tätigkeiten');
    expect(lines).toContain('Summe der taxonomiefähigen Tätigkeiten (A)');
    expect(lines.at(-1)).toBe('30,00 %');
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
    expect(lines).toContain('Bescheinigung → Kunde');
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

  it('draws the company logo in the header of every page and skips a broken one', async () => {
    // A 1 × 1 px PNG.
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
      'base64',
    );
    const framed = async (logo: Buffer) => {
      const pdf = createPdf({
        title: 'Probe',
        compress: false,
        frame: { lang: 'en', company: 'Plzeň s.r.o.', logo, documentId: 'X-1' },
      });
      pdf.lines(['Body']);
      pdf.doc.addPage();
      return collect(pdf.end());
    };
    const withLogo = await framed(png);
    // One image (and its alpha mask: the PNG is RGBA), drawn on both pages.
    expect(withLogo.toString('latin1').match(/\/Subtype \/Image/g)).toHaveLength(2);
    expect(withLogo.toString('latin1').match(/\/I1 Do/g)).toHaveLength(2);
    const broken = await framed(Buffer.from('not an image'));
    expect(
      pdfText(broken)
        .split('\n')
        .filter((l) => l === 'Plzeň s.r.o.'),
    ).toHaveLength(2);
  });

  it('writes no footer and keeps no pages buffered without pageFooters', async () => {
    const pdf = createPdf({ title: 'Probe', compress: false });
    pdf.lines(['Spedition Nord GmbH', 'Hafenweg 1']);
    const text = pdfText(await collect(pdf.end()));
    expect(text.split('\n')).toEqual(['Spedition Nord GmbH', 'Hafenweg 1']);
  });
});
