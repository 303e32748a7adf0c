import type { FastifyInstance } from 'fastify';
import { TAX_FILE_MAX_BYTES, taxonomyRoutes as r } from '@klimadesk/contract';
import type { AppContext } from '../../platform/context.ts';
import { readDocumentUpload } from '../../platform/files.ts';
import { mount, ok } from '../../platform/http.ts';
import * as figures from './taxonomy.figures.ts';
import * as files from './taxonomy.files.ts';
import * as tax from './taxonomy.service.ts';

/** Financial years, activities, files, tags, overview and dashboard (seed 001 §7 "Tax API"); thin handlers. */
export function taxonomyApiRoutes(app: FastifyInstance, ctx: AppContext): void {
  mount(app, r.taxFinancialYears, ({ actor, timeZone }) => tax.listYears(ctx, actor, timeZone));
  mount(app, r.createTaxFinancialYear, ({ actor, body, timeZone }) =>
    tax.createYear(ctx, actor, body, timeZone),
  );
  mount(app, r.updateTaxFinancialYear, ({ actor, params, body, timeZone }) =>
    tax.updateYear(ctx, actor, params.id, body, timeZone),
  );
  mount(app, r.deleteTaxFinancialYear, async ({ actor, params, timeZone }) => {
    await tax.deleteYear(ctx, actor, params.id, timeZone);
    return ok('deleted');
  });
  mount(app, r.taxActivities, ({ actor, query, timeZone }) =>
    figures.listActivities(ctx, actor, query, timeZone),
  );
  mount(app, r.getTaxActivity, ({ actor, params, timeZone }) =>
    tax.getActivity(ctx, actor, params.id, timeZone),
  );
  mount(app, r.createTaxActivity, ({ actor, body, timeZone }) =>
    tax.createActivity(ctx, actor, body, timeZone),
  );
  mount(app, r.updateTaxActivity, ({ actor, params, body, timeZone }) =>
    tax.updateActivity(ctx, actor, params.id, body, timeZone),
  );
  mount(app, r.deleteTaxActivity, async ({ actor, params, timeZone }) => {
    await tax.deleteActivity(ctx, actor, params.id, timeZone);
    return ok('deleted');
  });
  mount(app, r.taxActivityOverviews, ({ actor, query, timeZone }) =>
    figures.overview(ctx, actor, query, timeZone),
  );
  mount(app, r.taxActivityDashboardStats, ({ actor, query, timeZone }) =>
    figures.dashboard(ctx, actor, query, timeZone),
  );
  mount(app, r.uploadTaxFile, async ({ actor, req, timeZone }) =>
    files.uploadFile(ctx, actor, await readDocumentUpload(req, TAX_FILE_MAX_BYTES), timeZone),
  );
  mount(app, r.deleteTaxFile, async ({ actor, params, timeZone }) => {
    await files.deleteFile(ctx, actor, params.type, params.id, timeZone);
    return ok('deleted');
  });
  mount(app, r.taxFile, ({ actor, params, reply }) => files.downloadFile(ctx, actor, params.id, reply));
  mount(app, r.taxTags, ({ actor }) => tax.listTags(ctx, actor));
  mount(app, r.createTaxTag, ({ actor, body, timeZone }) => tax.createTag(ctx, actor, body, timeZone));
  mount(app, r.updateTaxTag, ({ actor, params, body, timeZone }) =>
    tax.updateTag(ctx, actor, params.id, body, timeZone),
  );
  mount(app, r.deleteTaxTag, async ({ actor, params, timeZone }) => {
    await tax.deleteTag(ctx, actor, params.id, timeZone);
    return ok('deleted');
  });
}
