import { createHash } from 'node:crypto';
import ExcelJS from 'exceljs';
import { type Language, type ShipperStatement, formatNumber } from '@klimadesk/contract';
import { t as message } from '@klimadesk/contract/messages';
import { wallClock } from '../../platform/dates.ts';
import { createPdf, documentPeriod } from '../../platform/pdf.ts';
import {
  DATE_TIME_FORMAT,
  DAY_FORMAT,
  neutraliseFormula,
  numberFormat,
  roundFigure,
} from '../../platform/spreadsheet.ts';
import { STATEMENT_TEXTS, formatInstant } from './statements.texts.ts';

/** A figure with the decimals it is shown with; null shows as a dash. */
export type Figure = { label: string; value: number | null; digits: number };

/** The summary figures in the order both documents show them. */
export function summaryFigures(s: ShipperStatement, lang: Language): Figure[] {
  const t = STATEMENT_TEXTS[lang];
  return [
    { label: t.shipments, value: s.shipments, digits: 0 },
    { label: t.weight, value: s.weightKg, digits: 2 },
    { label: t.tkm, value: s.tkm, digits: 2 },
    { label: t.wtw, value: s.co2.wtw, digits: 2 },
    { label: t.ttw, value: s.co2.ttw, digits: 2 },
    { label: t.wtt, value: s.co2.wtt, digits: 2 },
    { label: t.intensity, value: s.intensity, digits: 2 },
    { label: t.hub, value: s.hubWtw, digits: 2 },
    { label: t.primaryShare, value: s.primaryDataShare, digits: 1 },
  ];
}

export const MODE_HEADERS = (lang: Language) => {
  const t = STATEMENT_TEXTS[lang];
  return [t.mode, t.shipments, t.tkm, t.wtw, t.ttw, t.wtt, t.intensity];
};

/** The per-mode table as figures (the first cell is the mode's name). */
export function modeRows(s: ShipperStatement, lang: Language): [string, ...(number | null)[]][] {
  const t = STATEMENT_TEXTS[lang];
  return s.byMode.map((m) => [
    t.modes[m.mode] ?? m.mode,
    m.shipments,
    m.tkm,
    m.co2.wtw,
    m.co2.ttw,
    m.co2.wtt,
    m.intensity,
  ]);
}

const MODE_DIGITS = [0, 0, 2, 2, 2, 2, 2];

export function show(value: number | null, lang: Language, digits: number): string {
  return value === null ? STATEMENT_TEXTS[lang].none : formatNumber(value, lang, digits);
}

/** A factor set with its version and the GWP basis of its factors. */
export const factorSetText = (f: ShipperStatement['factorSets'][number]) =>
  `${f.id} (${[f.version, f.gwp].filter(Boolean).join(', ')})`;

function addressLines(s: ShipperStatement): string[] {
  const c = s.company;
  return [c.name, c.street, [c.zipcode, c.city].filter(Boolean).join(' '), c.country].filter(
    (x): x is string => !!x,
  );
}

/**
 * The statement's document id: the period and a short digest of the shipper, so the same
 * statement issued twice carries the same id (`ST-20260301-20260331-1A2B3C`).
 */
export function statementDocumentId(s: Pick<ShipperStatement, 'shipper' | 'from' | 'to'>): string {
  const digest = createHash('sha256').update(s.shipper).digest('hex').slice(0, 6).toUpperCase();
  return `ST-${s.from.replaceAll('-', '')}-${s.to.replaceAll('-', '')}-${digest}`;
}

/**
 * The statement as an A4 PDF, returned as the readable document stream (pdfkit writes into it
 * as pages are made). Page numbers need the page count, so pages are buffered until the end:
 * a statement is a few pages, not a list.
 */
export function renderStatementPdf(
  s: ShipperStatement,
  lang: Language,
  timeZone: string,
  options: { compress?: boolean; logo?: Buffer | null } = {},
): PDFKit.PDFDocument {
  const t = STATEMENT_TEXTS[lang];
  const pdf = createPdf({
    title: `${t.title}: ${s.shipper}`,
    author: s.company.name,
    subject: s.standard,
    compress: options.compress,
    frame: { lang, company: s.company.name, logo: options.logo, documentId: statementDocumentId(s) },
  });

  pdf.cover(t.title, {
    lang,
    period: documentPeriod(s.from, s.to, lang),
    issuedAt: new Date(s.generatedAt),
    timeZone,
  });
  pdf.field(t.issuer, addressLines(s).join(', '));
  pdf.field(t.shipper, s.shipper);
  pdf.field(t.generated, formatInstant(s.generatedAt, lang, timeZone));
  const heading = (text: string) => pdf.heading(text, { keep: 80, bodySize: 9 });

  heading(t.summary);
  pdf.table(
    [
      { header: t.figure, width: 0.65 },
      { header: t.value, width: 0.35 },
    ],
    summaryFigures(s, lang).map((f) => [f.label, show(f.value, lang, f.digits)]),
  );

  heading(t.byMode);
  const rows = modeRows(s, lang);
  pdf.table(
    MODE_HEADERS(lang).map((header, i) => ({ header, width: [0.16, 0.1, 0.16, 0.16, 0.14, 0.14, 0.14][i] })),
    rows.map((r) => r.map((v, i) => (i === 0 ? String(v) : show(v as number | null, lang, MODE_DIGITS[i])))),
  );
  if (rows.length > 0) {
    pdf.bars(
      rows.map((r) => ({
        label: String(r[0]),
        value: Number(r[3] ?? 0),
        shown: show(r[3] as number | null, lang, 2),
      })),
      { caption: t.chart },
    );
  }

  heading(t.methods);
  pdf.lines(s.methods.map((m) => `• ${t.method[m]}`));
  heading(t.factorSets);
  pdf.lines(s.factorSets.length === 0 ? [t.none] : s.factorSets.map((f) => `• ${factorSetText(f)}`));
  heading(t.notes);
  for (const line of t.noteLines) {
    pdf.lines([line]);
    pdf.doc.moveDown(0.3);
  }
  return pdf.end();
}

/** A `YYYY-MM-DD` day as the UTC midnight a spreadsheet cell shows as that day. */
const dayDate = (day: string) => new Date(`${day}T00:00:00Z`);

/** The same content as a workbook; text that a spreadsheet could run as a formula is neutralised. */
export async function renderStatementXlsx(
  s: ShipperStatement,
  lang: Language,
  timeZone: string,
): Promise<Buffer> {
  const t = STATEMENT_TEXTS[lang];
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet(message(lang, 'statements.sheet'));
  ws.columns = [
    { width: 44 },
    { width: 16 },
    { width: 20 },
    { width: 22 },
    { width: 22 },
    { width: 22 },
    { width: 22 },
  ];
  const text = (v: string) => neutraliseFormula(v);
  const bold = (r: ExcelJS.Row) => {
    r.font = { bold: true };
  };
  bold(ws.addRow([text(t.title)]));
  ws.addRow([t.issuer, text(addressLines(s).join(', '))]);
  ws.addRow([t.shipper, text(s.shipper)]);
  // Dates as spreadsheet dates (sortable, computable), shown in the document language's order.
  const period = ws.addRow([t.period, dayDate(s.from), dayDate(s.to)]);
  for (const i of [2, 3]) period.getCell(i).numFmt = DAY_FORMAT[lang];
  const generated = ws.addRow([t.generated, wallClock(new Date(s.generatedAt), timeZone)]);
  generated.getCell(2).numFmt = DATE_TIME_FORMAT[lang];
  ws.addRow([]);
  bold(ws.addRow([t.summary]));
  for (const f of summaryFigures(s, lang)) {
    const r = ws.addRow([f.label, f.value === null ? null : roundFigure(f.value, f.digits)]);
    r.getCell(2).numFmt = numberFormat(f.digits);
  }
  ws.addRow([]);
  bold(ws.addRow([t.byMode]));
  bold(ws.addRow(MODE_HEADERS(lang)));
  for (const m of modeRows(s, lang)) {
    const r = ws.addRow(
      m.map((v, i) => (typeof v === 'number' && i > 0 ? roundFigure(v, MODE_DIGITS[i]) : v)),
    );
    for (let i = 2; i <= m.length; i++) r.getCell(i).numFmt = numberFormat(MODE_DIGITS[i - 1]);
  }
  ws.addRow([]);
  bold(ws.addRow([t.methods]));
  for (const m of s.methods) ws.addRow([t.method[m]]);
  ws.addRow([]);
  bold(ws.addRow([t.factorSets]));
  for (const f of s.factorSets) ws.addRow([text(f.id), text(f.version), f.gwp === null ? null : text(f.gwp)]);
  ws.addRow([]);
  bold(ws.addRow([t.notes]));
  for (const line of t.noteLines) ws.addRow([line]);
  return Buffer.from(await wb.xlsx.writeBuffer());
}
