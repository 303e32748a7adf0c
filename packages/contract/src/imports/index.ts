export * as importSchemas from './schemas.ts';
export { IMPORT_ISSUES_MAX, IMPORT_KINDS, IMPORT_RUN_STATUSES } from './schemas.ts';
export type { ImportIssue, ImportKind, ImportRun, ImportRunStatus } from './schemas.ts';
export { importRunRoutes } from './api.ts';
