export * as csrdSchemas from './schemas.ts';
export * from './reference.ts';
export * from './reliefs.ts';
export * from './applicability.ts';
export { E16_STATUSES, type E16Status } from './statements.ts';
export type { CsrdE16, CsrdReliefs, CsrdTaskBody, CsrdTaskPatch } from './statements.ts';
export { CSRD_IMPORT_CODES } from './schemas.ts';
export type {
  CsrdFileInfo,
  CsrdNavigation,
  CsrdReport,
  CsrdReportBody,
  CsrdScope,
  CsrdUnitTypeInfo,
  DisclosureRequirement,
  ExcelImport,
  IndicatorValue,
  IndicatorValueBody,
  IndicatorValuePatch,
  Inventory,
  Iro,
  IroEntry,
  IroEntryBody,
  IroEntryPatch,
  MaScope,
  MaSector,
  MaterialityAnalysis,
  MaterialityAnalysisBody,
  MaterialityAnalysisPatch,
  MatterResult,
  ReportCategory,
  ReportInitial,
  ReportScope,
  ScopeEntry,
  ScopeEntryBody,
  ScopeEntryPatch,
  TopicResult,
  UpdateScopesBody,
} from './schemas.ts';
export { csrdRoutes } from './api.ts';
