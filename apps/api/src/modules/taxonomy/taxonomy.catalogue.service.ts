import type { z } from 'zod';
import { type List, type TaxObjective, taxonomyCatalogueSchemas as c } from '@klimadesk/contract';
import { AppError } from '../../platform/errors.ts';
import {
  type EuActivity,
  type Lang,
  activityCriteriaSets,
  euActivities,
  euActivity,
  minimumSafeguards,
  naceCodes,
  objectives,
  taxYears,
} from './taxonomy.catalogue.ts';

/** The static calls of seed 001 §7 (json, no pagination): the catalogue in the request language. */

const all = <T>(items: T[]): List<T> => ({ 'hydra:member': items, 'hydra:totalItems': items.length });

type Criterion = z.infer<typeof c.taxCriterion>;
type DnshEntry = z.infer<typeof c.taxDnshEntry>;

/** The six objectives as criteria navigation entries, each with the DNSH list of the five others. */
export function criteria(lang: Lang): List<Criterion> {
  const list = objectives(lang);
  return all(
    list.map((o) => ({
      id: o.code,
      name: o.name,
      abbreviation: o.code,
      weight: o.weight,
      title: o.title,
      dnsh: list
        .filter((d) => d.code !== o.code)
        .map((d) => ({ id: d.code, name: d.name, abbreviation: d.code })),
    })),
  );
}

export function dnshes(lang: Lang): List<DnshEntry> {
  return all(
    objectives(lang).map((o) => ({
      id: o.code,
      name: o.name,
      abbreviation: o.code,
      weight: o.weight,
      title: o.dnshTitle,
    })),
  );
}

export function naceCodeList(): List<z.infer<typeof c.taxNaceCode>> {
  return all(naceCodes().map((n) => ({ id: n.code, code: n.code, euActivities: n.activityIds })));
}

export function years(now = new Date()): List<z.infer<typeof c.taxYearEntry>> {
  return all(taxYears(now).map((year) => ({ id: year, year })));
}

export function safeguards(lang: Lang): List<z.infer<typeof c.taxMinimumSafeguard>> {
  return all(minimumSafeguards(lang));
}

/** Enabling or transitional per objective of the economic activity, as its criteria sets state it. */
export function categoriesOf(a: EuActivity): z.infer<typeof c.taxCategory>[] {
  const sets = activityCriteriaSets(a.id);
  return a.objectives.map((objective) => {
    const set = sets.find((s) => s.objective === objective);
    return { objective, category: set?.category ?? null, isKnown: set?.isCategoryKnown ?? false };
  });
}

const listItem = (a: EuActivity): z.infer<typeof c.taxEuActivity> => ({
  id: a.id,
  ref: a.ref,
  name: a.name,
  names: a.names,
  sector: a.sector,
  naceCodes: a.nace,
  objectives: a.objectives,
  categories: categoriesOf(a),
});

/**
 * EU activities, all or those an act lists under one objective (`criteria`); each answers the
 * objectives of its economic activity over every act (`objectives`).
 */
export function activities(
  query: { criteria?: TaxObjective },
  lang: Lang = 'en',
): List<z.infer<typeof c.taxEuActivity>> {
  return all(
    euActivities(lang)
      .filter((a) => !query.criteria || a.actObjectives.includes(query.criteria))
      .map(listItem),
  );
}

export function activity(id: string, lang: Lang = 'en'): z.infer<typeof c.taxEuActivityDetail> {
  const a = euActivity(id, lang);
  if (!a) throw new AppError('notFound');
  return { ...listItem(a), description: a.descriptionEn, delegatedAct: a.act, note: a.refNote };
}
