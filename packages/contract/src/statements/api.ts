import { defineRoutes, routeKit } from '../http.ts';
import type { Role } from '../platform/roles.ts';
import * as s from './schemas.ts';

const READ: Role[] = ['ROLE_CFT_READ_ONLY'];
const kit = routeKit('statements', { module: 'cft', read: READ });

export const statementsRoutes = defineRoutes({
  shipperStatement: kit.read(
    '/api/shipper-statements',
    "A shipper's emission statement for a period (ISO 14083 / GLEC v3.1) as data",
    { query: s.statementQuery, response: { 200: s.shipperStatement } },
  ),
  shipperStatementFile: kit.read(
    '/api/shipper-statements/file',
    'The same statement as a PDF or xlsx document in German or English',
    { query: s.statementFileQuery, file: true },
  ),
});
