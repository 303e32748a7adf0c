import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import {
  CATALOGUE_FILE,
  CRITERIA_EDITIONS,
  OBJECTIVE_CODES,
  type CatalogueActivity,
  type CatalogueAppendix,
  type CatalogueCriteriaSet,
  type CatalogueData,
  type CatalogueObjective,
  type ObjectiveCode,
} from './taxonomy.catalogue.data.ts';
import {
  FIRST_TAX_YEAR,
  HELP_DEFAULTS,
  HELP_KEYS,
  type HelpKey,
  OBJECTIVE_TEXTS,
  SAFEGUARD_TEXTS_DE,
} from './taxonomy.catalogue.defaults.ts';
import { ACTIVITY_NAMES_DE, SECTOR_NAMES_DE } from './data/activity-names.de.ts';
import { t as message } from '@klimadesk/contract/messages';

/**
 * The EU taxonomy catalogue (issues 20, 34): the table `scripts/build-taxonomy-catalogue.ts` ships in
 * `data/` (EU Taxonomy Compass 1.0.4, the 2022/2023 additions and the EU Taxonomy Navigator's
 * criteria of December 2023), read once, with typed accessors.
 * Provider data: the same for every company; texts overridden by platform admins live in `taxonomy.texts.ts`.
 */
export {
  CRITERIA_EDITIONS,
  OBJECTIVE_CODES,
  type CatalogueAppendix,
  type CriteriaEdition,
  type ObjectiveCode,
} from './taxonomy.catalogue.data.ts';
export { HELP_KEYS, type HelpKey } from './taxonomy.catalogue.defaults.ts';

export const CATALOGUE_DIR = join(import.meta.dirname, 'data');

type Loaded = CatalogueData & {
  activityById: Map<string, CatalogueActivity>;
  /** The entries of the same economic activity in other acts (see `siblingsOf`). */
  siblingsById: Map<string, CatalogueActivity[]>;
  criteriaById: Map<string, CatalogueCriteriaSet>;
  criteriaByActivity: Map<string, CatalogueCriteriaSet[]>;
};
let loaded: Loaded | undefined;

function catalogue(): Loaded {
  if (loaded) return loaded;
  const data = JSON.parse(
    gunzipSync(readFileSync(join(CATALOGUE_DIR, CATALOGUE_FILE))).toString('utf8'),
  ) as CatalogueData;
  const criteriaByActivity = new Map<string, CatalogueCriteriaSet[]>();
  for (const c of data.criteria)
    criteriaByActivity.set(c.activityId, [...(criteriaByActivity.get(c.activityId) ?? []), c]);
  const byName = new Map<string, CatalogueActivity[]>();
  for (const a of data.activities) byName.set(nameKey(a), [...(byName.get(nameKey(a)) ?? []), a]);
  loaded = {
    ...data,
    activityById: new Map(data.activities.map((a) => [a.id, a])),
    siblingsById: new Map(data.activities.map((a) => [a.id, byName.get(nameKey(a)) ?? [a]])),
    criteriaById: new Map(data.criteria.map((c) => [c.id, c])),
    criteriaByActivity,
  };
  return loaded;
}

/**
 * One economic activity the acts describe under several objectives appears once per act with the
 * same name, e.g. "Construction of new buildings" in 2021/2139 Annex I/II 7.1 (CCM, CCA) and in
 * 2023/2486 Annex II 3.1 (CE). The name, letters and digits only, identifies it.
 */
const nameKey = (a: CatalogueActivity) =>
  a.nameEn
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();

export type Lang = 'de' | 'en';

export type EuActivity = Omit<CatalogueActivity, 'objectives'> & {
  /** Name in the request language (German from `data/activity-names.de.ts`). */
  name: string;
  /** The name in both languages, so that a search finds either. */
  names: { de: string; en: string };
  /**
   * The objectives of the economic activity over every act that describes it (this entry and its
   * siblings), in Article 9 order: one registered activity carries all of them, so its amounts
   * count once however many objectives it contributes to.
   */
  objectives: ObjectiveCode[];
  /** The activity's code per objective as the acts and the Annex II templates write it ("CCM 7.1", "CE 3.1"). */
  codes: Partial<Record<ObjectiveCode, string>>;
  /** The objectives this entry's own act lists it under (the acts' lists per objective). */
  actObjectives: ObjectiveCode[];
};

/** The entries of the same economic activity across the acts, this one first. */
export function siblingsOf(id: string): CatalogueActivity[] {
  const own = catalogue().activityById.get(id);
  if (!own) return [];
  return [own, ...(catalogue().siblingsById.get(id) ?? []).filter((s) => s.id !== id)];
}

function withName(a: CatalogueActivity, lang: Lang): EuActivity {
  const codes: Partial<Record<ObjectiveCode, string>> = {};
  for (const s of siblingsOf(a.id)) for (const o of s.objectives) codes[o] ??= s.ref ? `${o} ${s.ref}` : o;
  const names = { de: ACTIVITY_NAMES_DE[a.id] ?? a.nameEn, en: a.nameEn };
  return {
    ...a,
    name: names[lang],
    names,
    sector: lang === 'de' ? (SECTOR_NAMES_DE[a.sector] ?? a.sector) : a.sector,
    objectives: OBJECTIVE_CODES.filter((o) => codes[o] !== undefined),
    codes,
    actObjectives: a.objectives,
  };
}

/** Every EU activity, in the order of the acts (Compass first, then the additions); English by default. */
export function euActivities(lang: Lang = 'en'): EuActivity[] {
  return catalogue().activities.map((a) => withName(a, lang));
}

export function euActivity(id: string, lang: Lang = 'en'): EuActivity | undefined {
  const a = catalogue().activityById.get(id);
  return a && withName(a, lang);
}

/** The criteria sets (one per objective with substantial contribution) of an activity, in Article 9 order. */
export function criteriaOf(activityId: string): CatalogueCriteriaSet[] {
  return catalogue().criteriaByActivity.get(activityId) ?? [];
}

/** The criteria sets of the economic activity over every act that describes it, in Article 9 order. */
export function activityCriteriaSets(activityId: string): CatalogueCriteriaSet[] {
  const sets = siblingsOf(activityId).flatMap((s) => criteriaOf(s.id));
  const first = OBJECTIVE_CODES.map((o) => sets.find((c) => c.objective === o));
  return first.filter((c): c is CatalogueCriteriaSet => c !== undefined);
}

export function criteriaSet(id: string): CatalogueCriteriaSet | undefined {
  return catalogue().criteriaById.get(id);
}

export type DnshCriterion = {
  /** `<criteria set id>_<DNSH objective>`. */
  id: string;
  criteriaId: string;
  activityId: string;
  /** The objective of the substantial contribution. */
  objective: ObjectiveCode;
  /** The objective that must not be significantly harmed. */
  dnsh: ObjectiveCode;
  textEn: string | null;
};

/** The generic DNSH appendices A-D (their texts where a source carries them). */
export function dnshAppendices(): CatalogueAppendix[] {
  return catalogue().appendices;
}

/**
 * The generic appendix a DNSH text refers to ("… set out in Appendix B to this Annex"): the one for
 * the text's own DNSH objective (Appendix A of Annex II of 2021/2139 is no DNSH appendix).
 */
export function appendicesIn(text: string | null, dnsh: ObjectiveCode): CatalogueAppendix[] {
  if (!text) return [];
  return catalogue().appendices.filter(
    (a) => a.dnsh === dnsh && new RegExp(`Appendix ${a.letter}\\b`).test(text),
  );
}

/** The label of a criteria edition in the request language (null: no source carries the text). */
export const editionLabel = (edition: keyof typeof CRITERIA_EDITIONS | null, lang: Lang): string | null =>
  edition === null ? null : CRITERIA_EDITIONS[edition][lang === 'de' ? 'labelDe' : 'labelEn'];

/** The DNSH criteria of an activity's contribution to `objective`: one per other objective. */
export function dnshOf(activityId: string, objective: ObjectiveCode): DnshCriterion[] {
  const set = activityCriteriaSets(activityId).find((c) => c.objective === objective);
  if (!set) return [];
  return OBJECTIVE_CODES.filter((o) => o !== objective).map((o) => ({
    id: `${set.id}_${o}`,
    criteriaId: set.id,
    activityId: set.activityId,
    objective,
    dnsh: o,
    textEn: set.dnshEn[o] ?? null,
  }));
}

/** A DNSH criterion by its id (`<activity>_<objective>_<dnsh objective>`). */
export function dnshCriterion(id: string): DnshCriterion | undefined {
  const cut = id.lastIndexOf('_');
  const set = criteriaSet(id.slice(0, cut));
  const dnsh = id.slice(cut + 1) as ObjectiveCode;
  if (!set || !OBJECTIVE_CODES.includes(dnsh) || dnsh === set.objective) return undefined;
  return dnshOf(set.activityId, set.objective).find((d) => d.dnsh === dnsh);
}

export type Objective = CatalogueObjective & {
  name: string;
  nameDe: string;
  title: string;
  dnshTitle: string;
  /** Navigation order (Article 9 position). */
  weight: number;
};

/** The six environmental objectives with names and navigation titles in the request language. */
export function objectives(lang: Lang): Objective[] {
  return catalogue().objectives.map((o) => {
    const t = OBJECTIVE_TEXTS[o.code];
    return {
      ...o,
      nameDe: t.nameDe,
      name: lang === 'de' ? t.nameDe : t.nameEn,
      title: lang === 'de' ? t.titleDe : t.titleEn,
      dnshTitle: lang === 'de' ? t.dnshDe : t.dnshEn,
      weight: o.no,
    };
  });
}

export type NaceCode = { code: string; activityIds: string[] };

/** Every NACE code the acts name for an activity, sorted, with the activities that name it. */
export function naceCodes(): NaceCode[] {
  const byCode = new Map<string, string[]>();
  for (const a of catalogue().activities)
    for (const n of a.nace) byCode.set(n, [...(byCode.get(n) ?? []), a.id]);
  return [...byCode.entries()]
    .sort(([a], [b]) => a.localeCompare(b, 'en', { numeric: true }))
    .map(([code, activityIds]) => ({ code, activityIds }));
}

/** Tax years from the first alignment reporting year to next year. */
export function taxYears(now = new Date()): number[] {
  const last = now.getUTCFullYear() + 1;
  return Array.from({ length: last - FIRST_TAX_YEAR + 1 }, (_, i) => FIRST_TAX_YEAR + i);
}

export type Safeguard = {
  /** Bit position in the financial year's packed flags (0 to 13). */
  bit: number;
  key: string;
  topicNo: number;
  topic: string;
  kind: 'framework' | 'indicator';
  /** The framework or the non-compliance indicator. */
  text: string;
  /** What a set flag confirms: the alignment, or that the indicator is not the case. */
  check: string;
  frameworks: string;
};

/** The 14 minimum-safeguard checks (seed 001 §9) in the request language; see data/SOURCES.md for their derivation. */
export function minimumSafeguards(lang: Lang): Safeguard[] {
  return catalogue().safeguards.map((s, bit) => {
    const de = SAFEGUARD_TEXTS_DE[s.key];
    const text = lang === 'de' && de ? de.textDe : s.textEn;
    const notTheCase = message(lang, 'taxonomy.safeguards.notTheCase');
    return {
      bit,
      key: s.key,
      topicNo: s.topicNo,
      topic: lang === 'de' && de ? de.topicDe : s.topicEn,
      kind: s.kind,
      text,
      check: s.kind === 'framework' ? text : `${notTheCase}: ${text}`,
      frameworks: s.frameworks,
    };
  });
}

/** The help keys of seed 001 §3 with their default texts in both languages. */
export function helpKeys(): { key: HelpKey; textDe: string; textEn: string }[] {
  return HELP_KEYS.map((key) => ({ key, textDe: HELP_DEFAULTS[key].de, textEn: HELP_DEFAULTS[key].en }));
}
