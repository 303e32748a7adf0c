import { formatNumber } from '@klimadesk/contract';
import type { PdfTableRow, PdfWriter } from '../../platform/pdf.ts';
import { type Lang, TEMPLATE_TEXTS } from './taxonomy.template.labels.ts';
import { type KindTemplate, TEMPLATE_OBJECTIVES, type TemplateRow } from './taxonomy.template.ts';

/**
 * Cells and tables both report layouts (Annex II of 2023/2486 and the simplified one of 2026/73)
 * and the xlsx template share; kept apart so the two layouts do not import each other.
 */

export const money = (cents: number, lang: Lang) => formatNumber(cents / 100, lang, 2);
/** German `30,00 %` (DIN 5008 spacing), English `30.00%`. */
export const percent = (share: number, lang: Lang) =>
  `${formatNumber(share * 100, lang, 2)}${lang === 'de' ? '\u00a0%' : '%'}`;
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

/** The proportions per objective, aligned and eligible (2023/2486 Annex V), and the part split to none. */
export function perObjectiveTable(pdf: PdfWriter, k: KindTemplate, lang: Lang) {
  const x = TEMPLATE_TEXTS[lang];
  pdf.heading(x.perObjective(x.kind[k.kind]), { size: 10 });
  const rows: PdfTableRow[] = TEMPLATE_OBJECTIVES.map((o) => [
    `${o} – ${x.objective[o]}`,
    percent(k.perObjective[o].aligned, lang),
    percent(k.perObjective[o].eligible, lang),
  ]);
  if (k.unsplitShare > 0) rows.push([x.unsplit, '', percent(k.unsplitShare, lang)]);
  pdf.table(
    [
      { header: '', width: 262 },
      { header: x.alignedPer, width: 240 },
      { header: x.eligiblePer, width: 240 },
    ],
    rows,
  );
}
