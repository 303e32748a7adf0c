import { TAX_AMOUNT_KINDS, type TaxAmountKind } from '@klimadesk/contract';
import type { PdfWriter } from '../../platform/pdf.ts';
import { maybePercent, money, perObjectiveTable, percent, rowName, sumOf } from './taxonomy.report.pdf.ts';
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
  const widths = [302, 146, 146, 148];
  pdf.row(x.summaryHead, widths, { header: true });
  const line = (label: string, pick: (k: KindTemplate, kind: TaxAmountKind) => number) =>
    pdf.row(
      [
        label,
        ...TAX_AMOUNT_KINDS.map((kind) =>
          y.kinds[kind].notReported ? x.notReported : percent(pick(y.kinds[kind], kind), lang),
        ),
      ],
      widths,
    );
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
  if (y.opexNotMaterialReason !== null)
    pdf.note(x.opexNotMaterial(money(y.kinds.opex.total, lang), y.opexNotMaterialReason));
  if (y.notMaterialNote) {
    pdf.heading(x.notMaterialNote, { size: 10 });
    pdf.lines([y.notMaterialNote], { size: 9 });
  }
  for (const kind of TAX_AMOUNT_KINDS)
    if (!y.kinds[kind].notReported) activityTable(pdf, y, y.kinds[kind], lang);
}

/** Activity, code, amount, proportion, proportion per objective, N-1, E, T. */
function activityTable(pdf: PdfWriter, y: YearTemplate, k: KindTemplate, lang: Lang) {
  const x = TEMPLATE_TEXTS[lang];
  const name = x.kind[k.kind];
  const head = [200, 80, 80, 50];
  const objW = 42;
  const tail = [50, 15, 15];
  const widths = [...head, ...TEMPLATE_OBJECTIVES.map(() => objW), ...tail];
  const full = [sumOf(widths)];
  const cells = (values: Record<string, number>) =>
    TEMPLATE_OBJECTIVES.map((o) => (values[o] > 0 ? percent(values[o], lang) : ''));
  const row = (r: TemplateRow) =>
    pdf.row(
      [
        rowName(r, lang),
        r.code,
        money(r.amount, lang),
        percent(r.share, lang),
        ...cells(r.byObjective),
        maybePercent(r.previousShare, lang),
        r.enabling ? 'E' : '',
        r.transitional ? 'T' : '',
      ],
      widths,
    );
  const sum = (
    label: string,
    amount: number,
    share: number,
    byObjective: Record<string, number> = {},
    prev: number | null = null,
  ) =>
    pdf.row(
      [
        label,
        '',
        money(amount, lang),
        percent(share, lang),
        ...cells(byObjective),
        maybePercent(prev, lang),
        '',
        '',
      ],
      widths,
      { bold: true },
    );
  pdf.doc.addPage();
  pdf.heading(`${x.title[k.kind]} – ${y.taxYear}`, { size: 11 });
  pdf.row(['', x.objectiveShares, ''], [sumOf(head), objW * 6, sumOf(tail)], { header: true });
  pdf.row(
    [x.activity, x.code, x.amount(name), x.share(name), ...TEMPLATE_OBJECTIVES, 'N-1', 'E', 'T'],
    widths,
    {
      header: true,
    },
  );
  pdf.row([x.a1], full, { bold: true });
  if (!k.a1.length) pdf.row([x.none], full);
  k.a1.forEach(row);
  sum(x.a1Sum(name), k.a1Total.amount, k.a1Total.share, k.a1Total.byObjective, k.a1Total.previousShare);
  sum(x.ofEnabling, k.enabling.amount, k.enabling.share, k.enabling.byObjective);
  sum(x.ofTransitional, k.transitional.amount, k.transitional.share, k.transitional.byObjective);
  pdf.row([x.a2], full, { bold: true });
  if (!k.a2.length) pdf.row([x.none], full);
  k.a2.forEach(row);
  sum(x.a2Sum(name), k.a2Total.amount, k.a2Total.share, k.a2Total.byObjective, k.a2Total.previousShare);
  sum(x.aSum(name), k.aTotal.amount, k.aTotal.share, k.aTotal.byObjective, k.aTotal.previousShare);
  sum(x.bSum(name), k.b.amount, k.b.share, {}, k.b.previousShare);
  sum(x.notMaterialRow(name), k.notMaterial.amount, k.notMaterial.share);
  sum(x.total, k.total, k.total > 0 ? 1 : 0);
  perObjectiveTable(pdf, k, lang);
}
