import { BOLD, REGULAR } from './pdf-fonts.ts';

/** One bar: its label, its value (scaled against the largest) and the value as printed. */
export type PdfBar = { label: string; value: number; shown: string };

const BAR_FILL = '#2f7d5b';
const TRACK = '#e5e9ee';
const ROW = 16;

/**
 * Horizontal bars drawn with vector paths (sharp at any zoom): label at the left, bar scaled to the
 * largest value, the printed value at the right. Negative values (removals) draw no bar.
 */
export function drawBars(
  doc: PDFKit.PDFDocument,
  left: number,
  width: number,
  bars: PdfBar[],
  opts: { caption?: string; max?: number } = {},
): void {
  const labelWidth = width * 0.34;
  const valueWidth = width * 0.2;
  const trackWidth = width - labelWidth - valueWidth - 12;
  const max = opts.max ?? Math.max(0, ...bars.map((b) => b.value));
  const needed = bars.length * ROW + (opts.caption ? 16 : 0) + 8;
  if (doc.y + needed > doc.page.height - doc.page.margins.bottom) doc.addPage();
  if (opts.caption) {
    doc.font(BOLD).fontSize(9).fillColor('black').text(opts.caption, left, doc.y, { width });
    doc.y += 3;
  }
  for (const bar of bars) {
    const y = doc.y;
    doc.font(REGULAR).fontSize(8).fillColor('black');
    doc.text(fitted(doc, bar.label, labelWidth - 6), left, y + 3, {
      width: labelWidth - 6,
      lineBreak: false,
    });
    const x = left + labelWidth;
    doc.rect(x, y + 3, trackWidth, ROW - 6).fill(TRACK);
    const length = max > 0 ? (Math.max(0, bar.value) / max) * trackWidth : 0;
    if (length > 0) doc.rect(x, y + 3, Math.max(length, 0.8), ROW - 6).fill(BAR_FILL);
    doc.fillColor('black').text(bar.shown, x + trackWidth + 6, y + 3, {
      width: valueWidth + 6,
      align: 'right',
      lineBreak: false,
    });
    doc.x = left;
    doc.y = y + ROW;
  }
  doc.font(REGULAR).fontSize(10).fillColor('black');
  doc.y += 8;
}

/** The label cut with an ellipsis to one line of `width` (the full name stays in the table above). */
function fitted(doc: PDFKit.PDFDocument, label: string, width: number): string {
  if (doc.widthOfString(label) <= width) return label;
  let cut = label;
  while (cut.length > 1 && doc.widthOfString(`${cut}…`) > width) cut = cut.slice(0, -1);
  return `${cut.trimEnd()}…`;
}

/** One topic of a materiality matrix: its label, its scores and whether it is material. */
export type PdfMatrixPoint = { label: string; x: number; y: number; isMaterial: boolean };

/**
 * A double-materiality matrix (ESRS 1 §3): financial score across, impact score up, both on 0 to
 * `max`, the thresholds as dashed lines, each topic a labelled dot (filled when material).
 */
export function drawMatrix(
  doc: PDFKit.PDFDocument,
  left: number,
  points: PdfMatrixPoint[],
  opts: {
    max: number;
    xThreshold: number;
    yThreshold: number;
    xLabel: string;
    yLabel: string;
    caption: string;
  },
): void {
  const size = 230;
  const needed = size + 60;
  if (doc.y + needed > doc.page.height - doc.page.margins.bottom) doc.addPage();
  doc.font(BOLD).fontSize(9).fillColor('black').text(opts.caption, left, doc.y);
  const x0 = left + 24;
  const y0 = doc.y + 6;
  const px = (v: number) => x0 + (v / opts.max) * size;
  const py = (v: number) => y0 + size - (v / opts.max) * size;
  doc.rect(x0, y0, size, size).lineWidth(0.6).strokeColor('#9aa3ad').stroke();
  doc.save().dash(3, { space: 3 }).strokeColor('#c0392b').lineWidth(0.6);
  doc
    .moveTo(px(opts.xThreshold), y0)
    .lineTo(px(opts.xThreshold), y0 + size)
    .stroke();
  doc
    .moveTo(x0, py(opts.yThreshold))
    .lineTo(x0 + size, py(opts.yThreshold))
    .stroke();
  doc.restore();
  doc.font(REGULAR).fontSize(7).fillColor('#555555');
  for (let v = 0; v <= opts.max; v++) {
    doc.text(String(v), px(v) - 5, y0 + size + 3, { width: 10, align: 'center', lineBreak: false });
    doc.text(String(v), x0 - 14, py(v) - 3, { width: 10, align: 'right', lineBreak: false });
  }
  doc.text(opts.xLabel, x0, y0 + size + 13, { width: size, align: 'center', lineBreak: false });
  doc.save().rotate(-90, { origin: [left, y0 + size / 2] });
  doc.text(opts.yLabel, left - size / 2, y0 + size / 2 - 2, {
    width: size,
    align: 'center',
    lineBreak: false,
  });
  doc.restore();
  for (const p of points) {
    const cx = px(p.x);
    const cy = py(p.y);
    doc.circle(cx, cy, 3.2).lineWidth(0.8);
    if (p.isMaterial) doc.fillAndStroke(BAR_FILL, BAR_FILL);
    else doc.strokeColor(BAR_FILL).stroke();
    doc
      .fillColor('black')
      .fontSize(7)
      .text(p.label, cx + 5, cy - 4, { lineBreak: false });
  }
  doc.font(REGULAR).fontSize(10).fillColor('black');
  doc.x = left;
  doc.y = y0 + size + 30;
}
