/**
 * A VSME report laid out as every document shows it (PDF, xlsx, the Inline XBRL body, in the order
 * of the report screen): the disclosures of the report's option in catalogue order, each group's
 * datapoints with their values, a table group as rows of members with a column per datapoint.
 * Facts the validation warns about (they do not apply) stay out.
 */
import type {
  Language,
  VsmeCheck,
  VsmeCompleteness,
  VsmeDatapointData,
  VsmeFact,
  VsmeGroupData,
  VsmeValidation,
} from '@klimadesk/contract';
import { labelIn, vsmeCatalogue } from './vsme.catalogue.ts';
import { memberLabel } from './vsme.format.ts';
import { factKey } from './vsme.prefill.ts';

export type DocCell = { dp: VsmeDatapointData; fact: VsmeFact };
export type DocRow = { member: string; label: string; cells: (DocCell | null)[] };
export type DocGroup = {
  id: string;
  label: string;
  /** A plain group: its datapoints with a value. */
  items: DocCell[];
  /** A table group: its datapoints as columns and one row per member with a value. */
  table: { axisLabel: string; columns: VsmeDatapointData[]; rows: DocRow[] } | null;
};
export type DocDisclosure = {
  code: string;
  label: string;
  notApplicable: boolean;
  completeness: VsmeCompleteness;
  groups: DocGroup[];
};

/** The label of a table row: a fixed member's, an enumerated member's, or a typed row's identifier. */
export function rowLabel(group: VsmeGroupData, member: string, lang: Language): string {
  const t = group.table;
  if (!t || member === '') {
    const def = t?.members.find((m) => m.isDefault);
    return def ? labelIn(def.labels, lang) : '';
  }
  if (member.startsWith('typed:')) return member.slice('typed:'.length);
  const fixed = t.members.find((m) => m.qname === member);
  return fixed ? labelIn(fixed.labels, lang, member) : memberLabel(t.domain, member, lang);
}

function groupOf(group: VsmeGroupData, facts: Map<string, VsmeFact[]>, lang: Language): DocGroup {
  const label = labelIn(group.labels, lang);
  const t = group.table;
  if (!t) {
    const items = group.datapoints.flatMap((dp) => {
      const fact = facts.get(dp.concept)?.find((f) => f.member === '');
      return fact ? [{ dp, fact }] : [];
    });
    return { id: group.id, label, items, table: null };
  }
  const inTable = (f: VsmeFact) =>
    t.kind === 'fixed'
      ? t.members.some((m) => (m.isDefault ? '' : m.qname) === f.member)
      : t.kind === 'typed'
        ? f.member.startsWith('typed:')
        : f.member !== '' && !f.member.startsWith('typed:');
  const members = new Set(
    group.datapoints.flatMap((dp) => (facts.get(dp.concept) ?? []).filter(inTable).map((f) => f.member)),
  );
  const order =
    t.kind === 'fixed'
      ? t.members.map((m) => (m.isDefault ? '' : m.qname)).filter((m) => members.has(m))
      : [...members].sort((a, b) => rowLabel(group, a, lang).localeCompare(rowLabel(group, b, lang), lang));
  const rows = order.map((member) => ({
    member,
    label: rowLabel(group, member, lang),
    cells: group.datapoints.map((dp) => {
      const fact = facts.get(dp.concept)?.find((f) => f.member === member);
      return fact ? { dp, fact } : null;
    }),
  }));
  return {
    id: group.id,
    label,
    items: [],
    table: { axisLabel: labelIn(t.labels, lang), columns: group.datapoints, rows },
  };
}

/** The report's disclosures as documents show them; `checks` leave out the facts that do not apply. */
export function reportDocument(
  facts: VsmeFact[],
  completeness: VsmeCompleteness[],
  validation: Pick<VsmeValidation, 'checks'>,
  lang: Language,
): DocDisclosure[] {
  const status = new Map<string, VsmeCheck['status']>(
    validation.checks.map((c) => [factKey(c.concept, c.member), c.status]),
  );
  const byConcept = new Map<string, VsmeFact[]>();
  for (const f of facts) {
    if (status.get(factKey(f.concept, f.member)) === 'warning') continue;
    byConcept.set(f.concept, [...(byConcept.get(f.concept) ?? []), f]);
  }
  return vsmeCatalogue()
    .disclosures.map((d) => ({ d, c: completeness.find((x) => x.code === d.code) as VsmeCompleteness }))
    .filter(({ c }) => c.included)
    .map(({ d, c }) => ({
      code: d.code,
      label: labelIn(d.labels, lang),
      notApplicable: c.notApplicable,
      completeness: c,
      groups: c.notApplicable ? [] : d.groups.map((g) => groupOf(g, byConcept, lang)),
    }));
}

/** Whether a document group shows anything. */
export const groupHasValues = (g: DocGroup) => g.items.length > 0 || (g.table?.rows.length ?? 0) > 0;
