import { defineRoutes, routeKit } from '../http.ts';
import type { Role } from '../platform/roles.ts';
import { exportJob } from '../exports/schemas.ts';
import * as s from './schemas.ts';

// Lists are for freight read-only users and up; external read-only users see only the carrier
// dashboard (seed 000 §6), so the lists are not theirs.
const READ: Role[] = ['ROLE_CFT_READ_ONLY'];
const kit = routeKit('tours', { module: 'cft', read: READ });
const tours = kit.collection('/api/tours', 'tour', { item: s.tourDetail, list: s.tourList });
const shipments = kit.collection('/api/shipments', 'shipment', {
  item: s.shipmentDetail,
  list: s.shipmentList,
});
// An export runs as a job: the answer is the job, its file comes later (exports module).
const exportJobStarted = { query: s.emissionFilterQuery, response: { 202: exportJob } };

export const toursRoutes = defineRoutes({
  tours: tours.list(
    'Tours with emissions; filters: text, tags, shippers, departure date range; default order departureDate desc',
    { apiKey: true, query: s.tourListQuery },
  ),
  getTour: tours.get('One tour with its shipments and calculation sheet', { apiKey: true }),
  exportTours: kit.read(
    '/api/tours/export',
    'Start an export job for the filtered tours (emptyExport when nothing matches; not in the trial edition)',
    exportJobStarted,
  ),
  shipments: shipments.list(
    'Shipments with emissions; same filters as tours; default order departureDate desc',
    { apiKey: true, query: s.shipmentListQuery },
  ),
  getShipment: shipments.get('One shipment with its legs (tours), allocation and calculation sheet', {
    apiKey: true,
  }),
  exportShipments: kit.read(
    '/api/shipments/export',
    'Start an export job for the filtered shipments (emptyExport when nothing matches; not in the trial edition)',
    exportJobStarted,
  ),
  sessionConfig: kit.read('/api/session-config', "The session's remembered tour and shipment date ranges", {
    access: 'session',
    response: { 200: s.sessionConfig },
  }),
  updateSessionConfig: kit.act(
    'PATCH',
    '/api/session-config',
    'Remember tour or shipment date ranges for this session',
    { access: 'session', body: s.sessionConfigPatch, response: { 200: s.sessionConfig } },
  ),
});
