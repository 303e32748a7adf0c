import { defineRoutes, idParams } from '../http.ts';
import type { Role } from '../platform/roles.ts';
import { exportJob } from '../exports/schemas.ts';
import * as s from './schemas.ts';

// Lists are for freight read-only users and up; external read-only users see only the carrier
// dashboard (seed 000 §6), so the lists are not theirs.
const READ: Role[] = ['ROLE_CFT_READ_ONLY'];
const tag = 'tours';

export const toursRoutes = defineRoutes({
  tours: {
    method: 'GET',
    path: '/api/tours',
    summary:
      'Tours with emissions; filters: text, tags, shippers, departure date range; default order departureDate desc',
    tag,
    access: READ,
    write: false,
    apiKey: true,
    query: s.tourListQuery,
    response: { 200: s.tourList },
  },
  getTour: {
    method: 'GET',
    path: '/api/tours/:id',
    summary: 'One tour with its shipments and calculation sheet',
    tag,
    access: READ,
    write: false,
    apiKey: true,
    params: idParams,
    resources: { id: 'tour' },
    response: { 200: s.tourDetail },
  },
  exportTours: {
    method: 'GET',
    path: '/api/tours/export',
    summary:
      'Start an export job for the filtered tours (emptyExport when nothing matches; not in the trial edition)',
    tag,
    access: READ,
    write: false,
    query: s.emissionFilterQuery,
    response: { 202: exportJob },
  },
  shipments: {
    method: 'GET',
    path: '/api/shipments',
    summary: 'Shipments with emissions; same filters as tours; default order departureDate desc',
    tag,
    access: READ,
    write: false,
    apiKey: true,
    query: s.shipmentListQuery,
    response: { 200: s.shipmentList },
  },
  getShipment: {
    method: 'GET',
    path: '/api/shipments/:id',
    summary: 'One shipment with its legs (tours), allocation and calculation sheet',
    tag,
    access: READ,
    write: false,
    apiKey: true,
    params: idParams,
    resources: { id: 'shipment' },
    response: { 200: s.shipmentDetail },
  },
  exportShipments: {
    method: 'GET',
    path: '/api/shipments/export',
    summary:
      'Start an export job for the filtered shipments (emptyExport when nothing matches; not in the trial edition)',
    tag,
    access: READ,
    write: false,
    query: s.emissionFilterQuery,
    response: { 202: exportJob },
  },
  sessionConfig: {
    method: 'GET',
    path: '/api/session-config',
    summary: "The session's remembered tour and shipment date ranges",
    tag,
    access: 'session',
    write: false,
    response: { 200: s.sessionConfig },
  },
  updateSessionConfig: {
    method: 'PATCH',
    path: '/api/session-config',
    summary: 'Remember tour or shipment date ranges for this session',
    tag,
    access: 'session',
    write: false,
    body: s.sessionConfigPatch,
    response: { 200: s.sessionConfig },
  },
});
