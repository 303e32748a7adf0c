import { defineRoutes, idParams, okResponse } from '../http.ts';
import type { Role } from '../platform/roles.ts';
import { importTask } from '../mappings/schemas.ts';
import * as s from './schemas.ts';

const ADMIN: Role[] = ['ROLE_COMPANY_ADMIN'];
const tag = 'api-keys';

export const apiKeysRoutes = defineRoutes({
  apiKeys: {
    method: 'GET',
    path: '/api/api-keys',
    summary: 'API keys of the company (never the keys themselves)',
    tag,
    access: ADMIN,
    write: false,
    response: { 200: s.apiKeyList },
  },
  createApiKey: {
    method: 'POST',
    path: '/api/api-keys',
    summary: 'Create an API key; the key is shown in this answer only',
    tag,
    access: ADMIN,
    write: true,
    body: s.apiKeyBody,
    response: { 201: s.createdApiKey },
  },
  revokeApiKey: {
    method: 'DELETE',
    path: '/api/api-keys/:id',
    summary: 'Revoke an API key',
    tag,
    access: ADMIN,
    write: true,
    params: idParams,
    resources: { id: 'apiKey' },
    response: { 200: okResponse },
  },
  pushToursShipments: {
    method: 'POST',
    path: '/api/imports/tours-shipments',
    summary: 'Push tours and shipments as JSON (API key or session) into the import pipeline',
    tag: 'mappings',
    access: ['ROLE_CFT_USER'],
    write: true,
    apiKey: true,
    body: s.pushBody,
    response: { 201: importTask },
  },
});
