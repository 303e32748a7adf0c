/**
 * The VSME report as xlsx (issue 40) through the spreadsheet kit: one row per value (disclosure,
 * group, datapoint, table row, value in the shown unit, origin, the footprint's figure and the
 * reason where overridden, the XBRL concept and the check), and the completeness per disclosure.
 */
import {
  type Language,
  type VsmeCheck,
  type VsmeCompleteness,
  type VsmeDatapointData,
  type VsmeFact,
  type VsmeValidation,
  isNumericKind,
} from '@klimadesk/contract';
import { type Column, roundFigure, sheetOf, sheetsBase64 } from '../../platform/spreadsheet.ts';
import { labelIn, placementOf } from './vsme.catalogue.ts';
import { rowLabel } from './vsme.document.ts';
import { formatValue, shownFigure, unitText } from './vsme.format.ts';
import { factKey } from './vsme.prefill.ts';
import { vsmeTexts } from './vsme.texts.ts';
import { texts } from '@klimadesk/contract/messages';

type Row = {
  fact: VsmeFact;
  dp: VsmeDatapointData;
  disclosure: string;
  group: string;
  member: string;
  check: string;
};

/** A figure in the unit the report shows (t, MWh, %, per EUR million), rounded as shown; other values as text. */
function shown(dp: VsmeDatapointData, value: VsmeFact['value'], lang: Language): string | number {
  if (typeof value === 'number' && isNumericKind(dp.kind)) {
    const f = shownFigure(dp.kind, value);
    return roundFigure(f.negative ? -f.shown : f.shown, f.digits);
  }
  return formatValue(dp, value, lang);
}

export async function vsmeWorkbook(
  facts: VsmeFact[],
  completeness: VsmeCompleteness[],
  validation: Pick<VsmeValidation, 'checks'>,
  lang: Language,
): Promise<string> {
  const t = vsmeTexts(lang);
  const checks = new Map<string, VsmeCheck>(validation.checks.map((c) => [factKey(c.concept, c.member), c]));
  const rows: Row[] = facts.flatMap((fact) => {
    const p = placementOf(fact.concept, fact.member);
    if (!p) return [];
    return [
      {
        fact,
        dp: p.datapoint,
        disclosure: p.disclosure.code,
        group: labelIn(p.group.labels, lang),
        member: p.group.table ? rowLabel(p.group, fact.member, lang) : '',
        check: checks.get(factKey(fact.concept, fact.member))?.status ?? 'ok',
      },
    ];
  });
  const order = (r: Row) => completeness.findIndex((c) => c.code === r.disclosure);
  rows.sort((a, b) => order(a) - order(b));
  const origin = { entered: t.entered, prefilled: t.prefilled, overridden: t.overridden };
  const columns: Column<Row>[] = [
    { key: 'disclosure', header: t.disclosure, width: 10 },
    { key: 'group', header: texts('vsme.sheet.group'), width: 36 },
    { key: 'datapoint', header: t.datapoint, width: 48, value: (r) => labelIn(r.dp.labels, lang) },
    { key: 'member', header: t.member, width: 24 },
    { key: 'value', header: t.value, width: 22, value: (r) => shown(r.dp, r.fact.value, lang) },
    { key: 'unit', header: t.unit, width: 16, value: (r) => unitText(r.dp.kind, lang) },
    { key: 'origin', header: t.source, width: 26, value: (r) => origin[r.fact.origin] },
    {
      key: 'footprint',
      header: t.footprintWas,
      width: 40,
      value: (r) => (r.fact.prefill ? t.sourceOf(r.fact.prefill.source) : null),
    },
    {
      key: 'footprintValue',
      header: texts('vsme.sheet.carbonFootprintValue'),
      width: 20,
      value: (r) => (r.fact.prefill ? shown(r.dp, r.fact.prefill.value, lang) : null),
    },
    { key: 'reason', header: t.reason, width: 36, value: (r) => r.fact.overrideReason },
    { key: 'concept', header: t.concept, width: 50, value: (r) => r.fact.concept },
    { key: 'check', header: texts('vsme.sheet.check'), width: 12 },
  ];
  const completenessColumns: Column<VsmeCompleteness>[] = [
    { key: 'code', header: t.disclosure, width: 10 },
    { key: 'included', header: t.included, type: 'boolean', width: 14 },
    {
      key: 'notApplicable',
      header: texts('vsme.sheet.notApplicable'),
      type: 'boolean',
      width: 16,
    },
    { key: 'applicable', header: t.applicable, type: 'integer', width: 12 },
    { key: 'filled', header: t.filled, type: 'integer', width: 12 },
  ];
  return sheetsBase64(
    [
      sheetOf({ name: t.sheet, columns, rows }),
      sheetOf({ name: t.completenessSheet, columns: completenessColumns, rows: completeness }),
    ],
    { lang },
  );
}
