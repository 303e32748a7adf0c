import {
  type CsrdCategory,
  type CsrdScopeCode,
  type CsrdUnitType,
  CSRD_SCOPES,
  categoryOfScope,
} from '@klimadesk/contract';
import type { Language } from '@klimadesk/contract';
import { ESRS_CATALOGUE } from './data/esrs.ts';
import { DR_TITLES_DE, MATTER_NAMES_DE, NACE_SECTIONS_DE } from './data/esrs.de.ts';

/** The shape of the derived ESRS table (data/esrs.ts, written by scripts/build-esrs-catalogue.ts). */
export type EsrsCatalogue = {
  standards: { code: string; en: string; de: string }[];
  disclosureRequirements: {
    scope: string;
    code: string;
    title: string;
    kind: string;
    unitType: string | null;
  }[];
  matters: {
    id: string;
    scope: string;
    topic: string;
    subTopic: string;
    subSubTopic: string | null;
    level: string;
  }[];
  sectors: { id: string; name: string; divisions: string }[];
};

export type DrKind = 'general' | 'minimum disclosure requirement' | 'ESRS 2 related' | 'topical';
export type Dr = {
  code: string;
  scope: CsrdScopeCode;
  title: string;
  kind: DrKind;
  unitType: CsrdUnitType | null;
};
export type Matter = {
  id: string;
  scope: CsrdScopeCode;
  category: CsrdCategory;
  topic: string;
  subTopic: string;
  subSubTopic: string | null;
  level: 'sub-topic' | 'sub-sub-topic';
  /** The most specific name: the sub-sub-topic, else the sub-topic. */
  name: string;
};

const isScope = (s: string): s is CsrdScopeCode => (CSRD_SCOPES as readonly string[]).includes(s);

export const STANDARD_NAMES = new Map(
  ESRS_CATALOGUE.standards
    .filter((s) => isScope(s.code))
    .map((s) => [s.code as CsrdScopeCode, { de: s.de, en: s.en }]),
);

export const DISCLOSURE_REQUIREMENTS: Dr[] = ESRS_CATALOGUE.disclosureRequirements
  .filter((d) => isScope(d.scope))
  .map((d) => ({
    code: d.code,
    scope: d.scope as CsrdScopeCode,
    title: d.title,
    kind: d.kind as DrKind,
    unitType: d.unitType as CsrdUnitType | null,
  }));

export const DR_BY_CODE = new Map(DISCLOSURE_REQUIREMENTS.map((d) => [d.code, d]));

/** The requirement's title in the reader's language (German edition of Delegated Regulation 2023/2772). */
export function drTitle(dr: Dr, lang: Language): string {
  return lang === 'de' ? (DR_TITLES_DE[dr.code] ?? dr.title) : dr.title;
}

/** The scope's requirements, titled in the reader's language (English by default: files and codes). */
export function drsOf(scope: CsrdScopeCode, lang: Language = 'en'): Dr[] {
  return DISCLOSURE_REQUIREMENTS.filter((d) => d.scope === scope).map((d) =>
    lang === 'en' ? d : { ...d, title: drTitle(d, lang) },
  );
}

export const MATTERS: Matter[] = ESRS_CATALOGUE.matters
  .filter((m) => isScope(m.scope))
  .map((m) => ({
    id: m.id,
    scope: m.scope as CsrdScopeCode,
    category: categoryOfScope(m.scope as CsrdScopeCode),
    topic: m.topic,
    subTopic: m.subTopic,
    subSubTopic: m.subSubTopic,
    level: m.level as Matter['level'],
    name: m.subSubTopic ?? m.subTopic,
  }));

export const MATTER_BY_ID = new Map(MATTERS.map((m) => [m.id, m]));

/**
 * The matter with topic, sub-topic and name in the reader's language: the topic is the standard's
 * name, the sub-topic the name of the parent row of AR 16 (E3.1.2 → E3.1).
 */
export function localizedMatter(m: Matter, lang: Language): Matter {
  if (lang === 'en') return m;
  const parent = m.subSubTopic ? m.id.split('.').slice(0, 2).join('.') : m.id;
  const subTopic = MATTER_NAMES_DE[parent] ?? m.subTopic;
  const own = MATTER_NAMES_DE[m.id] ?? m.name;
  return {
    ...m,
    topic: scopeName(m.scope).de,
    subTopic,
    subSubTopic: m.subSubTopic ? own : null,
    name: own,
  };
}

export const SECTORS = ESRS_CATALOGUE.sectors;
export const SECTOR_IDS = new Set(SECTORS.map((s) => s.id));

/** The NACE sections named in the reader's language. */
export function sectorsIn(lang: Language): typeof SECTORS {
  return lang === 'en' ? SECTORS : SECTORS.map((s) => ({ ...s, name: NACE_SECTIONS_DE[s.id] ?? s.name }));
}

export function scopeName(scope: CsrdScopeCode): { de: string; en: string } {
  return STANDARD_NAMES.get(scope) ?? { de: scope, en: scope };
}
