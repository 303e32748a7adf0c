import { defineRoutes, fileResponse, routeKit } from '../http.ts';
import * as s from './schemas.ts';

// A run is read by the user who started it (the service checks); the module's own route checked
// the roles when the file came in.
const kit = routeKit('imports', { module: null, read: 'session', write: 'session' });
const runs = kit.collection('/api/import-runs', 'importRun', { item: s.importRun });

export const importRunRoutes = defineRoutes({
  importRun: runs.get('One import run: status, progress, then the result or the row issues'),
  cancelImportRun: kit.act(
    'POST',
    '/api/import-runs/:id/cancel',
    'Cancel a queued or running import: nothing of it is written',
    {
      ...runs.id,
      response: { 200: s.importRun },
    },
  ),
  importRunIssues: kit.read(
    '/api/import-runs/:id/issues',
    'The row issues of an import as a spreadsheet (format xlsx, the default, or csv), in the request language',
    { ...runs.id, query: s.importIssuesQuery, file: true, response: { 200: fileResponse } },
  ),
});
