/**
 * Which disclosure requirements a report owes (ESRS 1 §29-§30, Delegated Regulation (EU) 2023/2772):
 * ESRS 2 and the topical requirements related to IRO-1 always; of a material topic its other
 * ESRS 2-related requirements and the requirements of its material AR 16 matters. The API decides
 * the lists (`csrd.applicability.ts`); server and screens read them through these functions.
 */

/** A report topic with the requirements it owes; absent or null: every requirement of the standard. */
export type RequirementScope = { id: string; disclosureRequirements?: readonly string[] | null };

/** The topical requirements related to ESRS 2 IRO-1 (`E2.IRO-1`): owed whatever the assessment finds (ESRS 1 §29). */
export const isProcessDisclosure = (code: string) => code.endsWith('.IRO-1');

/** Whether a topic of the report owes a requirement. */
export function owesRequirement(category: RequirementScope, code: string): boolean {
  return !category.disclosureRequirements || category.disclosureRequirements.includes(code);
}

/**
 * The requirements a topic page, template or PDF shows: the owed ones in catalogue order, then any
 * other one that already holds a value (entered voluntarily or before the assessment changed).
 */
export function shownRequirements<T extends { code: string }>(
  category: RequirementScope | undefined,
  requirements: readonly T[],
  withValue: ReadonlySet<string>,
): { requirement: T; owed: boolean }[] {
  return requirements
    .map((requirement) => ({
      requirement,
      owed: !category || owesRequirement(category, requirement.code),
    }))
    .filter((r) => r.owed || withValue.has(r.requirement.code));
}

/**
 * The IRO-1-related requirements of topics the report does not cover: ESRS 1 §29 asks for them
 * irrespective of the materiality assessment, so the report points them out.
 */
export function processDisclosuresOutside<T extends { code: string; scope: string }>(
  categories: readonly RequirementScope[],
  requirements: readonly T[],
): T[] {
  const covered = new Set(categories.map((c) => c.id));
  return requirements.filter((r) => isProcessDisclosure(r.code) && !covered.has(r.scope));
}
