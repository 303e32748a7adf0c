import { defineRoutes, idParams, routeKit } from '../http.ts';
import type { Role } from '../platform/roles.ts';
import { importTask } from '../mappings/schemas.ts';
import * as s from './schemas.ts';

const ADMIN: Role[] = ['ROLE_COMPANY_ADMIN'];
const keys = routeKit('api-keys', { module: null, read: ADMIN }).collection('/api/api-keys', 'apiKey');
const imports = routeKit('mappings', {
  module: 'cft',
  read: ['ROLE_CFT_READ_ONLY'],
  write: ['ROLE_CFT_USER'],
});

export const apiKeysRoutes = defineRoutes({
  apiKeys: keys.list('API keys of the company (never the keys themselves)', {
    response: { 200: s.apiKeyList },
  }),
  createApiKey: keys.create('Create an API key; the key is shown in this answer only', {
    body: s.apiKeyBody,
    response: { 201: s.createdApiKey },
  }),
  revokeApiKey: keys.remove('Revoke an API key'),
  pushToursShipments: imports.write(
    'POST',
    '/api/imports/tours-shipments',
    'Push tours and shipments as JSON (API key or session) into the import pipeline',
    { apiKey: true, body: s.pushBody, response: { 201: importTask } },
  ),
  pushBulk: imports.write(
    'POST',
    '/api/imports/bulk',
    'Push up to 10,000 shipments (or tours with shipments) in one call (API key or session); answered 202 with the job to poll',
    { apiKey: true, body: s.bulkPushBody, response: { 202: s.bulkJob } },
  ),
  bulkJob: imports.read(
    '/api/imports/bulk/:id',
    'A bulk push job: progress, counts and, once done, the row issues',
    { apiKey: true, params: idParams, resources: { id: 'importTask' }, response: { 200: s.bulkJob } },
  ),
});
