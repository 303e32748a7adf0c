import {
  type CsrdCategory,
  type CsrdScopeCode,
  type CsrdUnitType,
  CSRD_SCOPES,
  categoryOfScope,
} from '@klimadesk/contract';
import { ESRS_CATALOGUE } from './data/esrs.ts';

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

export function drsOf(scope: CsrdScopeCode): Dr[] {
  return DISCLOSURE_REQUIREMENTS.filter((d) => d.scope === scope);
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

export const SECTORS = ESRS_CATALOGUE.sectors;
export const SECTOR_IDS = new Set(SECTORS.map((s) => s.id));

export function scopeName(scope: CsrdScopeCode): { de: string; en: string } {
  return STANDARD_NAMES.get(scope) ?? { de: scope, en: scope };
}
