import { importRun } from '../imports/schemas.ts';
import { z } from 'zod';
import { defineRoutes, fileResponse, routeKit } from '../http.ts';
import type { Role } from '../platform/roles.ts';
import * as s from './schemas.ts';

const READ: Role[] = ['ROLE_CFT_READ_ONLY'];
// Fleet data is kept by the freight users; read-only roles see it (seed 000 §6).
const WRITE: Role[] = ['ROLE_CFT_USER'];

const kit = routeKit('fleet', { module: 'cft', read: READ, write: WRITE });

type Entity = 'vehicle' | 'trailer';

function fleetRoutes<E extends Entity>(entity: E) {
  const plural = entity === 'vehicle' ? 'vehicles' : 'trailers';
  const item = entity === 'vehicle' ? s.vehicle : s.trailer;
  const list = entity === 'vehicle' ? s.vehicleList : s.trailerList;
  const body = entity === 'vehicle' ? s.vehicleBody : s.trailerBody;
  const patch = entity === 'vehicle' ? s.vehiclePatchBody : s.trailerPatchBody;
  const saved = entity === 'vehicle' ? s.vehicleSaveResult : s.trailerSaveResult;
  const base = `/api/${plural}` as const;
  const fleet = kit.collection(base, entity);
  return {
    list: fleet.list(`List ${plural} by status, search and order`, {
      query: s.fleetListQuery,
      response: { 200: list },
    }),
    get: fleet.get(`One ${entity}`, { response: { 200: item } }),
    create: fleet.create(`Create a ${entity}`, { body, response: { 201: saved } }),
    update: fleet.update(
      `Change a ${entity}; one used in calculations is kept and replaced by a new one (result 3)`,
      { body: patch, response: { 200: saved } },
    ),
    remove: fleet.remove(`Delete a ${entity}`),
    decommission: kit.write(
      'POST',
      `${base}/:id/decommission`,
      `Decommission a ${entity}: it stays listed and is ignored in new calculations`,
      { ...fleet.id, response: { 200: item } },
    ),
    restore: kit.write(
      'POST',
      `${base}/:id/restore`,
      `Restore a decommissioned ${entity} (fails if an active one has the same licence plate)`,
      { ...fleet.id, response: { 200: item } },
    ),
    exportList: kit.read(`${base}/export`, `The filtered ${entity} list as a spreadsheet`, {
      query: s.fleetExportQuery,
      file: true,
      response: { 200: fileResponse },
    }),
    template: kit.read(`${base}/import-template`, `The import template for ${plural} in a language`, {
      query: s.templateQuery,
      file: true,
      response: { 200: fileResponse },
    }),
    importFile: kit.write(
      'POST',
      `${base}/import`,
      `Import ${plural} from an xlsx template or csv file (at most 10 MB) as an import run (202, \`/api/import-runs/:id\`; result \`{ created, updated }\`); any row error imports nothing (importFailed)`,
      { multipart: true, response: { 202: importRun } },
    ),
  };
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
