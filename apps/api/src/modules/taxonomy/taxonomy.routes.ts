import type { FastifyInstance } from 'fastify';
import { TAX_FILE_MAX_BYTES, taxonomyRoutes as r } from '@klimadesk/contract';
import type { AppContext } from '../../platform/context.ts';
import { readDocumentUpload } from '../../platform/files.ts';
import { mount, ok } from '../../platform/http.ts';
import * as figures from './taxonomy.figures.ts';
import * as files from './taxonomy.files.ts';
import * as activities from './taxonomy.activities.ts';
import * as activityWrites from './taxonomy.activities.write.ts';
import * as tags from './taxonomy.tags.ts';
import * as years from './taxonomy.years.ts';

/** Financial years, activities, files, tags, overview and dashboard (seed 001 §7 "Tax API"); thin handlers. */
export function taxonomyApiRoutes(app: FastifyInstance, ctx: AppContext): void {
  mount(app, r.taxFinancialYears, ({ actor, timeZone }) => years.listYears(ctx, actor, timeZone));
  mount(app, r.createTaxFinancialYear, ({ actor, body, timeZone }) =>
    years.createYear(ctx, actor, body, timeZone),
  );
  mount(app, r.updateTaxFinancialYear, ({ actor, params, body, timeZone }) =>
    years.updateYear(ctx, actor, params.id, body, timeZone),
  );
  mount(app, r.deleteTaxFinancialYear, async ({ actor, params, timeZone }) => {
    await years.deleteYear(ctx, actor, params.id, timeZone);
    return ok('deleted');
  });
  mount(app, r.taxActivities, ({ actor, query, timeZone }) =>
    figures.listActivities(ctx, actor, query, timeZone),
  );
  mount(app, r.getTaxActivity, ({ actor, params, timeZone }) =>
    activities.getActivity(ctx, actor, params.id, timeZone),
  );
  mount(app, r.createTaxActivity, ({ actor, body, timeZone }) =>
    activityWrites.createActivity(ctx, actor, body, timeZone),
  );
  mount(app, r.updateTaxActivity, ({ actor, params, body, timeZone }) =>
    activityWrites.updateActivity(ctx, actor, params.id, body, timeZone),
  );
  mount(app, r.deleteTaxActivity, async ({ actor, params, timeZone }) => {
    await activityWrites.deleteActivity(ctx, actor, params.id, timeZone);
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
  mount(app, r.taxTags, ({ actor }) => tags.listTags(ctx, actor));
  mount(app, r.createTaxTag, ({ actor, body, timeZone }) => tags.createTag(ctx, actor, body, timeZone));
  mount(app, r.updateTaxTag, ({ actor, params, body, timeZone }) =>
    tags.updateTag(ctx, actor, params.id, body, timeZone),
  );
  mount(app, r.deleteTaxTag, async ({ actor, params, timeZone }) => {
    await tags.deleteTag(ctx, actor, params.id, timeZone);
    return ok('deleted');
  });
}
