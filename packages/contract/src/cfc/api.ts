import { defineRoutes, listOf, answersOk, routeKit } from '../http.ts';
import type { Role } from '../platform/roles.ts';
import { z } from 'zod';
import * as s from './schemas.ts';

// Seed 001 §6: CFC admin, user and read-only; the company admin has every module. Which business
// units and reports a user reaches is the service's check (access rights of the user group).
const READ: Role[] = ['ROLE_COMPANY_ADMIN', 'ROLE_CFC_READ_ONLY'];
const WRITE: Role[] = ['ROLE_COMPANY_ADMIN', 'ROLE_CFC_USER'];
const ADMIN: Role[] = ['ROLE_COMPANY_ADMIN', 'ROLE_CFC_ADMIN'];
const kit = routeKit('cfc', { module: 'cfc', read: READ, write: WRITE });
const admin = routeKit('cfc', { module: 'cfc', read: ADMIN });
const platform = routeKit('cfc', { module: null, read: ['ROLE_SMP_ADMIN'] });

const reports = kit.collection('/api/cfc/reports', 'cfcReport', { item: s.cfcReport });
const units = admin.collection('/api/cfc/business-units', 'cfcBusinessUnit', { item: s.cfcBusinessUnit });
const rights = admin.collection('/api/cfc/access-rights', 'cfcAccessRight', {
  item: s.cfcAccessRight,
  list: s.cfcAccessRightList,
});
const documents = kit.collection('/api/cfc/file', 'cfcDocument').id;
/** A settings change answers the company's settings as they now are. */
const setting = <const P extends string, const B extends z.ZodType>(path: P, summary: string, body: B) =>
  admin.write('POST', path, summary, { body, response: { 200: s.cfcSettingsResult } });

export const cfcRoutes = defineRoutes({
  // ---------- reports ----------
  cfcReports: reports.list('Reports the reader may read, by business unit and year', {
    query: s.cfcReportListQuery,
    resources: { businessUnit: 'cfcBusinessUnit' },
  }),
  cfcCreateReport: reports.create(
    'Create the report of a business unit and year (one per unit and year; needs write on all reports)',
    { body: s.cfcReportBody, resources: { businessUnit: 'cfcBusinessUnit' } },
  ),
  cfcDeleteReport: reports.remove('Delete a report with its entries and documents'),
  cfcReportByUrl: kit.read(
    '/api/cfc/reports/by-url/:buId/:id',
    'The report of a business unit (its urlId) and year, with its sections and counts',
    { params: s.cfcReportByUrlParams, response: { 200: s.cfcReportDetail } },
  ),
  cfcSectionCounts: kit.readList(
    '/api/cfc/reports/:id/section-counts',
    'Entries per section of a report and whether any is incomplete',
    s.cfcSectionCount,
    reports.id,
  ),
  cfcPowerMethod: kit.write(
    'POST',
    '/api/cfc/reports/power-method',
    'Report scope 2 electricity market-based (contract factors) or location-based',
    { body: s.cfcMethodBody, resources: { report: 'cfcReport' }, response: { 200: s.cfcReport } },
  ),
  cfcThermalMethod: kit.write(
    'POST',
    '/api/cfc/reports/thermal-method',
    'Report scope 2 heat, steam and cooling market-based or location-based',
    { body: s.cfcMethodBody, resources: { report: 'cfcReport' }, response: { 200: s.cfcReport } },
  ),

  // ---------- entries and documents ----------
  cfcEntries: kit.read('/api/cfc/entries', 'Entries of a report, of one section or all, with their figures', {
    query: s.cfcEntryQuery,
    resources: { report: 'cfcReport' },
    response: { 200: s.cfcEntryList },
  }),
  cfcSaveEntry: kit.write(
    'POST',
    '/api/cfc/entries',
    'Create an entry (without id) or change one (with id); its emissions are computed from the emission database',
    {
      body: s.cfcEntryBody,
      resources: { id: 'cfcEntry', report: 'cfcReport', activity: 'activity' },
      response: { 200: s.cfcEntry },
    },
  ),
  cfcDeleteEntries: kit.write('DELETE', '/api/cfc/entries/delete', 'Delete entries with their documents', {
    body: s.cfcEntriesDeleteBody,
    resources: { entries: 'cfcEntry' },
    response: { 200: s.cfcDeletedResult },
  }),
  cfcRestateEntry: kit.write(
    'POST',
    '/api/cfc/entries/:id/restate',
    'Accept the restatement of an entry: its figure is computed again with the factors now offered (logged with old and new figure)',
    { params: s.cfcEntryParams, resources: { id: 'cfcEntry' }, response: { 200: s.cfcRestatementResult } },
  ),
  cfcFile: kit.read('/api/cfc/file/:id', 'A document of an entry', { ...documents, file: true }),
  cfcDeleteFile: kit.write('DELETE', '/api/cfc/file/entry/:id', 'Remove a document from its entry', {
    ...documents,
    ...answersOk,
  }),
  cfcUploadFile: kit.write(
    'POST',
    '/api/cfc/files',
    'Attach a document to an entry (multipart: file, entry; PDF, image or office file up to 10 MB)',
    { multipart: true, resources: { entry: 'cfcEntry' }, response: { 201: s.cfcDocument } },
  ),

  // ---------- reference lists ----------
  cfcTreatments: kit.readList(
    '/api/cfc/treatments',
    'Waste treatments, sorted by name in the request language',
    s.cfcTreatment,
  ),
  cfcUnits: kit.readList('/api/cfc/units.json', 'Units with their unit type', s.cfcUnit),
  cfcUnitTypes: kit.readList('/api/cfc/unit-types.json', 'Unit types', s.cfcUnitType),
  cfcSections: kit.readList(
    '/api/cfc/sections.json',
    'Sections of scopes 1 to 3 with help texts, weight, derivative section and availability in the tariff',
    s.cfcSection,
  ),
  cfcHelpTexts: kit.readList(
    '/api/cfc/help-texts.json',
    'Help texts of the sections in German and English',
    s.cfcHelpText,
  ),
  cfcUpdateHelpText: platform.write(
    'PATCH',
    '/api/cfc/update-help-text/:id',
    'Change a section’s help text (platform admin; an empty text restores the built-in one)',
    { params: s.cfcHelpTextParams, body: s.cfcHelpTextBody, response: { 200: s.cfcHelpText } },
  ),
  cfcCategoriesTree: kit.read('/api/cfc/categories/as-tree', 'The sections as a tree by scope', {
    response: { 200: z.array(s.cfcSectionTreeNode) },
  }),

  // ---------- business units ----------
  cfcBusinessUnits: kit.read('/api/cfc/business-units.json', 'Business units the reader may read', {
    response: { 200: s.cfcBusinessUnitList },
  }),
  cfcCreateBusinessUnit: admin.write(
    'POST',
    '/api/cfc/business-units/new',
    'Create a business unit (unique name; at most the CFC tariff’s businessUnitsLimit)',
    { body: s.cfcBusinessUnitBody, response: { 201: s.cfcBusinessUnit } },
  ),
  cfcUpdateBusinessUnit: units.update('Change a business unit', { body: s.cfcBusinessUnitBody.partial() }),
  cfcDeleteBusinessUnit: units.remove('Delete a business unit with its reports (not the last one)'),
  cfcCompanyNames: kit.read(
    '/api/cfc/company-names/find/:text',
    'Company names of the own business units that contain a text',
    { params: s.cfcCompanyNamesParams, response: { 200: listOf(z.string()) } },
  ),

  // ---------- settings ----------
  cfcCompanySettings: kit.read('/api/cfc/company-settings', 'The company’s CFC settings', {
    response: { 200: s.cfcCompanySettings },
  }),
  cfcSetBaseYear: setting(
    '/api/cfc/settings/base-year',
    'Set the base year; reports of earlier years are kept',
    s.cfcBaseYearBody,
  ),
  cfcSetSections: setting(
    '/api/cfc/settings/sections',
    'Select the sections the company reports',
    s.cfcSectionsBody,
  ),
  cfcSaveSettings: setting(
    '/api/cfc/settings/save',
    'Save base year, sections, recalculation threshold and GWP set together',
    s.cfcSettingsSaveBody,
  ),
  cfcBaseYearCheck: kit.read(
    '/api/cfc/base-year/check',
    'The base year against a later year: method and factor changes and structural changes, flagged above the recalculation threshold',
    { query: s.cfcBaseYearCheckQuery, response: { 200: s.cfcBaseYearCheck } },
  ),
  cfcBaseYears: kit.read(
    '/api/cfc/base-years',
    'Earliest base year and latest report year from the CFC bookings',
    { response: { 200: s.cfcBaseYears } },
  ),
  cfcActiveTariffs: kit.readList(
    '/api/cfc/active-tariffs',
    'The running CFC bookings with their limits',
    s.cfcActiveTariff,
  ),

  // ---------- access rights ----------
  cfcAccessRights: rights.list('CFC access rights of the company’s user groups', {
    query: s.cfcAccessRightQuery,
    resources: { group: 'userGroup' },
  }),
  cfcCreateAccessRight: rights.create('Add a CFC access right to a group', {
    body: s.cfcAccessRightBody,
    resources: { group: 'userGroup', businessUnit: 'cfcBusinessUnit', report: 'cfcReport' },
  }),
  cfcReplaceAccessRights: admin.write(
    'POST',
    '/api/cfc/access-rights/:group',
    'Replace the CFC access rights of a group (an empty list removes them)',
    {
      params: s.cfcGroupParams,
      body: s.cfcAccessRightsForGroupBody,
      resources: { group: 'userGroup', rights: 'cfcBusinessUnit' },
      response: { 200: s.cfcAccessRightList },
    },
  ),
  cfcDeleteAccessRights: admin.write(
    'DELETE',
    '/api/cfc/access-rights/:group',
    'Remove every CFC access right of a group',
    { params: s.cfcGroupParams, resources: { group: 'userGroup' }, ...answersOk },
  ),

  // The own account: any CFC reader remembers where they were (seed 001 §4).
  saveLastEditedCfcSection: kit.act(
    'POST',
    '/api/users/:id/save-last-edited-cfc-section',
    'Remember the signed-in user’s last edited CFC section (business unit, year, section)',
    {
      access: READ,
      params: s.saveLastEditedCfcSectionParams,
      body: s.saveLastEditedCfcSectionBody,
      resources: { id: 'user', businessUnit: 'cfcBusinessUnit' },
      response: { 200: s.cfcLastEditedSection },
    },
  ),
});
