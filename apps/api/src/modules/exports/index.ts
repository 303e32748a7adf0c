import { type RouteId, exportsRoutes } from '@klimadesk/contract';
import { defineModule } from '../../platform/modules.ts';
import { exportRoutes } from './exports.routes.ts';
import { exportJob, exportSweepJob } from './exports.job.ts';

/** Export jobs: filtered tour and shipment lists written as xlsx in the background. Other modules import only this file. */
export const exportsModule = defineModule({
  name: 'exports',
  routes: ['exportTours', 'exportShipments', ...(Object.keys(exportsRoutes) as RouteId[])],
  mount: exportRoutes,
  jobs: [exportJob, exportSweepJob],
});
