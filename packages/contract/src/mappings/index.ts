export * as mappingSchemas from './schemas.ts';
export {
  IMPORT_ROW_CODES,
  IMPORT_TASK_PAGE_SIZE,
  IMPORT_TASK_STATUSES,
  MAPPING_CATEGORIES,
  MAPPING_FIELDS,
  MAPPING_FORMATS,
  MAPPING_STATUS,
  MAPPING_VALIDATION_CODES,
  REQUIRED_FIELDS,
  TOUR_CODE_PAGE_SIZE,
} from './schemas.ts';
export type {
  FormatOptions,
  ImportRowCode,
  ImportTask,
  ImportTaskStatus,
  Mapping,
  MappingCategory,
  MappingFormat,
  RowIssue,
} from './schemas.ts';
export { importTaskRoutes, mappingsRoutes } from './api.ts';
