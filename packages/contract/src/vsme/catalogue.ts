/**
 * The VSME datapoint model (issue 40): EFRAG's Voluntary Sustainability Reporting Standard for
 * non-listed SMEs as its XBRL taxonomy (entry point 2026-05-01) structures it: disclosures B1-B11
 * (basic module) and C1-C9 (comprehensive module), each a list of presentation groups whose
 * datapoints are taxonomy concepts. `scripts/build-vsme-catalogue.ts` derives the table from the
 * taxonomy; the API serves it in the request language and checks every value against it.
 */
import { z } from 'zod';

export const VSME_EDITION = '2026-05-01';
export const VSME_ENTRY_POINT = 'https://xbrl.efrag.org/taxonomy/vsme/2026-05-01/vsme-all.xsd';

export const VSME_DISCLOSURE_CODES = [
  'B1',
  'B2',
  'B3',
  'B4',
  'B5',
  'B6',
  'B7',
  'B8',
  'B9',
  'B10',
  'B11',
  'C1',
  'C2',
  'C3',
  'C4',
  'C5',
  'C6',
  'C7',
  'C8',
  'C9',
] as const;
export type VsmeDisclosureCode = (typeof VSME_DISCLOSURE_CODES)[number];

/**
 * What a datapoint holds, from its XBRL data type: the numeric kinds carry a unit (monetary: the
 * report currency; ghg: t CO2e; energy: MWh; mass: t; volume: m³; area: ha; percent and decimal:
 * pure; intensity: t CO2e per currency unit), the others are text, yes/no, dates or members.
 */
export const VSME_NUMERIC_KINDS = [
  'monetary',
  'ghg',
  'energy',
  'mass',
  'volume',
  'area',
  'percent',
  'decimal',
  'intensity',
] as const;
export const VSME_KINDS = [
  ...VSME_NUMERIC_KINDS,
  'boolean',
  'string',
  'textBlock',
  'date',
  'year',
  'enum',
  'enumSet',
] as const;
export type VsmeKind = (typeof VSME_KINDS)[number];
export const isNumericKind = (k: VsmeKind) => (VSME_NUMERIC_KINDS as readonly VsmeKind[]).includes(k);

/** Entity identifier schemes the VSME converter of EFRAG accepts (its `entityIdentifierLabelsToSchemes`). */
export const VSME_IDENTIFIER_SCHEMES = {
  lei: 'http://standards.iso.org/iso/17442',
  euid: 'https://e-justice.europa.eu/topics/registers-business-insolvency-land/business-registers-search-company-eu_en',
  duns: 'https://www.dnb.co.uk/duns-number',
  permid: 'https://permid.org/',
} as const;
export type VsmeIdentifierScheme = keyof typeof VSME_IDENTIFIER_SCHEMES;
export const VSME_SCHEME_IDS = Object.keys(VSME_IDENTIFIER_SCHEMES) as [
  VsmeIdentifierScheme,
  ...VsmeIdentifierScheme[],
];

// ---------- the stored table (both languages; German where the taxonomy has it) ----------

export type VsmeLabels = { en: string; de: string | null };

/**
 * When a child datapoint applies ("if applicable", from the presentation tree): its parent is
 * true (`true`), names one of `members` (`member`), or is a figure other than zero (`nonZero`).
 */
export type VsmeCondition = { parent: string; is: 'true' | 'member' | 'nonZero'; members?: string[] };

export type VsmeDatapointData = {
  /** The concept QName (`vsme:GrossScope1GreenhouseGasEmissions`). */
  concept: string;
  kind: VsmeKind;
  /** The XBRL data type as the taxonomy names it (`dtr-types:ghgEmissionsItemType`). */
  dataType: string;
  periodType: 'duration' | 'instant';
  balance: 'debit' | 'credit' | null;
  labels: VsmeLabels;
  /** Guidance the taxonomy gives (a calculation rule), English only. */
  documentation: string | null;
  /** The unit id (`units`) the value is stated in; null for non-numeric kinds and the currency. */
  unit: string | null;
  /** The member list of an enumeration (`domains`). */
  domain: string | null;
  /** Depth under the group's line items (0: top). */
  depth: number;
  applicableWhen: VsmeCondition | null;
  /** The VSME paragraph (`B3 §30`) and its page on EFRAG's knowledge hub. */
  reference: { text: string; uri: string | null } | null;
};

export type VsmeMemberData = { qname: string; labels: VsmeLabels };

/**
 * A group's dimension: `fixed` lists every member (a default member is reported without the
 * dimension), `open` lets the user add rows of members of `domain`, `typed` rows of identifiers.
 */
export type VsmeTableData = {
  axis: string;
  labels: VsmeLabels;
  kind: 'fixed' | 'open' | 'typed';
  members: (VsmeMemberData & { isDefault: boolean })[];
  domain: string | null;
  /** The typed dimension's content element (`vsme:TYP`). */
  typedElement: string | null;
};

export type VsmeGroupData = {
  /** The presentation role's last part (`role-110`). */
  id: string;
  /** The role's sort number (`1100`). */
  order: number;
  labels: VsmeLabels;
  table: VsmeTableData | null;
  datapoints: VsmeDatapointData[];
};

export type VsmeDisclosureData = {
  code: VsmeDisclosureCode;
  module: 'basic' | 'comprehensive';
  labels: VsmeLabels;
  groups: VsmeGroupData[];
};

/** A unit of the Units Type Registry (or the XBRL instance namespace's `pure`, or ISO 4217). */
export type VsmeUnitData = {
  id: string;
  /** QName of a simple unit's measure (`utr:tCO2e`). */
  measure: string | null;
  /** A divide unit's numerator and denominator measures. */
  numerator: string | null;
  denominator: string | null;
  /** The UTR item type the unit is registered for (`ghgEmissionsItemType`). */
  itemType: string;
  symbol: string;
  name: string;
};

export type VsmeCatalogueData = {
  edition: string;
  entryPoint: string;
  /** Prefix → namespace URI of every prefix the catalogue's QNames use. */
  namespaces: Record<string, string>;
  disclosures: VsmeDisclosureData[];
  domains: Record<string, VsmeMemberData[]>;
  units: VsmeUnitData[];
};

// ---------- the answer of `GET /api/vsme/vsme-catalogue` (labels in the request language) ----------

const member = z.object({ qname: z.string(), label: z.string() });
export const vsmeCondition = z.object({
  parent: z.string(),
  is: z.enum(['true', 'member', 'nonZero']),
  members: z.array(z.string()).optional(),
});
export const vsmeDatapoint = z.object({
  concept: z.string(),
  kind: z.enum(VSME_KINDS),
  dataType: z.string(),
  periodType: z.enum(['duration', 'instant']),
  balance: z.enum(['debit', 'credit']).nullable(),
  label: z.string(),
  documentation: z.string().nullable(),
  unit: z.string().nullable(),
  domain: z.string().nullable(),
  depth: z.number().int(),
  applicableWhen: vsmeCondition.nullable(),
  reference: z.object({ text: z.string(), uri: z.string().nullable() }).nullable(),
  /** The footprint fills this datapoint when the year has one (B3 energy and GHG). */
  prefillable: z.boolean(),
});
export const vsmeTable = z.object({
  axis: z.string(),
  label: z.string(),
  kind: z.enum(['fixed', 'open', 'typed']),
  members: z.array(member.extend({ isDefault: z.boolean() })),
  domain: z.string().nullable(),
});
export const vsmeGroup = z.object({
  id: z.string(),
  label: z.string(),
  table: vsmeTable.nullable(),
  datapoints: z.array(vsmeDatapoint),
});
export const vsmeDisclosure = z.object({
  code: z.enum(VSME_DISCLOSURE_CODES),
  module: z.enum(['basic', 'comprehensive']),
  label: z.string(),
  groups: z.array(vsmeGroup),
});
export const vsmeUnit = z.object({ id: z.string(), symbol: z.string(), name: z.string() });
export const vsmeCatalogue = z.object({
  edition: z.string(),
  entryPoint: z.string(),
  disclosures: z.array(vsmeDisclosure),
  domains: z.record(z.string(), z.array(member)),
  units: z.array(vsmeUnit),
});
export type VsmeCatalogue = z.infer<typeof vsmeCatalogue>;
export type VsmeDisclosure = z.infer<typeof vsmeDisclosure>;
export type VsmeGroup = z.infer<typeof vsmeGroup>;
export type VsmeDatapoint = z.infer<typeof vsmeDatapoint>;
export type VsmeTable = z.infer<typeof vsmeTable>;
