import type { FastifyInstance } from 'fastify';
import {
  BULK_MAX_BYTES,
  MAPPING_UPLOAD_MAX_BYTES,
  apiKeysRoutes as keys,
  importTaskRoutes as it,
  mappingsRoutes as r,
} from '@klimadesk/contract';
import type { AppContext } from '../../platform/context.ts';
import { mount } from '../../platform/http.ts';
import { readSpreadsheetUpload } from '../../platform/files.ts';
import * as mappings from './mappings.service.ts';
import { bulkJob, pushBulk } from './mappings.bulk.ts';
import { importTemplate } from './mappings.template.ts';
import * as tasks from './tasks.service.ts';

export function mappingRoutes(app: FastifyInstance, ctx: AppContext): void {
  mount(app, r.mappings, ({ actor, query }) => mappings.listMappings(ctx, actor, query));
  mount(app, r.getMapping, ({ actor, params }) => mappings.getMapping(ctx, actor, params.id));
  mount(app, r.createMapping, ({ actor, body }) => mappings.createMapping(ctx, actor, body));
  mount(app, r.updateMapping, ({ actor, params, body }) =>
    mappings.updateMapping(ctx, actor, params.id, body),
  );
  mount(app, r.checkRequiredField, ({ body }) => mappings.checkRequiredField(body));
  mount(app, r.sampleTitles, async ({ actor, req }) =>
    mappings.sampleTitles(actor, await readSpreadsheetUpload(req, MAPPING_UPLOAD_MAX_BYTES)),
  );
  mount(app, r.validateMapping, async ({ actor, params, req }) =>
    mappings.validateSample(
      ctx,
      actor,
      params.id,
      await readSpreadsheetUpload(req, MAPPING_UPLOAD_MAX_BYTES),
    ),
  );
  mount(app, r.mappingFields, ({ query }) => mappings.mappingFields(query.category));
  mount(app, r.mappingFieldCategories, () => mappings.mappingFieldCategories());
  mount(app, r.mappingFormats, () => mappings.mappingFormats());

  mount(app, it.uploadImport, async ({ actor, req }) =>
    tasks.uploadImport(ctx, actor, await readSpreadsheetUpload(req, MAPPING_UPLOAD_MAX_BYTES)),
  );
  mount(app, it.importTasks, ({ actor, query }) => tasks.listTasks(ctx, actor, query));
  mount(app, it.getImportTask, ({ actor, params }) => tasks.getTask(ctx, actor, params.id));
  mount(app, it.cancelImportTask, ({ actor, params }) => tasks.cancelTask(ctx, actor, params.id));
  mount(app, it.importErrorReport, ({ actor, params, lang }) =>
    tasks.errorReport(ctx, actor, params.id, lang),
  );
  mount(app, it.importTemplate, ({ query, lang }) => importTemplate(query.category, lang));
  mount(app, it.tourCodes, ({ actor, query, timeZone }) => tasks.listTourCodes(ctx, actor, query, timeZone));
  // The JSON push (API key or session) is listed with the API keys in the contract; it feeds this pipeline.
  mount(app, keys.pushToursShipments, ({ actor, body }) => tasks.pushImport(ctx, actor, body));
  mount(app, keys.pushBulk, ({ actor, body }) => pushBulk(ctx, actor, body), { bodyLimit: BULK_MAX_BYTES });
  mount(app, keys.bulkJob, ({ actor, params }) => bulkJob(ctx, actor, params.id));
}
