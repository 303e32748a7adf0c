import { z } from 'zod';
import { defineRoutes, fileResponse, idParams, okResponse } from '../http.ts';
import type { Role } from '../platform/roles.ts';
import * as s from './schemas.ts';

const READ: Role[] = ['ROLE_CFT_READ_ONLY'];
// Fleet data is kept by the freight users; read-only roles see it (seed 000 §6).
const WRITE: Role[] = ['ROLE_CFT_USER'];

type Entity = 'vehicle' | 'trailer';

function fleetRoutes<E extends Entity>(entity: E) {
  const plural = entity === 'vehicle' ? 'vehicles' : 'trailers';
  const item = entity === 'vehicle' ? s.vehicle : s.trailer;
  const list = entity === 'vehicle' ? s.vehicleList : s.trailerList;
  const body = entity === 'vehicle' ? s.vehicleBody : s.trailerBody;
  const patch = entity === 'vehicle' ? s.vehiclePatchBody : s.trailerPatchBody;
  const saved = entity === 'vehicle' ? s.vehicleSaveResult : s.trailerSaveResult;
  const base = `/api/${plural}`;
  const tag = 'fleet';
  return {
    list: {
      method: 'GET',
      path: base,
      summary: `List ${plural} by status, search and order`,
      tag,
      access: READ,
      write: false,
      query: s.fleetListQuery,
      response: { 200: list },
    },
    get: {
      method: 'GET',
      path: `${base}/:id`,
      summary: `One ${entity}`,
      tag,
      access: READ,
      write: false,
      params: idParams,
      resources: { id: entity },
      response: { 200: item },
    },
    create: {
      method: 'POST',
      path: base,
      summary: `Create a ${entity}`,
      tag,
      access: WRITE,
      write: true,
      body,
      response: { 201: saved },
    },
    update: {
      method: 'PATCH',
      path: `${base}/:id`,
      summary: `Change a ${entity}; one used in calculations is kept and replaced by a new one (result 3)`,
      tag,
      access: WRITE,
      write: true,
      params: idParams,
      resources: { id: entity },
      body: patch,
      response: { 200: saved },
    },
    remove: {
      method: 'DELETE',
      path: `${base}/:id`,
      summary: `Delete a ${entity}`,
      tag,
      access: WRITE,
      write: true,
      params: idParams,
      resources: { id: entity },
      response: { 200: okResponse },
    },
    decommission: {
      method: 'POST',
      path: `${base}/:id/decommission`,
      summary: `Decommission a ${entity}: it stays listed and is ignored in new calculations`,
      tag,
      access: WRITE,
      write: true,
      params: idParams,
      resources: { id: entity },
      response: { 200: item },
    },
    restore: {
      method: 'POST',
      path: `${base}/:id/restore`,
      summary: `Restore a decommissioned ${entity} (fails if an active one has the same licence plate)`,
      tag,
      access: WRITE,
      write: true,
      params: idParams,
      resources: { id: entity },
      response: { 200: item },
    },
    exportList: {
      method: 'GET',
      path: `${base}/export`,
      summary: `The filtered ${entity} list as a spreadsheet`,
      tag,
      access: READ,
      write: false,
      query: s.fleetExportQuery,
      file: true,
      response: { 200: fileResponse },
    },
    template: {
      method: 'GET',
      path: `${base}/import-template`,
      summary: `The import template for ${plural} in a language`,
      tag,
      access: READ,
      write: false,
      query: s.templateQuery,
      file: true,
      response: { 200: fileResponse },
    },
    importFile: {
      method: 'POST',
      path: `${base}/import`,
      summary: `Import ${plural} from an xlsx template or csv file (at most 10 MB); any row error imports nothing`,
      tag,
      access: WRITE,
      write: true,
      multipart: true,
      response: { 200: s.importResult },
    },
  } as const;
}

const v = fleetRoutes('vehicle');
const t = fleetRoutes('trailer');

export const fleetApiRoutes = defineRoutes({
  vehicles: v.list,
  exportVehicles: v.exportList,
  vehicleImportTemplate: v.template,
  importVehicles: v.importFile,
  getVehicle: v.get,
  createVehicle: v.create,
  updateVehicle: v.update,
  deleteVehicle: v.remove,
  decommissionVehicle: v.decommission,
  restoreVehicle: v.restore,
  trailers: t.list,
  exportTrailers: t.exportList,
  trailerImportTemplate: t.template,
  importTrailers: t.importFile,
  getTrailer: t.get,
  createTrailer: t.create,
  updateTrailer: t.update,
  deleteTrailer: t.remove,
  decommissionTrailer: t.decommission,
  restoreTrailer: t.restore,
});

export const importErrorDetail = z.object({ errors: z.array(s.importRowError) });
