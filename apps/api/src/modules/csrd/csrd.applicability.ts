/**
 * Which disclosure requirements a report owes after the materiality assessment (ESRS 1 §29-§33,
 * Delegated Regulation (EU) 2023/2772): ESRS 2 always; of a material topic its ESRS 2-related
 * requirements and the topical requirements of its material AR 16 matters (data/matter-drs.ts);
 * the IRO-1-related requirements of every topic irrespective of the assessment (§29).
 */
import {
  ALWAYS_MANDATORY_SCOPES,
  CSRD_SCOPES,
  type CsrdScopeCode,
  owesRequirement,
  processDisclosuresOutside,
} from '@klimadesk/contract';
import { DISCLOSURE_REQUIREMENTS, MATTER_BY_ID, drsOf } from './csrd.catalogue.ts';
import { DR_MATTERS } from './data/matter-drs.ts';

/** A report topic with the requirements it owes; null: every requirement of the standard. */
export type Category = { id: CsrdScopeCode; mandatory: boolean; disclosureRequirements: string[] | null };

/** What the applicability reads of an assessed matter (an analysis's matter result). */
export type AssessedMatter = { iro: string; scope: CsrdScopeCode; custom: boolean; material: boolean };

/** The same AR 16 row, or one is the sub-topic of the other (`S1.1` and `S1.1.8`). */
const related = (a: string, b: string) => a === b || a.startsWith(`${b}.`) || b.startsWith(`${a}.`);

/**
 * The topical requirements a material AR 16 matter brings (ESRS 1 §30(a)), in catalogue order: a
 * sub-sub-topic those of itself and of its sub-topic, a sub-topic also those of its sub-sub-topics.
 */
export function requirementsOfMatter(id: string): string[] {
  return DISCLOSURE_REQUIREMENTS.filter((d) => DR_MATTERS[d.code]?.matters.some((m) => related(id, m))).map(
    (d) => d.code,
  );
}

/**
 * The requirements a topic owes after the assessment: ESRS 2 all; a material topic its ESRS
 * 2-related requirements (ESRS 1 §30) and those of its material matters; a material custom IRO
 * maps to no AR 16 row, so its whole standard (null); a topic without a material matter none.
 */
export function topicRequirements(scope: CsrdScopeCode, matters: readonly AssessedMatter[]): string[] | null {
  const all = drsOf(scope);
  if (ALWAYS_MANDATORY_SCOPES.includes(scope)) return all.map((d) => d.code);
  const material = matters.filter((m) => m.scope === scope && m.material);
  if (!material.length) return [];
  if (material.some((m) => m.custom || !MATTER_BY_ID.has(m.iro))) return null;
  const owed = new Set(all.filter((d) => d.kind === 'ESRS 2 related').map((d) => d.code));
  for (const m of material) for (const code of requirementsOfMatter(m.iro)) owed.add(code);
  return all.filter((d) => owed.has(d.code)).map((d) => d.code);
}

/**
 * The categories a report made from an analysis starts with: ESRS 2 always, then the material
 * topics, each mandatory with the requirements it owes; in ESRS order.
 */
export function initialCategories(
  results: readonly { scope: CsrdScopeCode; material: boolean }[],
  matters: readonly AssessedMatter[],
): Category[] {
  const material = new Set(results.filter((r) => r.material).map((r) => r.scope));
  return CSRD_SCOPES.filter((x) => ALWAYS_MANDATORY_SCOPES.includes(x) || material.has(x)).map((id) => {
    const owed = topicRequirements(id, matters);
    // A topic material by its scores always owes something; an empty list would hide it.
    return { id, mandatory: true, disclosureRequirements: owed?.length ? owed : null };
  });
}

/** Two lists of owed requirements joined (null, every requirement, wins), in catalogue order. */
export function joinRequirements(
  a: readonly string[] | null | undefined,
  b: readonly string[] | null | undefined,
): string[] | null {
  if (!a || !b) return null;
  const both = new Set([...a, ...b]);
  return DISCLOSURE_REQUIREMENTS.filter((d) => both.has(d.code)).map((d) => d.code);
}

/**
 * Selected and mandatory categories merged, in ESRS order: a mandatory topic keeps the requirements
 * the assessment gave it, a topic already in the report keeps its own, a newly chosen one owes all.
 */
export function mergeCategories(
  selected: readonly CsrdScopeCode[],
  mandatory: readonly Category[],
  previous: readonly Category[] = [],
): Category[] {
  const must = new Map(mandatory.map((c) => [c.id, c]));
  const before = new Map(previous.map((c) => [c.id, c]));
  const chosen = new Set([...selected, ...must.keys()]);
  return CSRD_SCOPES.filter((x) => chosen.has(x)).map((id) => ({
    id,
    mandatory: must.has(id),
    disclosureRequirements: must.has(id)
      ? must.get(id)!.disclosureRequirements
      : (before.get(id)?.disclosureRequirements ?? null),
  }));
}

/** The codes a report topic owes, in catalogue order. */
export function owedCodes(c: Category): string[] {
  return drsOf(c.id)
    .filter((d) => owesRequirement(c, d.code))
    .map((d) => d.code);
}

/** The IRO-1-related requirement codes of topics outside the report (ESRS 1 §29). */
export function processDisclosures(categories: readonly Category[]): string[] {
  return processDisclosuresOutside(categories, DISCLOSURE_REQUIREMENTS).map((d) => d.code);
}

/** A category as stored before the assessment set requirements: it owes every requirement. */
export const categoryOf = (c: { id: string; mandatory: boolean; disclosureRequirements?: string[] | null }) =>
  ({
    id: c.id as CsrdScopeCode,
    mandatory: c.mandatory,
    disclosureRequirements: c.disclosureRequirements ?? null,
  }) satisfies Category;
