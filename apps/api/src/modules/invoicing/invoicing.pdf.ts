import { type Language, formatCents, formatNumber } from '@klimadesk/contract';
import {
  type PdfTableRow,
  type PdfWriter,
  createPdf,
  documentDate,
  documentPeriod,
} from '../../platform/pdf.ts';
import { BOLD, REGULAR } from '../../platform/pdf-fonts.ts';
import type { BillingCompany } from './invoicing.repository.ts';
import { DOCUMENT_TEXTS } from './invoicing.texts.ts';

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

/** The first and last day of a month `YYYY-MM`, as days. */
function monthDays(month: string): [string, string] {
  const [y, m] = month.split('-').map(Number);
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return [`${month}-01`, `${month}-${String(last).padStart(2, '0')}`];
}

/**
 * The monthly invoice as an A4 PDF in the documents' frame: the provider (name and logo) in the
 * header of every page, the document id (the invoice number) and "page x of n" in the footer;
 * title, service period and issue date, the billing address beside the invoice facts, a table of
 * positions with net, VAT and gross below them. Money arrives in cents and is formatted here only
 * (`1.234,56 €`, `€1,234.56`). Returned as the document stream (pdfkit writes as it goes).
 */
export function renderInvoicePdf(
  d: InvoiceDocument,
  options: { compress?: boolean; issuer?: { company: string; logo: Buffer | null } } = {},
): PDFKit.PDFDocument {
  const t = DOCUMENT_TEXTS[d.lang];
  const money = (cents: number) => formatCents(cents, d.lang);
  const pdf = createPdf({
    title: `${t.title} ${d.number}`,
    compress: options.compress,
    frame: {
      lang: d.lang,
      company: options.issuer?.company || 'Klimadesk',
      logo: options.issuer?.logo ?? null,
      documentId: d.number,
    },
  });
  const [first, last] = monthDays(d.month);
  // Service period and invoice date under the names an invoice gives them (UStG §14 (4)), beside
  // the address rather than repeated under the title.
  pdf.cover(`${t.title} ${d.number}`, { lang: d.lang });
  const vatId = (d.company.customBillingAddress ? d.company.billingAddress?.vatId : null) ?? d.company.vatid;
  const country = new Intl.DisplayNames([d.lang], { type: 'region' });
  const address = billingLines(d.company).map((line) =>
    /^[A-Z]{2}$/.test(line) ? (country.of(line) ?? line) : line,
  );
  addressAndFacts(
    pdf,
    address,
    [
      [t.number, d.number],
      [t.customerNr, String(d.company.customerNr)],
      [t.period, documentPeriod(first, last, d.lang)],
      [t.date, documentDate(d.issuedAt, d.lang)],
      ...(vatId ? ([[t.vatId, vatId]] as [string, string][]) : []),
    ],
    t.recipient,
  );

  const rows: PdfTableRow[] = d.positions.map((p) => [
    p.description,
    formatNumber(p.quantity, d.lang, Number.isInteger(p.quantity) ? 0 : 3),
    unitPrice(p.unitPriceCents, d.lang),
    money(p.totalCents),
  ]);
  if (rows.length === 0) rows.push([t.none, '', '', '']);
  rows.push({ cells: [t.net, '', '', money(d.netCents)], bold: true }, [t.vat, '', '', money(d.vatCents)], {
    cells: [t.gross, '', '', money(d.grossCents)],
    bold: true,
  });
  pdf.table(
    [
      { header: t.position, width: 52 },
      { header: t.quantity, width: 14, align: 'right' },
      { header: t.unitPrice, width: 16, align: 'right' },
      { header: t.total, width: 18, align: 'right' },
    ],
    rows,
  );
  pdf.note(t.footer);
  return pdf.end();
}

/** The billing address at the left, the invoice's facts as label and value at the right. */
function addressAndFacts(pdf: PdfWriter, address: string[], facts: [string, string][], recipient: string) {
  const { doc, left, width } = pdf;
  const top = doc.y;
  const column = width * 0.5;
  doc
    .font(REGULAR)
    .fontSize(7.5)
    .fillColor('#6b7280')
    .text(recipient, left, top, { width: column - 12 });
  doc.fontSize(10).fillColor('black');
  for (const line of address) doc.text(line, left, doc.y, { width: column - 12 });
  const addressEnd = doc.y;
  let y = top;
  const labelWidth = column * 0.45;
  for (const [label, value] of facts) {
    doc
      .font(REGULAR)
      .fontSize(8.5)
      .fillColor('#6b7280')
      .text(label, left + column, y, { width: labelWidth });
    doc
      .font(BOLD)
      .fillColor('black')
      .text(value, left + column + labelWidth, y, {
        width: column - labelWidth,
      });
    y = doc.y + 3;
  }
  doc.font(REGULAR).fontSize(10).fillColor('black');
  doc.x = left;
  doc.y = Math.max(addressEnd, y) + 18;
}
