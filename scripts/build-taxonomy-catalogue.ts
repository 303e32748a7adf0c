/**
 * Builds the EU taxonomy catalogue the taxonomy module ships (issue 20) from the shared reference
 * files in `eu-taxonomy/` (see its SOURCES.md), and writes it gzipped with a manifest to
 * `apps/api/src/modules/taxonomy/data/` (SOURCES.md there names sources, editions and licences):
 * - activities: the 101 of the EU Taxonomy Compass 1.0.4 (Climate Delegated Act 2021/2139 as first
 *   adopted) with NACE codes, sector and the objectives they contribute to, and the 55 added by
 *   2022/1214, 2023/2485 and 2023/2486 (names, objectives and sections only: no criteria texts exist
 *   in the sources for them, the provider writes them through the text overrides);
 * - criteria sets (activity × objective): substantial-contribution text and the DNSH text for each
 *   other objective (183 from the Compass as plain text, one empty set per added objective);
 * - the six environmental objectives and the minimum-safeguard checks (see `safeguardChecks`).
 *
 * Usage: node scripts/build-taxonomy-catalogue.ts [path/to/shared/data] [output folder]
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { parse } from 'csv-parse/sync';
import {
  CATALOGUE_FILE,
  OBJECTIVE_CODES,
  type CatalogueData,
  type CatalogueActivity,
  type CatalogueCriteriaSet,
  type CatalogueSafeguard,
  type ObjectiveCode,
} from '../apps/api/src/modules/taxonomy/taxonomy.catalogue.data.ts';

const root = join(import.meta.dirname, '..');
const shared = join(process.argv[2] ?? join(root, '../shared/data'), 'eu-taxonomy');
const out = process.argv[3] ?? join(root, 'apps/api/src/modules/taxonomy/data');

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

// Compass 1.0.4: the Climate Delegated Act 2021/2139 as first adopted; the key is its Compass reference.
const criteriaByRef = new Map<string, Row[]>();
for (const c of compassCriteria)
  criteriaByRef.set(c.compass_ref, [...(criteriaByRef.get(c.compass_ref) ?? []), c]);
for (const a of compassActivities) {
  const id = `2021-2139-${a.compass_ref}`;
  const objectives = OBJECTIVE_CODES.filter((o) => a.objectives.split(';').map(objectiveOf).includes(o));
  const sets = criteriaByRef.get(a.compass_ref) ?? [];
  activities.push({
    id,
    ref: a.compass_ref,
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
    refNote: clean(a.ref_note),
    descriptionEn: clean(sets[0]?.activity_description),
  });
  for (const objective of objectives) {
    const set = sets.find((s) => objectiveOf(s.objective) === objective);
    if (!set) throw new Error(`no criteria for ${id} ${objective}`);
    const dnsh = emptyDnsh(objective);
    for (const o of objectivesCsv)
      if (o.code !== objective) dnsh[o.code as ObjectiveCode] = clean(set[`dnsh_${o.compass_key}`]);
    criteria.push({
      id: `${id}_${objective}`,
      activityId: id,
      objective,
      substantialContributionEn: clean(set.substantial_contribution_criteria),
      dnshEn: dnsh,
    });
  }
}

// Activities added after Compass 1.0.4: names, objectives and sections from the acts' annex headings.
for (const a of additions) {
  const objectives = OBJECTIVE_CODES.filter((o) => a.objective_code.split(';').includes(o));
  const section = a.section_no.trim();
  const id = `${actKey(a.delegated_act)}-${objectives.join('-')}-${section || slug(a.activity_name)}`;
  activities.push({
    id,
    ref: section || null,
    nameEn: a.activity_name,
    sector: a.sector,
    sectorNo: null,
    nace: [],
    objectives,
    act: actKey(a.delegated_act).replace('-', '/'),
    source: 'additions-2022-2023',
    refNote:
      [a.section_no_confidence === 'unverified' ? 'section number unverified' : '', a.notes]
        .filter(Boolean)
        .join('; ') || null,
    descriptionEn: null,
  });
  for (const objective of objectives)
    criteria.push({
      id: `${id}_${objective}`,
      activityId: id,
      objective,
      substantialContributionEn: null,
      dnshEn: emptyDnsh(objective),
    });
}

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

const data: CatalogueData = {
  edition: 'compass-1.0.4+2022-2023',
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
  safeguards: safeguardChecks(),
};

mkdirSync(out, { recursive: true });
writeFileSync(join(out, CATALOGUE_FILE), gzipSync(JSON.stringify(data), { level: 9 }));
const dnshTexts = criteria.reduce((n, c) => n + Object.values(c.dnshEn).filter(Boolean).length, 0);
const manifest = {
  file: CATALOGUE_FILE,
  edition: data.edition,
  activities: activities.length,
  compassActivities: compassActivities.length,
  addedActivities: additions.length,
  criteriaSets: criteria.length,
  criteriaSetsWithText: criteria.filter((c) => c.substantialContributionEn).length,
  dnshTexts,
  objectives: data.objectives.length,
  safeguards: data.safeguards.length,
};
writeFileSync(join(out, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
console.log(manifest);
console.log(`wrote ${out}`);
