/**
 * What the VSME screens derive from the catalogue and a report (issue 40): values by fact key, the
 * "if applicable" rule, figures in the unit the screen shows (percent, intensity per EUR million)
 * and the rows of a table group. Pure, so the tests need no screen.
 */
import type { Language } from '@klimadesk/contract/constants';
import type { VsmeCondition, VsmeDatapoint, VsmeGroup, VsmeKind } from '@klimadesk/contract/vsme/catalogue';
import type { VsmeFact, VsmeReport, VsmeValue } from '@klimadesk/contract/vsme/schemas';

export const factKey = (concept: string, member: string) => `${concept}|${member}`;

export { isNumericKind as isNumeric } from '@klimadesk/contract/vsme/catalogue';

export function factsOf(report: Pick<VsmeReport, 'values'>): Map<string, VsmeFact> {
  return new Map(report.values.map((f) => [factKey(f.concept, f.member), f]));
}

/** Whether a datapoint applies under its parent's value (the API's rule, `vsme.validate.ts`). */
export function applies(condition: VsmeCondition | null, facts: ReadonlyMap<string, VsmeFact>): boolean {
  if (!condition) return true;
  const parent = facts.get(factKey(condition.parent, ''))?.value;
  if (condition.is === 'true') return parent === true;
  if (condition.is === 'nonZero') return typeof parent === 'number' && parent !== 0;
  const chosen = Array.isArray(parent) ? parent : typeof parent === 'string' ? [parent] : [];
  return chosen.some((m) => condition.members?.includes(m));
}

/** The screen's unit: a percentage is stored as a fraction, an intensity per euro is shown per EUR million. */
const SHOWN_FACTOR: Partial<Record<VsmeKind, number>> = { percent: 100, intensity: 1_000_000 };
/** Decimals shown (as in the documents): tonnes, MWh and m³ to the kilogram, kWh and litre. */
const SHOWN_DIGITS: Partial<Record<VsmeKind, number>> = {
  monetary: 2,
  ghg: 3,
  energy: 3,
  mass: 3,
  volume: 3,
  area: 4,
  percent: 2,
  intensity: 3,
};

export const toShown = (kind: VsmeKind, value: number) => value * (SHOWN_FACTOR[kind] ?? 1);
export const fromShown = (kind: VsmeKind, shown: number) => shown / (SHOWN_FACTOR[kind] ?? 1);

/** A stored figure as the field shows it: at most the kind's decimals, no grouping (it is edited). */
export function shownText(kind: VsmeKind, value: number, lang: Language): string {
  const digits = SHOWN_DIGITS[kind] ?? 4;
  return new Intl.NumberFormat(lang === 'de' ? 'de-DE' : 'en-GB', {
    maximumFractionDigits: digits,
    useGrouping: false,
  }).format(toShown(kind, value));
}

/** A stored figure as a read-only text shows it: the kind's decimals, grouped. */
export function figureText(kind: VsmeKind, value: number, lang: Language): string {
  const digits = SHOWN_DIGITS[kind];
  return new Intl.NumberFormat(lang === 'de' ? 'de-DE' : 'en-GB', {
    minimumFractionDigits: digits ?? 0,
    maximumFractionDigits: digits ?? 4,
  }).format(toShown(kind, value));
}

/** Whether two values are the same (figures within a billionth, as the API compares them). */
export function sameValue(a: VsmeValue | null | undefined, b: VsmeValue | null | undefined): boolean {
  if (typeof a === 'number' && typeof b === 'number')
    return Math.abs(a - b) <= 1e-9 * Math.max(1, Math.abs(b));
  return JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
}

/** The member key of a table row (`''` for a fixed table's default member). */
export const rowMember = (m: { qname: string; isDefault: boolean }) => (m.isDefault ? '' : m.qname);

/** The rows of a table group: a fixed table's members, else the members the report has values in. */
export function tableRows(group: VsmeGroup, facts: ReadonlyMap<string, VsmeFact>): string[] {
  const t = group.table;
  if (!t) return [''];
  if (t.kind === 'fixed') return t.members.map(rowMember);
  const concepts = new Set(group.datapoints.map((d) => d.concept));
  const rows = new Set<string>();
  for (const f of facts.values()) {
    if (!concepts.has(f.concept) || f.member === '') continue;
    if ((t.kind === 'typed') === f.member.startsWith('typed:')) rows.add(f.member);
  }
  return [...rows].sort();
}

/** Applicable and filled datapoints of a group (a table's datapoint counts once it has one row). */
export function groupProgress(group: VsmeGroup, facts: ReadonlyMap<string, VsmeFact>) {
  const rows = tableRows(group, facts);
  let applicable = 0;
  let filled = 0;
  for (const dp of group.datapoints) {
    if (!applies(dp.applicableWhen, facts)) continue;
    applicable += 1;
    if (rows.some((m) => facts.has(factKey(dp.concept, m)))) filled += 1;
  }
  return { applicable, filled };
}

/** Datapoints of a plain group that apply, in catalogue order. */
export const visibleDatapoints = (group: VsmeGroup, facts: ReadonlyMap<string, VsmeFact>): VsmeDatapoint[] =>
  group.datapoints.filter((dp) => applies(dp.applicableWhen, facts));
