/**
 * The error catalogue. Every error that crosses the wire is `{ code, message, detail? }` where
 * `code` is the numeric body code of the seeds (50100 session invalid, 50250 warning,
 * 50300/50310/50350/50400 rejected with message, 50500+ general) and `message` is the stable
 * catalogue key the web app translates. The HTTP status is derived here and nowhere else.
 */
import { BODY_CODE } from './body-codes.ts';

export { BODY_CODE };

type Entry = { body: number; status: number };
const e = (body: number, status: number): Entry => ({ body, status });

export const ERRORS = {
  // Generic transport and validation errors.
  validationFailed: e(BODY_CODE.rejected, 400),
  invalidJson: e(BODY_CODE.rejected, 400),
  unsupportedMediaType: e(BODY_CODE.rejected, 415),
  payloadTooLarge: e(BODY_CODE.rejected, 413),
  invalidFileType: e(BODY_CODE.rejected, 415),
  /** A multipart body that ended before its closing boundary. */
  uploadIncomplete: e(BODY_CODE.rejected, 400),
  /** An image whose sides are outside the allowed pixels (`detail`: width, height, min, max). */
  imageSizeInvalid: e(BODY_CODE.rejected, 422),
  notFound: e(BODY_CODE.notFound, 404),
  routeNotFound: e(BODY_CODE.notFound, 404),
  forbidden: e(BODY_CODE.forbidden, 403),
  noRights: e(BODY_CODE.forbidden, 403),
  readOnly: e(BODY_CODE.forbidden, 403),
  upgradeRequired: e(BODY_CODE.forbidden, 403),
  tooManyRequests: e(BODY_CODE.rejected, 429),
  internalError: e(BODY_CODE.general, 500),
  /** A NUL character or a lone UTF-16 surrogate in a text (PostgreSQL cannot store either). */
  invalidCharacters: e(BODY_CODE.rejected, 400),
  /** A path parameter beyond the router's length limit. */
  uriTooLong: e(BODY_CODE.rejected, 414),
  /** Request line and headers beyond Node's 16 KB limit. */
  headersTooLarge: e(BODY_CODE.rejected, 431),
  /** The database connection broke (restart, failover, terminated backend); retry shortly. */
  databaseUnavailable: e(BODY_CODE.general, 503),
  // Session and login.
  sessionInvalid: e(BODY_CODE.sessionInvalid, 401),
  invalidCredentials: e(BODY_CODE.sessionInvalid, 401),
  notVerified: e(BODY_CODE.forbidden, 403),
  userDeleted: e(BODY_CODE.forbidden, 403),
  noRoles: e(BODY_CODE.forbidden, 403),
  moduleNotBooked: e(BODY_CODE.forbidden, 403),
  // Registration and password reset.
  EmailInUse: e(BODY_CODE.conflict, 409),
  CompanyAlreadyRegistered: e(BODY_CODE.conflict, 409),
  accountAlreadyVerified: e(BODY_CODE.conflict, 409),
  verificationFailed: e(BODY_CODE.rejected, 400),
  confirmationInvalid: e(BODY_CODE.rejected, 400),
  registrationUnsuccessful: e(BODY_CODE.general, 500),
  termsNotAccepted: e(BODY_CODE.rejected, 422),
  resetTokenInvalid: e(BODY_CODE.rejected, 400),
  /** A new password on the list of the most common ones (OWASP ASVS 2.1.7). */
  passwordTooCommon: e(BODY_CODE.rejected, 422),
  /** The link confirming a new e-mail address is unknown, used or expired. */
  emailChangeInvalid: e(BODY_CODE.rejected, 400),
  // Users, groups, impersonation.
  OnlyAdminOfCompany: e(BODY_CODE.conflict, 409),
  LastAdminOfCompanyButUsersExist: e(BODY_CODE.conflict, 409),
  OnlyAdminCannotChangeRole: e(BODY_CODE.conflict, 409),
  EmailExists: e(BODY_CODE.conflict, 409),
  roleNotGrantable: e(BODY_CODE.forbidden, 403),
  /** Two roles of one module (e.g. user and read-only); detail `{ module }` (issue 37). */
  oneRolePerModule: e(BODY_CODE.rejected, 422),
  notSoleUser: e(BODY_CODE.conflict, 409),
  notImpersonating: e(BODY_CODE.rejected, 400),
  alreadyImpersonating: e(BODY_CODE.conflict, 409),
  /** Acting as a user with a role the caller could not grant (issue 32). */
  impersonationNotAllowed: e(BODY_CODE.forbidden, 403),
  groupNameExists: e(BODY_CODE.conflict, 409),
  // Maintenance gate (seed 002).
  maintenance: e(BODY_CODE.general, 503),
  maintenancePasswordWrong: e(BODY_CODE.forbidden, 403),
  // Fleet (seed 000 §5 and §8).
  FuelTypeUnit: e(BODY_CODE.rejected, 422),
  InvalidGlecType: e(BODY_CODE.rejected, 422),
  FuelTypeNotFound: e(BODY_CODE.rejected, 422),
  InvalidYearOfConstruction: e(BODY_CODE.rejected, 422),
  MissingRequiredFields: e(BODY_CODE.rejected, 422),
  IncompleteFuelInfo: e(BODY_CODE.rejected, 422),
  NoConfigFound: e(BODY_CODE.rejected, 422),
  WrongConfigFound: e(BODY_CODE.rejected, 422),
  WrongTemplateVersion: e(BODY_CODE.rejected, 422),
  FailedToRestoreVehicle: e(BODY_CODE.conflict, 409),
  FailedToRestoreTrailer: e(BODY_CODE.conflict, 409),
  LicensePlateExists: e(BODY_CODE.conflict, 409),
  importFailed: e(BODY_CODE.rejected, 422),
  fileReadError: e(BODY_CODE.rejected, 422),
  /** A file beyond a reading limit (line, cell or uncompressed size); detail.limit names it. */
  fileLimitExceeded: e(BODY_CODE.rejected, 422),
  /** The company has as many spreadsheet reads running as it may; send the file again shortly. */
  importsBusy: e(BODY_CODE.rejected, 429),
  // Locations and leg distances (seed 000 §5 and §8).
  EqualOriginDestination: e(BODY_CODE.rejected, 422),
  NoRouteFound: e(BODY_CODE.rejected, 422),
  locationNotFound: e(BODY_CODE.rejected, 422),
  geoDataNotConfigured: e(BODY_CODE.rejected, 422),
  // Emissions engine input the engine refuses (detail.reason holds the engine's code).
  invalidCalculationInput: e(BODY_CODE.rejected, 422),
  // Tags, mappings and the tour and shipment import (seed 000 §5 and §8, issue 7).
  tagExists: e(BODY_CODE.conflict, 409),
  /** Template names are unique within a company (case and outer spaces ignored). */
  mappingNameExists: e(BODY_CODE.conflict, 409),
  requiredFieldsMissing: e(BODY_CODE.rejected, 422),
  titleNotFound: e(BODY_CODE.rejected, 422),
  mappingDisabled: e(BODY_CODE.rejected, 422),
  mappingFormatMismatch: e(BODY_CODE.rejected, 415),
  notInProgress: e(BODY_CODE.conflict, 409),
  notEnoughTimePassed: e(BODY_CODE.conflict, 409),
  trialLimitReached: e(BODY_CODE.forbidden, 403),
  apiKeyInvalid: e(BODY_CODE.sessionInvalid, 401),
  // Companies.
  companyAlreadyUnlocked: e(BODY_CODE.conflict, 409),
  /** A customer has one sales row per month (seed 002 §3 Sales data). */
  salesDataMonthExists: e(BODY_CODE.conflict, 409),
  // Tours, shipments, exports and statements (issue 8).
  emptyExport: e(BODY_CODE.warning, 422),
  exportNotInTrial: e(BODY_CODE.forbidden, 403),
  exportNotReady: e(BODY_CODE.conflict, 409),
  exportExpired: e(BODY_CODE.notFound, 410),
  invalidDateRange: e(BODY_CODE.rejected, 422),
  shipperNotAllowed: e(BODY_CODE.forbidden, 403),
  // Tariffs and tariff bookings (seed 002 §4, §5, §8).
  TariffIsInUse: e(BODY_CODE.conflict, 409),
  /** No translation has name, short and long description (seed 002 §5: a warning). */
  tariffTranslationMissing: e(BODY_CODE.warning, 422),
  /** A per-shipment price needs a minimum cost per shipment above 0 (seed 002 §5). */
  tariffMinCostMissing: e(BODY_CODE.rejected, 422),
  /** A booking, change or cancellation needs an e-mail recipient (seed 002 §5). */
  bookingRecipientMissing: e(BODY_CODE.rejected, 422),
  bookingExpired: e(BODY_CODE.conflict, 409),
  /** The CFC tariff's businessUnitsLimit is reached (seed 002 §5, §8). */
  businessUnitLimitReached: e(BODY_CODE.forbidden, 403),
  /** No time-limited free taxonomy tariff exists to book a demo with. */
  taxDemoUnavailable: e(BODY_CODE.conflict, 409),
  /** A consulting invoice whose positions do not add up to its total (or a position to amount × unit price). */
  invoiceTotalMismatch: e(BODY_CODE.rejected, 422),
  // Texts and help texts (seed 002 §3 Text).
  /** A text of this type, name and language exists already: change it instead. */
  textExists: e(BODY_CODE.conflict, 409),
  // Release versions and notes (seed 002 §4).
  /** Only a release version without notes can be deleted. */
  releaseHasNotes: e(BODY_CODE.conflict, 409),
  /** A released version stays released. */
  releaseAlreadyReleased: e(BODY_CODE.conflict, 409),
  releaseVersionExists: e(BODY_CODE.conflict, 409),
  // Freight orders (issue 17, seed 000 §8 order messages).
  /** The basic edition's free orders of this month are used up (detail.limit). */
  orderQuotaReached: e(BODY_CODE.forbidden, 403),
  /** Container freight cannot fly, unit cargo does not go on a container ship (detail.leg names the leg). */
  freightTypeNotForMode: e(BODY_CODE.rejected, 422),
  // Emission database (issue 18, seed 002 §5 and §8).
  /** A source that factors or editions still use cannot be deleted (seed 002 §8: code 50500). */
  sourceInUse: e(BODY_CODE.general, 409),
  /** A factor of a custom activity needs a source (seed 002 §5). */
  sourceMandatory: e(BODY_CODE.rejected, 422),
  /** The last factor of an activity stays (seed 002 §5: an activity needs at least one factor). */
  activityFactorRequired: e(BODY_CODE.rejected, 422),
  /** Periods of one activity, country and provider (or company) must not overlap (detail.factorId). */
  factorPeriodOverlap: e(BODY_CODE.conflict, 409),
  /** An older version (or a withdrawn factor) is kept as it was: change the current version (detail.factorId). */
  factorWithdrawn: e(BODY_CODE.conflict, 409),
  /** An activity other companies' factors still use cannot be deleted. */
  activityInUse: e(BODY_CODE.conflict, 409),
  activityUsedByEntries: e(BODY_CODE.conflict, 409),
  /** This edition of the source exists already. */
  sourceVersionExists: e(BODY_CODE.conflict, 409),
  emissionProviderExists: e(BODY_CODE.conflict, 409),
  /** A factor of an emission provider the company may not use. */
  providerNotAllowed: e(BODY_CODE.forbidden, 403),
  // EU taxonomy (issue 20, seed 001 §5 and §8).
  /** Only a financial year without activities can be deleted. */
  TaxFinancialYearHasActivities: e(BODY_CODE.conflict, 409),
  TaxFinancialYearAlreadyExists: e(BODY_CODE.conflict, 409),
  /** The tax year is not one of `tax-years`. */
  TaxYearDoesNotExist: e(BODY_CODE.rejected, 422),
  /** An activity keeps its financial year (detail.field). */
  invalidTaxYear: e(BODY_CODE.rejected, 422),
  /** Seed 001 §8: 50500, no write rights for the year (group rights, or frozen for review). */
  TaxFinancialYearNotWritable: e(BODY_CODE.general, 403),
  /** The taxonomy trial ended or no tariff: activities stay readable, not writable (seed 001 §4). */
  taxTrialExpired: e(BODY_CODE.forbidden, 403),
  /** The EU activity is chosen first and must be one of the catalogue (seed 001 §5). */
  TaxEuActivityUnknown: e(BODY_CODE.rejected, 422),
  /** Seed 001 §4: the EU activity is fixed once saved. */
  TaxEuActivityFixed: e(BODY_CODE.rejected, 422),
  /** The criteria's amounts of one kind add up to more than the activity's (detail.kind). */
  TaxCriterionAmountsExceedActivity: e(BODY_CODE.rejected, 422),
  /**
   * The activities of a financial year would add up to more than the year's total of one figure
   * (detail.kind, detail.taxYear, detail.total and detail.sum in EUR): raise the year's total first.
   */
  TaxActivityAmountsExceedYear: e(BODY_CODE.rejected, 422),
  /** A year's total of one figure would fall below its activities' sum (same detail). */
  TaxYearTotalBelowActivities: e(BODY_CODE.rejected, 422),
  /**
   * The rule set does not apply to the year (detail.ruleSet, detail.taxYear): 2026/73 from the
   * financial year 2025, the earlier templates up to 2025.
   */
  TaxRuleSetNotForYear: e(BODY_CODE.rejected, 422),
  /**
   * 2026/73 options given for a year under 2021/2178, or not-material amounts of one figure at 10 %
   * of its total or more (detail.kind, detail.share), or OpEx not material without its reason.
   */
  TaxSimplificationInvalid: e(BODY_CODE.rejected, 422),
  /** A DNSH check names the criterion's own objective (DNSH covers the five others). */
  TaxDnshOwnObjective: e(BODY_CODE.rejected, 422),
  /**
   * Seed 001 §8: body code 50100 on the Tax API is the empty-export message (no finished activity
   * under the filters). Not a 401: the web client must not end the session on it (check the key).
   */
  TaxExportEmpty: e(BODY_CODE.sessionInvalid, 422),
  // CSRD reporting and materiality (issue 21, seed 001 §8 CSRD messages).
  /** The signed-in user belongs to no company. */
  InvalidRequestNoCompany: e(BODY_CODE.rejected, 400),
  /** A value the call needs is missing (detail.field). */
  RequiredInformationMissing: e(BODY_CODE.rejected, 422),
  /** The company's CSRD settings (an analysis for the report's categories) are missing. */
  CompanyHasNoSettings: e(BODY_CODE.rejected, 422),
  /** A unit needs an activity-specific conversion (detail.activity). */
  NoActivityConversion: e(BODY_CODE.rejected, 422),
  /** A figure could not be computed (detail.text). */
  errorInCalculation: e(BODY_CODE.general, 500),
  /** A unit of another type than the indicator's (detail.unit1, detail.unit2). */
  invalidUnitTypes: e(BODY_CODE.rejected, 422),
  /** Two units that only an activity's own factor could convert (detail.unit1, detail.unit2). */
  Unit2UnitActivityConversion: e(BODY_CODE.rejected, 422),
  ErrorEnumIroCategory: e(BODY_CODE.rejected, 422),
  ErrorEnumIroTime: e(BODY_CODE.rejected, 422),
  /** An entered value outside 1 … the analysis's upper limit, or a limit above the scale (detail.field). */
  ValueAboveLimitProvided: e(BODY_CODE.rejected, 422),
  /** The upper limit of a scale below its threshold. */
  LimitLessThanThreshold: e(BODY_CODE.rejected, 422),
  /** An indicator file whose sheets or columns are not the report's template: nothing was written (seed 001 §8: 50420). */
  ImportFileDoesNotMatchTemplate: e(50420, 422),
  /** One report per year (seed 001 §8: 50410). */
  ReportForYearExists: e(50410, 409),
  /** A write to a report or analysis marked for deletion (restore it first). */
  SaveFailed: e(BODY_CODE.conflict, 409),
  /** A topic made mandatory by the materiality analysis cannot be deselected (seed 001 §5). */
  MandatoryScopeNotDeselectable: e(BODY_CODE.rejected, 422),
  /** A report has one scope entry per topic. */
  ScopeEntryExists: e(BODY_CODE.conflict, 409),
  /** A scope entry has one value per disclosure requirement. */
  IndicatorValueExists: e(BODY_CODE.conflict, 409),
  // Corporate carbon footprint (issue 19, seed 001 §5, §6 and §8).
  /** Seed 001 §6 permission-denied codes: the user group's access rights do not allow the call. */
  changeMethodNotAllowed: e(BODY_CODE.forbidden, 403),
  createReportNotAllowed: e(BODY_CODE.forbidden, 403),
  deleteFileNotAllowed: e(BODY_CODE.forbidden, 403),
  deleteEntryNotAllowed: e(BODY_CODE.forbidden, 403),
  exportNotAllowed: e(BODY_CODE.forbidden, 403),
  readBusinessUnitNotAllowed: e(BODY_CODE.forbidden, 403),
  uploadFileNotAllowed: e(BODY_CODE.forbidden, 403),
  writeEntryNotAllowed: e(BODY_CODE.forbidden, 403),
  /** Business unit names are unique within a company (case and outer spaces ignored). */
  BusinessUnitAlreadyExists: e(BODY_CODE.conflict, 409),
  /** A company keeps at least one business unit (seed 001 §5). */
  lastBusinessUnit: e(BODY_CODE.conflict, 409),
  /** The base year lies after the current year (seed 001 §5, §8). */
  futureBaseYear: e(BODY_CODE.rejected, 422),
  /** A year outside 1900–2100, before the base year or after the latest report year (detail.min, detail.max). */
  invalidYear: e(BODY_CODE.rejected, 422),
  /** One report per business unit and year (seed 001 §8: 50410, the year exists). */
  cfcReportYearExists: e(50410, 409),
  /** Scope 2 needs the business unit's site country first (seed 001 §5). */
  siteCountryRequired: e(BODY_CODE.rejected, 422),
  /**
   * The year's freight figure is taken over by other business units already (detail.kind,
   * detail.available: the percent still free, detail.units: where it went); a tour counts once.
   */
  cfcFreightTakenOver: e(BODY_CODE.conflict, 409),
  /** A section of the paid CFC tariff, or one the company did not select (detail.section). */
  cfcSectionNotAvailable: e(BODY_CODE.forbidden, 403),
  /** Entry figures (seed 001 §8), kept per entry: the unit does not convert to the factor's unit type. */
  cfcWrongUnitType: e(BODY_CODE.rejected, 422),
  /** The activity has no factor for the country and year (no activity-specific conversion). */
  cfcNoConversion: e(BODY_CODE.rejected, 422),
  /** The figure could not be computed (not a finite number). */
  cfcCalculationError: e(BODY_CODE.general, 500),
  /** Amount, unit or activity (or an own factor) missing: the entry is kept, without a figure. */
  cfcIncompleteEntry: e(BODY_CODE.warning, 422),
  /** The company has no CFC settings yet (no base year). */
  cfcNoSettings: e(BODY_CODE.rejected, 422),
  /** Required values of the call are missing (detail.field). */
  cfcRequiredValuesMissing: e(BODY_CODE.rejected, 422),
  /** A section import with row errors: nothing was imported (seed 001 §8: 50420, detail.issues). */
  cfcImportFailed: e(50420, 422),
  /**
   * The activity's factors are of another GWP set than the report's (detail.gwpSet, detail.factorSets):
   * one total never mixes IPCC AR5 and AR6 values (GHG Protocol Corporate Standard ch. 9).
   */
  cfcGwpSetMismatch: e(BODY_CODE.rejected, 422),
  /** Reports of different GWP sets cannot be summed in one export (detail.gwpSets). */
  cfcGwpSetMixed: e(BODY_CODE.rejected, 422),
  /** The entry's factor is the current one: there is no newer version to restate with. */
  cfcNothingToRestate: e(BODY_CODE.conflict, 409),
  /** VSME: a value differs from the carbon footprint's figure without a reason (detail.concept). */
  vsmeOverrideReasonRequired: e(BODY_CODE.rejected, 422),
  /** VSME: a value that is not one of the catalogue's datapoints or does not fit it (detail.concept, member, problem). */
  vsmeValueInvalid: e(BODY_CODE.rejected, 422),
  /** VSME: the Inline XBRL export is refused while the validation finds errors (detail.errors). */
  vsmeValidationFailed: e(BODY_CODE.rejected, 422),
  /** Exchange: a partner connection whose base URL no admin confirmed yet; nothing is sent to it. */
  partnerUrlNotConfirmed: e(BODY_CODE.conflict, 409),
  /** Exchange: the admin's repeated base URL differs from the connection's. */
  partnerUrlMismatch: e(BODY_CODE.rejected, 422),
  /** Exchange: a partner footprint that is deprecated, unmatched, or for a leg its shipment lacks. */
  partnerFootprintNotUsable: e(BODY_CODE.rejected, 422),
  /** Exchange: a URL outside the connection's confirmed base URL (a link or redirect of the partner). */
  partnerUrlNotAllowed: e(BODY_CODE.rejected, 422),
  /** Exchange: the partner's host could not be reached (detail.reason). */
  partnerUnreachable: e(BODY_CODE.general, 502),
  /** Exchange: the partner did not answer within the time limit (detail.timeoutMs). */
  partnerTimeout: e(BODY_CODE.general, 504),
  /** Exchange: the partner's answer is larger than the limit (detail.limit in bytes). */
  partnerResponseTooLarge: e(BODY_CODE.general, 502),
  /** Exchange: the partner refused the call (detail.status, detail.code: its error code). */
  partnerRefused: e(BODY_CODE.general, 502),
  /** Exchange: the partner's answer is not what the specification defines (detail.reason). */
  partnerInvalidResponse: e(BODY_CODE.general, 502),
} as const satisfies Record<string, Entry>;

export type ErrorKey = keyof typeof ERRORS;
export const ERROR_KEYS = Object.keys(ERRORS) as ErrorKey[];

export type ApiErrorBody = {
  code: number;
  message: string;
  detail?: Record<string, unknown>;
};

export function isErrorKey(value: string): value is ErrorKey {
  return Object.hasOwn(ERRORS, value);
}

/** Keys of the seeds' reporting API ("Mapped reporting messages"), translated in the web app too. */
export const REPORTING_MESSAGE_KEYS = [
  'InvalidRequestNoCompany',
  'RequiredInformationMissing',
  'CompanyHasNoSettings',
  'NoActivityConversion',
  'errorInCalculation',
  'invalidUnitTypes',
  'Unit2UnitActivityConversion',
  'ErrorEnumIroCategory',
  'ErrorEnumIroTime',
  'ValueAboveLimitProvided',
  'LimitLessThanThreshold',
] as const;
