import { TAX_AMOUNT_KINDS, type TaxObjective, formatNumber } from '@klimadesk/contract';
import { type PdfWriter, createPdf, documentDate } from '../../platform/pdf.ts';
import { type Lang, TEMPLATE_TEXTS, nuclearGasRowLabel } from './taxonomy.template.labels.ts';
import { renderSimplified } from './taxonomy.report.simplified.ts';
import {
  type KindTemplate,
  type NuclearGasTemplates,
  type Subtotal,
  TEMPLATE_OBJECTIVES,
  type TemplateRow,
  type YearTemplate,
} from './taxonomy.template.ts';

/**
 * The taxonomy report (seed 001 §7 `export/report`): per financial year the KPIs, then for turnover,
 * CapEx and OpEx the template of Annex II of the Disclosures Delegated Act (EU) 2021/2178 as replaced
 * by 2023/2486 Annex V, every column in its order, and the proportions per objective; then the
 * nuclear and fossil gas templates 1 to 5 of Annex XII where the year answers them. The content is
 * `taxonomy.template.ts`'s model, the one the xlsx export writes as well.
 */

export type ReportYear = {
  template: YearTemplate;
  /** Named when the year shows its review institute in the report. */
  reviewInstitute: string | null;
};
export type ReportData = { companyName: string; generatedAt: Date; years: ReportYear[] };

const T = {
  de: {
    title: 'EU-Taxonomie: Meldebogen nach Artikel 8',
    company: 'Unternehmen',
    year: 'Geschäftsjahr',
    previousYear: 'Vorjahr (N-1)',
    institute: 'Prüfung durch',
    generated: 'Erstellt am',
    kpis: 'Kennzahlen',
    kpiHead: ['Kennzahl', 'Gesamt (EUR)', 'Taxonomiefähig', 'Taxonomiekonform', 'Nicht taxonomiefähig'],
    chart: (kind: string) => `${kind}: Anteile`,
    aligned: 'taxonomiekonform',
    eligible: 'taxonomiefähig',
  },
  en: {
    title: 'EU taxonomy: Article 8 disclosure',
    company: 'Undertaking',
    year: 'Financial year',
    previousYear: 'Previous year (N-1)',
    institute: 'Reviewed by',
    generated: 'Generated on',
    kpis: 'Key performance indicators',
    kpiHead: ['KPI', 'Total (EUR)', 'Taxonomy-eligible', 'Taxonomy-aligned', 'Taxonomy-non-eligible'],
    chart: (kind: string) => `${kind}: shares`,
    aligned: 'taxonomy-aligned',
    eligible: 'taxonomy-eligible',
  },
};

export const money = (cents: number, lang: Lang) => formatNumber(cents / 100, lang, 2);
/** German `30,00 %` (DIN 5008 spacing), English `30.00%`. */
export const percent = (share: number, lang: Lang) =>
  `${formatNumber(share * 100, lang, 2)}${lang === 'de' ? '\u00a0%' : '%'}`;
export const sumOf = (values: number[]) => values.reduce((s, v) => s + v, 0);
export const maybePercent = (share: number | null, lang: Lang) =>
  share === null ? '–' : percent(share, lang);

/** An activity's name with what is open about it named (an unfinished assessment, an incomplete split). */
export function rowName(row: TemplateRow, lang: Lang): string {
  const x = TEMPLATE_TEXTS[lang];
  const marks = [row.unfinished ? x.unfinishedMark : null, row.splitIncomplete ? x.splitMark : null].filter(
    Boolean,
  );
  return marks.length ? `${row.name} (${marks.join('; ')})` : row.name;
}

/** Writes the report; `compress: false` keeps the text readable for tests. */
export function renderTaxReport(
  data: ReportData,
  lang: Lang,
  options: { compress?: boolean; logo?: Buffer | null } = {},
): PDFKit.PDFDocument {
  const t = T[lang];
  const x = TEMPLATE_TEXTS[lang];
  const pdf = createPdf({
    title: `${t.title} – ${data.companyName}`,
    layout: 'landscape',
    compress: options.compress,
    frame: {
      lang,
      company: data.companyName,
      logo: options.logo,
      documentId: `TAX-${data.years.map((y) => y.template.taxYear).join('-')}`,
    },
  });
  const dateText = documentDate(data.generatedAt, lang);

  data.years.forEach(({ template: y, reviewInstitute }, yi) => {
    if (yi > 0) pdf.doc.addPage();
    const simplified = y.ruleSet === '2026/73';
    pdf.title(`${t.title} ${y.taxYear}`);
    pdf.doc.moveDown(0.4).fontSize(10);
    pdf.field(t.company, data.companyName);
    pdf.field(t.year, String(y.taxYear));
    pdf.field(x.ruleSet, x.ruleSetName[y.ruleSet]);
    pdf.field(t.previousYear, y.previousYear === null ? x.noPrevious : String(y.previousYear));
    if (reviewInstitute) pdf.field(t.institute, reviewInstitute);
    pdf.field(t.generated, dateText);

    pdf.heading(t.kpis);
    const kpiRows = TAX_AMOUNT_KINDS.map((kind) => {
      const k = y.kpis[kind];
      const shares = k.notReported
        ? [x.notReported, x.notReported, x.notReported, ...(simplified ? [x.notReported] : [])]
        : [
            percent(k.eligibleShare, lang),
            percent(k.alignedShare, lang),
            percent(k.total > 0 ? k.ineligible / k.total : 0, lang),
            ...(simplified ? [percent(k.total > 0 ? k.notMaterial / k.total : 0, lang)] : []),
          ];
      return [x.kind[kind], money(k.total, lang), ...shares];
    });
    const kpiHead = simplified ? [...t.kpiHead, x.summaryRow.notMaterial] : t.kpiHead;
    pdf.table(
      kpiHead.map((header, i) => ({ header, width: i === 0 ? 1.4 : 1 })),
      kpiRows,
    );
    // Each reported KPI's aligned and eligible shares as bars on one 0–100 % scale (Article 8 KPIs).
    const reported = TAX_AMOUNT_KINDS.filter((kind) => !y.kpis[kind].notReported);
    if (reported.length) {
      pdf.bars(
        reported.flatMap((kind) => [
          {
            label: `${x.kind[kind]} – ${t.eligible}`,
            value: y.kpis[kind].eligibleShare,
            shown: percent(y.kpis[kind].eligibleShare, lang),
          },
          {
            label: `${x.kind[kind]} – ${t.aligned}`,
            value: y.kpis[kind].alignedShare,
            shown: percent(y.kpis[kind].alignedShare, lang),
          },
        ]),
        { caption: t.chart(t.kpis), max: 1 },
      );
    }
    if (y.unfinished.length) pdf.note(x.unfinishedNote(y.unfinished.join(', ')));

    if (simplified) renderSimplified(pdf, y, lang);
    else {
      for (const kind of TAX_AMOUNT_KINDS) renderKind(pdf, y, y.kinds[kind], lang);
      if (y.nuclearGas) renderNuclearGas(pdf, y.nuclearGas, lang);
    }
  });
  return pdf.end();
}

/**
 * One KPI's template of Annex II (2023/2486 Annex V). Column widths (landscape A4: 742 pt between
 * the margins), in its order: activity, code, amount, proportion, 6 substantial contribution, 6
 * DNSH, minimum safeguards, proportion N-1, enabling, transitional.
 */
function renderKind(pdf: PdfWriter, y: YearTemplate, k: KindTemplate, lang: Lang) {
  const x = TEMPLATE_TEXTS[lang];
  const head = [162, 78, 66, 40];
  const scW = 34;
  const dnshW = 20;
  const tail = [30, 40, 20, 20];
  const widths = [
    ...head,
    ...TEMPLATE_OBJECTIVES.map(() => scW),
    ...TEMPLATE_OBJECTIVES.map(() => dnshW),
    ...tail,
  ];
  const full = [sumOf(widths)];
  const groupWidths = [sumOf(head), scW * 6, dnshW * 6, sumOf(tail)];
  const objectiveCells = (byObjective: Record<TaxObjective, number>) =>
    TEMPLATE_OBJECTIVES.map((o) => (byObjective[o] > 0 ? percent(byObjective[o], lang) : ''));
  const subtotal = (label: string, s: Subtotal, withObjectives = true) =>
    pdf.row(
      [
        label,
        '',
        money(s.amount, lang),
        percent(s.share, lang),
        ...(withObjectives ? objectiveCells(s.byObjective) : TEMPLATE_OBJECTIVES.map(() => '')),
        ...TEMPLATE_OBJECTIVES.map(() => ''),
        '',
        maybePercent(s.previousShare, lang),
        '',
        '',
      ],
      widths,
      { bold: true },
    );
  const name = x.kind[k.kind];
  pdf.doc.addPage();
  pdf.heading(`${x.title[k.kind]} – ${y.taxYear}`, { size: 11 });
  pdf.row(['', x.sc, x.dnsh, ''], groupWidths, { header: true });
  pdf.row(
    [
      x.activity,
      x.code,
      x.amount(name),
      x.share(name),
      ...TEMPLATE_OBJECTIVES.map((o) => o),
      ...TEMPLATE_OBJECTIVES.map((o) => o),
      x.ms,
      'N-1',
      'E',
      'T',
    ],
    widths,
    { header: true },
  );
  pdf.row([x.a], full, { bold: true });
  pdf.row([x.a1], full, { bold: true });
  if (k.a1.length === 0) pdf.row([x.none], full);
  for (const r of k.a1)
    pdf.row(
      [
        rowName(r, lang),
        r.code,
        money(r.amount, lang),
        percent(r.share, lang),
        ...TEMPLATE_OBJECTIVES.map((o) => x.cell[r.sc[o]]),
        ...TEMPLATE_OBJECTIVES.map((o) => (r.dnsh ? x.cell[r.dnsh[o]] : '')),
        r.minSafeguards ? x.cell[r.minSafeguards] : '',
        maybePercent(r.previousShare, lang),
        r.enabling ? 'E' : '',
        r.transitional ? 'T' : '',
      ],
      widths,
    );
  subtotal(x.a1Sum(name), k.a1Total);
  subtotal(x.ofEnabling, k.enabling);
  subtotal(x.ofTransitional, k.transitional);
  pdf.row([x.a2], full, { bold: true });
  if (k.a2.length === 0) pdf.row([x.none], full);
  for (const r of k.a2)
    pdf.row(
      [
        rowName(r, lang),
        r.code,
        money(r.amount, lang),
        percent(r.share, lang),
        ...TEMPLATE_OBJECTIVES.map((o) => x.cell[r.sc[o]]),
        ...TEMPLATE_OBJECTIVES.map(() => ''),
        '',
        maybePercent(r.previousShare, lang),
        '',
        '',
      ],
      widths,
    );
  subtotal(x.a2Sum(name), k.a2Total);
  subtotal(x.aSum(name), k.aTotal);
  pdf.row([x.b], full, { bold: true });
  const plain = (amount: number, share: number, previousShare: number | null) =>
    ({ amount, share, byObjective: {} as Record<TaxObjective, number>, previousShare }) satisfies Subtotal;
  subtotal(x.bSum(name), plain(k.b.amount, k.b.share, k.b.previousShare), false);
  subtotal(x.total, plain(k.total, k.total > 0 ? 1 : 0, null), false);
  perObjectiveTable(pdf, k, lang);
  pdf.note(x.legend);
}

/** The proportions per objective, aligned and eligible (2023/2486 Annex V), and the part split to none. */
export function perObjectiveTable(pdf: PdfWriter, k: KindTemplate, lang: Lang) {
  const x = TEMPLATE_TEXTS[lang];
  const objWidths = [262, 240, 240];
  pdf.heading(x.perObjective(x.kind[k.kind]), { size: 10 });
  pdf.row(['', x.alignedPer, x.eligiblePer], objWidths, { header: true });
  for (const o of TEMPLATE_OBJECTIVES)
    pdf.row(
      [
        `${o} – ${x.objective[o]}`,
        percent(k.perObjective[o].aligned, lang),
        percent(k.perObjective[o].eligible, lang),
      ],
      objWidths,
    );
  if (k.unsplitShare > 0) pdf.row([x.unsplit, '', percent(k.unsplitShare, lang)], objWidths);
}

/** Annex XII templates 1 to 5 (2022/1214 Annex III), each KPI in turn for templates 2 to 5. */
function renderNuclearGas(pdf: PdfWriter, ng: NuclearGasTemplates, lang: Lang) {
  const x = TEMPLATE_TEXTS[lang];
  pdf.doc.addPage();
  pdf.heading(x.nuclearGas, { size: 11 });
  pdf.heading(`${x.template(1)}: ${x.templateTitle[1]}`, { size: 10 });
  const qWidths = [30, 632, 80];
  ng.answers.forEach((yes, i) => pdf.row([String(i + 1), x.question[i], yes ? x.yes : x.no], qWidths));
  const widths = [30, 352, 70, 50, 70, 50, 70, 50];
  for (const n of [2, 3, 4, 5] as const) {
    for (const kind of TAX_AMOUNT_KINDS) {
      pdf.heading(`${x.template(n)}: ${x.templateTitle[n]} – ${x.kind[kind]}`, { size: 10, keep: 200 });
      pdf.row(x.ngHead, widths, { header: true });
      ng.byKind[kind][n].forEach((row, i) =>
        pdf.row(
          [
            String(i + 1),
            nuclearGasRowLabel(lang, n, i),
            money(row.amount.both, lang),
            percent(row.share.both, lang),
            money(row.amount.ccm, lang),
            percent(row.share.ccm, lang),
            money(row.amount.cca, lang),
            percent(row.share.cca, lang),
          ],
          widths,
          { bold: i === 7 },
        ),
      );
    }
  }
}
