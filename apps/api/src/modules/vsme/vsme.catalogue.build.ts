/**
 * Derives the VSME catalogue (packages/contract/src/vsme/catalogue.ts) from the taxonomy snapshot,
 * the disclosure layout and the Units Type Registry of EFRAG's converter (../shared/data/vsme,
 * SOURCES.md there). Pure: `scripts/build-vsme-catalogue.ts` reads the files and writes the result.
 *
 * - A disclosure is every presentation group whose definition starts `[nnnn] B3 - …`; its title is
 *   the label of the taxonomy's member `vsme:B3-…Member` (the omitted-disclosure list names each).
 * - A datapoint is a reportable concept of a group, labelled with the role the group prefers.
 * - "If applicable": a concept nested under another in the presentation tree applies when its
 *   parent is true, names an "other" member, or is a figure other than zero.
 * - Units: the converter's `dataTypesToUnits` (energy MWh, GHG tCO2e, mass t, volume m³, area ha,
 *   decimal and percent pure), its `unitIdsToMeasures` for the intensity (tCO2e per EUR), EUR for
 *   money; each checked against the UTR entry it must have.
 */
import {
  VSME_DISCLOSURE_CODES,
  type VsmeCatalogueData,
  type VsmeCondition,
  type VsmeDatapointData,
  type VsmeDisclosureCode,
  type VsmeDisclosureData,
  type VsmeGroupData,
  type VsmeKind,
  type VsmeLabels,
  type VsmeMemberData,
  type VsmeTableData,
  type VsmeUnitData,
} from '@klimadesk/contract';

type LabelRoles = Record<string, string>;
export type TaxonomyConcept = {
  abstract?: boolean;
  dataType?: string;
  baseDataType?: string;
  periodType?: string;
  balance?: string;
  numeric?: boolean;
  hypercube?: boolean;
  dimension?: boolean;
  labels?: Record<string, LabelRoles>;
  other?: { ee20DomainMembers?: string[]; typedElement?: string };
  references?: { parts: [string, string][]; role: string }[];
};
type PresentationRow = [number, string] | [number, string, string];
export type TaxonomyJson = {
  entryPoint: string;
  namespaces: Record<string, string>;
  concepts: Record<string, TaxonomyConcept>;
  presentation: Record<
    string,
    { definition: string; labels?: Record<string, string>; rows: PresentationRow[] }
  >;
  dimensions: Record<string, unknown>;
};
type Hypercube = {
  explicitDimensions?: Record<string, string[]>;
  typedDimensions?: string[];
  primaryItems: [number, string][];
};
export type LayoutJson = {
  dataTypesToUnits: Record<string, string>;
  conceptsToUnits?: Record<string, string>;
  unitIdsToMeasures?: Record<string, { numerator: string[]; denominator: string[] }>;
};
export type UtrEntry = {
  unitId: string;
  itemType: string;
  nsUnit?: string;
  symbol?: string;
  unitName: string;
  numeratorItemType?: string;
  denominatorItemType?: string;
};

const LABEL = 'http://www.xbrl.org/2003/role/label';
const DOCUMENTATION = 'http://www.xbrl.org/2003/role/documentation';
/** The report currency: the product states money in euro (ISO 4217). */
const CURRENCY = 'EUR';

const KIND_OF_TYPE: Record<string, VsmeKind> = {
  'xbrli:monetaryItemType': 'monetary',
  'dtr-types:ghgEmissionsItemType': 'ghg',
  'dtr-types:energyItemType': 'energy',
  'dtr-types:massItemType': 'mass',
  'dtr-types:volumeItemType': 'volume',
  'dtr-types:areaItemType': 'area',
  'dtr-types:percentItemType': 'percent',
  'xbrli:decimalItemType': 'decimal',
  'dtr-types:ghgEmissionsPerMonetaryItemType': 'intensity',
  'xbrli:booleanItemType': 'boolean',
  'xbrli:stringItemType': 'string',
  'dtr-types:textBlockItemType': 'textBlock',
  'xbrli:dateItemType': 'date',
  'xbrli:gYearItemType': 'year',
  'enum2:enumerationItemType': 'enum',
  'enum2:enumerationSetItemType': 'enumSet',
};

/** Labels the taxonomy gives cut off, replaced (listed in data/SOURCES.md). */
export const LABEL_CORRECTIONS: Record<string, Partial<VsmeLabels>> = {
  // German verbose label of total assets reads "Bilanzsumme in" (the currency was left out).
  'vsme:Assets': { de: 'Bilanzsumme' },
};

/** A fixed table lists at most this many members; more make an open table the user adds rows to. */
const FIXED_MEMBERS_MAX = 5;
const GROUP_CATEGORIES = new Set([
  'General information',
  'Environment',
  'Enviroment',
  'Social',
  'Governance',
  'Allgemeine Informationen',
  'Umwelt',
  'Sozial',
]);

const stripSuffix = (s: string) => s.replace(/\s*\[(member|axis|typed axis|table|domain)\]\s*$/i, '').trim();

function labelsOf(concept: TaxonomyConcept | undefined, role = LABEL): VsmeLabels {
  const en = concept?.labels?.en?.[role] ?? concept?.labels?.en?.[LABEL];
  const de = concept?.labels?.de?.[role] ?? concept?.labels?.de?.[LABEL] ?? null;
  if (!en) throw new Error('concept without an English label');
  return { en: stripSuffix(en), de: de === null ? null : stripSuffix(de) };
}

/** `[1100] B3 - Environment - Estimated Greenhouse Gas Emissions` → `Estimated Greenhouse Gas Emissions`. */
export function groupTitle(definition: string): string {
  const rest = definition.replace(/^\[\d+\]\s*[BC]\d+\s*[-–]\s*/, '').trim();
  const parts = rest.split(/\s+[-–]\s+/);
  return parts.length > 1 && GROUP_CATEGORIES.has(parts[0].trim()) ? parts.slice(1).join(' - ') : rest;
}

/** The VSME paragraph of a concept's first reference: `B1 §24(e)(i)`, with its knowledge-hub page. */
export function referenceOf(concept: TaxonomyConcept): VsmeDatapointData['reference'] {
  const parts = concept.references?.[0]?.parts;
  if (!parts) return null;
  const get = (name: string) => parts.find(([n]) => n === name)?.[1] ?? null;
  const para = get('ref:Paragraph');
  if (!para) return null;
  const sub = [get('ref:Subparagraph'), get('ref:Clause')].filter((x): x is string => !!x);
  const text = [get('ref:Number'), `§${para}${sub.map((s) => `(${s})`).join('')}`]
    .filter((x): x is string => !!x)
    .join(' ');
  return { text, uri: get('ref:URI') };
}

function unitsOf(layout: LayoutJson, utr: UtrEntry[], namespaces: Record<string, string>) {
  const units: VsmeUnitData[] = [];
  const byType = new Map<string, string>();
  const find = (qname: string) => {
    const [prefix, id] = qname.split(':');
    const ns = namespaces[prefix];
    const entry = utr.find((u) => u.unitId === id && (!u.nsUnit || u.nsUnit === ns));
    if (!entry) throw new Error(`no UTR entry for ${qname}`);
    return entry;
  };
  const simple = (qname: string) => {
    const id = qname.split(':')[1];
    if (!units.some((u) => u.id === id)) {
      const e = find(qname);
      units.push({
        id,
        measure: qname,
        numerator: null,
        denominator: null,
        itemType: e.itemType,
        symbol: e.symbol ?? id,
        name: e.unitName,
      });
    }
    return id;
  };
  for (const [type, measure] of Object.entries(layout.dataTypesToUnits)) byType.set(type, simple(measure));
  byType.set('xbrli:monetaryItemType', simple(`iso4217:${CURRENCY}`));
  const divide = layout.unitIdsToMeasures?.Emissions_per_Monetary;
  if (!divide) throw new Error('the layout names no GHG intensity unit');
  const entry = utr.find((u) => u.unitId === 'Emissions_per_Monetary');
  if (!entry) throw new Error('no UTR entry Emissions_per_Monetary');
  const num = simple(`utr:${divide.numerator[0]}`);
  const id = `${num}-per-${CURRENCY}`;
  units.push({
    id,
    measure: null,
    numerator: `utr:${divide.numerator[0]}`,
    denominator: `iso4217:${CURRENCY}`,
    itemType: entry.itemType,
    symbol: `${num}/${CURRENCY}`,
    name: entry.unitName,
  });
  byType.set('dtr-types:ghgEmissionsPerMonetaryItemType', id);
  return { units, byType };
}

type Ctx = {
  tax: TaxonomyJson;
  defaults: Record<string, string>;
  domains: Map<string, { id: string; members: VsmeMemberData[] }>;
  unitOfType: Map<string, string>;
  conceptUnits: Record<string, string>;
};

/** One member list per distinct set of members, named after the first concept or axis that uses it. */
function domainOf(ctx: Ctx, owner: string, qnames: string[]): string {
  const key = qnames.join(' ');
  const known = ctx.domains.get(key);
  if (known) return known.id;
  const id = owner.split(':')[1];
  const members = qnames.map((qname) => ({ qname, labels: labelsOf(ctx.tax.concepts[qname]) }));
  ctx.domains.set(key, { id, members });
  return id;
}

function tableOf(ctx: Ctx, roleUri: string): VsmeTableData | null {
  const cubes = ctx.tax.dimensions[roleUri] as Record<string, Hypercube> | undefined;
  if (!cubes) return null;
  const cube = Object.values(cubes)[0];
  const [axis, members] = Object.entries(cube.explicitDimensions ?? {})[0] ?? [];
  const typed = cube.typedDimensions?.[0];
  if (typed) {
    const c = ctx.tax.concepts[typed];
    return {
      axis: typed,
      labels: labelsOf(c),
      kind: 'typed',
      members: [],
      domain: null,
      typedElement: c.other?.typedElement ?? null,
    };
  }
  if (!axis || !members) return null;
  const def = ctx.defaults[axis];
  // A table of the default member alone is the plain datapoints: their facts carry no dimension.
  if (members.length === 1 && members[0] === def) return null;
  const base = { axis, labels: labelsOf(ctx.tax.concepts[axis]), typedElement: null };
  if (members.length <= FIXED_MEMBERS_MAX)
    return {
      ...base,
      kind: 'fixed',
      members: members.map((m) => ({
        qname: m,
        labels: labelsOf(ctx.tax.concepts[m]),
        isDefault: m === def,
      })),
      domain: null,
    };
  return {
    ...base,
    kind: 'open',
    members: [],
    domain: domainOf(
      ctx,
      axis,
      members.filter((m) => m !== def),
    ),
  };
}

function conditionOf(ctx: Ctx, parent: VsmeDatapointData): VsmeCondition | null {
  if (parent.kind === 'boolean') return { parent: parent.concept, is: 'true' };
  if (parent.kind === 'enum' || parent.kind === 'enumSet') {
    const members = ctx.tax.concepts[parent.concept].other?.ee20DomainMembers ?? [];
    const others = members.filter((m) => /Other/.test(m.split(':')[1]));
    return others.length ? { parent: parent.concept, is: 'member', members: others } : null;
  }
  if (parent.kind === 'string' || parent.kind === 'textBlock') return null;
  return { parent: parent.concept, is: 'nonZero' };
}

function datapointOf(ctx: Ctx, qname: string, depth: number, role?: string): VsmeDatapointData {
  const c = ctx.tax.concepts[qname];
  const dataType = c.dataType ?? '';
  const kind = KIND_OF_TYPE[dataType];
  if (!kind) throw new Error(`${qname}: data type ${dataType} has no kind`);
  const members = c.other?.ee20DomainMembers;
  const unit =
    kind === 'enum' || kind === 'enumSet' || !c.numeric
      ? null
      : (ctx.conceptUnits[qname]?.split(':')[1] ?? ctx.unitOfType.get(dataType) ?? null);
  if (c.numeric && !unit) throw new Error(`${qname}: no unit for ${dataType}`);
  return {
    concept: qname,
    kind,
    dataType,
    periodType: c.periodType === 'instant' ? 'instant' : 'duration',
    balance: c.balance === 'debit' || c.balance === 'credit' ? c.balance : null,
    labels: { ...labelsOf(c, role), ...LABEL_CORRECTIONS[qname] },
    documentation: c.labels?.en?.[DOCUMENTATION] ?? null,
    unit,
    domain: members?.length ? domainOf(ctx, qname, members) : null,
    depth,
    applicableWhen: null,
    reference: referenceOf(c),
  };
}

/** The reportable concepts of a group with their "if applicable" parents from the tree. */
function datapointsOf(ctx: Ctx, rows: PresentationRow[]): VsmeDatapointData[] {
  const out: VsmeDatapointData[] = [];
  // The nearest row above at each depth: a datapoint's parent is the row one level up, if reportable.
  const stack: (VsmeDatapointData | null)[] = [];
  let base = -1;
  for (const [depth, qname, role] of rows) {
    const c = ctx.tax.concepts[qname];
    const reportable = c && !c.abstract && !c.hypercube && !c.dimension;
    stack.length = depth;
    if (!reportable) {
      stack[depth] = null;
      continue;
    }
    if (base < 0) base = depth;
    const dp = datapointOf(ctx, qname, Math.max(0, depth - base), role);
    const parent = depth > 0 ? stack[depth - 1] : null;
    if (parent) dp.applicableWhen = conditionOf(ctx, parent);
    stack[depth] = dp;
    out.push(dp);
  }
  return out;
}

/** Disclosure titles from the omitted-disclosure members `vsme:B3-…Member` (`B3 - Energy and …`). */
function disclosureTitles(tax: TaxonomyJson): Map<string, VsmeLabels> {
  const out = new Map<string, VsmeLabels>();
  for (const [qname, c] of Object.entries(tax.concepts)) {
    const m = /^vsme:([BC]\d+)-/.exec(qname);
    if (!m || !c.labels?.en) continue;
    const cut = (s: string) => stripSuffix(s).replace(/^[BC]\d+\s*[-–]\s*/, '');
    const l = labelsOf(c);
    out.set(m[1], { en: cut(l.en), de: l.de && cut(l.de) });
  }
  return out;
}

export function buildVsmeCatalogue(
  tax: TaxonomyJson,
  layout: LayoutJson,
  utr: UtrEntry[],
): VsmeCatalogueData {
  const { units, byType } = unitsOf(layout, utr, tax.namespaces);
  const ctx: Ctx = {
    tax,
    defaults: (tax.dimensions._defaults ?? {}) as Record<string, string>,
    domains: new Map(),
    unitOfType: byType,
    conceptUnits: layout.conceptsToUnits ?? {},
  };
  const titles = disclosureTitles(tax);
  const byCode = new Map<VsmeDisclosureCode, VsmeGroupData[]>();
  for (const [roleUri, group] of Object.entries(tax.presentation)) {
    const m = /^\[(\d+)\]\s*([BC]\d+)\s*[-–]/.exec(group.definition);
    if (!m) continue;
    const code = m[2] as VsmeDisclosureCode;
    if (!VSME_DISCLOSURE_CODES.includes(code)) continue;
    const de = group.labels?.de;
    const list = byCode.get(code) ?? [];
    list.push({
      id: roleUri.split('/').pop() as string,
      order: Number(m[1]),
      labels: { en: groupTitle(group.definition), de: de ? groupTitle(de) : null },
      table: tableOf(ctx, roleUri),
      datapoints: datapointsOf(ctx, group.rows),
    });
    byCode.set(code, list);
  }
  const disclosures: VsmeDisclosureData[] = VSME_DISCLOSURE_CODES.map((code) => {
    const groups = byCode.get(code);
    const labels = titles.get(code);
    if (!groups || !labels) throw new Error(`disclosure ${code} is not in the taxonomy`);
    return {
      code,
      module: code.startsWith('B') ? 'basic' : 'comprehensive',
      labels,
      groups: groups.sort((a, b) => a.order - b.order),
    };
  });
  const used = new Set<string>();
  const note = (q: string | null) => q && used.add(q.split(':')[0]);
  for (const d of disclosures)
    for (const g of d.groups) {
      note(g.table?.axis ?? null);
      g.table?.members.forEach((m) => note(m.qname));
      g.datapoints.forEach((p) => note(p.concept));
    }
  for (const { members } of ctx.domains.values()) members.forEach((m) => note(m.qname));
  units.forEach((u) => [u.measure, u.numerator, u.denominator].forEach(note));
  return {
    edition: /\/(\d{4}-\d{2}-\d{2})\//.exec(tax.entryPoint)?.[1] ?? '',
    entryPoint: tax.entryPoint,
    namespaces: Object.fromEntries(Object.entries(tax.namespaces).filter(([p]) => used.has(p))),
    disclosures,
    domains: Object.fromEntries([...ctx.domains.values()].map((d) => [d.id, d.members])),
    units,
  };
}
