import { z } from 'zod';
import { defineRoutes, routeKit } from '../http.ts';
import type { Role } from '../platform/roles.ts';
import { idParams, paginationQuery } from '../http.ts';
import * as s from './schemas.ts';
import * as c from './connections.ts';

const ADMIN: Role[] = ['ROLE_COMPANY_ADMIN'];
const clients = routeKit('exchange', { module: null, read: ADMIN }).collection(
  '/api/exchange-clients',
  'exchangeClient',
);

const connections = routeKit('exchange', { module: null, read: ADMIN }).collection(
  '/api/exchange-connections',
  'exchangeConnection',
  { item: c.exchangeConnection, list: c.exchangeConnectionList },
);
// Fetching imports tours or stores footprints: freight data, so the freight booking and its admin role.
const fetching = routeKit('exchange', { module: 'cft', read: ['ROLE_CFT_ADMIN'] });
const partner = routeKit('exchange', { module: 'cft', read: ['ROLE_CFT_READ_ONLY'] });
const partnerWrite = routeKit('exchange', {
  module: 'cft',
  read: ['ROLE_CFT_READ_ONLY'],
  write: ['ROLE_CFT_ADMIN'],
});

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
  exchangeClientFetches: routeKit('exchange', { module: null, read: ADMIN }).read(
    '/api/exchange-clients/:id/fetches',
    'The footprints an exchange client fetched, last fetched first',
    {
      params: idParams,
      resources: { id: 'exchangeClient' },
      query: z.object(paginationQuery),
      response: { 200: s.exchangeFetchList },
    },
  ),
  exchangeConnections: connections.list('Partner connections of the company (never their secrets)'),
  createExchangeConnection: connections.create(
    'Create a partner connection; its base URL is used only after an admin confirmed it',
    { body: c.exchangeConnectionBody, resources: { eventsClientId: 'exchangeClient' } },
  ),
  updateExchangeConnection: connections.update(
    'Change which exchange client the partner sends its events with, and whether it hears of updates',
    { body: c.exchangeConnectionPatch, resources: { eventsClientId: 'exchangeClient' } },
  ),
  confirmExchangeConnection: routeKit('exchange', { module: null, read: ADMIN }).write(
    'POST',
    '/api/exchange-connections/:id/confirm',
    'Confirm the base URL of a partner connection (the admin repeats it)',
    { ...connections.id, body: c.confirmConnectionBody, response: { 200: c.exchangeConnection } },
  ),
  testExchangeConnection: routeKit('exchange', { module: null, read: ADMIN }).act(
    'POST',
    '/api/exchange-connections/:id/test',
    'Test a partner connection: token and one footprint page',
    { ...connections.id, response: { 200: c.connectionTest } },
  ),
  fetchExchangeTad: fetching.write(
    'POST',
    '/api/exchange-connections/:id/tad',
    "Fetch the partner's iLEAP transport activity data and import it as tours and shipments",
    { ...connections.id, response: { 200: c.tadFetchResult } },
  ),
  fetchExchangeFootprints: fetching.write(
    'POST',
    '/api/exchange-connections/:id/footprints',
    "Fetch the partner's ShipmentFootprints (primary data of subcontracted shipments)",
    { ...connections.id, response: { 200: c.footprintFetchResult } },
  ),
  removeExchangeConnection: connections.remove('Delete a partner connection'),
  partnerFootprints: partner.read(
    '/api/exchange-partner-footprints',
    'ShipmentFootprints fetched from partners, newest first',
    { query: z.object(paginationQuery), response: { 200: c.partnerFootprintList } },
  ),
  applyPartnerFootprint: partnerWrite.write(
    'POST',
    '/api/exchange-partner-footprints/:id/apply',
    "Use a partner's footprint (primary data) for one leg of the own shipment instead of the default figure, or stop",
    {
      params: idParams,
      resources: { id: 'partnerFootprint', tourId: 'tour' },
      body: c.applyPartnerFootprintBody,
      response: { 200: c.partnerFootprint },
    },
  ),
});
