import { defineRoutes, routeKit } from '../http.ts';
import type { Role } from '../platform/roles.ts';
import * as s from './schemas.ts';

const ADMIN: Role[] = ['ROLE_COMPANY_ADMIN'];
const clients = routeKit('exchange', { module: null, read: ADMIN }).collection(
  '/api/exchange-clients',
  'exchangeClient',
);

/** Credentials of the PACT / iLEAP exchange; the exchange itself answers under `/pact`, outside this table. */
export const exchangeRoutes = defineRoutes({
  exchangeClients: clients.list('Exchange clients of the company (never their secrets)', {
    response: { 200: s.exchangeClientList },
  }),
  createExchangeClient: clients.create(
    'Create an exchange client for PACT / iLEAP; the secret is shown in this answer only',
    { body: s.exchangeClientBody, response: { 201: s.createdExchangeClient } },
  ),
  revokeExchangeClient: clients.remove('Revoke an exchange client and its access tokens'),
});
