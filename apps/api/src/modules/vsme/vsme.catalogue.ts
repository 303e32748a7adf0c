/**
 * The VSME catalogue the module ships (`data/vsme-catalogue.json.gz`, written by
 * `scripts/build-vsme-catalogue.ts`; SOURCES.md beside it), read once, with the look-ups the
 * service, the validation and the exports share.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import countries from 'i18n-iso-countries';
import type {
  Language,
  VsmeCatalogue,
  VsmeCatalogueData,
  VsmeDatapointData,
  VsmeDisclosureCode,
  VsmeDisclosureData,
  VsmeGroupData,
  VsmeLabels,
  VsmeMemberData,
  VsmeUnitData,
} from '@klimadesk/contract';

const require = createRequire(import.meta.url);
countries.registerLocale(require('i18n-iso-countries/langs/de.json'));

export const CATALOGUE_FILE = 'vsme-catalogue.json.gz';
export const CATALOGUE_DIR = join(import.meta.dirname, 'data');

let loaded: VsmeCatalogueData | undefined;

export function vsmeCatalogue(): VsmeCatalogueData {
  loaded ??= JSON.parse(
    gunzipSync(readFileSync(join(CATALOGUE_DIR, CATALOGUE_FILE))).toString('utf8'),
  ) as VsmeCatalogueData;
  return loaded;
}

/** A datapoint in its group and disclosure: where a value of the concept (with a member) belongs. */
export type Placement = {
  disclosure: VsmeDisclosureData;
  group: VsmeGroupData;
  datapoint: VsmeDatapointData;
};

let placements: Map<string, Placement[]> | undefined;

/** Every group a concept is a datapoint of (the GHG concepts are in B3 and, by member, in C3). */
export function placementsOf(concept: string): Placement[] {
  if (!placements) {
    placements = new Map();
    for (const disclosure of vsmeCatalogue().disclosures)
      for (const group of disclosure.groups)
        for (const datapoint of group.datapoints) {
          const list = placements.get(datapoint.concept) ?? [];
          list.push({ disclosure, group, datapoint });
          placements.set(datapoint.concept, list);
        }
  }
  return placements.get(concept) ?? [];
}

/**
 * The group a value of `concept` with `member` belongs to: the one whose table names the member
 * ('' : no dimension, or the table's default member; `typed:…`: a typed table's row).
 */
export function placementOf(concept: string, member: string): Placement | null {
  for (const p of placementsOf(concept)) {
    const t = p.group.table;
    if (!t) {
      if (member === '') return p;
      continue;
    }
    if (t.kind === 'typed' && member.startsWith('typed:') && member.length > 'typed:'.length) return p;
    if (t.kind === 'fixed' && t.members.some((m) => (m.isDefault ? '' : m.qname) === member)) return p;
    if (t.kind === 'open' && t.domain && domainMember(t.domain, member)) return p;
  }
  return null;
}

let memberIndex: Map<string, Map<string, VsmeMemberData>> | undefined;

/** A member of a domain (enumeration or open table), or undefined. */
export function domainMember(domain: string, qname: string): VsmeMemberData | undefined {
  if (!memberIndex) {
    memberIndex = new Map(
      Object.entries(vsmeCatalogue().domains).map(([id, list]) => [
        id,
        new Map(list.map((m) => [m.qname, m])),
      ]),
    );
  }
  return memberIndex.get(domain)?.get(qname);
}

export function unitById(id: string): VsmeUnitData | undefined {
  return vsmeCatalogue().units.find((u) => u.id === id);
}

export function disclosureOf(code: VsmeDisclosureCode): VsmeDisclosureData {
  return vsmeCatalogue().disclosures.find((d) => d.code === code) as VsmeDisclosureData;
}

/**
 * A label in the language: German where the taxonomy has it, else English. Countries, which the
 * taxonomy names in English only, get their German name from i18n-iso-countries.
 */
export function labelIn(labels: VsmeLabels, lang: Language, qname?: string): string {
  if (lang === 'de') {
    if (labels.de) return labels.de;
    const country = qname && /^country:([A-Z]{2})$/.exec(qname)?.[1];
    const name = country ? countries.getName(country, 'de', { select: 'official' }) : undefined;
    if (name) return name;
  }
  return labels.en;
}

const answers = new Map<Language, VsmeCatalogue>();

/** `GET /api/vsme/vsme-catalogue`: the catalogue with labels in the request language. */
export function catalogueAnswer(lang: Language, prefillable: ReadonlySet<string>): VsmeCatalogue {
  const known = answers.get(lang);
  if (known) return known;
  const c = vsmeCatalogue();
  const member = (m: VsmeMemberData) => ({ qname: m.qname, label: labelIn(m.labels, lang, m.qname) });
  const answer: VsmeCatalogue = {
    edition: c.edition,
    entryPoint: c.entryPoint,
    disclosures: c.disclosures.map((d) => ({
      code: d.code,
      module: d.module,
      label: labelIn(d.labels, lang),
      groups: d.groups.map((g) => ({
        id: g.id,
        label: labelIn(g.labels, lang),
        table: g.table && {
          axis: g.table.axis,
          label: labelIn(g.table.labels, lang),
          kind: g.table.kind,
          members: g.table.members.map((m) => ({ ...member(m), isDefault: m.isDefault })),
          domain: g.table.domain,
        },
        datapoints: g.datapoints.map(({ labels, ...p }) => ({
          ...p,
          label: labelIn(labels, lang),
          prefillable: !g.table && prefillable.has(p.concept),
        })),
      })),
    })),
    domains: Object.fromEntries(Object.entries(c.domains).map(([id, list]) => [id, list.map(member)])),
    units: c.units.map((u) => ({ id: u.id, symbol: u.symbol, name: u.name })),
  };
  answers.set(lang, answer);
  return answer;
}
