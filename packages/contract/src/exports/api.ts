import { defineRoutes, routeKit } from '../http.ts';
import type { Role } from '../platform/roles.ts';
import * as s from './schemas.ts';

const READ: Role[] = ['ROLE_CFT_READ_ONLY'];
const kit = routeKit('exports', { module: 'cft', read: READ });
const jobs = kit.collection('/api/export-jobs', 'exportJob', { item: s.exportJob, list: s.exportJobList });

export const exportsRoutes = defineRoutes({
  exportJobs: jobs.list("The company's export jobs, newest first, with progress and download", {
    query: s.exportJobListQuery,
  }),
  exportJobProgress: kit.read(
    '/api/export-jobs/progress',
    'Status and progress of the given export jobs (ids=comma-separated)',
    { query: s.exportProgressQuery, resources: { ids: 'exportJob' }, response: { 200: s.exportProgress } },
  ),
  getExportJob: jobs.get('One export job'),
  downloadExportJob: kit.read(
    '/api/export-jobs/:id/download',
    'The finished export file (xlsx, streamed); exportExpired after 7 days',
    { ...jobs.id, file: true },
  ),
});
