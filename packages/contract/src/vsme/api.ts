import { defineRoutes, routeKit } from '../http.ts';
import type { Role } from '../platform/roles.ts';
import { vsmeCatalogue } from './catalogue.ts';
import * as s from './schemas.ts';

// Issue 40: the VSME module's booking and roles (admins and users write, read-only users read),
// under /api/vsme. A CSRD booking includes VSME and each CSRD role the VSME role of its level
// (INCLUDED_MODULES, ROLE_HIERARCHY), so CSRD customers keep the report.
const READ: Role[] = ['ROLE_VSME_READ_ONLY'];
const WRITE: Role[] = ['ROLE_VSME_USER'];
const kit = routeKit('vsme', { module: 'vsme', read: READ, write: WRITE });
const reports = kit.collection('/api/vsme/vsme-reports', 'vsmeReport', {
  item: s.vsmeReport,
  list: s.vsmeReportList,
});

export const vsmeRoutes = defineRoutes({
  vsmeCatalogue: kit.read(
    '/api/vsme/vsme-catalogue',
    'The VSME datapoint model (EFRAG VSME XBRL taxonomy 2026-05-01): disclosures B1-B11 and C1-C9 with their datapoints, member lists and units, labels in the request language',
    { response: { 200: vsmeCatalogue } },
  ),
  vsmeReports: reports.list(
    'VSME reports of the own company, newest year first, with completeness per disclosure',
    {
      query: s.vsmeReportListQuery,
    },
  ),
  getVsmeReport: reports.get(
    'One report with every value (entered, prefilled from the carbon footprint of its year, or overridden) and its completeness',
  ),
  createVsmeReport: reports.create('Create the report of a year (one per year)', { body: s.vsmeReportBody }),
  updateVsmeReport: reports.update(
    'Change option A/B, period, entity identifier and the disclosures marked as not applicable',
    { body: s.vsmeReportPatch },
  ),
  deleteVsmeReport: reports.remove('Delete a report with its values'),
  updateVsmeValues: kit.write(
    'PATCH',
    '/api/vsme/vsme-reports/:id/values',
    'Enter, change or remove values of datapoints; overriding a figure of the carbon footprint needs a reason',
    { ...reports.id, body: s.vsmeValuesBody, response: { 200: s.vsmeReport } },
  ),
  vsmeReportValidation: kit.read(
    '/api/vsme/vsme-reports/:id/validation',
    'Every fact of the report checked against the taxonomy (concept, period type, data type, unit, member) and the entity identifier',
    { ...reports.id, response: { 200: s.vsmeValidation } },
  ),
  vsmeReportIxbrl: kit.read(
    '/api/vsme/vsme-reports/:id/ixbrl',
    'The report as an Inline XBRL 1.1 document (XHTML) tagged against the VSME taxonomy; refused while the validation finds errors',
    { ...reports.id, query: s.vsmeIxbrlQuery, file: true },
  ),
  vsmeReportPackage: kit.read(
    '/api/vsme/vsme-reports/:id/report-package',
    'The Inline XBRL document as an XBRL report package (zip: META-INF/reportPackage.json, reports/)',
    { ...reports.id, query: s.vsmeIxbrlQuery, file: true },
  ),
  exportVsmeReport: kit.read(
    '/api/vsme/vsme-reports/:id/export',
    'The report as PDF or xlsx (base64 with file name), in German or English',
    { ...reports.id, query: s.vsmeExportQuery, response: { 200: s.vsmeFile } },
  ),
});
