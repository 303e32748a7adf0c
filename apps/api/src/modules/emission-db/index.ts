import { type RouteId, emissionDbRoutes } from '@klimadesk/contract';
import { defineModule } from '../../platform/modules.ts';
import { seedBuiltinFactors } from './emission-db.import.ts';
import { factorImport } from './emission-db.import-run.ts';
import { emissionDbRoutes as mountRoutes } from './emission-db.routes.ts';
import type { FactorUsers } from './emission-db.versions.ts';

/**
 * The emission database (issue 18): activities, factors, sources with editions, providers and the
 * provider access of companies; the built-in data sets are loaded by the seed (when an edition is
 * missing) and by `npm run factors:import`. Other modules import only this file. `users` answers
 * whether figures rest on a factor (the carbon footprint, which imports this module).
 */
export const emissionDbModule = (users: FactorUsers) =>
  defineModule({
    name: 'emission-db',
    routes: Object.keys(emissionDbRoutes) as RouteId[],
    mount: (app, ctx) => mountRoutes(app, ctx, users),
    jobs: [factorImport.job],
    seed: async (ctx) => {
      await seedBuiltinFactors(ctx.db);
    },
  });

export { importAll, loadDataset, seedBuiltinFactors } from './emission-db.import.ts';
// The carbon footprint (cfc) computes its entries from the factors a company may use.
export {
  type FactorRow,
  activitiesByDatasetKey,
  factorsOfActivity,
  findActivity,
  findFactor,
} from './emission-db.repository.ts';
// The carbon footprint offers a restatement when an entry's factor has a newer version or was withdrawn.
export { type FactorUsers, type FactorVersionState, factorVersionStates } from './emission-db.versions.ts';
// The CFC section import finds the activity a row names (cfc.import.ts).
export { findActivityByName } from './emission-db.repository.ts';
// The CFC waste form lists the same treatments.
export { treatments } from './emission-db.service.ts';
