import { defineRoutes, fileResponse, routeKit } from '../http.ts';
import type { Role } from '../platform/roles.ts';
import * as s from './schemas.ts';

// The company admin reads their company's log, the platform admin every company's (seed 002 §1).
const READ: Role[] = ['ROLE_COMPANY_ADMIN', 'ROLE_SMP_ADMIN'];
const kit = routeKit('logs', { module: null, read: READ });

/** The user action log (seed 002 §7 `/log-useractions`). */
export const logsRoutes = defineRoutes({
  userActionLogs: kit.read('/api/log-useractions', 'User action log, newest first (20 per page)', {
    query: s.userActionLogQuery,
    resources: { companyId: 'company' },
    response: { 200: s.userActionLogList },
  }),
  exportUserActionLogs: kit.read('/api/log-useractions/export', 'The filtered user action log as xlsx', {
    query: s.userActionLogExportQuery,
    resources: { companyId: 'company' },
    file: true,
    response: { 200: fileResponse },
  }),
});
