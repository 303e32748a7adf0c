export * as emissionDbSchemas from './schemas.ts';
export * from './reference.ts';
export {
  ACTIVITY_PAGE_SIZE,
  ACTIVITY_SORTINGS,
  FACTOR_IMPORT_CODES,
  FACTOR_WITHDRAWN_REASONS,
  GWP_SETS,
} from './schemas.ts';
export type {
  Activity,
  ActivityBody,
  ActivityDetail,
  ActivitySearchQuery,
  ActivityUpdateBody,
  EmissionProvider,
  Factor,
  FactorBody,
  FactorImportCode,
  FactorInput,
  GwpSet,
  ProviderAccess,
  Source,
  SourceBody,
  SourceVersion,
} from './schemas.ts';
export { emissionDbRoutes } from './api.ts';
