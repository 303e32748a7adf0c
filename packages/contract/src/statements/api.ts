import { defineRoutes } from '../http.ts';
import type { Role } from '../platform/roles.ts';
import * as s from './schemas.ts';

const READ: Role[] = ['ROLE_CFT_READ_ONLY'];
const tag = 'statements';

export const statementsRoutes = defineRoutes({
  shipperStatement: {
    method: 'GET',
    path: '/api/shipper-statements',
    summary: "A shipper's emission statement for a period (ISO 14083 / GLEC v3.1) as data",
    tag,
    access: READ,
    write: false,
    query: s.statementQuery,
    response: { 200: s.shipperStatement },
  },
  shipperStatementFile: {
    method: 'GET',
    path: '/api/shipper-statements/file',
    summary: 'The same statement as a PDF or xlsx document in German or English',
    tag,
    access: READ,
    write: false,
    query: s.statementFileQuery,
    file: true,
  },
});
