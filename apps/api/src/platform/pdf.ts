import PDFDocument from 'pdfkit';

/**
 * The one way to write a PDF document (statements, invoices, certificates): an A4 page with 50 pt
 * margins in pdfkit's standard Helvetica, labelled fields, headings, ruled table rows, a closing
 * note and page footers. The document streams as it is written (pdfkit), so an answer can pipe it.
 */

const REGULAR = 'Helvetica';
const BOLD = 'Helvetica-Bold';
const RULE_COLOUR = '#999999';
const NOTE_COLOUR = '#555555';
/** The font size of table rows. */
const TABLE_SIZE = 9;

const CP1252_EXTRA = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');
const SPELLED: Record<string, string> = { '→': '->', '←': '<-', '↔': '<->', '₂': '2', '≤': '<=', '≥': '>=' };

/** pdfkit's standard fonts write WinAnsi only: arrows are spelled out, other signs become "?". */
export function winAnsi(text: string): string {
  return [...text]
    .map((ch) => {
      const code = ch.codePointAt(0)!;
      if (code < 0x80 || (code >= 0xa0 && code <= 0xff) || CP1252_EXTRA.has(ch)) return ch;
      return SPELLED[ch] ?? '?';
    })
    .join('');
}

/**
 * The largest font size up to `max` (in half points, down to 6) at which every word of every cell
 * fits the width of its column in the document's current font.
 */
export function headerFontSize(
  doc: PDFKit.PDFDocument,
  cells: string[],
  widths: number[],
  max: number,
): number {
  const fits = (size: number) => {
    doc.fontSize(size);
    return cells.every((cell, i) => cell.split(/\s+/).every((word) => doc.widthOfString(word) <= widths[i]));
  };
  let size = max;
  while (size > 6 && !fits(size)) size -= 0.5;
  return size;
}

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
};

/** A document being written; `doc` is the pdfkit document for anything the helpers do not cover. */
export type PdfWriter = ReturnType<typeof createPdf>;

/** An A4 document with 50 pt margins, Helvetica 10 pt; call `end()` last and answer the returned stream. */
export function createPdf(options: PdfOptions) {
  const doc = new PDFDocument({
    size: 'A4',
    layout: options.layout ?? 'portrait',
    margin: 50,
    bufferPages: !!options.pageFooters,
    compress: options.compress ?? true,
    info: {
      Title: winAnsi(options.title),
      Author: winAnsi(options.author ?? 'Klimadesk'),
      ...(options.subject ? { Subject: winAnsi(options.subject) } : {}),
    },
  });
  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  doc.font(REGULAR).fontSize(10);

  /** A new page unless `height` points are left above the bottom margin. */
  const room = (height: number) => {
    if (doc.y > doc.page.height - doc.page.margins.bottom - height) doc.addPage();
  };

  return {
    doc,
    left,
    width,
    room,
    /** The document's title line. */
    title(text: string, size = 16) {
      doc.font(BOLD).fontSize(size).text(winAnsi(text));
    },
    /** Plain lines (an address block, a note, a list entry) in the regular font. */
    lines(lines: string[], opts: { size?: number } = {}) {
      doc.font(REGULAR);
      if (opts.size) doc.fontSize(opts.size);
      for (const line of lines) doc.text(winAnsi(line), left, doc.y, { width });
    },
    /** `Label: value` on one line, the label bold. */
    field(label: string, value: string) {
      room(20);
      doc.font(BOLD).text(`${winAnsi(label)}: `, left, doc.y, { continued: true, width });
      doc.font(REGULAR).text(winAnsi(value));
    },
    /** A section heading, kept with `keep` points of what follows; then the body font at `bodySize`. */
    heading(text: string, opts: { size?: number; keep?: number; bodySize?: number } = {}) {
      room(opts.keep ?? 60);
      doc
        .moveDown(0.6)
        .font(BOLD)
        .fontSize(opts.size ?? 12)
        .text(winAnsi(text), left, doc.y, { width });
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
    row(cells: string[], widths: number[], opts: { bold?: boolean; header?: boolean; keep?: number } = {}) {
      room(opts.keep ?? 20);
      const y = doc.y;
      let x = left;
      let bottom = y;
      const texts = cells.map(winAnsi);
      doc.font(opts.bold || opts.header ? BOLD : REGULAR);
      doc.fontSize(
        opts.header
          ? headerFontSize(
              doc,
              texts,
              widths.map((w) => w - 4),
              TABLE_SIZE,
            )
          : TABLE_SIZE,
      );
      texts.forEach((cell, i) => {
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
    },
    /** The small grey closing note under the content. */
    note(text: string) {
      doc
        .moveDown()
        .font(REGULAR)
        .fontSize(8)
        .fillColor(NOTE_COLOUR)
        .text(winAnsi(text), left, doc.y, { width });
    },
    /** Writes the page footers (if any) and ends the document; the stream is complete after it. */
    end(): PDFKit.PDFDocument {
      if (options.pageFooters) {
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
            .text(winAnsi(options.pageFooters(i + 1, range.count)), left, doc.page.height - 35, {
              width,
              align: 'center',
              lineBreak: false,
            });
          doc.page.margins.bottom = bottom;
        }
      }
      doc.end();
      return doc;
    },
  };
}
