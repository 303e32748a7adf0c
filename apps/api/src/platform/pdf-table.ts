import { BOLD, REGULAR } from './pdf-fonts.ts';

/** A table column: its header, its share of the text width, and figures right-aligned. */
export type PdfColumn = { header: string; width: number; align?: 'left' | 'right' };
/** A row of formatted cells; `bold` for a total row. */
export type PdfTableRow = string[] | { cells: string[]; bold?: boolean };

const SIZE = 8.5;
const PAD = 3;
const HEAD_FILL = '#eef1f5';
const RULE = '#c7ccd4';

/**
 * A table with a shaded header row: cells wrap within their column, figures are right-aligned,
 * and a row that does not fit the page starts a new page that repeats the header.
 */
export function drawTable(
  doc: PDFKit.PDFDocument,
  left: number,
  width: number,
  columns: PdfColumn[],
  rows: PdfTableRow[],
): void {
  const total = columns.reduce((s, c) => s + c.width, 0);
  const widths = columns.map((c) => (c.width / total) * width);
  const align = (i: number) => columns[i].align ?? (i === 0 ? 'left' : 'right');
  const bottomLimit = () => doc.page.height - doc.page.margins.bottom;

  const headers = columns.map((c) => c.header);
  // Header words never break inside themselves: the header row's type shrinks until each fits.
  doc.font(BOLD);
  const headSize = headerFontSize(
    doc,
    headers,
    widths.map((w) => w - 2 * PAD),
    SIZE,
  );
  let headerRow = false;
  const sizeOf = (font: string) => (font === BOLD && headerRow ? headSize : SIZE);
  const heightOf = (cells: string[], font: string) => {
    doc.font(font).fontSize(sizeOf(font));
    return (
      Math.max(...cells.map((c, i) => doc.heightOfString(c || ' ', { width: widths[i] - 2 * PAD }))) + 2 * PAD
    );
  };
  const drawCells = (cells: string[], font: string, height: number, fill?: string) => {
    const y = doc.y;
    if (fill) doc.rect(left, y, width, height).fill(fill);
    doc.font(font).fontSize(sizeOf(font)).fillColor('black');
    let x = left;
    cells.forEach((cell, i) => {
      // A figure stays on one line: its type shrinks (down to 6 pt) rather than the number breaking.
      let size = sizeOf(font);
      doc.fontSize(size);
      while (!headerRow && align(i) === 'right' && size > 6 && doc.widthOfString(cell) > widths[i] - 2 * PAD)
        doc.fontSize((size -= 0.5));
      doc.text(cell, x + PAD, y + PAD, { width: widths[i] - 2 * PAD, align: align(i) });
      x += widths[i];
    });
    doc
      .moveTo(left, y + height)
      .lineTo(left + width, y + height)
      .lineWidth(0.4)
      .strokeColor(RULE)
      .stroke();
    doc.x = left;
    doc.y = y + height;
  };
  headerRow = true;
  const headerHeight = heightOf(headers, BOLD);
  headerRow = false;
  const header = () => {
    headerRow = true;
    drawCells(headers, BOLD, headerHeight, HEAD_FILL);
    headerRow = false;
  };

  const firstHeight = rows.length ? heightOf(cellsOf(rows[0]), REGULAR) : 0;
  if (doc.y + headerHeight + firstHeight > bottomLimit()) doc.addPage();
  header();
  for (const row of rows) {
    const cells = cellsOf(row);
    const font = !Array.isArray(row) && row.bold ? BOLD : REGULAR;
    const height = heightOf(cells, font);
    if (doc.y + height > bottomLimit()) {
      doc.addPage();
      header();
    }
    drawCells(cells, font, height);
  }
  doc.font(REGULAR).fontSize(10);
  doc.y += 6;
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

const cellsOf = (row: PdfTableRow) => (Array.isArray(row) ? row : row.cells);
