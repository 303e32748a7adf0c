import { type RouteId, importTaskRoutes, mappingsRoutes } from '@klimadesk/contract';
import { defineModule } from '../../platform/modules.ts';
import { mappingRoutes } from './mappings.routes.ts';
import { importJob, importSweep } from './mappings.import.ts';

/**
 * Mapping templates and the import pipeline (uploads, the JSON push of tours and shipments, import
 * tasks, tour codes). Other modules import only this file.
 */
export const mappingsModule = defineModule({
  name: 'mappings',
  routes: [
    ...(Object.keys(mappingsRoutes) as RouteId[]),
    ...(Object.keys(importTaskRoutes) as RouteId[]),
    'pushToursShipments',
    'pushBulk',
    'bulkJob',
  ],
  mount: mappingRoutes,
  jobs: [importJob],
  sweeps: [importSweep],
});

// The demo seed pushes its tours through the pipeline like any client.
export { pushImport } from './tasks.service.ts';
