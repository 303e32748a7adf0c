import { type RouteId, importRunRoutes } from '@klimadesk/contract';
import { sweepImportRuns } from '../../platform/import-kit.ts';
import { defineModule } from '../../platform/modules.ts';
import { importRunsRoutes } from './imports.routes.ts';

/**
 * The runs of the import kit (`platform/import-kit.ts`): status, cancel and the issue download for
 * every module's file import. The imports themselves and their jobs belong to their modules.
 */
export const importsModule = defineModule({
  name: 'imports',
  routes: Object.keys(importRunRoutes) as RouteId[],
  mount: importRunsRoutes,
  sweeps: [{ name: 'import-runs-retention', run: async (ctx) => void (await sweepImportRuns(ctx.db)) }],
});
