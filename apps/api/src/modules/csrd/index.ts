import { type RouteId, csrdRoutes } from '@klimadesk/contract';
import { defineModule } from '../../platform/modules.ts';
import { mountCsrdRoutes } from './csrd.routes.ts';
import { purgeExpired } from './csrd.service.ts';
import { csrdImportJobs } from './csrd.import.ts';

/**
 * CSRD reporting (issue 21): double materiality analyses with IRO entries and scores, reports per
 * year with topics, scope entries, indicator values and files, the indicator template and its
 * import, the PDF export. Analyses and reports marked for deletion are purged by the sweep once
 * their 24-hour restore window has closed. Other modules import only this file.
 */
export const csrdModule = defineModule({
  name: 'csrd',
  routes: Object.keys(csrdRoutes) as RouteId[],
  mount: mountCsrdRoutes,
  jobs: [...csrdImportJobs],
  sweeps: [
    {
      name: 'csrd-purge-deleted',
      run: async (ctx) => {
        await purgeExpired(ctx);
      },
    },
  ],
});

export { seedDemoCsrd } from './csrd.seed.ts';
