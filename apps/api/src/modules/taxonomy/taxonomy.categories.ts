import type { TaxObjective } from '@klimadesk/contract';
import type { CatalogueCategory } from './taxonomy.catalogue.data.ts';
import { activityCriteriaSets } from './taxonomy.catalogue.ts';

/**
 * Enabling (E, Regulation (EU) 2020/852 Art. 16, and Art. 10(1)(i), 11(1)(b), 12(1)(e) … per
 * objective) and transitional (T, Art. 10(2)) activities, the two category columns of the Annex II
 * templates of 2021/2178 (as amended by 2023/2486 Annex V). The category is the one the EU Taxonomy
 * Navigator states per activity and objective ("Contribution type"), carried by the catalogue's
 * criteria sets (data/SOURCES.md).
 */
export type Category = CatalogueCategory;

/** The category of an activity's contribution to one objective (null: neither, or not stated in the sources). */
export function categoryOf(euActivityId: string, objective: TaxObjective): Category | null {
  return activityCriteriaSets(euActivityId).find((c) => c.objective === objective)?.category ?? null;
}
