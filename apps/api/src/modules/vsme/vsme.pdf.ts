/**
 * The VSME report as PDF (issue 40) in German or English through the platform's PDF kit: cover,
 * company, identifier, period and option, completeness per disclosure, then every disclosure with
 * its datapoints and values, where a value came from (the carbon footprint, or the reason it
 * differs), the table groups as tables, and the method and sources.
 */
import { type Language, type VsmeDatapointData, isNumericKind } from '@klimadesk/contract';
import { type PdfColumn, type PdfTableRow, createPdf, documentPeriod } from '../../platform/pdf.ts';
import { type DocDisclosure, groupHasValues } from './vsme.document.ts';
import { formatValue } from './vsme.format.ts';
import { vsmeTexts } from './vsme.texts.ts';
import type { ReportFrame } from './vsme.validate.ts';

export async function pdfBuffer(doc: PDFKit.PDFDocument): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of doc) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

export type VsmePdfInput = {
  company: string;
  logo: Buffer | null;
  id: string;
  year: number;
  frame: ReportFrame;
  disclosures: DocDisclosure[];
  lang: Language;
  now: Date;
  compress?: boolean;
};

const labelOf = (dp: VsmeDatapointData, lang: Language) =>
  (lang === 'de' ? dp.labels.de : null) ?? dp.labels.en;

function disclosurePage(pdf: ReturnType<typeof createPdf>, d: DocDisclosure, lang: Language) {
  const t = vsmeTexts(lang);
  pdf.heading(`${d.code} ${d.label}`, { size: 13 });
  if (d.notApplicable) return pdf.lines([t.notApplicable]);
  const groups = d.groups.filter(groupHasValues);
  if (!groups.length) return pdf.lines([t.nothing]);
  for (const g of groups) {
    // A heading stays with the table header and a first row.
    pdf.heading(g.label, { size: 10, keep: 90, bodySize: 9 });
    if (g.table) {
      const columns: PdfColumn[] = [
        { header: g.table.axisLabel, width: 2 },
        ...g.table.columns.map((c) => ({
          header: labelOf(c, lang),
          width: 1.4,
          align: isNumericKind(c.kind) ? ('right' as const) : ('left' as const),
        })),
      ];
      pdf.table(
        columns,
        g.table.rows.map((row) => [
          row.label,
          ...row.cells.map((c) => (c ? formatValue(c.dp, c.fact.value, lang) : '–')),
        ]),
      );
      continue;
    }
    const rows: PdfTableRow[] = g.items.map(({ dp, fact }) => {
      const source =
        fact.origin === 'prefilled' && fact.prefill
          ? t.sourceOf(fact.prefill.source)
          : fact.origin === 'overridden' && fact.prefill
            ? `${t.overridden}: ${t.footprintWas} ${formatValue(dp, fact.prefill.value, lang)}; ${t.reason}: ${fact.overrideReason ?? ''}`
            : t.entered;
      return [`${'  '.repeat(dp.depth)}${labelOf(dp, lang)}`, formatValue(dp, fact.value, lang), source];
    });
    pdf.table(
      [
        { header: t.datapoint, width: 0.44 },
        { header: t.value, width: 0.26, align: 'left' },
        { header: t.source, width: 0.3, align: 'left' },
      ],
      rows,
    );
  }
}

export function renderVsmePdf(input: VsmePdfInput): PDFKit.PDFDocument {
  const { lang, frame } = input;
  const t = vsmeTexts(lang);
  const pdf = createPdf({
    title: t.title(input.year),
    compress: input.compress,
    frame: {
      lang,
      company: input.company,
      logo: input.logo,
      documentId: `VSME-${input.year}-${input.id.slice(0, 8).toUpperCase()}`,
    },
  });
  pdf.cover(t.title(input.year), {
    lang,
    period: documentPeriod(frame.periodStart, frame.periodEnd, lang),
    issuedAt: input.now,
  });
  pdf.lines([t.subtitle], { size: 9 });
  pdf.doc.moveDown(0.5).fontSize(10);
  pdf.field(t.company, input.company);
  pdf.field(t.identifier, `${frame.identifierScheme.toUpperCase()} ${frame.identifier ?? '–'}`);
  pdf.field(t.option, frame.comprehensive ? t.optionB : t.optionA);
  pdf.heading(t.completeness);
  pdf.table(
    [
      { header: t.disclosure, width: 0.75 },
      { header: t.filled, width: 0.25 },
    ],
    input.disclosures.map((d) => [
      `${d.code} ${d.label}`,
      d.notApplicable ? '–' : `${d.completeness.filled} / ${d.completeness.applicable}`,
    ]),
  );
  for (const d of input.disclosures) disclosurePage(pdf, d, lang);
  pdf.heading(t.methodTitle, { size: 11 });
  pdf.lines([...t.method], { size: 8.5 });
  return pdf.end();
}
