/**
 * The ESRS E1 concepts the CSRD Inline XBRL export tags (issue 40), a hand-written table: only the
 * QNames, never EFRAG's taxonomy files or label texts (EFRAG copyright). Each name was read from the
 * published ESRS Set 1 taxonomy 2023-12-22 (files under `xbrl.efrag.org/taxonomy/esrs/2023-12-22/`,
 * as mirrored by EFRAG's entry point); `source` names the file and role. Units: EFRAG's unit formula
 * (`all/formula/for_esrs_validation_units.xml`, assertion `va_ghgemissions_units`) requires
 * `utr:tCO2e` for `dtr-types:ghgEmissionsItemType`; the intensity per net revenue is
 * `dtr-types:ghgEmissionsPerMonetaryItemType`, tCO2e per EUR (Units Type Registry).
 */

/** The taxonomy's entry point, referenced by `link:schemaRef` (not shipped). */
export const ESRS_ENTRY_POINT = 'https://xbrl.efrag.org/taxonomy/esrs/2023-12-22/esrs_all.xsd';
export const ESRS_NAMESPACE = 'https://xbrl.efrag.org/taxonomy/esrs/2023-12-22';

export type EsrsDataType = 'ghgEmissions' | 'ghgEmissionsPerMonetary' | 'textBlock';

/** The unit of a data type; null for text. */
export const ESRS_UNITS = {
  tCO2e: { measure: 'utr:tCO2e', itemType: 'ghgEmissions' },
  'tCO2e-per-EUR': {
    numerator: 'utr:tCO2e',
    denominator: 'iso4217:EUR',
    itemType: 'ghgEmissionsPerMonetary',
  },
} as const;
export type EsrsUnitId = keyof typeof ESRS_UNITS;

export type EsrsConcept = {
  qname: string;
  dataType: EsrsDataType;
  periodType: 'duration' | 'instant';
  unit: EsrsUnitId | null;
  /** Where the name was read in the taxonomy. */
  source: string;
};

const CAL_301060 = 'all/linkbases/cal_esrs_301060.xml (role-301060, E1-6 calculation)';
const PRE_301060 = 'all/linkbases/pre_esrs_301060.xml (role-301060, E1-6 presentation)';
const DEF_301061 = 'all/linkbases/def_esrs_301061.xml (role-301069, E1-6 other numerical disclosures)';

/** Keyed by the E1-6 figure they tag; emissions are flows of the reporting year (duration). */
export const ESRS_E1_CONCEPTS = {
  scope1: {
    qname: 'esrs:GrossScope1GreenhouseGasEmissions',
    dataType: 'ghgEmissions',
    periodType: 'duration',
    unit: 'tCO2e',
    source: CAL_301060,
  },
  scope2LocationBased: {
    qname: 'esrs:GrossLocationBasedScope2GreenhouseGasEmissions',
    dataType: 'ghgEmissions',
    periodType: 'duration',
    unit: 'tCO2e',
    source: CAL_301060,
  },
  scope2MarketBased: {
    qname: 'esrs:GrossMarketBasedScope2GreenhouseGasEmissions',
    dataType: 'ghgEmissions',
    periodType: 'duration',
    unit: 'tCO2e',
    source: CAL_301060,
  },
  scope3: {
    qname: 'esrs:GrossScope3GreenhouseGasEmissions',
    dataType: 'ghgEmissions',
    periodType: 'duration',
    unit: 'tCO2e',
    source: CAL_301060,
  },
  totalLocationBased: {
    qname: 'esrs:LocationBasedGreenhouseGasEmissions',
    dataType: 'ghgEmissions',
    periodType: 'duration',
    unit: 'tCO2e',
    source: CAL_301060,
  },
  totalMarketBased: {
    qname: 'esrs:MarketBasedGreenhouseGasEmissions',
    dataType: 'ghgEmissions',
    periodType: 'duration',
    unit: 'tCO2e',
    source: CAL_301060,
  },
  intensityLocationBased: {
    qname: 'esrs:GHGEmissionsIntensityLocationbasedTotalGHGEmissionsPerNetRevenue',
    dataType: 'ghgEmissionsPerMonetary',
    periodType: 'duration',
    unit: 'tCO2e-per-EUR',
    source: DEF_301061,
  },
  intensityMarketBased: {
    qname: 'esrs:GHGEmissionsIntensityMarketbasedTotalGHGEmissionsPerNetRevenue',
    dataType: 'ghgEmissionsPerMonetary',
    periodType: 'duration',
    unit: 'tCO2e-per-EUR',
    source: DEF_301061,
  },
  ghgNarrative: {
    qname: 'esrs:DisclosureOfGHGEmissionsExplanatory',
    dataType: 'textBlock',
    periodType: 'duration',
    unit: null,
    source: PRE_301060,
  },
} as const satisfies Record<string, EsrsConcept>;

export type EsrsFigure = keyof typeof ESRS_E1_CONCEPTS;

/** The table's row of a QName, if the export knows it. */
export function esrsConcept(qname: string): EsrsConcept | undefined {
  return Object.values(ESRS_E1_CONCEPTS).find((c) => c.qname === qname);
}
