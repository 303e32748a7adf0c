import ExcelJS from 'exceljs';
import type { ShipperStatement } from '@klimadesk/contract';
import { describe, expect, it } from 'vitest';
import { pdfFonts, pdfText } from '../../../test/pdf.ts';
import PDFDocument from 'pdfkit';
import { headerFontSize } from '../../platform/pdf.ts';
import {
  MODE_HEADERS,
  modeRows,
  renderStatementPdf,
  renderStatementXlsx,
  show,
  summaryFigures,
} from './statements.render.ts';

const statement: ShipperStatement = {
  shipper: '=Bio AG',
  from: '2026-03-01',
  to: '2026-03-31',
  company: {
    name: 'Spedition Nord GmbH',
    street: 'Hafenweg 1',
    zipcode: '20095',
    city: 'Hamburg',
    country: 'DE',
  },
  generatedAt: '2026-04-01T10:00:00.000Z',
  shipments: 1234,
  weightKg: 56789.5,
  tkm: 1234.5678,
  // WTW of the legs (1,000.375) plus the hubs (12.5).
  co2: { ttw: 800.25, wtt: 200.125, wtw: 1012.875 },
  hubWtw: 12.5,
  intensity: 810.32,
  byMode: [
    { mode: 'road', shipments: 1200, tkm: 1000, co2: { ttw: 700, wtt: 150, wtw: 850 }, intensity: 850 },
    {
      mode: 'rail',
      shipments: 34,
      tkm: 234.5678,
      co2: { ttw: 100.25, wtt: 50.125, wtw: 150.375 },
      intensity: null,
    },
  ],
  primaryDataShare: 42.25,
  methods: ['default', 'fuel'],
  factorSets: [{ id: 'glec-default', version: '3.1.0', gwp: 'IPCC AR5 GWP100' }],
  standard: 'ISO 14083:2023; GLEC Framework v3.1',
};

async function collect(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(Buffer.from(c as Buffer));
  return Buffer.concat(chunks);
}

describe('statement figures', () => {
  it('format numbers in the document language and show a dash for missing values', () => {
    expect(show(1234.5678, 'de', 2)).toBe('1.234,57');
    expect(show(1234.5678, 'en', 2)).toBe('1,234.57');
    expect(show(null, 'en', 2)).toBe('–');
  });

  it('list the summary in both languages with the unrounded values', () => {
    const de = summaryFigures(statement, 'de');
    const en = summaryFigures(statement, 'en');
    expect(de.map((f) => f.value)).toEqual(en.map((f) => f.value));
    expect(de.find((f) => f.label.startsWith('THG-Emissionen WTW'))?.value).toBe(1012.875);
    expect(en.find((f) => f.label.startsWith('of which hub'))?.value).toBe(12.5);
    expect(en.find((f) => f.label.startsWith('Share of primary data'))?.value).toBe(42.25);
  });

  it('name the modes in the language', () => {
    expect(modeRows(statement, 'de').map((r) => r[0])).toEqual(['Straße', 'Schiene']);
    expect(modeRows(statement, 'en').map((r) => r[0])).toEqual(['Road', 'Rail']);
  });
});

describe('statement documents', () => {
  it('render a PDF with shipper, period, German figures, method notes and page numbers', async () => {
    const pdf = await collect(renderStatementPdf(statement, 'de', 'Europe/Berlin'));
    expect(pdf.subarray(0, 4).toString()).toBe('%PDF');
    const text = pdfText(pdf);
    expect(text).toContain('=Bio AG');
    expect(text).toContain('01.03.2026 – 31.03.2026');
    expect(text).toContain('1.012,88');
    expect(text).toContain('glec-default (3.1.0, IPCC AR5 GWP100)');
    expect(text).toContain('ISO 14083:2023');
    expect(text).toContain('GLEC Framework v3.1');
    expect(text).toMatch(/Seite 1 von \d+/);
    expect(text).not.toContain('1,012.88');
    // The frame: company on every page, the document id, the period in the cover line.
    expect(text).toContain('Zeitraum 01.03.2026 – 31.03.2026 · Ausgestellt am 01.04.2026');
    expect(text).toMatch(/Dokument ST-20260301-20260331-[0-9A-F]{6}/);
    expect(text).toContain('THG-Emissionen WTW je Verkehrsträger (kg CO2e)');
    expect(pdfFonts(pdf)).toEqual(['DejaVuSans', 'DejaVuSans-Bold']);
  });

  it('render the English PDF with English number format', async () => {
    const text = pdfText(await collect(renderStatementPdf(statement, 'en', 'Europe/Berlin')));
    expect(text).toContain('Shipper emission statement');
    expect(text).toContain('1,012.88');
    expect(text).toContain('of which hub operations WTW (kg CO2e)');
    expect(text).toMatch(/Page 1 of \d+/);
  });

  it('render an xlsx with the same figures and neutralised text', async () => {
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load((await renderStatementXlsx(statement, 'en', 'UTC')) as never);
    const ws = wb.worksheets[0];
    const rows: unknown[][] = [];
    ws.eachRow((r) => rows.push((r.values as unknown[]).slice(1)));
    const byLabel = new Map(rows.filter((r) => typeof r[0] === 'string').map((r) => [r[0] as string, r[1]]));
    expect(byLabel.get('Shipper')).toBe("'=Bio AG");
    // Figures are rounded to the decimals they are shown with, at the edge.
    expect(byLabel.get('GHG emissions WTW incl. hubs (kg CO2e)')).toBe(1012.88);
    expect(byLabel.get('of which hub operations WTW (kg CO2e)')).toBe(12.5);
    expect(rows.some((r) => r[0] === 'glec-default' && r[2] === 'IPCC AR5 GWP100')).toBe(true);
    expect(byLabel.get('Transport activity (tkm)')).toBe(1234.57);
    const rail = rows.find((r) => r[0] === 'Rail');
    expect(rail?.slice(1, 4)).toEqual([34, 234.57, 150.38]);
    // Period and creation time are spreadsheet dates with the full year.
    const period = rows.find((r) => r[0] === 'Period');
    expect(period?.slice(1, 3)).toEqual([new Date('2026-03-01T00:00:00Z'), new Date('2026-03-31T00:00:00Z')]);
    let periodRow = 0;
    ws.eachRow((r, n) => {
      if (r.getCell(1).value === 'Period') periodRow = n;
    });
    expect(ws.getRow(periodRow).getCell(2).numFmt).toBe('dd/mm/yyyy');
    expect(byLabel.get('Generated on')).toEqual(new Date('2026-04-01T10:00:00Z'));
  });

  it('size the PDF table headers so no word breaks inside itself', () => {
    const doc = new PDFDocument({ size: 'A4', margin: 50 });
    doc.font('Helvetica-Bold');
    const width = doc.page.width - 100;
    const widths = [0.16, 0.1, 0.16, 0.16, 0.14, 0.14, 0.14].map((w) => w * width - 4);
    for (const lang of ['de', 'en'] as const) {
      const headers = MODE_HEADERS(lang);
      const size = headerFontSize(doc, headers, widths, 9);
      doc.fontSize(size);
      for (const [i, h] of headers.entries()) {
        for (const word of h.split(/\s+/))
          expect(doc.widthOfString(word), word).toBeLessThanOrEqual(widths[i]);
      }
    }
    // At the body size a German header word is wider than its column (it broke inside before).
    doc.fontSize(9);
    const words = MODE_HEADERS('de').map((h, i) =>
      h.split(/\s+/).some((w) => doc.widthOfString(w) > widths[i]),
    );
    expect(words).toContain(true);
  });
});
