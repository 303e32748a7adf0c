import PDFDocument from 'pdfkit';
import { type PdfBar, type PdfMatrixPoint, drawBars, drawMatrix } from './pdf-chart.ts';
import { BOLD, REGULAR, registerFonts } from './pdf-fonts.ts';
import { FRAMED_TOP, type PdfFrame, documentDate, drawFrame, frameTexts, openLogo } from './pdf-frame.ts';
import {
  type PdfColumn,
  type PdfColumnGroup,
  type PdfTableRow,
  drawTable,
  headerFontSize,
} from './pdf-table.ts';

export { headerFontSize } from './pdf-table.ts';

export { documentDate, documentPeriod } from './pdf-frame.ts';
export type { PdfFrame } from './pdf-frame.ts';
export type { PdfColumn, PdfColumnGroup, PdfTableRow } from './pdf-table.ts';
export type { PdfBar, PdfMatrixPoint } from './pdf-chart.ts';

/**
 * The one way to write a PDF document (statements, invoices, certificates): an A4 page with 50 pt
 * margins in the embedded DejaVu Sans (pdf-fonts.ts), labelled fields, headings, tables with a
 * repeated header (pdf-table.ts), bar charts (pdf-chart.ts), a closing note, and a frame with the
 * company, its logo, the document id and "page x of n" on every page (pdf-frame.ts). The document streams as it is written (pdfkit), so an answer can pipe it.
 */

const RULE_COLOUR = '#999999';
const NOTE_COLOUR = '#555555';
/** The font size of table rows. */
const TABLE_SIZE = 9;

export type PdfOptions = {
  title: string;
  author?: string;
  subject?: string;
  /** Uncompressed content streams (tests read the text); compressed by default. */
  compress?: boolean;
  /** Keeps every page until `end`, for footers that name the page count. */
  pageFooters?: (page: number, pages: number) => string;
  /** Landscape for wide tables (the taxonomy report's templates); portrait by default. */
  layout?: 'portrait' | 'landscape';
  /** The designed frame: header with company and logo, footer with document id and page x of n. */
  frame?: PdfFrame;
};

/** A document being written; `doc` is the pdfkit document for anything the helpers do not cover. */
export type PdfWriter = ReturnType<typeof createPdf>;

type CoverOptions = { period?: string; issuedAt?: Date; timeZone?: string; lang: PdfFrame['lang'] };
type RowOptions = { bold?: boolean; header?: boolean; keep?: number };

/** A new page unless `height` points are left above the bottom margin. */
function roomFor(doc: PDFKit.PDFDocument, height: number) {
  if (doc.y > doc.page.height - doc.page.margins.bottom - height) doc.addPage();
}

function drawCover(doc: PDFKit.PDFDocument, left: number, width: number, title: string, opts: CoverOptions) {
  const t = frameTexts(opts.lang);
  doc.font(BOLD).fontSize(18).fillColor('black').text(title, left, doc.y, { width });
  const parts = [
    opts.period ? `${t.period} ${opts.period}` : null,
    opts.issuedAt ? `${t.issued} ${documentDate(opts.issuedAt, opts.lang, opts.timeZone)}` : null,
  ].filter((p): p is string => !!p);
  if (parts.length) {
    doc
      .moveDown(0.2)
      .font(REGULAR)
      .fontSize(9.5)
      .fillColor(NOTE_COLOUR)
      .text(parts.join(' · '), left, doc.y, {
        width,
      });
  }
  doc.fillColor('black').fontSize(10).moveDown(0.8);
}

function drawRow(
  doc: PDFKit.PDFDocument,
  left: number,
  width: number,
  cells: string[],
  widths: number[],
  opts: RowOptions,
) {
  roomFor(doc, opts.keep ?? 20);
  const y = doc.y;
  let x = left;
  let bottom = y;
  const texts = cells;
  doc.font(opts.bold || opts.header ? BOLD : REGULAR);
  const base = opts.header
    ? headerFontSize(
        doc,
        texts,
        widths.map((w) => w - 4),
        TABLE_SIZE,
      )
    : TABLE_SIZE;
  texts.forEach((cell, i) => {
    // A figure stays on one line: its type shrinks (down to 6 pt) rather than the number breaking.
    let size = base;
    doc.fontSize(size);
    while (i > 0 && !opts.header && size > 6 && doc.widthOfString(cell) > widths[i] - 4)
      doc.fontSize((size -= 0.5));
    doc.text(cell, x + 2, y, { width: widths[i] - 4, align: i === 0 ? 'left' : 'right' });
    bottom = Math.max(bottom, doc.y);
    x += widths[i];
  });
  doc
    .moveTo(left, bottom + 2)
    .lineTo(left + width, bottom + 2)
    .lineWidth(0.3)
    .strokeColor(RULE_COLOUR)
    .stroke();
  doc.fontSize(TABLE_SIZE);
  doc.x = left;
  doc.y = bottom + 5;
}

/** The frame or the page footers on every buffered page. */
function drawPageFrames(doc: PDFKit.PDFDocument, options: PdfOptions, left: number, width: number) {
  if (options.frame) {
    const logo = openLogo(doc, options.frame.logo);
    const range = doc.bufferedPageRange();
    for (let i = range.start; i < range.start + range.count; i++) {
      doc.switchToPage(i);
      drawFrame(doc, options.frame, i + 1, range.count, logo);
    }
  } else if (options.pageFooters) {
    const range = doc.bufferedPageRange();
    for (let i = range.start; i < range.start + range.count; i++) {
      doc.switchToPage(i);
      // The bottom margin is lifted while writing so the footer does not spill onto a new page.
      const bottom = doc.page.margins.bottom;
      doc.page.margins.bottom = 0;
      doc
        .font(REGULAR)
        .fontSize(8)
        .fillColor(NOTE_COLOUR)
        .text(options.pageFooters(i + 1, range.count), left, doc.page.height - 35, {
          width,
          align: 'center',
          lineBreak: false,
        });
      doc.page.margins.bottom = bottom;
    }
  }
}

/** An A4 document with 50 pt margins, Helvetica 10 pt; call `end()` last and answer the returned stream. */
export function createPdf(options: PdfOptions) {
  const doc = new PDFDocument({
    size: 'A4',
    layout: options.layout ?? 'portrait',
    margins: { top: options.frame ? FRAMED_TOP : 50, bottom: 50, left: 50, right: 50 },
    bufferPages: !!options.pageFooters || !!options.frame,
    compress: options.compress ?? true,
    info: {
      Title: options.title,
      Author: options.author ?? options.frame?.company ?? 'Klimadesk',
      ...(options.subject ? { Subject: options.subject } : {}),
    },
  });
  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  registerFonts(doc);
  doc.fontSize(10);

  /** A new page unless `height` points are left above the bottom margin. */
  const room = (height: number) => roomFor(doc, height);

  return {
    doc,
    left,
    width,
    room,
    /**
     * The first page's title block: the title, then period and issue date in the document's
     * language (`Zeitraum 01.01.2026 – 31.12.2026 · Ausgestellt am 28.11.2026`).
     */
    cover(title: string, opts: CoverOptions) {
      drawCover(doc, left, width, title, opts);
    },
    /** A table of formatted cells with a repeated header row (and group headers) on each new page. */
    table(columns: PdfColumn[], rows: PdfTableRow[], opts: { groups?: PdfColumnGroup[] } = {}) {
      drawTable(doc, left, width, columns, rows, opts);
    },
    /** Horizontal bars for figures a reader compares at a glance (emissions by leg or category). */
    bars(bars: PdfBar[], opts: { caption?: string; max?: number } = {}) {
      drawBars(doc, left, width, bars, opts);
    },
    /** A materiality matrix: topics as labelled dots over two scores with their thresholds. */
    matrix(points: PdfMatrixPoint[], opts: Parameters<typeof drawMatrix>[3]) {
      drawMatrix(doc, left, points, opts);
    },
    /** The document's title line. */
    title(text: string, size = 16) {
      doc.font(BOLD).fontSize(size).text(text);
    },
    /** Plain lines (an address block, a note, a list entry) in the regular font. */
    lines(lines: string[], opts: { size?: number } = {}) {
      doc.font(REGULAR);
      if (opts.size) doc.fontSize(opts.size);
      for (const line of lines) doc.text(line, left, doc.y, { width });
    },
    /** `Label: value` on one line, the label bold. */
    field(label: string, value: string) {
      room(20);
      doc.font(BOLD).text(`${label}: `, left, doc.y, { continued: true, width });
      doc.font(REGULAR).text(value);
    },
    /** A section heading, kept with `keep` points of what follows; then the body font at `bodySize`. */
    heading(text: string, opts: { size?: number; keep?: number; bodySize?: number } = {}) {
      room(opts.keep ?? 60);
      doc
        .moveDown(0.6)
        .font(BOLD)
        .fontSize(opts.size ?? 12)
        .text(text, left, doc.y, { width });
      doc
        .moveDown(0.2)
        .font(REGULAR)
        .fontSize(opts.bodySize ?? 10);
    },
    /**
     * A table row at the current height: the first column left-aligned, the others right-aligned
     * figures, a thin rule below. A `header` row is bold and shrinks its type until its longest
     * word fits its column, so lines break between words only. Starts a new page unless `keep`
     * points are left.
     */
    row(cells: string[], widths: number[], opts: RowOptions = {}) {
      drawRow(doc, left, width, cells, widths, opts);
    },
    /** The small grey closing note under the content. */
    note(text: string) {
      doc.moveDown().font(REGULAR).fontSize(8).fillColor(NOTE_COLOUR).text(text, left, doc.y, { width });
    },
    /** Writes the page footers (if any) and ends the document; the stream is complete after it. */
    end(): PDFKit.PDFDocument {
      drawPageFrames(doc, options, left, width);
      doc.end();
      return doc;
    },
  };
}
