export * as taxonomySchemas from './schemas.ts';
export * as taxonomyCatalogueSchemas from './catalogue.ts';
export {
  TAX_ACTIVITY_PAGE_SIZE,
  TAX_ACTIVITY_STATUSES,
  TAX_AMOUNT_KINDS,
  TAX_FILE_MAX_BYTES,
  TAX_FILE_OWNERS,
  TAX_FILE_PATH_TYPES,
  TAX_FILE_TYPES_ALLOWED,
  TAX_MIN_SAFEGUARD_FLAGS,
  TAX_MATERIALITY_THRESHOLD,
  TAX_MIN_SAFEGUARDS_ALL,
  TAX_NUCLEAR_GAS_ROWS,
  TAX_OBJECTIVES,
  TAX_RULE_SETS,
  TAX_SIMPLIFIED_FROM,
  TAX_SIMPLIFIED_ONLY_FROM,
  TAX_YEAR_MAX,
  TAX_YEAR_MIN,
} from './schemas.ts';
export type {
  TaxActivity,
  TaxActivityBody,
  TaxActivityPatchBody,
  TaxActivityStatus,
  TaxAmountKind,
  TaxAssessment,
  TaxCriterionInput,
  TaxDashboardStats,
  TaxFile,
  TaxFileOwner,
  TaxFinancialYear,
  TaxFinancialYearBody,
  TaxFinancialYearPatchBody,
  TaxObjective,
  TaxOverviewRow,
  TaxRuleSet,
  TaxTag,
} from './schemas.ts';
export type { TaxText } from './catalogue.ts';
export { TAX_CATEGORIES } from './catalogue.ts';
export { TAX_ADMIN_ROLES, TAX_READ_ROLES, TAX_TEXT_ROLES, TAX_WRITE_ROLES, taxonomyRoutes } from './api.ts';
export { taxCatalogueRoutes } from './catalogue.ts';
