import PDFDocument from 'pdfkit';
import { type Language, formatCents, formatNumber } from '@klimadesk/contract';
import type { BillingCompany } from './invoicing.repository.ts';
import { DOCUMENT_TEXTS, monthLabel } from './invoicing.texts.ts';

export type DocumentPosition = {
  description: string;
  quantity: number;
  unitPriceCents: number;
  totalCents: number;
};

export type InvoiceDocument = {
  company: BillingCompany;
  month: string;
  lang: Language;
  issuedAt: Date;
  number: string;
  positions: DocumentPosition[];
  netCents: number;
  vatCents: number;
  grossCents: number;
};

/** The billing address: the custom one when the company chose it, else the company's own. */
export function billingLines(c: BillingCompany): string[] {
  const b = c.customBillingAddress ? c.billingAddress : null;
  const lines = b
    ? [b.name, b.street, b.additionalAddressLine1, [b.zipcode, b.city].filter(Boolean).join(' '), b.country]
    : [c.name, c.street, [c.zipcode, c.city].filter(Boolean).join(' '), c.country];
  return lines.filter((x): x is string => !!x);
}

/** A unit price with up to four decimals of a cent shown (a volume price is fractional). */
function unitPrice(cents: number, lang: Language): string {
  return Number.isInteger(cents) ? formatCents(cents, lang) : `${formatNumber(cents, lang, 4)} ct`;
}

/** The monthly invoice as an A4 PDF, returned as the document stream (pdfkit writes as it goes). */
export function renderInvoicePdf(
  d: InvoiceDocument,
  options: { compress?: boolean } = {},
): PDFKit.PDFDocument {
  const t = DOCUMENT_TEXTS[d.lang];
  const doc = new PDFDocument({
    size: 'A4',
    margin: 50,
    compress: options.compress ?? true,
    info: { Title: `${t.title} ${d.number}`, Author: 'Klimadesk' },
  });
  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  doc.font('Helvetica').fontSize(10);
  for (const line of billingLines(d.company)) doc.text(line);
  doc.moveDown(1.5);
  doc.font('Helvetica-Bold').fontSize(16).text(`${t.title} ${d.number}`);
  doc.moveDown(0.5).font('Helvetica').fontSize(10);
  const vatId = (d.company.customBillingAddress ? d.company.billingAddress?.vatId : null) ?? d.company.vatid;
  const fields: [string, string][] = [
    [t.number, d.number],
    [t.period, monthLabel(d.month, d.lang)],
    [t.customerNr, String(d.company.customerNr)],
    [
      t.date,
      new Intl.DateTimeFormat(d.lang === 'de' ? 'de-DE' : 'en-GB', { timeZone: 'UTC' }).format(d.issuedAt),
    ],
    ...(vatId ? ([[t.vatId, vatId]] as [string, string][]) : []),
  ];
  for (const [label, value] of fields) {
    doc.font('Helvetica-Bold').text(`${label}: `, { continued: true }).font('Helvetica').text(value);
  }
  doc.moveDown();

  const widths = [0.52, 0.14, 0.16, 0.18].map((w) => w * width);
  const row = (cells: string[], bold = false) => {
    if (doc.y > doc.page.height - doc.page.margins.bottom - 40) doc.addPage();
    const y = doc.y;
    let x = left;
    let bottom = y;
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(9);
    cells.forEach((cell, i) => {
      doc.text(cell, x + 2, y, { width: widths[i] - 4, align: i === 0 ? 'left' : 'right' });
      bottom = Math.max(bottom, doc.y);
      x += widths[i];
    });
    doc
      .moveTo(left, bottom + 2)
      .lineTo(left + width, bottom + 2)
      .lineWidth(0.3)
      .strokeColor('#999999')
      .stroke();
    doc.x = left;
    doc.y = bottom + 5;
  };
  row([t.position, t.quantity, t.unitPrice, t.total], true);
  if (d.positions.length === 0) row([t.none, '', '', '']);
  for (const p of d.positions) {
    row([
      p.description,
      formatNumber(p.quantity, d.lang, Number.isInteger(p.quantity) ? 0 : 3),
      unitPrice(p.unitPriceCents, d.lang),
      formatCents(p.totalCents, d.lang),
    ]);
  }
  doc.moveDown(0.5);
  row([t.net, '', '', formatCents(d.netCents, d.lang)], true);
  row([t.vat, '', '', formatCents(d.vatCents, d.lang)]);
  row([t.gross, '', '', formatCents(d.grossCents, d.lang)], true);
  doc.moveDown().font('Helvetica').fontSize(8).fillColor('#555555').text(t.footer, left, doc.y, { width });
  doc.end();
  return doc;
}
