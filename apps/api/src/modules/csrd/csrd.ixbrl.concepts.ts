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

export type EsrsDataType = 'ghgEmissions' | 'ghgEmissionsPerMonetary' | 'energy' | 'textBlock';

/** The unit of a data type; null for text. */
export const ESRS_UNITS = {
  tCO2e: { measure: 'utr:tCO2e', itemType: 'ghgEmissions' },
  'tCO2e-per-EUR': {
    numerator: 'utr:tCO2e',
    denominator: 'iso4217:EUR',
    itemType: 'ghgEmissionsPerMonetary',
  },
  // `va_energy_units` in the same formula file: `dtr-types:energyItemType` in utr:MWh.
  MWh: { measure: 'utr:MWh', itemType: 'energy' },
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
const PRE_301050 = 'all/linkbases/pre_esrs_301050.xml (role-301050, E1-5 first line item)';

/** The text block of a whole disclosure requirement: the first concept of its presentation role. */
const block = (qname: string, role: number, dr: string) =>
  ({
    qname,
    dataType: 'textBlock',
    periodType: 'duration',
    unit: null,
    source: `all/linkbases/pre_esrs_${role}.xml (role-${role}, ${dr} text block)`,
  }) as const;

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
  energyConsumption: {
    qname: 'esrs:EnergyConsumptionRelatedToOwnOperations',
    dataType: 'energy',
    periodType: 'duration',
    unit: 'MWh',
    source: PRE_301050,
  },
  transitionPlan: block(
    'esrs:DisclosureOfTransitionPlanForClimateChangeMitigationExplanatory',
    301010,
    'E1-1',
  ),
  policies: block(
    'esrs:DisclosureOfPoliciesAdoptedToManageMaterialImpactsRisksAndOpportunitiesRelatedToClimateChangeMitigationAndAdaptationExplanatory',
    301020,
    'E1-2',
  ),
  actions: block(
    'esrs:DisclosureOfClimateChangeMitigationAndAdaptationActionsAndResourcesAllocatedForTheirImplementationExplanatory',
    301030,
    'E1-3',
  ),
  targets: block('esrs:DisclosureOfClimaterelatedTargetsExplanatory', 301040, 'E1-4'),
  energyNarrative: block('esrs:DisclosureOfEnergyConsumptionAndMixExplanatory', 301050, 'E1-5'),
  removals: block(
    'esrs:DisclosureOfGHGRemovalsAndGHGMitigationProjectsFinancedThroughCarbonCreditsExplanatory',
    301070,
    'E1-7',
  ),
  carbonPricing: block(
    'esrs:DisclosureOfWhetherInternalCarbonPricingSchemesAreAppliedAndIfSoHowTheseSupportDecisionMakingAndIncentiviseImplementationOfClimaterelatedPoliciesAndTargetsExplanatory',
    301080,
    'E1-8',
  ),
  financialEffects: block(
    'esrs:DisclosureOfAnticipatedFinancialEffectsFromMaterialPhysicalRisksMaterialTransitionRisksAndPotentialToBenefitFromMaterialClimaterelatedOpportunitiesExplanatory',
    301090,
    'E1-9',
  ),
} as const satisfies Record<string, EsrsConcept>;

export type EsrsFigure = keyof typeof ESRS_E1_CONCEPTS;

/** The narrative figure of each E1 disclosure requirement whose text the report holds. */
export const E1_NARRATIVES = {
  'E1-1': 'transitionPlan',
  'E1-2': 'policies',
  'E1-3': 'actions',
  'E1-4': 'targets',
  'E1-5': 'energyNarrative',
  'E1-6': 'ghgNarrative',
  'E1-7': 'removals',
  'E1-8': 'carbonPricing',
  'E1-9': 'financialEffects',
} as const satisfies Record<string, EsrsFigure>;
export type E1Code = keyof typeof E1_NARRATIVES;

/**
 * Scope 3 per GHG Protocol category: `esrs:GrossScope3GreenhouseGasEmissions` in a context whose
 * scenario names a member of `esrs:Scope3GHGEmissionsCategoryGHGProtocolAxis`
 * (`pre_esrs_301060.xml`, scope 3 table; the E1-6 hypercubes are closed, `contextElement="scenario"`,
 * `def_esrs_301060.xml`). Index = category number; facts without a category go to the "other" member.
 */
export const SCOPE3_AXIS = 'esrs:Scope3GHGEmissionsCategoryGHGProtocolAxis';
export const SCOPE3_MEMBERS = [
  'esrs:OtherScope3GreenhouseGasEmissionsCategoryMember',
  'esrs:Category1PurchasedGoodsAndServicesMember',
  'esrs:Category2CapitalGoodsMember',
  'esrs:Category3FuelAndEnergyrelatedActivitiesMember',
  'esrs:Category4UpstreamTransportationAndDistributionMember',
  'esrs:Category5WasteGeneratedInOperationsMember',
  'esrs:Category6BusinessTravelMember',
  'esrs:Category7EmployeeCommutingMember',
  'esrs:Category8UpstreamLeasedAssetsMember',
  'esrs:Category9DownstreamTransportationAndDistributionMember',
  'esrs:Category10ProcessingOfSoldProductsMember',
  'esrs:Category11UseOfSoldProductsMember',
  'esrs:Category12EndoflifeTreatmentOfSoldProductsMember',
  'esrs:Category13DownstreamLeasedAssetsMember',
  'esrs:Category14FranchisesMember',
  'esrs:Category15InvestmentsMember',
] as const;

/** The table's row of a QName, if the export knows it. */
export function esrsConcept(qname: string): EsrsConcept | undefined {
  return Object.values(ESRS_E1_CONCEPTS).find((c) => c.qname === qname);
}
