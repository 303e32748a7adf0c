import { BOLD, REGULAR } from './pdf-fonts.ts';

/** A table column: its header, its share of the text width, and its alignment (figures right). */
export type PdfColumn = { header: string; width: number; align?: 'left' | 'right' | 'center' };
/**
 * A row of formatted cells; `bold` for a total row; `spans` gives each cell's number of columns
 * (a section title over the whole row: one cell spanning all; a long total label over two columns).
 */
export type PdfTableRow = string[] | { cells: string[]; bold?: boolean; spans?: number[] };
/** Headers over groups of adjacent columns, left to right (each spans `columns` columns, an empty header none). */
export type PdfColumnGroup = { header: string; columns: number };

const SIZE = 8.5;
const PAD = 3;
const HEAD_FILL = '#eef1f5';
const RULE = '#c7ccd4';
const DIVIDER = '#9aa3ad';

type Align = 'left' | 'right' | 'center';
type Cell = { text: string; x: number; width: number; align: Align };

/** Where each column sits, the rules between column groups, and each row's cells laid out. */
function tableGeometry(columns: PdfColumn[], left: number, width: number, groups: PdfColumnGroup[]) {
  const total = columns.reduce((s, c) => s + c.width, 0);
  const widths = columns.map((c) => (c.width / total) * width);
  const starts = widths.map((_, i) => left + widths.slice(0, i).reduce((s, w) => s + w, 0));
  const align = (i: number): Align => columns[i].align ?? (i === 0 ? 'left' : 'right');
  // The left edge of each group after the first gets a vertical rule.
  const boundaries: number[] = [];
  let at = 0;
  for (const g of groups) {
    if (at > 0 && at < columns.length) boundaries.push(starts[at]);
    at += g.columns;
  }
  /** Each cell's place: consecutive columns as its span says (one each by default). */
  const layout = (texts: string[], spans?: number[]): Cell[] => {
    let column = 0;
    return texts.map((text, i) => {
      const span = Math.max(1, spans?.[i] ?? 1);
      const from = Math.min(column, columns.length - 1);
      const to = Math.min(column + span, columns.length);
      column += span;
      const w = widths.slice(from, to).reduce((s, v) => s + v, 0);
      return { text, x: starts[from], width: w, align: span > 1 && from === 0 ? 'left' : align(from) };
    });
  };
  return { widths, boundaries, layout };
}

/** The height of a row of cells: its tallest cell, wrapped within its width, with padding. */
function rowHeight(doc: PDFKit.PDFDocument, cells: Cell[], font: string, size: number): number {
  doc.font(font).fontSize(size);
  return (
    Math.max(...cells.map((c) => doc.heightOfString(c.text || ' ', { width: c.width - 2 * PAD }))) + 2 * PAD
  );
}

/**
 * One row at the current height: shaded for a header, figures kept to one line (their type shrinks
 * down to 6 pt rather than the number breaking), a rule below, group rules where the row has a
 * cell edge (so a spanning title is never crossed).
 */
function drawRow(
  doc: PDFKit.PDFDocument,
  area: { left: number; width: number; boundaries: number[] },
  cells: Cell[],
  style: { font: string; size: number; height: number; header: boolean },
): void {
  const { left, width } = area;
  const y = doc.y;
  if (style.header) doc.rect(left, y, width, style.height).fill(HEAD_FILL);
  doc.font(style.font).fontSize(style.size).fillColor('black');
  for (const cell of cells) {
    let size = style.size;
    doc.fontSize(size);
    while (
      !style.header &&
      cell.align !== 'left' &&
      size > 6 &&
      doc.widthOfString(cell.text) > cell.width - 2 * PAD
    )
      doc.fontSize((size -= 0.5));
    doc.text(cell.text, cell.x + PAD, y + PAD, { width: cell.width - 2 * PAD, align: cell.align });
  }
  doc
    .moveTo(left, y + style.height)
    .lineTo(left + width, y + style.height)
    .lineWidth(0.4)
    .strokeColor(RULE)
    .stroke();
  const edges = new Set(cells.map((c) => c.x));
  for (const x of area.boundaries.filter((b) => edges.has(b)))
    doc
      .moveTo(x, y)
      .lineTo(x, y + style.height)
      .lineWidth(0.5)
      .strokeColor(DIVIDER)
      .stroke();
  doc.x = left;
  doc.y = y + style.height;
}

/**
 * A table with a shaded header row (and optionally a row of group headers above it): cells wrap
 * within their column or span, figures keep to one line, a thin vertical rule separates the column
 * groups, and a row that does not fit the page starts a new page that repeats the headers.
 */
export function drawTable(
  doc: PDFKit.PDFDocument,
  left: number,
  width: number,
  columns: PdfColumn[],
  rows: PdfTableRow[],
  opts: { groups?: PdfColumnGroup[] } = {},
): void {
  const { widths, boundaries, layout } = tableGeometry(columns, left, width, opts.groups ?? []);
  const area = { left, width, boundaries };
  const bottomLimit = () => doc.page.height - doc.page.margins.bottom;
  const headers = columns.map((c) => c.header);
  // Header words never break inside themselves: the header rows' type shrinks until each fits.
  doc.font(BOLD);
  const headSize = headerFontSize(
    doc,
    headers,
    widths.map((w) => w - 2 * PAD),
    SIZE,
  );
  const headerCells = layout(headers);
  const groupCells = opts.groups
    ? layout(
        opts.groups.map((g) => g.header),
        opts.groups.map((g) => g.columns),
      ).map((c) => ({ ...c, align: 'center' as const }))
    : null;
  const headerHeight = rowHeight(doc, headerCells, BOLD, headSize);
  const groupHeight = groupCells ? rowHeight(doc, groupCells, BOLD, headSize) : 0;
  const header = () => {
    const style = { font: BOLD, size: headSize, header: true };
    if (groupCells) drawRow(doc, area, groupCells, { ...style, height: groupHeight });
    drawRow(doc, area, headerCells, { ...style, height: headerHeight });
  };

  const cellsOf = (row: PdfTableRow) => (Array.isArray(row) ? layout(row) : layout(row.cells, row.spans));
  const fontOf = (row: PdfTableRow) => (!Array.isArray(row) && row.bold ? BOLD : REGULAR);
  const firstHeight = rows.length ? rowHeight(doc, cellsOf(rows[0]), fontOf(rows[0]), SIZE) : 0;
  if (doc.y + groupHeight + headerHeight + firstHeight > bottomLimit()) doc.addPage();
  header();
  for (const row of rows) {
    const cells = cellsOf(row);
    const font = fontOf(row);
    const height = rowHeight(doc, cells, font, SIZE);
    if (doc.y + height > bottomLimit()) {
      doc.addPage();
      header();
    }
    drawRow(doc, area, cells, { font, size: SIZE, height, header: false });
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
