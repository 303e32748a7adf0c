import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../platform/context.ts';
import { type ModuleManifest, mountModules, registerJobs } from '../platform/modules.ts';
import { accessModule } from './access/index.ts';
import { apiKeysModule } from './api-keys/index.ts';
import { companiesModule } from './companies/index.ts';
import { customersModule } from './customers/index.ts';
import { dashboardsModule } from './dashboards/index.ts';
import { emissionsModule } from './emissions/index.ts';
import { exchangeModule } from './exchange/index.ts';
import { exportsModule } from './exports/index.ts';
import { fleetModule } from './fleet/index.ts';
import { helpModule } from './help/index.ts';
import { importsModule } from './imports/index.ts';
import { invoicingModule } from './invoicing/index.ts';
import { locationsModule } from './locations/index.ts';
import { logsModule } from './logs/index.ts';
import { ordersModule } from './orders/index.ts';
import { emissionDbModule } from './emission-db/index.ts';
import { taxonomyModule } from './taxonomy/index.ts';
import { cfcModule, entriesUseAnyFactor } from './cfc/index.ts';
import { csrdModule } from './csrd/index.ts';
import { vsmeModule } from './vsme/index.ts';
import { maintenanceModule } from './maintenance/index.ts';
import { mappingsModule } from './mappings/index.ts';
import { referenceModule } from './reference/index.ts';
import { releasesModule } from './releases/index.ts';
import { statementsModule } from './statements/index.ts';
import { tagsModule } from './tags/index.ts';
import { tariffsModule } from './tariffs/index.ts';
import { tasksModule } from './tasks/index.ts';
import { toursModule } from './tours/index.ts';
import { userGroupsModule } from './user-groups/index.ts';
import { usersModule } from './users/index.ts';

/**
 * Every module of the API, once. The API process mounts their routes and runs their jobs;
 * `npm run worker` runs their jobs alone. The order is the mount order.
 */
export const modules: readonly ModuleManifest[] = [
  maintenanceModule,
  accessModule,
  usersModule,
  companiesModule,
  userGroupsModule,
  referenceModule,
  releasesModule,
  logsModule,
  locationsModule,
  fleetModule,
  emissionsModule,
  tagsModule,
  mappingsModule,
  apiKeysModule,
  toursModule,
  dashboardsModule,
  exportsModule,
  importsModule,
  statementsModule,
  invoicingModule,
  customersModule,
  tariffsModule,
  tasksModule,
  helpModule,
  ordersModule,
  // cfc says whether figures rest on a factor; it imports emission-db, so it answers through a port.
  emissionDbModule({ usesAnyFactor: entriesUseAnyFactor }),
  taxonomyModule,
  cfcModule,
  csrdModule,
  vsmeModule,
  exchangeModule,
];

/** Job handlers and sweeps of every module (mail is the platform's, registered with the mailer). */
export function registerJobHandlers(ctx: AppContext): void {
  registerJobs(ctx, modules);
}

/** Mounts every module's slice of the route table and registers its jobs. */
export async function registerModules(app: FastifyInstance, ctx: AppContext): Promise<void> {
  mountModules(app, ctx, modules);
  registerJobHandlers(ctx);
}
