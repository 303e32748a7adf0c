import { defineRoutes, idParams } from '../http.ts';
import type { Role } from '../platform/roles.ts';
import * as s from './schemas.ts';

const READ: Role[] = ['ROLE_CFT_READ_ONLY'];
const tag = 'exports';

export const exportsRoutes = defineRoutes({
  exportJobs: {
    method: 'GET',
    path: '/api/export-jobs',
    summary: "The company's export jobs, newest first, with progress and download",
    tag,
    access: READ,
    write: false,
    query: s.exportJobListQuery,
    response: { 200: s.exportJobList },
  },
  exportJobProgress: {
    method: 'GET',
    path: '/api/export-jobs/progress',
    summary: 'Status and progress of the given export jobs (ids=comma-separated)',
    tag,
    access: READ,
    write: false,
    query: s.exportProgressQuery,
    resources: { ids: 'exportJob' },
    response: { 200: s.exportProgress },
  },
  getExportJob: {
    method: 'GET',
    path: '/api/export-jobs/:id',
    summary: 'One export job',
    tag,
    access: READ,
    write: false,
    params: idParams,
    resources: { id: 'exportJob' },
    response: { 200: s.exportJob },
  },
  downloadExportJob: {
    method: 'GET',
    path: '/api/export-jobs/:id/download',
    summary: 'The finished export file (xlsx, streamed); exportExpired after 7 days',
    tag,
    access: READ,
    write: false,
    params: idParams,
    resources: { id: 'exportJob' },
    file: true,
  },
});
