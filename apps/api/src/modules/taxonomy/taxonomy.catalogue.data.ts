/**
 * The shape of the shipped EU taxonomy catalogue (`data/eu-taxonomy-catalogue.json.gz`), written by
 * `scripts/build-taxonomy-catalogue.ts` from the shared `eu-taxonomy` files and read by
 * `taxonomy.catalogue.ts`. Texts are English as in the sources; German comes from the provider's
 * text overrides (`taxonomy.texts.ts`) and the defaults in `taxonomy.catalogue.defaults.ts`.
 */

/** The six environmental objectives of Article 9 of Regulation (EU) 2020/852, in its order. */
export const OBJECTIVE_CODES = ['CCM', 'CCA', 'WTR', 'CE', 'PPC', 'BIO'] as const;
export type ObjectiveCode = (typeof OBJECTIVE_CODES)[number];

export const CATALOGUE_FILE = 'eu-taxonomy-catalogue.json.gz';

export type CatalogueObjective = {
  code: ObjectiveCode;
  /** Position in Article 9 (1 to 6). */
  no: number;
  /** The Compass key (`mitigation`, `adaptation`, …). */
  key: string;
  nameEn: string;
  article: string;
  criteriaIn: string;
};

export type CatalogueActivity = {
  /** Stable key: `<act>-<section>` for the Compass (e.g. `2021-2139-4.1`), `<act>-<objectives>-<section>` for additions. */
  id: string;
  /** Section number in the act's annex (Compass reference for the Compass activities). */
  ref: string | null;
  nameEn: string;
  sector: string;
  sectorNo: number | null;
  /** NACE Rev. 2 codes as written in the act (e.g. `H49.4.1`); none for the additions. */
  nace: string[];
  /** Objectives with substantial-contribution criteria, in Article 9 order. */
  objectives: ObjectiveCode[];
  /** The delegated regulation, e.g. `2021/2139`. */
  act: string;
  source: 'compass-1.0.4' | 'additions-2022-2023';
  refNote: string | null;
  descriptionEn: string | null;
};

/** One activity × objective: its substantial-contribution criteria and the DNSH criteria per other objective. */
export type CatalogueCriteriaSet = {
  /** `<activity id>_<objective>`. */
  id: string;
  activityId: string;
  objective: ObjectiveCode;
  substantialContributionEn: string | null;
  /** Text per other objective; null where the source has none (the additions, or "N/A"-less gaps). */
  dnshEn: Partial<Record<ObjectiveCode, string | null>>;
};

/** One of the 14 minimum-safeguard checks; its position is its bit in the financial year's flags. */
export type CatalogueSafeguard = {
  key: string;
  topicNo: number;
  topicEn: string;
  /** `framework`: Article 18(1) alignment; `indicator`: a PSF 2022 non-compliance indicator, asked as absent. */
  kind: 'framework' | 'indicator';
  textEn: string;
  frameworks: string;
};

export type CatalogueData = {
  edition: string;
  objectives: CatalogueObjective[];
  activities: CatalogueActivity[];
  criteria: CatalogueCriteriaSet[];
  safeguards: CatalogueSafeguard[];
};
