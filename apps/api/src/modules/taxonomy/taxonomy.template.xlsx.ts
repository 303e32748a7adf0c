import { TAX_AMOUNT_KINDS, type TaxAmountKind, type TaxObjective } from '@klimadesk/contract';
import { type Column, sheetOf } from '../../platform/spreadsheet.ts';
import { rowName } from './taxonomy.report.parts.ts';
import { type Lang, TEMPLATE_TEXTS, nuclearGasRowLabel } from './taxonomy.template.labels.ts';
import {
  type KindTemplate,
  NUCLEAR_GAS_SECTIONS,
  type Subtotal,
  TEMPLATE_OBJECTIVES,
  type TemplateRow,
  type YearTemplate,
} from './taxonomy.template.ts';

/**
 * The Article 8 templates as worksheets, from the model the PDF report prints
 * (`taxonomy.template.ts`): per year and KPI one sheet with the Annex II columns in their order
 * (amounts in EUR, proportions in %), the proportions per objective below; and the Annex XII
 * templates 1 to 5 where the year answers them.
 */

/** One line of a template sheet; section lines carry the label only. */
type Line = {
  label: string;
  code?: string;
  amount?: number;
  share?: number;
  sc?: Partial<Record<TaxObjective, string>>;
  dnsh?: Partial<Record<TaxObjective, string>>;
  ms?: string;
  previous?: number | null;
  e?: string;
  t?: string;
};

const pct = (share: number | null | undefined) =>
  share === null || share === undefined ? undefined : share * 100;

function templateColumns(lang: Lang, kind: TaxAmountKind): Column<Line>[] {
  const x = TEMPLATE_TEXTS[lang];
  const name = x.kind[kind];
  const text = (key: string, header: string, value: (l: Line) => unknown, width = 8): Column<Line> => ({
    key,
    header: { de: header, en: header },
    width,
    value,
  });
  const number = (key: string, header: string, value: (l: Line) => unknown, width = 16): Column<Line> => ({
    ...text(key, header, value, width),
    type: 'number',
    digits: 2,
  });
  return [
    text('label', x.activity, (l) => l.label, 60),
    text('code', x.code, (l) => l.code, 16),
    number('amount', x.amount(name), (l) => (l.amount === undefined ? undefined : l.amount / 100), 18),
    number('share', `${x.share(name)} (%)`, (l) => pct(l.share)),
    ...TEMPLATE_OBJECTIVES.map((o) => text(`sc${o}`, `${x.sc}: ${x.objective[o]}`, (l) => l.sc?.[o], 14)),
    ...TEMPLATE_OBJECTIVES.map((o) => text(`dnsh${o}`, `DNSH: ${x.objective[o]}`, (l) => l.dnsh?.[o], 12)),
    text('ms', x.ms, (l) => l.ms, 12),
    number('previous', `${x.previous(name)} (%)`, (l) => pct(l.previous)),
    text('enabling', x.enabling, (l) => l.e, 12),
    text('transitional', x.transitional, (l) => l.t, 12),
  ];
}

const objectiveShares = (byObjective: Record<TaxObjective, number>) =>
  Object.fromEntries(
    TEMPLATE_OBJECTIVES.filter((o) => byObjective[o] > 0).map((o) => [
      o,
      `${(byObjective[o] * 100).toFixed(2)}`,
    ]),
  );

function templateLines(k: KindTemplate, lang: Lang): Line[] {
  const x = TEMPLATE_TEXTS[lang];
  const name = x.kind[k.kind];
  const cells = (r: Record<TaxObjective, keyof typeof x.cell> | null) =>
    r ? Object.fromEntries(TEMPLATE_OBJECTIVES.map((o) => [o, x.cell[r[o]]])) : undefined;
  const sub = (label: string, s: Subtotal): Line => ({
    label,
    amount: s.amount,
    share: s.share,
    sc: objectiveShares(s.byObjective),
    previous: s.previousShare,
  });
  const lines: Line[] = [{ label: x.a }, { label: x.a1 }];
  if (!k.a1.length) lines.push({ label: x.none });
  for (const r of k.a1)
    lines.push({
      label: rowName(r, lang),
      code: r.code,
      amount: r.amount,
      share: r.share,
      sc: cells(r.sc),
      dnsh: cells(r.dnsh),
      ms: r.minSafeguards ? x.cell[r.minSafeguards] : undefined,
      previous: r.previousShare,
      e: r.enabling ? 'E' : undefined,
      t: r.transitional ? 'T' : undefined,
    });
  lines.push(
    sub(x.a1Sum(name), k.a1Total),
    sub(x.ofEnabling, k.enabling),
    sub(x.ofTransitional, k.transitional),
  );
  lines.push({ label: x.a2 });
  if (!k.a2.length) lines.push({ label: x.none });
  for (const r of k.a2)
    lines.push({
      label: rowName(r, lang),
      code: r.code,
      amount: r.amount,
      share: r.share,
      sc: cells(r.sc),
      previous: r.previousShare,
    });
  lines.push(sub(x.a2Sum(name), k.a2Total), sub(x.aSum(name), k.aTotal));
  lines.push(
    { label: x.b },
    { label: x.bSum(name), amount: k.b.amount, share: k.b.share, previous: k.b.previousShare },
    { label: x.total, amount: k.total, share: k.total > 0 ? 1 : 0 },
    { label: '' },
    { label: x.perObjective(name), code: x.alignedPer, ms: x.eligiblePer },
  );
  for (const o of TEMPLATE_OBJECTIVES)
    lines.push({
      label: `${o} – ${x.objective[o]}`,
      code: `${(k.perObjective[o].aligned * 100).toFixed(2)}`,
      ms: `${(k.perObjective[o].eligible * 100).toFixed(2)}`,
    });
  if (k.unsplitShare > 0) lines.push({ label: x.unsplit, ms: `${(k.unsplitShare * 100).toFixed(2)}` });
  return lines;
}

type NgLine = { row: string; label: string; amounts?: number[]; yes?: string };

function nuclearGasSheet(y: YearTemplate, lang: Lang) {
  const x = TEMPLATE_TEXTS[lang];
  const ng = y.nuclearGas;
  if (!ng) return null;
  const lines: NgLine[] = [{ row: '', label: `${x.template(1)}: ${x.templateTitle[1]}` }];
  NUCLEAR_GAS_SECTIONS.forEach((_, i) =>
    lines.push({ row: String(i + 1), label: x.question[i], yes: ng.answers[i] ? x.yes : x.no }),
  );
  for (const n of [2, 3, 4, 5] as const)
    for (const kind of TAX_AMOUNT_KINDS) {
      lines.push({ row: '', label: `${x.template(n)}: ${x.templateTitle[n]} – ${x.kind[kind]}` });
      ng.byKind[kind][n].forEach((r, i) =>
        lines.push({
          row: String(i + 1),
          label: nuclearGasRowLabel(lang, n, i),
          amounts: [
            r.amount.both / 100,
            r.share.both * 100,
            r.amount.ccm / 100,
            r.share.ccm * 100,
            r.amount.cca / 100,
            r.share.cca * 100,
          ],
        }),
      );
    }
  const [rowHead, labelHead, ...figureHeads] = x.ngHead;
  const columns: Column<NgLine>[] = [
    { key: 'row', header: { de: rowHead, en: rowHead }, width: 6 },
    { key: 'label', header: { de: labelHead, en: labelHead }, width: 90 },
    { key: 'yes', header: { de: x.yes, en: x.yes }, width: 8 },
    ...figureHeads.map((h, i): Column<NgLine> => ({
      key: `f${i}`,
      header: { de: h, en: h },
      type: 'number',
      digits: 2,
      width: 16,
      value: (l) => l.amounts?.[i],
    })),
  ];
  return sheetOf({ name: `${y.taxYear} XII`, columns, rows: lines });
}

/** One line of a 2026/73 sheet: label, code, amounts and proportions (in %). */
type SimpleLine = { label: string; code?: string; amount?: number; values?: (number | string | undefined)[] };

const percentOf = (share: number | null | undefined) =>
  share === null || share === undefined ? undefined : share * 100;

/** 2026/73: the summary of the three KPIs (see `taxonomy.report.simplified.ts`). */
function summarySheet(y: YearTemplate, lang: Lang) {
  const x = TEMPLATE_TEXTS[lang];
  const pick = (f: (k: KindTemplate, kind: TaxAmountKind) => number) =>
    TAX_AMOUNT_KINDS.map((kind) =>
      y.kinds[kind].notReported ? x.notReported : percentOf(f(y.kinds[kind], kind)),
    );
  const share = (k: KindTemplate, amount: number) => (k.total > 0 ? amount / k.total : 0);
  const lines: SimpleLine[] = [
    { label: x.ruleSetName[y.ruleSet] },
    { label: x.summaryRow.aligned, values: pick((k) => k.a1Total.share) },
    { label: x.summaryRow.enabling, values: pick((k) => k.enabling.share) },
    { label: x.summaryRow.transitional, values: pick((k) => k.transitional.share) },
    { label: x.summaryRow.eligibleOnly, values: pick((k) => k.a2Total.share) },
    { label: x.summaryRow.nonEligible, values: pick((k) => k.b.share) },
    { label: x.summaryRow.notMaterial, values: pick((k) => k.notMaterial.share) },
  ];
  const energy = y.energy;
  if (energy)
    lines.push(
      {
        label: x.summaryRow.nuclearAligned,
        values: pick((k, kind) => share(k, energy[kind].nuclear.aligned)),
      },
      {
        label: x.summaryRow.nuclearEligible,
        values: pick((k, kind) => share(k, energy[kind].nuclear.eligibleOnly)),
      },
      { label: x.summaryRow.gasAligned, values: pick((k, kind) => share(k, energy[kind].gas.aligned)) },
      { label: x.summaryRow.gasEligible, values: pick((k, kind) => share(k, energy[kind].gas.eligibleOnly)) },
    );
  if (y.opexNotMaterialReason !== null)
    lines.push({ label: x.opexNotMaterial(String(y.kinds.opex.total / 100), y.opexNotMaterialReason) });
  if (y.notMaterialNote) lines.push({ label: `${x.notMaterialNote}: ${y.notMaterialNote}` });
  const columns: Column<SimpleLine>[] = [
    { key: 'label', header: x.summary, width: 70 },
    ...x.summaryHead.slice(1).map((h, i): Column<SimpleLine> => ({
      key: `k${i}`,
      header: `${h} (%)`,
      type: 'number',
      digits: 2,
      width: 16,
      value: (l) => l.values?.[i],
    })),
  ];
  return sheetOf({ name: `${y.taxYear} ${x.summary}`.slice(0, 31), columns, rows: lines });
}

/** 2026/73: one KPI's activity table: activity, code, amount, proportion, per objective, N-1, E, T. */
function simplifiedKindSheet(y: YearTemplate, k: KindTemplate, lang: Lang) {
  const x = TEMPLATE_TEXTS[lang];
  const name = x.kind[k.kind];
  const objectives = (v: Record<TaxObjective, number> | undefined) =>
    TEMPLATE_OBJECTIVES.map((o) => (v && v[o] > 0 ? v[o] * 100 : undefined));
  const row = (r: TemplateRow): SimpleLine => ({
    label: rowName(r, lang),
    code: r.code,
    amount: r.amount,
    values: [
      r.share * 100,
      ...objectives(r.byObjective),
      percentOf(r.previousShare),
      r.enabling ? 'E' : undefined,
      r.transitional ? 'T' : undefined,
    ],
  });
  const sub = (label: string, s: Pick<Subtotal, 'amount' | 'share'> & Partial<Subtotal>): SimpleLine => ({
    label,
    amount: s.amount,
    values: [s.share * 100, ...objectives(s.byObjective), percentOf(s.previousShare)],
  });
  const lines: SimpleLine[] = [
    { label: x.a1 },
    ...k.a1.map(row),
    sub(x.a1Sum(name), k.a1Total),
    sub(x.ofEnabling, k.enabling),
    sub(x.ofTransitional, k.transitional),
    { label: x.a2 },
    ...k.a2.map(row),
    sub(x.a2Sum(name), k.a2Total),
    sub(x.aSum(name), k.aTotal),
    sub(x.bSum(name), { amount: k.b.amount, share: k.b.share, previousShare: k.b.previousShare }),
    sub(x.notMaterialRow(name), k.notMaterial),
    sub(x.total, { amount: k.total, share: k.total > 0 ? 1 : 0 }),
  ];
  const text = (
    key: string,
    header: string,
    width: number,
    value: (l: SimpleLine) => unknown,
  ): Column<SimpleLine> => ({
    key,
    header: { de: header, en: header },
    width,
    value,
  });
  const figure = (key: string, header: string, i: number): Column<SimpleLine> => ({
    ...text(key, header, 14, (l) => l.values?.[i]),
    type: 'number',
    digits: 2,
  });
  const columns: Column<SimpleLine>[] = [
    text('label', x.activity, 60, (l) => l.label),
    text('code', x.code, 16, (l) => l.code),
    {
      ...text('amount', x.amount(name), 18, (l) => (l.amount === undefined ? undefined : l.amount / 100)),
      type: 'number',
      digits: 2,
    },
    figure('share', `${x.share(name)} (%)`, 0),
    ...TEMPLATE_OBJECTIVES.map((o, i) =>
      figure(`o${o}`, `${x.objectiveShares}: ${x.objective[o]} (%)`, i + 1),
    ),
    figure('previous', `${x.previous(name)} (%)`, 7),
    text('enabling', x.enabling, 12, (l) => l.values?.[8]),
    text('transitional', x.transitional, 12, (l) => l.values?.[9]),
  ];
  return sheetOf({ name: `${y.taxYear} ${name}`, columns, rows: lines });
}

/** The template sheets of every year, in the report's order, as the year's rule set lays them out. */
export function templateSheets(templates: YearTemplate[], lang: Lang) {
  const x = TEMPLATE_TEXTS[lang];
  return templates.flatMap((y) =>
    y.ruleSet === '2026/73'
      ? [
          summarySheet(y, lang),
          ...TAX_AMOUNT_KINDS.filter((kind) => !y.kinds[kind].notReported).map((kind) =>
            simplifiedKindSheet(y, y.kinds[kind], lang),
          ),
        ]
      : [
          ...TAX_AMOUNT_KINDS.map((kind) =>
            sheetOf({
              name: `${y.taxYear} ${x.kind[kind]}`,
              columns: templateColumns(lang, kind),
              rows: templateLines(y.kinds[kind], lang),
            }),
          ),
          ...[nuclearGasSheet(y, lang)].filter((s) => s !== null),
        ],
  );
}
