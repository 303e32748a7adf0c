import type { FastifyInstance } from 'fastify';
import { cfcResultsRoutes as r } from '@klimadesk/contract';
import type { AppContext } from '../../platform/context.ts';
import { readSpreadsheetUpload } from '../../platform/files.ts';
import { mount } from '../../platform/http.ts';
import { applyFreightSuggestions, freightSuggestions } from './cfc.freight.ts';
import { exportEntries, importEntries } from './cfc.import.ts';
import { exportReports, reportResults } from './cfc.results.service.ts';

/** The results, export, import and freight flow-in routes of the carbon footprint (cfcResultsRoutes). */
export function mountCfcResultsRoutes(app: FastifyInstance, ctx: AppContext): void {
  mount(app, r.cfcReportResults, ({ actor, params, lang }) => reportResults(ctx, actor, params.id, lang));
  mount(app, r.cfcExportReports, ({ actor, body, lang, timeZone }) =>
    exportReports(ctx, actor, body, lang, timeZone),
  );
  mount(app, r.cfcExportEntries, ({ actor, params, lang, reply }) =>
    exportEntries(ctx, actor, params.report, params.section, lang, reply),
  );
  mount(app, r.cfcImportEntries, async ({ actor, req, lang }) =>
    importEntries(ctx, actor, await readSpreadsheetUpload(req), lang),
  );
  mount(app, r.cfcFreightSuggestions, ({ actor, params, lang, timeZone }) =>
    freightSuggestions(ctx, actor, params.id, lang, timeZone),
  );
  mount(app, r.cfcApplyFreightSuggestions, ({ actor, params, body, lang, timeZone }) =>
    applyFreightSuggestions(ctx, actor, params.id, body, lang, timeZone),
  );
}
