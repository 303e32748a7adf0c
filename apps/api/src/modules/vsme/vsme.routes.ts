import type { FastifyInstance } from 'fastify';
import { vsmeRoutes as r } from '@klimadesk/contract';
import type { AppContext } from '../../platform/context.ts';
import { mount, ok } from '../../platform/http.ts';
import { fileReply } from '../../platform/ixbrl.ts';
import * as vsme from './vsme.service.ts';
import { exportReport, reportIxbrl, reportIxbrlPackage, reportValidation } from './vsme.export.ts';

export function mountVsmeRoutes(app: FastifyInstance, ctx: AppContext): void {
  mount(app, r.vsmeCatalogue, ({ actor, lang }) => vsme.catalogue(actor, lang));
  mount(app, r.vsmeReports, ({ actor, query }) => vsme.listReports(ctx, actor, query));
  mount(app, r.getVsmeReport, ({ actor, params }) => vsme.getReport(ctx, actor, params.id));
  mount(app, r.createVsmeReport, ({ actor, body }) => vsme.createReport(ctx, actor, body));
  mount(app, r.updateVsmeReport, ({ actor, params, body }) => vsme.patchReport(ctx, actor, params.id, body));
  mount(app, r.deleteVsmeReport, async ({ actor, params }) => {
    await vsme.deleteReport(ctx, actor, params.id);
    return ok('deleted');
  });
  mount(app, r.updateVsmeValues, ({ actor, params, body }) => vsme.updateValues(ctx, actor, params.id, body));
  mount(app, r.vsmeReportValidation, ({ actor, params }) => reportValidation(ctx, actor, params.id));
  mount(app, r.vsmeReportIxbrl, async ({ actor, params, query, lang, reply }) => {
    const { base, xhtml } = await reportIxbrl(ctx, actor, params.id, query.lang ?? lang);
    fileReply(reply, `${base}.xhtml`, 'application/xhtml+xml; charset=utf-8');
    return xhtml;
  });
  mount(app, r.vsmeReportPackage, async ({ actor, params, query, lang, reply }) => {
    const { fileName, data } = await reportIxbrlPackage(ctx, actor, params.id, query.lang ?? lang);
    fileReply(reply, fileName, 'application/zip');
    return data;
  });
  mount(app, r.exportVsmeReport, ({ actor, params, query, lang }) =>
    exportReport(ctx, actor, params.id, query, lang),
  );
}
