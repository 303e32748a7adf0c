export * from './catalogue.ts';
export * as vsmeSchemas from './schemas.ts';
export { VSME_PROBLEMS, VSME_REPORT_PROBLEMS } from './schemas.ts';
export type {
  VsmeCheck,
  VsmeCompleteness,
  VsmeEnergyEntry,
  VsmeFact,
  VsmeFootprintNote,
  VsmeReport,
  VsmeReportBody,
  VsmeReportListItem,
  VsmeReportPatch,
  VsmeSource,
  VsmeValidation,
  VsmeValue,
  VsmeValueInput,
  VsmeValuesBody,
} from './schemas.ts';
export { vsmeRoutes } from './api.ts';
