export * as emissionDbSchemas from './schemas.ts';
export * from './reference.ts';
export { ACTIVITY_PAGE_SIZE, ACTIVITY_SORTINGS, FACTOR_IMPORT_CODES } from './schemas.ts';
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
  ProviderAccess,
  Source,
  SourceBody,
  SourceVersion,
} from './schemas.ts';
export { emissionDbRoutes } from './api.ts';
