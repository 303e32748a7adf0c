import { type Language, TAX_AMOUNT_KINDS, type TaxObjective } from '@klimadesk/contract';
import {
  type PdfColumn,
  type PdfTableRow,
  type PdfWriter,
  createPdf,
  documentDate,
} from '../../platform/pdf.ts';
import { type Lang, TEMPLATE_TEXTS, nuclearGasRowLabel } from './taxonomy.template.labels.ts';
import { maybePercent, money, perObjectiveTable, percent, rowName } from './taxonomy.report.parts.ts';
import { renderSimplified } from './taxonomy.report.simplified.ts';
import {
  type KindTemplate,
  type NuclearGasTemplates,
  type Subtotal,
  TEMPLATE_OBJECTIVES,
  type TemplateRow,
  type YearTemplate,
} from './taxonomy.template.ts';
import { t as message } from '@klimadesk/contract/messages';

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

const reportTexts = (lang: Language) => ({
  title: message(lang, 'taxonomy.reportPdf.title'),
  company: message(lang, 'taxonomy.reportPdf.company'),
  year: message(lang, 'taxonomy.reportPdf.year'),
  previousYear: message(lang, 'taxonomy.reportPdf.previousYear'),
  institute: message(lang, 'taxonomy.reportPdf.institute'),
  generated: message(lang, 'taxonomy.reportPdf.generated'),
  kpis: message(lang, 'taxonomy.reportPdf.kpis'),
  kpiHead: [
    message(lang, 'taxonomy.reportPdf.kpiHead.0'),
    message(lang, 'taxonomy.reportPdf.kpiHead.1'),
    message(lang, 'taxonomy.reportPdf.kpiHead.2'),
    message(lang, 'taxonomy.reportPdf.kpiHead.3'),
    message(lang, 'taxonomy.reportPdf.kpiHead.4'),
  ],
  chart: (kind: string) => message(lang, 'taxonomy.reportPdf.chart', { kind }),
  aligned: message(lang, 'taxonomy.reportPdf.aligned'),
  eligible: message(lang, 'taxonomy.reportPdf.eligible'),
});

const T = {
  de: reportTexts('de'),
  en: reportTexts('en'),
};

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
 * The columns of Annex II in their order. Widths in points of the 742 between the margins; codes (a
 * code may name several acts, "CCM 7.1 / CE 3.1") and figures keep to one line, their type
 * shrinking where a column is narrow.
 */
function annexColumns(lang: Lang, name: string): PdfColumn[] {
  const x = TEMPLATE_TEXTS[lang];
  const code = (header: string, width: number): PdfColumn => ({ header, width, align: 'center' });
  return [
    { header: x.activity, width: 120 },
    code(x.code, 60),
    { header: x.amount(name), width: 60 },
    { header: x.share(name), width: 58 },
    ...TEMPLATE_OBJECTIVES.map((o) => code(o, 34)),
    ...TEMPLATE_OBJECTIVES.map((o) => code(o, 22)),
    code(x.ms, 58),
    { header: 'N-1', width: 34 },
    code('E', 12),
    code('T', 12),
  ];
}

/**
 * One KPI's template of Annex II (2023/2486 Annex V) as one table of the kit, every column in its
 * order under its group header: activity, code, amount, proportion; substantial contribution per
 * objective; DNSH per objective; minimum safeguards, proportion N-1, enabling, transitional. The
 * codes (Y/N, N/EL, EL) sit centred in their columns, a rule between the groups, section titles
 * across the row and total labels across activity and code, so each criterion reads on its own.
 */
function renderKind(pdf: PdfWriter, y: YearTemplate, k: KindTemplate, lang: Lang) {
  const x = TEMPLATE_TEXTS[lang];
  const name = x.kind[k.kind];
  const objectives = TEMPLATE_OBJECTIVES.length;
  const columns = annexColumns(lang, name);
  const span = columns.length;
  const blank = (n: number) => Array.from({ length: n }, () => '');
  const section = (text: string): PdfTableRow => ({ cells: [text], spans: [span], bold: true });
  const objectiveCells = (byObjective: Record<TaxObjective, number>) =>
    TEMPLATE_OBJECTIVES.map((o) => (byObjective[o] > 0 ? percent(byObjective[o], lang) : ''));
  const subtotal = (label: string, s: Subtotal, withObjectives = true): PdfTableRow => ({
    cells: [
      label,
      money(s.amount, lang),
      percent(s.share, lang),
      ...(withObjectives ? objectiveCells(s.byObjective) : blank(objectives)),
      ...blank(objectives + 1),
      maybePercent(s.previousShare, lang),
      '',
      '',
    ],
    spans: [2],
    bold: true,
  });
  const activityRow = (r: TemplateRow, aligned: boolean): PdfTableRow => [
    rowName(r, lang),
    r.code,
    money(r.amount, lang),
    percent(r.share, lang),
    ...TEMPLATE_OBJECTIVES.map((o) => x.cell[r.sc[o]]),
    ...TEMPLATE_OBJECTIVES.map((o) => (aligned && r.dnsh ? x.cell[r.dnsh[o]] : '')),
    aligned && r.minSafeguards ? x.cell[r.minSafeguards] : '',
    maybePercent(r.previousShare, lang),
    aligned && r.enabling ? 'E' : '',
    aligned && r.transitional ? 'T' : '',
  ];
  const plain = (amount: number, share: number, previousShare: number | null) =>
    ({ amount, share, byObjective: {} as Record<TaxObjective, number>, previousShare }) satisfies Subtotal;
  const none: PdfTableRow = { cells: [x.none], spans: [span] };
  const rows: PdfTableRow[] = [
    section(x.a),
    section(x.a1),
    ...(k.a1.length ? k.a1.map((r) => activityRow(r, true)) : [none]),
    subtotal(x.a1Sum(name), k.a1Total),
    subtotal(x.ofEnabling, k.enabling),
    subtotal(x.ofTransitional, k.transitional),
    section(x.a2),
    ...(k.a2.length ? k.a2.map((r) => activityRow(r, false)) : [none]),
    subtotal(x.a2Sum(name), k.a2Total),
    subtotal(x.aSum(name), k.aTotal),
    section(x.b),
    subtotal(x.bSum(name), plain(k.b.amount, k.b.share, k.b.previousShare), false),
    subtotal(x.total, plain(k.total, k.total > 0 ? 1 : 0, null), false),
  ];
  pdf.doc.addPage();
  pdf.heading(`${x.title[k.kind]} – ${y.taxYear}`, { size: 11 });
  pdf.table(columns, rows, {
    groups: [
      { header: '', columns: 4 },
      { header: x.sc, columns: objectives },
      { header: x.dnsh, columns: objectives },
      { header: '', columns: 4 },
    ],
  });
  perObjectiveTable(pdf, k, lang);
  pdf.note(x.legend);
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
