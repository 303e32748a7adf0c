import type { Language } from '@klimadesk/contract';
import { BOLD, REGULAR } from './pdf-fonts.ts';
import { t as message } from '@klimadesk/contract/messages';

/** What every designed document names on each page: the issuing company, its logo and the document id. */
export type PdfFrame = {
  lang: Language;
  company: string;
  /** A PNG or JPEG image, drawn at the header's right edge. */
  logo?: Buffer | null;
  /** A stable id a reader can quote (the order number, the report id). */
  documentId: string;
};

const textsOf = (lang: Language) => ({
  page: (n: number, of: number) => message(lang, 'pdf.frame.page', { n, of }),
  documentId: message(lang, 'pdf.frame.documentId'),
  period: message(lang, 'pdf.frame.period'),
  issued: message(lang, 'pdf.frame.issued'),
});

const FRAME_TEXTS = {
  de: textsOf('de'),
  en: textsOf('en'),
} as const;

export const frameTexts = (lang: Language) => FRAME_TEXTS[lang];

/**
 * An image pdfkit has read; `doc.image` takes it as it is (pdfkit 0.20), though the types name
 * neither `openImage` nor this form.
 */
type OpenedImage = { width: number; height: number };

/** The top margin of a framed page: the header band sits above it. */
export const FRAMED_TOP = 78;
const INK = '#1f2937';
const MUTED = '#6b7280';
const RULE = '#c7ccd4';

/**
 * A date as every document prints it: German `28.11.2026`, English `28 Nov 2026` (unambiguous
 * for British and American readers alike). Days (`YYYY-MM-DD`) stay the day they name.
 */
export function documentDate(value: Date | string, lang: Language, timeZone = 'UTC'): string {
  const isDay = typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value);
  const date = isDay ? new Date(`${value}T00:00:00Z`) : new Date(value);
  return new Intl.DateTimeFormat(lang === 'de' ? 'de-DE' : 'en-GB', {
    day: '2-digit',
    month: lang === 'de' ? '2-digit' : 'short',
    year: 'numeric',
    timeZone: isDay ? 'UTC' : timeZone,
  }).format(date);
}

/** A period of two days, `01.01.2026 – 31.12.2026`. */
export const documentPeriod = (from: Date | string, to: Date | string, lang: Language) =>
  `${documentDate(from, lang)} – ${documentDate(to, lang)}`;

/** Draws the header band (company, logo) and the footer (document id, page x of n) on the current page. */
export function drawFrame(
  doc: PDFKit.PDFDocument,
  frame: PdfFrame,
  page: number,
  pages: number,
  logo: OpenedImage | null,
): void {
  const t = FRAME_TEXTS[frame.lang];
  const left = doc.page.margins.left;
  const right = doc.page.width - doc.page.margins.right;
  const width = right - left;
  // Margins are lifted while writing so header and footer never push text onto a new page.
  const { top, bottom } = doc.page.margins;
  doc.page.margins.top = 0;
  doc.page.margins.bottom = 0;
  let nameWidth = width;
  if (logo) {
    doc.image(logo as unknown as Buffer, right - 120, 26, {
      fit: [120, 32],
      align: 'right',
      valign: 'center',
    });
    nameWidth = width - 130;
  }
  doc
    .font(BOLD)
    .fontSize(11)
    .fillColor(INK)
    .text(frame.company, left, 34, { width: nameWidth, lineBreak: false, ellipsis: true });
  doc.moveTo(left, 64).lineTo(right, 64).lineWidth(0.6).strokeColor(RULE).stroke();
  const footY = doc.page.height - 36;
  doc
    .moveTo(left, footY - 6)
    .lineTo(right, footY - 6)
    .lineWidth(0.4)
    .strokeColor(RULE)
    .stroke();
  doc
    .font(REGULAR)
    .fontSize(8)
    .fillColor(MUTED)
    .text(`${t.documentId} ${frame.documentId}`, left, footY, { width: width / 2, lineBreak: false });
  doc.text(t.page(page, pages), left + width / 2, footY, {
    width: width / 2,
    align: 'right',
    lineBreak: false,
  });
  doc.page.margins.top = top;
  doc.page.margins.bottom = bottom;
  doc.fillColor('black');
}

/**
 * The logo opened once, so every page's header refers to one image object; bytes that are not a
 * PNG or JPEG leave the header with the company name alone.
 */
export function openLogo(doc: PDFKit.PDFDocument, logo: Buffer | null | undefined): OpenedImage | null {
  if (!logo) return null;
  try {
    return (doc as PDFKit.PDFDocument & { openImage(src: Buffer): OpenedImage }).openImage(logo);
  } catch {
    return null;
  }
}
