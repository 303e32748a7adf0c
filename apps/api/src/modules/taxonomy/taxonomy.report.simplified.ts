import { TAX_AMOUNT_KINDS, type TaxAmountKind } from '@klimadesk/contract';
import type { PdfColumn, PdfTableRow, PdfWriter } from '../../platform/pdf.ts';
import { maybePercent, money, perObjectiveTable, percent, rowName } from './taxonomy.report.parts.ts';
import { type Lang, TEMPLATE_TEXTS } from './taxonomy.template.labels.ts';
import {
  type KindTemplate,
  TEMPLATE_OBJECTIVES,
  type TemplateRow,
  type YearTemplate,
} from './taxonomy.template.ts';

/**
 * The report of a year under Delegated Regulation (EU) 2026/73: a summary table of the three KPIs
 * (with the not-material part and the nuclear and fossil gas amounts the deleted Annex XII
 * templates held), then one activity table per KPI with fewer data points than Annex II of
 * 2023/2486 (no per-objective DNSH and minimum-safeguard columns: an aligned activity meets them),
 * a row for the not-material activities with their sectors and reason, and OpEx left out with its
 * total and reason where it is not material.
 */
export function renderSimplified(pdf: PdfWriter, y: YearTemplate, lang: Lang) {
  const x = TEMPLATE_TEXTS[lang];
  pdf.doc.addPage();
  pdf.heading(`${x.summary} – ${y.taxYear}`, { size: 11 });
  const rows: PdfTableRow[] = [];
  const line = (label: string, pick: (k: KindTemplate, kind: TaxAmountKind) => number) =>
    rows.push([
      label,
      ...TAX_AMOUNT_KINDS.map((kind) =>
        y.kinds[kind].notReported ? x.notReported : percent(pick(y.kinds[kind], kind), lang),
      ),
    ]);
  const share = (k: KindTemplate, amount: number) => (k.total > 0 ? amount / k.total : 0);
  line(x.summaryRow.aligned, (k) => k.a1Total.share);
  line(x.summaryRow.enabling, (k) => k.enabling.share);
  line(x.summaryRow.transitional, (k) => k.transitional.share);
  line(x.summaryRow.eligibleOnly, (k) => k.a2Total.share);
  line(x.summaryRow.nonEligible, (k) => k.b.share);
  line(x.summaryRow.notMaterial, (k) => k.notMaterial.share);
  if (y.energy) {
    const energy = y.energy;
    line(x.summaryRow.nuclearAligned, (k, kind) => share(k, energy[kind].nuclear.aligned));
    line(x.summaryRow.nuclearEligible, (k, kind) => share(k, energy[kind].nuclear.eligibleOnly));
    line(x.summaryRow.gasAligned, (k, kind) => share(k, energy[kind].gas.aligned));
    line(x.summaryRow.gasEligible, (k, kind) => share(k, energy[kind].gas.eligibleOnly));
  }
  pdf.table(
    x.summaryHead.map((header, i) => ({ header, width: i === 0 ? 302 : 146 })),
    rows,
  );
  if (y.opexNotMaterialReason !== null)
    pdf.note(x.opexNotMaterial(money(y.kinds.opex.total, lang), y.opexNotMaterialReason));
  if (y.notMaterialNote) {
    pdf.heading(x.notMaterialNote, { size: 10 });
    pdf.lines([y.notMaterialNote], { size: 9 });
  }
  for (const kind of TAX_AMOUNT_KINDS)
    if (!y.kinds[kind].notReported) activityTable(pdf, y, y.kinds[kind], lang);
}

/**
 * Activity, code, amount, proportion, proportion per objective, N-1, E, T: one table of the kit
 * with the objectives under their group header, section titles across the row and total labels
 * across activity and code (as the Annex II template of `taxonomy.report.pdf.ts`).
 */
function activityTable(pdf: PdfWriter, y: YearTemplate, k: KindTemplate, lang: Lang) {
  const x = TEMPLATE_TEXTS[lang];
  const name = x.kind[k.kind];
  const columns: PdfColumn[] = [
    { header: x.activity, width: 170 },
    { header: x.code, width: 48, align: 'left' },
    { header: x.amount(name), width: 80 },
    { header: x.share(name), width: 74 },
    ...TEMPLATE_OBJECTIVES.map((o): PdfColumn => ({ header: o, width: 46, align: 'center' })),
    { header: 'N-1', width: 48 },
    { header: 'E', width: 22, align: 'center' },
    { header: 'T', width: 22, align: 'center' },
  ];
  const span = columns.length;
  const cells = (values: Record<string, number>) =>
    TEMPLATE_OBJECTIVES.map((o) => (values[o] > 0 ? percent(values[o], lang) : ''));
  const section = (text: string): PdfTableRow => ({ cells: [text], spans: [span], bold: true });
  const none: PdfTableRow = { cells: [x.none], spans: [span] };
  const row = (r: TemplateRow): PdfTableRow => [
    rowName(r, lang),
    r.code,
    money(r.amount, lang),
    percent(r.share, lang),
    ...cells(r.byObjective),
    maybePercent(r.previousShare, lang),
    r.enabling ? 'E' : '',
    r.transitional ? 'T' : '',
  ];
  const sum = (
    label: string,
    amount: number,
    share: number,
    byObjective: Record<string, number> = {},
    prev: number | null = null,
  ): PdfTableRow => ({
    cells: [
      label,
      money(amount, lang),
      percent(share, lang),
      ...cells(byObjective),
      maybePercent(prev, lang),
      '',
      '',
    ],
    spans: [2],
    bold: true,
  });
  const rows: PdfTableRow[] = [
    section(x.a1),
    ...(k.a1.length ? k.a1.map(row) : [none]),
    sum(x.a1Sum(name), k.a1Total.amount, k.a1Total.share, k.a1Total.byObjective, k.a1Total.previousShare),
    sum(x.ofEnabling, k.enabling.amount, k.enabling.share, k.enabling.byObjective),
    sum(x.ofTransitional, k.transitional.amount, k.transitional.share, k.transitional.byObjective),
    section(x.a2),
    ...(k.a2.length ? k.a2.map(row) : [none]),
    sum(x.a2Sum(name), k.a2Total.amount, k.a2Total.share, k.a2Total.byObjective, k.a2Total.previousShare),
    sum(x.aSum(name), k.aTotal.amount, k.aTotal.share, k.aTotal.byObjective, k.aTotal.previousShare),
    sum(x.bSum(name), k.b.amount, k.b.share, {}, k.b.previousShare),
    sum(x.notMaterialRow(name), k.notMaterial.amount, k.notMaterial.share),
    sum(x.total, k.total, k.total > 0 ? 1 : 0),
  ];
  pdf.doc.addPage();
  pdf.heading(`${x.title[k.kind]} – ${y.taxYear}`, { size: 11 });
  pdf.table(columns, rows, {
    groups: [
      { header: '', columns: 4 },
      { header: x.objectiveShares, columns: TEMPLATE_OBJECTIVES.length },
      { header: '', columns: 3 },
    ],
  });
  perObjectiveTable(pdf, k, lang);
}
