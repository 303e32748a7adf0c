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

/** Where a criteria set's texts come from (`CRITERIA_EDITIONS`). */
export type CriteriaEdition = 'compass-1.0.4' | 'navigator-2023-12';

/** The editions of the criteria texts, by delegated act: what each holds and where it comes from. */
export const CRITERIA_EDITIONS: Record<CriteriaEdition, { labelEn: string; labelDe: string }> = {
  'compass-1.0.4': {
    labelEn: 'Delegated Regulation (EU) 2021/2139 as first adopted (EU Taxonomy Compass 1.0.4, 2022)',
    labelDe:
      'Delegierte Verordnung (EU) 2021/2139 in der ursprünglichen Fassung (EU Taxonomy Compass 1.0.4, 2022)',
  },
  'navigator-2023-12': {
    labelEn:
      'Delegated Regulations (EU) 2021/2139 as amended by 2022/1214 and 2023/2485, and 2023/2486 (EU Taxonomy Navigator, export of 12 December 2023)',
    labelDe:
      'Delegierte Verordnungen (EU) 2021/2139 in der Fassung von 2022/1214 und 2023/2485 sowie 2023/2486 (EU Taxonomy Navigator, Export vom 12. Dezember 2023)',
  },
};

/** Enabling (Regulation (EU) 2020/852 Art. 16) or transitional (Art. 10(2)) activity, as the acts state it. */
export type CatalogueCategory = 'E' | 'T';

/** The criteria texts of one edition. */
export type CriteriaTexts = {
  substantialContributionEn: string | null;
  dnshEn: Partial<Record<ObjectiveCode, string | null>>;
};

/**
 * One of the generic DNSH appendices A-D of Annex I of Delegated Regulation (EU) 2021/2139 (the
 * Annexes of 2023/2486 hold appendices of the same letters and subjects). `textEn` is null where
 * no source of the catalogue carries the appendix text.
 */
export type CatalogueAppendix = {
  letter: 'A' | 'B' | 'C' | 'D';
  /** The objective the appendix keeps from significant harm. */
  dnsh: ObjectiveCode;
  titleEn: string;
  textEn: string | null;
  /** How many DNSH texts of the catalogue refer to the appendix. */
  referencedBy: number;
};

/** One activity × objective: its substantial-contribution criteria and the DNSH criteria per other objective. */
export type CatalogueCriteriaSet = {
  /** `<activity id>_<objective>`. */
  id: string;
  activityId: string;
  objective: ObjectiveCode;
  substantialContributionEn: string | null;
  /** Text per other objective; null where no source has one. */
  dnshEn: Partial<Record<ObjectiveCode, string | null>>;
  /** The edition the texts above come from; null where no source has them. */
  edition: CriteriaEdition | null;
  /**
   * The texts of 2021/2139 as first adopted (Compass 1.0.4) that the later edition changed (amended
   * by 2022/1214 or 2023/2485), each null where it stayed the same; null where none changed or
   * there is no earlier edition.
   */
  firstAdopted: CriteriaTexts | null;
  /** The category the edition states for the contribution; null: neither enabling nor transitional. */
  category: CatalogueCategory | null;
  /** Whether the edition states the category at all (the Compass export does not). */
  isCategoryKnown: boolean;
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
  appendices: CatalogueAppendix[];
  safeguards: CatalogueSafeguard[];
};
