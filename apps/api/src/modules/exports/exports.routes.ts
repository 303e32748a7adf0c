import type { FastifyInstance } from 'fastify';
import { exportsRoutes as r, toursRoutes } from '@klimadesk/contract';
import type { AppContext } from '../../platform/context.ts';
import { mount } from '../../platform/http.ts';
import * as exportsService from './exports.service.ts';

export function exportRoutes(app: FastifyInstance, ctx: AppContext): void {
  // The export starts of the tours group live here with the jobs they create.
  mount(app, toursRoutes.exportTours, ({ actor, query, lang, timeZone }) =>
    exportsService.startExport(ctx, actor, 'tours', query, lang, timeZone),
  );
  mount(app, toursRoutes.exportShipments, ({ actor, query, lang, timeZone }) =>
    exportsService.startExport(ctx, actor, 'shipments', query, lang, timeZone),
  );
  mount(app, r.exportJobs, ({ actor, query }) => exportsService.listExportJobs(ctx, actor, query));
  mount(app, r.exportJobProgress, ({ actor, query }) => exportsService.exportProgress(ctx, actor, query.ids));
  mount(app, r.getExportJob, ({ actor, params }) => exportsService.getExportJob(ctx, actor, params.id));
  mount(app, r.downloadExportJob, ({ actor, params, reply }) =>
    exportsService.downloadExport(ctx, actor, params.id, reply),
  );
}
