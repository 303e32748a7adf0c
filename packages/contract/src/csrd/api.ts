import { importRun } from '../imports/schemas.ts';
import { defineRoutes, answersOk, routeKit } from '../http.ts';
import type { Role } from '../platform/roles.ts';
import { task } from '../tasks/schemas.ts';
import * as s from './schemas.ts';

// Seed 001 §6: CSRD admins and users write, read-only users only read (the hierarchy expands
// admin → user → read-only). Paths follow seed 001 §7 "CSRD API" under /api/csrd.
const READ: Role[] = ['ROLE_CSRD_READ_ONLY'];
const WRITE: Role[] = ['ROLE_CSRD_USER'];
const kit = routeKit('csrd', { module: 'csrd', read: READ, write: WRITE });
const analyses = kit.collection('/api/csrd/ma-materiality-analyses', 'materialityAnalysis', {
  item: s.materialityAnalysis,
});
const entries = kit.collection('/api/csrd/ma-iro-entries', 'iroEntry', { item: s.iroEntry });
const reports = kit.collection('/api/csrd/csrd-reports', 'csrdReport', { item: s.csrdReport });
const scopeEntries = kit.collection('/api/csrd/csrd-scope-entries', 'csrdScopeEntry', { item: s.scopeEntry });
const values = kit.collection('/api/csrd/csrd-indicator-values', 'csrdIndicatorValue', {
  item: s.indicatorValue,
});
const report = { report: 'csrdReport' } as const;
const tasks = kit.collection('/api/csrd/tasks', 'task', { item: task });
const people = { assignee: 'user', responsible: 'user' } as const;
/** The parts of a route on one file of an indicator value. */
const file = { params: s.fileParams, resources: { id: 'csrdFile' } } as const;

export const csrdRoutes = defineRoutes({
  // ---------- static data ----------
  csrdScopes: kit.readList(
    '/api/csrd/csrd-scopes',
    'ESRS standards as report scopes with their disclosure requirements',
    s.csrdScope,
  ),
  maSectors: kit.readList(
    '/api/csrd/ma-sectors',
    'NACE Rev. 2 sections, the sectors of a materiality analysis',
    s.maSector,
  ),
  maScopes: kit.readList(
    '/api/csrd/ma-scopes',
    'ESRS topics a materiality analysis rates, with their AR 16 matter counts',
    s.maScope,
  ),
  csrdUnitTypes: kit.readList(
    '/api/csrd/csrd-unit-types',
    'Unit types of indicator values with their units and base unit',
    s.csrdUnitType,
  ),
  maScopesNavigation: kit.read(
    '/api/csrd/ma-scopes/navigation',
    'Topics of a category of an analysis with entry counts and whether each is material, and the neighbouring categories',
    {
      query: s.maNavigationQuery,
      resources: { materialityAnalysis: 'materialityAnalysis' },
      response: { 200: s.navigation },
    },
  ),

  // ---------- materiality analyses ----------
  materialityAnalyses: analyses.list(
    'Materiality analyses of the own company, newest first, with their topic results',
    { query: s.materialityAnalysisListQuery },
  ),
  createMaterialityAnalysis: analyses.create(
    'Create an analysis (scale 3, 4, 5 or 10; upper limit and threshold within it)',
    { body: s.materialityAnalysisBody },
  ),
  getMaterialityAnalysis: analyses.get('One analysis with its topic results'),
  updateMaterialityAnalysis: analyses.update(
    'Change an analysis (merge patch); deletedAt marks it for deletion (restorable for 24 hours) or null restores it',
    { body: s.materialityAnalysisPatch },
  ),
  exportMaterialityAnalysis: kit.read(
    '/api/csrd/ma-materiality-analyses/:id/export',
    'The analysis as xlsx: settings, every IRO entry with its score, and the matrix data per topic',
    { ...analyses.id, response: { 200: s.csrdFile } },
  ),
  materialityInventory: kit.read(
    '/api/csrd/ma-materiality-analyses/:id/inventory',
    'The IRO inventory of an analysis: AR 16 matters of its scopes and its custom IROs, each with its entries',
    { ...analyses.id, response: { 200: s.inventory } },
  ),
  maIros: kit.readList(
    '/api/csrd/ma-iros',
    'AR 16 sustainability matters for sectors, plus an analysis’s custom IROs',
    s.iro,
    {
      query: s.iroQuery,
      resources: { materialityAnalysis: 'materialityAnalysis' },
    },
  ),
  iroEntries: entries.list('IRO entries of an analysis, with their scores', {
    query: s.iroEntryQuery,
    resources: { materialityAnalysis: 'materialityAnalysis' },
  }),
  createIroEntry: entries.create('Rate an AR 16 matter or a new custom IRO in one category', {
    body: s.iroEntryBody,
    resources: { materialityAnalysis: 'materialityAnalysis' },
  }),
  updateIroEntry: entries.update('Change an IRO entry (merge patch)', { body: s.iroEntryPatch }),
  deleteIroEntry: entries.remove('Delete an IRO entry (and its custom IRO when no other entry uses it)'),

  // ---------- reports ----------
  csrdReports: reports.list('CSRD reports of the own company, newest year first', {
    query: s.csrdReportListQuery,
  }),
  getCsrdReport: reports.get('One report'),
  csrdReportExcelTemplate: kit.read(
    '/api/csrd/csrd-reports/:id/get-excel-reports',
    'The indicator template of a report as xlsx: one sheet per selected standard, one row per disclosure requirement',
    { ...reports.id, response: { 200: s.csrdFile } },
  ),
  csrdReportScopes: kit.readList(
    '/api/csrd/csrd-reports/:id/scopes',
    'The selected topics of a report with status and progress',
    s.reportScope,
    {
      ...reports.id,
    },
  ),
  createCsrdReport: reports.create(
    'Create the report of a year (one per year); with maId the analysis’s material topics become mandatory',
    { body: s.csrdReportBody, resources: { maId: 'materialityAnalysis' } },
  ),
  updateCsrdReportScopes: kit.write(
    'PATCH',
    '/api/csrd/csrd-reports/:id/update-scopes',
    'Change the selected topics (mandatory ones stay) and the status per topic',
    { ...reports.id, body: s.updateScopesBody, response: { 200: s.csrdReport } },
  ),
  csrdReportInitial: kit.read(
    '/api/csrd/csrd-report-initial',
    'The categories a report starts with from an analysis: ESRS 2 and the material topics, mandatory',
    {
      query: s.reportInitialQuery,
      resources: { maId: 'materialityAnalysis' },
      response: { 200: s.reportInitial },
    },
  ),
  updateCsrdReport: reports.update(
    'Mark a report for deletion (deletedAt: restorable for 24 hours) or restore it (null)',
    { body: s.csrdReportPatch },
  ),
  csrdReportNavigation: kit.read(
    '/api/csrd/csrd-reports/:id/navigation',
    'Selected topics of a category of a report with status and value counts, and the neighbouring categories',
    { ...reports.id, query: s.navigationQuery, response: { 200: s.navigation } },
  ),
  exportCsrdReport: kit.read(
    '/api/csrd/csrd-reports/:id/export',
    'The report as PDF (base64 with file name) by standard and disclosure requirement, with materiality results and E1 figures',
    { ...reports.id, response: { 200: s.csrdFile } },
  ),
  csrdReportCfcFigures: kit.read(
    '/api/csrd/csrd-reports/:id/cfc-figures',
    'Gross GHG emissions of the report year from the carbon footprint (all business units), for E1-6',
    { ...reports.id, response: { 200: s.csrdCfcFigures } },
  ),
  csrdReportE16: kit.read(
    '/api/csrd/csrd-reports/:id/e1-6',
    'E1-6 from the carbon footprint of the report year (scopes, scope 3 categories, totals both ways, biogenic CO2, intensity) reconciled with an entered value',
    { ...reports.id, response: { 200: s.csrdE16 } },
  ),
  csrdReportIxbrl: kit.read(
    '/api/csrd/csrd-reports/:id/ixbrl',
    'The ESRS E1 climate figures of a report (E1-6 with scope 3 per category, E1-5 energy, the E1 texts as blocks) as an Inline XBRL 1.1 document (XHTML) tagged against the ESRS Set 1 taxonomy; refused while a fact fails the check',
    { ...reports.id, file: true },
  ),
  csrdReportReliefs: kit.read(
    '/api/csrd/csrd-reports/:id/reliefs',
    'The company’s CSRD wave, the ESRS set of the report and the disclosure requirements phased in for its year and size',
    { ...reports.id, response: { 200: s.csrdReliefs } },
  ),
  importCsrdReport: kit.write(
    'POST',
    '/api/csrd/csrd-reports/import',
    'Import into a report (form field report): a filled report template (file) or an analysis (materialityAnalysis), as an import run (202, `/api/import-runs/:id`; result `{ report, import }`)',
    {
      multipart: true,
      resources: { report: 'csrdReport', materialityAnalysis: 'materialityAnalysis' },
      response: { 202: importRun },
    },
  ),

  // ---------- indicator imports ----------
  csrdExcelImports: kit.read(
    '/api/csrd/csrd-excel-imports',
    'Indicator imports, newest first (10 per page)',
    {
      query: s.excelImportQuery,
      resources: report,
      response: { 200: s.excelImportList },
    },
  ),
  uploadCsrdIndicators: kit.write(
    'POST',
    '/api/csrd/csrd-excel-imports/:id/upload-indicators',
    'Upload the filled indicator template of a report (id) as an import run (202, `/api/import-runs/:id`; result: the indicator import with added, updated and invalid rows per sheet); a file not matching the template writes nothing',
    {
      params: s.fileParams,
      resources: { id: 'csrdReport' },
      multipart: true,
      response: { 202: importRun },
    },
  ),

  // ---------- scope entries, indicator values, files ----------
  csrdScopeEntries: scopeEntries.list('Scope entries of a report with their indicator values', {
    query: s.scopeEntryQuery,
    resources: report,
  }),
  createCsrdScopeEntry: scopeEntries.create('Start the work on a topic of a report (one entry per topic)', {
    body: s.scopeEntryBody,
    resources: { report: 'csrdReport', responsibleUser: 'user' },
  }),
  updateCsrdScopeEntry: scopeEntries.update(
    'Change deadline, note, responsible user or status (merge patch)',
    {
      body: s.scopeEntryPatch,
      resources: { responsibleUser: 'user' },
    },
  ),
  csrdIndicatorValues: values.list('Indicator values of a report, a scope entry or a topic', {
    query: s.indicatorValueQuery,
    resources: { report: 'csrdReport', scopeEntry: 'csrdScopeEntry' },
  }),
  createCsrdIndicatorValue: values.create(
    'Enter the value of a disclosure requirement (numeric with unit, text, table)',
    {
      body: s.indicatorValueBody,
      resources: { scopeEntry: 'csrdScopeEntry' },
    },
  ),
  updateCsrdIndicatorValue: values.update('Change an indicator value (merge patch)', {
    body: s.indicatorValuePatch,
  }),
  uploadCsrdFile: kit.write(
    'POST',
    '/api/csrd/files',
    'Attach a file (at most 10 MB) to an indicator value (form fields file, id, type=indicator-value, note)',
    { multipart: true, resources: { id: 'csrdIndicatorValue' }, response: { 201: s.csrdFileInfo } },
  ),
  deleteCsrdFile: kit.write(
    'DELETE',
    '/api/csrd/file/indicator-value/:id',
    'Delete a file of an indicator value',
    { ...file, ...answersOk },
  ),
  // ---------- tasks of report topics (seed 001 §7) ----------
  csrdTasks: tasks.list('Tasks of a report, of one topic with scope (10 per page, by deadline)', {
    query: s.csrdTaskQuery,
    resources: report,
  }),
  createCsrdTask: tasks.create('Create a task on a topic of a report', {
    body: s.csrdTaskBody,
    // The link's report is an id of the company's (csrdScopeTask.report).
    resources: { ...people, csrdScopeTask: 'csrdReport' },
  }),
  updateCsrdTask: tasks.update('Change a task of a report topic (merge patch)', {
    body: s.csrdTaskPatch,
    resources: people,
  }),
  deleteCsrdTask: tasks.remove('Delete a task of a report topic'),
  getCsrdFile: kit.read('/api/csrd/file/:id', 'A file of an indicator value (the stored bytes)', {
    ...file,
    file: true,
  }),
});
