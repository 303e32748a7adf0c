/**
 * The demo company's VSME report of `year` (issue 40): option A, a fictitious LEI with valid check
 * digits, B1 and the workforce disclosures entered, B3 taken from the carbon footprint of the same
 * year (nothing of B3 is stored: it is prefilled when read, so it follows the footprint).
 */
import type { DbOrTx } from '../../platform/db/index.ts';
import type { CompanyId } from '../../platform/tenant.ts';
import * as repo from './vsme.repository.ts';

/** Fictitious: LOU prefix 5299, entity part `DEMOLOGISTIK`, ISO 7064 check digits 65. */
export const DEMO_LEI = '529900DEMOLOGISTIK65';

/** Entered values: concept, member, value (turnover as in the CSRD demo report, EUR 68 million). */
export const DEMO_VALUES: [string, string, repo.ValueChange['value']][] = [
  ['vsme:BasisForReporting', '', 'vsme:IndividualMember'],
  ['vsme:UndertakingsLegalForm', '', 'vsme:PrivateLimitedLiabilityUndertakingMember'],
  ['vsme:NaceSectorClassificationCodes', '', ['nace:NACE_H4941', 'nace:NACE_H5210']],
  ['vsme:Turnover', '', 68_000_000],
  ['vsme:Assets', '', 31_000_000],
  ['vsme:NumberOfEmployees', '', 420],
  ['vsme:EmployeeCountingMethodology', '', 'vsme:AverageDuringTheReportingPeriodMember'],
  ['vsme:TypeOfNumberOfEmployees', '', 'vsme:HeadcountMember'],
  ['vsme:CountryOfPrimaryOperationsAndLocationOfSignificantAssets', '', 'country:DE'],
  ['vsme:ReportContainsDisclosuresFromThePreviousReportingPeriodThatRemainUnchanged', '', false],
  ['vsme:AddressOfSite', 'typed:HH-1', 'Am Logistikpark 1'],
  ['vsme:PostalCodeOfSite', 'typed:HH-1', '21129'],
  ['vsme:CityOfSite', 'typed:HH-1', 'Hamburg'],
  ['vsme:CountryOfSite', 'typed:HH-1', 'country:DE'],
  [
    'vsme:SustainabilityIssueAddressedByPracticePolicyAndOrFutureInitiative',
    '',
    ['vsme:ClimateChangeMember', 'vsme:OwnWorkforceMember'],
  ],
  ['vsme:PracticePolicyAndOrFutureInitiativeIsPubliclyAvailable', '', true],
  ['vsme:UndertakingHasSetATargetWhichIsRelatedToAPolicy', '', true],
  ['vsme:PubliclyAvailableDisclosure', '', false],
  ['vsme:NumberOfPermanentContractEmployees', '', 390],
  ['vsme:NumberOfTemporaryContractEmployees', '', 30],
  ['vsme:NumberOfMaleEmployees', '', 331],
  ['vsme:NumberOfFemaleEmployees', '', 87],
  ['vsme:NumberOfOtherGenderEmployees', '', 2],
  ['vsme:NumberOfEmployeesForCountryOfEmploymentContract', 'country:DE', 420],
  ['vsme:EmployeeTurnoverRate', '', 0.12],
  ['vsme:NumberOfRecordableWorkRelatedAccidentsInTheReportingPeriod', '', 7],
  ['vsme:NumberOfFatalitiesAsAResultOfWorkRelatedInjuriesAndWorkRelatedIllHealth', '', 0],
  ['vsme:EmployeesReceivePayEqualOrAboveMinimumWageDeterminedByNationalLawOrCollectiveAgreement', '', true],
  ['vsme:PercentageOfEmployeesCoveredByCollectiveBargainingAgreements', '', 0.85],
  ['vsme:TotalNumberOfConvictionsForTheViolationOfAntiCorruptionAndAntiBriberyLaws', '', 0],
  ['vsme:TotalAmountOfFinesForTheViolationOfAnticorruptionAndAntibriberyLaws', '', 0],
];

export async function seedDemoVsme(db: DbOrTx, companyId: CompanyId, year: number): Promise<void> {
  await db.transaction(async (tx) => {
    const report = await repo.insertReport(tx, {
      companyId,
      year,
      comprehensive: false,
      periodStart: `${year}-01-01`,
      periodEnd: `${year}-12-31`,
      identifierScheme: 'lei',
      identifier: DEMO_LEI,
    });
    await repo.saveValues(
      tx,
      companyId,
      report.id,
      DEMO_VALUES.map(([concept, member, value]) => ({ concept, member, value, overrideReason: null })),
    );
  });
}
