import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../platform/context.ts';
import { accessRoutes } from './access/access.routes.ts';
import { registerResetJob } from './access/access.service.ts';
import { companiesRoutes } from './companies/companies.routes.ts';
import { exportRoutes } from './exports/exports.routes.ts';
import { registerExportJobs } from './exports/exports.job.ts';
import { statementRoutes } from './statements/statements.routes.ts';
import { emissionsApiRoutes } from './emissions/emissions.routes.ts';
import { fleetRoutes } from './fleet/fleet.routes.ts';
import { locationsRoutes } from './locations/locations.routes.ts';
import { logsRoutes } from './logs/logs.routes.ts';
import { maintenanceRoutes } from './maintenance/maintenance.routes.ts';
import { tagRoutes } from './tags/tags.routes.ts';
import { mappingRoutes, registerImportJobs } from './mappings/mappings.routes.ts';
import { apiKeyRoutes } from './api-keys/api-keys.routes.ts';
import { referenceRoutes } from './reference/reference.routes.ts';
import { userGroupsRoutes } from './user-groups/user-groups.routes.ts';
import { usersRoutes } from './users/users.routes.ts';
import { tourRoutes } from './tours/tours.routes.ts';
import { dashboardRoutes } from './dashboards/dashboards.routes.ts';

/**
 * Job handlers of every module. The API process registers them with its routes; `npm run worker`
 * registers them alone. (Mail is the platform's and is registered with the mailer.)
 */
export function registerJobHandlers(ctx: AppContext): void {
  registerImportJobs(ctx);
  registerExportJobs(ctx);
  registerResetJob(ctx);
}

/** Every module mounts its slice of the route table here. */
export async function registerModules(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const ipLimit = { max: ctx.limits.perIpPerMinute, timeWindow: 60_000 };
  maintenanceRoutes(app, ctx, ipLimit);
  accessRoutes(app, ctx, ipLimit);
  usersRoutes(app, ctx);
  companiesRoutes(app, ctx, ipLimit);
  userGroupsRoutes(app, ctx);
  referenceRoutes(app, ctx);
  logsRoutes(app, ctx);
  locationsRoutes(app, ctx);
  fleetRoutes(app, ctx);
  emissionsApiRoutes(app, ctx);
  tagRoutes(app, ctx);
  mappingRoutes(app, ctx);
  apiKeyRoutes(app, ctx);
  tourRoutes(app, ctx);
  dashboardRoutes(app, ctx);
  exportRoutes(app, ctx);
  statementRoutes(app, ctx);
}
