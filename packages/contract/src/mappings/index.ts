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
  PLAUSIBILITY_CODES,
  QUANTITY_FIELDS,
  QUANTITY_UNITS,
  REQUIRED_FIELDS,
  TOUR_CODE_PAGE_SIZE,
  inferQuantityUnit,
} from './schemas.ts';
export { ROW_CODE_TEXTS, rowCodeDetail, rowCodeTexts } from './row-codes.ts';
export type {
  FormatOptions,
  ImportRowCode,
  ImportTask,
  ImportTaskStatus,
  Mapping,
  MappingCategory,
  MappingFormat,
  QuantityUnit,
  RowIssue,
} from './schemas.ts';
export { importTaskRoutes, mappingsRoutes } from './api.ts';
