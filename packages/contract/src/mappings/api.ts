import { defineRoutes, fileResponse, routeKit } from '../http.ts';
import type { Role } from '../platform/roles.ts';
import * as s from './schemas.ts';

// Read-only freight users see the templates; freight users use them for imports; only freight
// admins create and change them (seed 000 §6 "CFT_ADMIN: users, mappings").
const READ: Role[] = ['ROLE_CFT_READ_ONLY'];
const USE: Role[] = ['ROLE_CFT_USER'];
const MANAGE: Role[] = ['ROLE_CFT_ADMIN'];
const manage = routeKit('mappings', { module: 'cft', read: READ, write: MANAGE });
const use = routeKit('mappings', { module: 'cft', read: READ, write: USE });
const templates = manage.collection('/api/mappings', 'mapping', { item: s.mapping, list: s.mappingList });
const tasks = use.collection('/api/mapping-import-tasks', 'importTask', {
  item: s.importTask,
  list: s.importTaskList,
});

export const mappingsRoutes = defineRoutes({
  mappings: templates.list('Mapping templates by status, category and search', { query: s.mappingListQuery }),
  getMapping: templates.get('One mapping template'),
  createMapping: templates.create('Create a mapping template (all required fields must be mapped)', {
    body: s.mappingBody,
  }),
  updateMapping: templates.update('Rename, remap or toggle a mapping template (status 1 and 3)', {
    body: s.mappingPatchBody,
  }),
  checkRequiredField: use.act(
    'POST',
    '/api/mappings/check-required-field',
    'Checks that every required mapping field is mapped (requiredFieldsMissing otherwise)',
    { body: s.checkRequiredBody, response: { 200: s.checkRequiredResult } },
  ),
  sampleTitles: use.act(
    'POST',
    '/api/mappings/sample-titles',
    'First-row titles of a sample file with suggested mapping fields (at most 20 MB)',
    { multipart: true, response: { 200: s.sampleValidation } },
  ),
  validateMapping: use.act(
    'POST',
    '/api/mappings/:id/validate',
    'Validates a sample file against a mapping: row issues with the codes of seed 000 §5',
    { ...templates.id, multipart: true, response: { 200: s.sampleValidation } },
  ),
  mappingFields: manage.read('/api/mapping-fields', 'Column targets of a mapping, grouped by category', {
    query: s.mappingFieldQuery,
    response: { 200: s.mappingFieldList },
  }),
  mappingFieldCategories: manage.read(
    '/api/mapping-field-categories',
    'Mapping categories (tour, shipment) with their field groups',
    { response: { 200: s.mappingFieldCategoryList } },
  ),
  mappingFormats: manage.read('/api/mapping-formats', 'File formats with their csv options', {
    response: { 200: s.mappingFormatList },
  }),
});

export const importTaskRoutes = defineRoutes({
  uploadImport: tasks.create('Upload a file (field `mappingId`, at most 20 MB) and queue its import', {
    multipart: true,
    resources: { mappingId: 'mapping' },
  }),
  importTasks: tasks.list('Import tasks, 30 per page, newest upload first', {
    apiKey: true,
    query: s.importTaskListQuery,
  }),
  getImportTask: tasks.get('One import task with progress and counts', { apiKey: true }),
  cancelImportTask: use.write(
    'PATCH',
    '/api/mapping-import-tasks/:id/cancel',
    'Cancel a task while it is processing (notInProgress otherwise; notEnoughTimePassed within 1 s of upload)',
    { ...tasks.id, response: { 200: s.importTask } },
  ),
  importErrorReport: use.read(
    '/api/mapping-import-tasks/:id/error-report',
    'The rejected rows of a task as xlsx: row number, column, code, message',
    { apiKey: true, ...tasks.id, file: true, response: { 200: fileResponse } },
  ),
  importTemplate: use.read(
    '/api/mapping-import-template',
    'An import file to fill in (tours or shipments) with a field guide sheet, in the request language (xlsx)',
    { query: s.importTemplateQuery, file: true, response: { 200: fileResponse } },
  ),
  tourCodes: use.read('/api/tour-codes', 'Tour code protocol: tour, code, message, time (15 per page)', {
    apiKey: true,
    query: s.tourCodeListQuery,
    resources: { taskId: 'importTask' },
    response: { 200: s.tourCodeList },
  }),
});
