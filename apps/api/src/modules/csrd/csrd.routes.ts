import type { FastifyInstance } from 'fastify';
import { UPLOAD_MAX_BYTES, csrdRoutes as r } from '@klimadesk/contract';
import type { AppContext } from '../../platform/context.ts';
import { readDocumentUpload, readSpreadsheetForm, readSpreadsheetUpload } from '../../platform/files.ts';
import { mount, ok } from '../../platform/http.ts';
import { fileReply } from '../../platform/ixbrl.ts';
import * as csrd from './csrd.service.ts';
import { reportCfcFigures, reportE16 } from './csrd.cfc.ts';
import { reportIxbrl } from './csrd.ixbrl.ts';
import { reportReliefs } from './csrd.reliefs.ts';
import { createCsrdTask, deleteCsrdTask, listCsrdTasks, updateCsrdTask } from './csrd.tasks.ts';
import { exportReport } from './csrd.pdf.ts';
import { importIntoReport, uploadIndicators } from './csrd.import.ts';
import { exportAnalysis, listImports, reportTemplate } from './csrd.spreadsheet.ts';

export function mountCsrdRoutes(app: FastifyInstance, ctx: AppContext): void {
  mountMaterialityRoutes(app, ctx);
  mountReportRoutes(app, ctx);
  mountScopeEntryRoutes(app, ctx);
}

/** Reference lists, materiality analyses and their IRO entries. */
function mountMaterialityRoutes(app: FastifyInstance, ctx: AppContext): void {
  mount(app, r.csrdScopes, ({ actor, lang }) => (csrd.csrdCompany(actor), csrd.csrdScopes(lang)));
  mount(app, r.maSectors, ({ actor, lang }) => (csrd.csrdCompany(actor), csrd.maSectors(lang)));
  mount(app, r.maScopes, ({ actor }) => (csrd.csrdCompany(actor), csrd.maScopes()));
  mount(app, r.csrdUnitTypes, ({ actor }) => (csrd.csrdCompany(actor), csrd.unitTypes()));
  mount(app, r.maScopesNavigation, ({ actor, query }) => csrd.maNavigation(ctx, actor, query));

  mount(app, r.materialityAnalyses, ({ actor, query }) => csrd.listAnalyses(ctx, actor, query));
  mount(app, r.createMaterialityAnalysis, ({ actor, body }) => csrd.createAnalysis(ctx, actor, body));
  mount(app, r.getMaterialityAnalysis, ({ actor, params }) => csrd.getAnalysis(ctx, actor, params.id));
  mount(app, r.updateMaterialityAnalysis, ({ actor, params, body }) =>
    csrd.updateAnalysis(ctx, actor, params.id, body),
  );
  mount(app, r.exportMaterialityAnalysis, ({ actor, params, lang }) =>
    exportAnalysis(ctx, actor, params.id, lang),
  );
  mount(app, r.materialityInventory, ({ actor, params, lang }) =>
    csrd.inventory(ctx, actor, params.id, lang),
  );
  mount(app, r.maIros, ({ actor, query, lang }) => csrd.maIros(ctx, actor, query, lang));
  mount(app, r.iroEntries, ({ actor, query, lang }) => csrd.listEntries(ctx, actor, query, lang));
  mount(app, r.createIroEntry, ({ actor, body, lang }) => csrd.createEntry(ctx, actor, body, lang));
  mount(app, r.updateIroEntry, ({ actor, params, body, lang }) =>
    csrd.updateEntry(ctx, actor, params.id, body, lang),
  );
  mount(app, r.deleteIroEntry, async ({ actor, params }) => {
    await csrd.deleteEntry(ctx, actor, params.id);
    return ok('deleted');
  });
}

/** Reports, their tasks and their spreadsheet imports. */
function mountReportRoutes(app: FastifyInstance, ctx: AppContext): void {
  mount(app, r.csrdReports, ({ actor, query }) => csrd.listReports(ctx, actor, query));
  mount(app, r.getCsrdReport, ({ actor, params }) => csrd.getReport(ctx, actor, params.id));
  mount(app, r.csrdReportExcelTemplate, ({ actor, params, lang }) =>
    reportTemplate(ctx, actor, params.id, lang),
  );
  mount(app, r.csrdReportScopes, ({ actor, params }) => csrd.reportScopes(ctx, actor, params.id));
  mount(app, r.createCsrdReport, ({ actor, body }) => csrd.createReport(ctx, actor, body));
  mount(app, r.updateCsrdReportScopes, ({ actor, params, body }) =>
    csrd.updateScopes(ctx, actor, params.id, body),
  );
  mount(app, r.csrdReportInitial, ({ actor, query }) => csrd.reportInitial(ctx, actor, query.maId));
  mount(app, r.updateCsrdReport, ({ actor, params, body }) => csrd.patchReport(ctx, actor, params.id, body));
  mount(app, r.csrdReportNavigation, ({ actor, params, query }) =>
    csrd.reportNavigation(ctx, actor, params.id, query.category),
  );
  mount(app, r.exportCsrdReport, ({ actor, params, lang }) => exportReport(ctx, actor, params.id, lang));
  mount(app, r.csrdReportCfcFigures, ({ actor, params }) => reportCfcFigures(ctx, actor, params.id));
  mount(app, r.csrdReportE16, ({ actor, params }) => reportE16(ctx, actor, params.id));
  mount(app, r.csrdReportIxbrl, async ({ actor, params, lang, reply }) => {
    const { fileName, xhtml } = await reportIxbrl(ctx, actor, params.id, lang);
    fileReply(reply, fileName, 'application/xhtml+xml; charset=utf-8');
    return xhtml;
  });
  mount(app, r.csrdReportReliefs, ({ actor, params }) => reportReliefs(ctx, actor, params.id));
  mount(app, r.csrdTasks, ({ actor, query }) => listCsrdTasks(ctx, actor, query));
  mount(app, r.createCsrdTask, ({ actor, body }) => createCsrdTask(ctx, actor, body));
  mount(app, r.updateCsrdTask, ({ actor, params, body }) => updateCsrdTask(ctx, actor, params.id, body));
  mount(app, r.deleteCsrdTask, async ({ actor, params }) => {
    await deleteCsrdTask(ctx, actor, params.id);
    return ok('deleted');
  });
  mount(app, r.importCsrdReport, async ({ actor, req }) => {
    const form = await readSpreadsheetForm(req);
    return importIntoReport(ctx, actor, form.upload, form.fields);
  });

  mount(app, r.csrdExcelImports, ({ actor, query }) => listImports(ctx, actor, query));
  mount(app, r.uploadCsrdIndicators, ({ actor, params, req }) =>
    uploadIndicators(ctx, actor, params.id, () => readSpreadsheetUpload(req)),
  );
}

/** Scope entries, indicator values and the report's files. */
function mountScopeEntryRoutes(app: FastifyInstance, ctx: AppContext): void {
  mount(app, r.csrdScopeEntries, ({ actor, query }) => csrd.listScopeEntries(ctx, actor, query));
  mount(app, r.createCsrdScopeEntry, ({ actor, body }) => csrd.createScopeEntry(ctx, actor, body));
  mount(app, r.updateCsrdScopeEntry, ({ actor, params, body }) =>
    csrd.updateScopeEntry(ctx, actor, params.id, body),
  );
  mount(app, r.csrdIndicatorValues, ({ actor, query }) => csrd.listValues(ctx, actor, query));
  mount(app, r.createCsrdIndicatorValue, ({ actor, body }) => csrd.createValue(ctx, actor, body));
  mount(app, r.updateCsrdIndicatorValue, ({ actor, params, body }) =>
    csrd.updateValue(ctx, actor, params.id, body),
  );
  mount(app, r.uploadCsrdFile, async ({ actor, req }) =>
    csrd.uploadFile(ctx, actor, await readDocumentUpload(req, UPLOAD_MAX_BYTES)),
  );
  mount(app, r.deleteCsrdFile, async ({ actor, params }) => {
    await csrd.deleteFile(ctx, actor, params.id);
    return ok('deleted');
  });
  mount(app, r.getCsrdFile, async ({ actor, params, reply }) => {
    const file = await csrd.getFile(ctx, actor, params.id);
    const name = encodeURIComponent(file.fileName);
    reply.header('content-disposition', `attachment; filename*=UTF-8''${name}`);
    reply.header('cache-control', 'private, no-store');
    reply.header('x-content-type-options', 'nosniff');
    reply.type(file.mimeType);
    return file.data;
  });
}
