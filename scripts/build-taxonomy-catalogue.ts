/**
 * Builds the EU taxonomy catalogue the taxonomy module ships (issues 20, 34) from the shared reference
 * files in `eu-taxonomy/` (see its SOURCES.md) and the EU Taxonomy Navigator's export of the
 * criteria (`taxonomy-navigator.ts`), and writes it gzipped with a manifest to
 * `apps/api/src/modules/taxonomy/data/` (SOURCES.md there names sources, editions and licences):
 * - activities: the 101 of the EU Taxonomy Compass 1.0.4 (Climate Delegated Act 2021/2139 as first
 *   adopted) with NACE codes, sector and objectives, and those added by 2022/1214, 2023/2485 and
 *   2023/2486 (from the shared additions list, its sections checked against the Navigator);
 * - criteria sets (activity × objective): substantial-contribution text, the DNSH text for each
 *   other objective and the enabling/transitional category, versioned by act: the Navigator's text
 *   (2021/2139 as amended by 2022/1214 and 2023/2485; 2023/2486), with the Compass text of 2021/2139
 *   as first adopted kept beside it where the two differ;
 * - the generic DNSH appendices A-D, the six environmental objectives and the minimum-safeguard
 *   checks (see `safeguardChecks`).
 *
 * Usage: node scripts/build-taxonomy-catalogue.ts [path/to/shared/data] [output folder]
 *          [--navigator=path/to/taxonomy.xlsx]
 * The Navigator file defaults to `eu-taxonomy/eu_taxonomy_navigator_2023-12.xlsx` beside the shared files.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { parse } from 'csv-parse/sync';
import {
  CATALOGUE_FILE,
  OBJECTIVE_CODES,
  type CatalogueAppendix,
  type CatalogueData,
  type CatalogueActivity,
  type CatalogueCriteriaSet,
  type CatalogueSafeguard,
  type CriteriaTexts,
  type ObjectiveCode,
} from '../apps/api/src/modules/taxonomy/taxonomy.catalogue.data.ts';
import { type NavigatorRow, comparable, readNavigator } from './taxonomy-navigator.ts';

const root = join(import.meta.dirname, '..');
const args = process.argv.slice(2).filter((a) => !a.startsWith('--'));
const shared = join(args[0] ?? join(root, '../shared/data'), 'eu-taxonomy');
const out = args[1] ?? join(root, 'apps/api/src/modules/taxonomy/data');
const navigatorFile =
  process.argv.find((a) => a.startsWith('--navigator='))?.slice('--navigator='.length) ??
  join(shared, 'eu_taxonomy_navigator_2023-12.xlsx');

type Row = Record<string, string>;
const csv = (file: string): Row[] =>
  parse(readFileSync(join(shared, file)), { columns: true, bom: true, skip_empty_lines: true }) as Row[];

const objectivesCsv = csv('eu_taxonomy_environmental_objectives.csv');
const compassActivities = csv('eu_taxonomy_activities_climate_da_compass_1.0.4.csv');
const compassCriteria = csv('eu_taxonomy_criteria_climate_da_compass_1.0.4.csv');
const additions = csv('eu_taxonomy_activities_additions_2022_2023.csv');
const safeguardTopics = csv('eu_taxonomy_minimum_safeguards.csv');

const codeOfKey = new Map(objectivesCsv.map((o) => [o.compass_key, o.code as ObjectiveCode]));
const objectiveOf = (key: string): ObjectiveCode => {
  const code = codeOfKey.get(key.trim());
  if (!code) throw new Error(`unknown objective key ${key}`);
  return code;
};
const clean = (text: string | undefined): string | null => {
  const t = (text ?? '').replace(/\r\n/g, '\n').trim();
  return t === '' ? null : t;
};
const emptyDnsh = (objective: ObjectiveCode) =>
  Object.fromEntries(OBJECTIVE_CODES.filter((o) => o !== objective).map((o) => [o, null])) as Partial<
    Record<ObjectiveCode, string | null>
  >;

/** `Commission Delegated Regulation (EU) 2023/2486` → `2023-2486`. */
const actKey = (act: string): string => {
  const m = /(\d{4})\/(\d+)/.exec(act);
  if (!m) throw new Error(`no act number in ${act}`);
  return `${m[1]}-${m[2]}`;
};
const slug = (name: string) =>
  name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .split('-')
    .slice(0, 3)
    .join('-');

const activities: CatalogueActivity[] = [];
const criteria: CatalogueCriteriaSet[] = [];

// The Navigator's rows, each to be claimed by exactly one criteria set of the catalogue.
const navigator = await readNavigator(navigatorFile);
const unclaimed = new Set(navigator);
/** The Navigator's row of an activity under an objective: by name, else by the act's section. */
function claim(objective: ObjectiveCode, name: string, ref: string | null): NavigatorRow | undefined {
  const rows = [...unclaimed].filter((r) => r.objective === objective);
  const row =
    rows.find((r) => comparable(r.name) === comparable(name)) ??
    (ref ? rows.find((r) => r.ref === ref) : undefined);
  if (row) unclaimed.delete(row);
  return row;
}
/**
 * One criteria set. Where a Navigator text is the Compass text (footnote marks, case, spacing and
 * punctuation aside), the Compass wording is kept, with its line breaks the Navigator export drops;
 * where it differs, the Navigator's is the text in force (2021/2139 as amended by 2022/1214 and
 * 2023/2485) and the Compass text is kept as 2021/2139 as first adopted.
 */
function criteriaSet(
  id: string,
  objective: ObjectiveCode,
  compass: CriteriaTexts | null,
  row: NavigatorRow | undefined,
): CatalogueCriteriaSet {
  const base = { id: `${id}_${objective}`, activityId: id, objective };
  if (!row) {
    const texts = compass ?? { substantialContributionEn: null, dnshEn: emptyDnsh(objective) };
    return {
      ...base,
      ...texts,
      edition: compass ? 'compass-1.0.4' : null,
      firstAdopted: null,
      category: null,
      isCategoryKnown: false,
    };
  }
  const pick = (earlier: string | null | undefined, later: string | null | undefined) => {
    const isSame = earlier !== undefined && comparable(earlier) === comparable(later);
    return { text: (isSame ? earlier : later) ?? null, firstAdopted: isSame ? null : (earlier ?? null) };
  };
  const sc = pick(compass?.substantialContributionEn, row.substantialContributionEn);
  const dnsh = Object.fromEntries(
    OBJECTIVE_CODES.filter((o) => o !== objective).map((o) => [o, pick(compass?.dnshEn[o], row.dnshEn[o])]),
  );
  const firstAdopted: CriteriaTexts = {
    substantialContributionEn: sc.firstAdopted,
    dnshEn: Object.fromEntries(Object.entries(dnsh).map(([o, p]) => [o, p.firstAdopted])),
  };
  const isChanged = Object.values(firstAdopted.dnshEn).some(Boolean) || Boolean(sc.firstAdopted);
  return {
    ...base,
    substantialContributionEn: sc.text,
    dnshEn: Object.fromEntries(Object.entries(dnsh).map(([o, p]) => [o, p.text])),
    edition: 'navigator-2023-12',
    firstAdopted: compass && isChanged ? firstAdopted : null,
    category: row.category,
    isCategoryKnown: true,
  };
}

// Compass 1.0.4: the Climate Delegated Act 2021/2139 as first adopted; the key is its Compass reference.
const criteriaByRef = new Map<string, Row[]>();
for (const c of compassCriteria)
  criteriaByRef.set(c.compass_ref, [...(criteriaByRef.get(c.compass_ref) ?? []), c]);
for (const a of compassActivities) {
  const id = `2021-2139-${a.compass_ref}`;
  const objectives = OBJECTIVE_CODES.filter((o) => a.objectives.split(';').map(objectiveOf).includes(o));
  const sets = criteriaByRef.get(a.compass_ref) ?? [];
  // A Compass-internal number (SOURCES.md) is no section of the act: the Navigator's section replaces it.
  const isOwnNumber = clean(a.ref_note) === null;
  const rows = objectives.map((o) => claim(o, a.activity_name, isOwnNumber ? a.compass_ref : null));
  const actRef = isOwnNumber ? a.compass_ref : (rows[0]?.ref ?? a.compass_ref);
  activities.push({
    id,
    ref: actRef,
    nameEn: a.activity_name,
    sector: a.sector,
    sectorNo: Number(a.sector_no),
    nace: a.nace_codes
      .split(',')
      .map((n) => n.trim())
      .filter(Boolean),
    objectives,
    act: '2021/2139',
    source: 'compass-1.0.4',
    refNote: isOwnNumber
      ? null
      : `Section ${actRef} of Annex II as the EU Taxonomy Navigator numbers it; the Compass 1.0.4 numbered it ${a.compass_ref}`,
    descriptionEn: clean(sets[0]?.activity_description),
  });
  objectives.forEach((objective, i) => {
    const set = sets.find((s) => objectiveOf(s.objective) === objective);
    if (!set) throw new Error(`no criteria for ${id} ${objective}`);
    const dnsh = emptyDnsh(objective);
    for (const o of objectivesCsv)
      if (o.code !== objective) dnsh[o.code as ObjectiveCode] = clean(set[`dnsh_${o.compass_key}`]);
    const compass = { substantialContributionEn: clean(set.substantial_contribution_criteria), dnshEn: dnsh };
    criteria.push(criteriaSet(id, objective, compass, rows[i]));
  });
}

/**
 * Rows of the shared additions list that 2023/2486 does not hold under that objective: the table of
 * contents of its Annex II (OJ L 2023/2486, 21.11.2023) lists 2.1 Phosphorus recovery from waste
 * water and 2.2 Production of alternative water resources; water supply and urban waste water
 * treatment are sections 2.1 and 2.2 of its Annex I (WTR), not of Annex II (CE).
 */
const NOT_IN_ACT = new Set(['CE|water supply', 'CE|urban waste water treatment']);
const dropped: string[] = [];

// Activities added after Compass 1.0.4: names, objectives and sections from the acts' annex
// headings, sections, NACE codes, descriptions and criteria from the Navigator.
for (const a of additions) {
  const objectives = OBJECTIVE_CODES.filter((o) => a.objective_code.split(';').includes(o));
  if (objectives.some((o) => NOT_IN_ACT.has(`${o}|${a.activity_name.toLowerCase()}`))) {
    dropped.push(`${a.objective_code} ${a.section_no} ${a.activity_name}`);
    continue;
  }
  const section = a.section_no.trim();
  const id = `${actKey(a.delegated_act)}-${objectives.join('-')}-${section || slug(a.activity_name)}`;
  const rows = objectives.map((o) => claim(o, a.activity_name, section || null));
  const row = rows.find(Boolean);
  activities.push({
    id,
    ref: row?.ref ?? (section || null),
    nameEn: a.activity_name,
    sector: a.sector,
    sectorNo: null,
    nace: row?.nace ?? [],
    objectives,
    act: actKey(a.delegated_act).replace('-', '/'),
    source: 'additions-2022-2023',
    refNote:
      [
        row && row.ref !== section ? `section ${row.ref} as the EU Taxonomy Navigator numbers it` : '',
        !row && a.section_no_confidence === 'unverified' ? 'section number unverified' : '',
        a.notes,
      ]
        .filter(Boolean)
        .join('; ') || null,
    descriptionEn: row?.descriptionEn ?? null,
  });
  objectives.forEach((objective, i) => criteria.push(criteriaSet(id, objective, null, rows[i])));
}
if (unclaimed.size)
  throw new Error(
    `Navigator rows without a catalogue entry: ${[...unclaimed].map((r) => `${r.objective} ${r.ref} ${r.name}`).join('; ')}`,
  );

const ids = new Set(activities.map((a) => a.id));
if (ids.size !== activities.length) throw new Error('activity ids are not unique');
// The contract takes an EU activity key of up to 40 characters.
for (const id of ids) if (id.length > 40) throw new Error(`activity id too long: ${id}`);

/**
 * The 14 minimum-safeguard checks. The source names 4 topics; Article 18(1) of Regulation (EU)
 * 2020/852 asks for procedures aligned with four frameworks (OECD Guidelines, UNGPs, ILO core
 * conventions, International Bill of Human Rights: checks 1-4), and the Platform on Sustainable
 * Finance report (October 2022) gives 10 non-compliance indicators over the 4 topics (checks 5-14),
 * each asked as "not the case".
 */
function safeguardChecks(): CatalogueSafeguard[] {
  const frameworks: [string, string][] = [
    ['oecdGuidelines', 'Procedures are aligned with the OECD Guidelines for Multinational Enterprises'],
    ['ungp', 'Procedures are aligned with the UN Guiding Principles on Business and Human Rights'],
    [
      'iloCoreConventions',
      'Procedures respect the principles and rights of the eight ILO core conventions (ILO Declaration on Fundamental Principles and Rights at Work)',
    ],
    ['billOfHumanRights', 'Procedures respect the International Bill of Human Rights'],
  ];
  const checks: CatalogueSafeguard[] = frameworks.map(([key, textEn]) => ({
    key,
    topicNo: 1,
    topicEn: safeguardTopics[0].topic,
    kind: 'framework',
    textEn,
    frameworks: 'Regulation (EU) 2020/852, Article 18(1)',
  }));
  const topicKeys = ['humanRights', 'corruption', 'taxation', 'competition'];
  for (const t of safeguardTopics) {
    const parts = t.non_compliance_indicators_psf_2022.split(/;\s*(?=\([a-z]\))/);
    for (const part of parts) {
      const m = /^\(([a-z])\)\s*(.*)$/.exec(part.trim());
      if (!m) throw new Error(`unreadable indicator ${part}`);
      checks.push({
        key: `${topicKeys[Number(t.topic_no) - 1]}.${m[1]}`,
        topicNo: Number(t.topic_no),
        topicEn: t.topic,
        kind: 'indicator',
        textEn: m[2],
        frameworks: t.reference_frameworks,
      });
    }
  }
  if (checks.length !== 14) throw new Error(`expected 14 minimum-safeguard checks, got ${checks.length}`);
  return checks;
}

/**
 * The generic DNSH appendices A-D of Annex I of 2021/2139, with the same letters and subjects in the
 * Annexes of 2023/2486 (titles as the acts give them). No source of this catalogue carries their
 * text: the Compass links them as separate documents, the Navigator export leaves them out.
 */
const APPENDICES: Omit<CatalogueAppendix, 'referencedBy'>[] = [
  {
    letter: 'A',
    dnsh: 'CCA',
    titleEn: 'Generic criteria for DNSH to climate change adaptation',
    textEn: null,
  },
  {
    letter: 'B',
    dnsh: 'WTR',
    titleEn: 'Generic criteria for DNSH to sustainable use and protection of water and marine resources',
    textEn: null,
  },
  {
    letter: 'C',
    dnsh: 'PPC',
    titleEn:
      'Generic criteria for DNSH to pollution prevention and control regarding use and presence of chemicals',
    textEn: null,
  },
  {
    letter: 'D',
    dnsh: 'BIO',
    titleEn: 'Generic criteria for DNSH to protection and restoration of biodiversity and ecosystems',
    textEn: null,
  },
];
const appendices: CatalogueAppendix[] = APPENDICES.map((a) => ({
  ...a,
  referencedBy: criteria.filter((c) => new RegExp(`Appendix ${a.letter}\\b`).test(c.dnshEn[a.dnsh] ?? ''))
    .length,
}));

const data: CatalogueData = {
  edition: 'compass-1.0.4+navigator-2023-12',
  objectives: objectivesCsv.map((o) => ({
    code: o.code as ObjectiveCode,
    no: Number(o.objective_no),
    key: o.compass_key,
    nameEn: o.name,
    article: o.article_taxonomy_regulation,
    criteriaIn: o.technical_screening_criteria_in,
  })),
  activities,
  criteria,
  appendices,
  safeguards: safeguardChecks(),
};

mkdirSync(out, { recursive: true });
writeFileSync(join(out, CATALOGUE_FILE), gzipSync(JSON.stringify(data), { level: 9 }));
const dnshTexts = criteria.reduce((n, c) => n + Object.values(c.dnshEn).filter(Boolean).length, 0);
const count = <T>(items: T[], key: (t: T) => string) =>
  Object.fromEntries(
    [...Map.groupBy(items, key).entries()]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([k, v]) => [k, v.length]),
  );
const actOf = new Map(activities.map((a) => [a.id, a.act]));
const manifest = {
  file: CATALOGUE_FILE,
  edition: data.edition,
  navigator: {
    file: navigatorFile.split('/').pop(),
    sha256: createHash('sha256').update(readFileSync(navigatorFile)).digest('hex'),
    rows: navigator.length,
  },
  activities: activities.length,
  compassActivities: compassActivities.length,
  addedActivities: additions.length - dropped.length,
  droppedAdditions: dropped,
  criteriaSets: criteria.length,
  criteriaSetsWithText: criteria.filter((c) => c.substantialContributionEn).length,
  criteriaSetsPerActAndObjective: count(criteria, (c) => `${actOf.get(c.activityId)} ${c.objective}`),
  criteriaSetsByEdition: count(criteria, (c) => c.edition ?? 'none'),
  amendedSinceFirstAdopted: criteria.filter((c) => c.firstAdopted).length,
  categories: count(criteria, (c) => (c.isCategoryKnown ? (c.category ?? 'none') : 'unknown')),
  dnshTexts,
  appendices: Object.fromEntries(
    appendices.map((a) => [a.letter, { referencedBy: a.referencedBy, hasText: a.textEn !== null }]),
  ),
  objectives: data.objectives.length,
  safeguards: data.safeguards.length,
};
writeFileSync(join(out, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
console.log(manifest);
console.log(`wrote ${out}`);
