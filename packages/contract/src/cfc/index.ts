export * as cfcSchemas from './schemas.ts';
export * from './sections.ts';
export {
  CFC_DOCUMENT_MAX_BYTES,
  CFC_DOCUMENT_TYPES,
  CFC_ENTRY_CODES,
  CFC_MARKET_BASES,
  CFC_RESTATEMENT_REASONS,
  CFC_RIGHTS,
  CFC_YEAR_MAX,
  CFC_YEAR_MIN,
  DATA_QUALITIES,
  FLIGHT_TYPES,
  TRAVEL_CLASSES,
} from './schemas.ts';
export type {
  CfcAccessRight,
  CfcBaseYearCheck,
  CfcBusinessUnit,
  CfcBusinessUnitBody,
  CfcCompanySettings,
  CfcDocument,
  CfcEntry,
  CfcEntryBody,
  CfcEntryCode,
  CfcEntryData,
  CfcHelpText,
  CfcLastEditedSection,
  CfcMarketBasis,
  CfcReport,
  CfcReportDetail,
  CfcRestatementReason,
  CfcSection,
  CfcSectionCount,
  CfcSectionTreeNode,
} from './schemas.ts';
export { cfcRoutes } from './api.ts';
export * as cfcResultsSchemas from './results.ts';
export { CFC_FREIGHT_KINDS, CFC_IMPORT_CODES, CFC_IMPORT_MAX_ROWS, cfcResultsRoutes } from './results.ts';
export type {
  CfcFreightKind,
  CfcFreightSuggestion,
  CfcFreightSuggestions,
  CfcImportCode,
  CfcImportIssue,
  CfcImportResult,
  CfcReportResults,
  CfcResultRow,
} from './results.ts';
