export * as exportsSchemas from './schemas.ts';
export { EXPORT_FILE_DAYS, EXPORT_JOB_PAGE_SIZE, EXPORT_JOB_STATUS, EXPORT_KINDS } from './schemas.ts';
export type { ExportJob, ExportKind } from './schemas.ts';
export { exportsRoutes } from './api.ts';
