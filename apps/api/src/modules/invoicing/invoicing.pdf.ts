import { type Language, formatCents, formatNumber } from '@klimadesk/contract';
import { createPdf } from '../../platform/pdf.ts';
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
  const pdf = createPdf({ title: `${t.title} ${d.number}`, compress: options.compress });
  pdf.lines(billingLines(d.company));
  pdf.doc.moveDown(1.5);
  pdf.title(`${t.title} ${d.number}`);
  pdf.doc.moveDown(0.5).fontSize(10);
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
  for (const [label, value] of fields) pdf.field(label, value);
  pdf.doc.moveDown();

  const widths = [0.52, 0.14, 0.16, 0.18].map((w) => w * pdf.width);
  const row = (cells: string[], bold = false) => pdf.row(cells, widths, { bold, keep: 40 });
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
  pdf.doc.moveDown(0.5);
  row([t.net, '', '', formatCents(d.netCents, d.lang)], true);
  row([t.vat, '', '', formatCents(d.vatCents, d.lang)]);
  row([t.gross, '', '', formatCents(d.grossCents, d.lang)], true);
  pdf.note(t.footer);
  return pdf.end();
}
