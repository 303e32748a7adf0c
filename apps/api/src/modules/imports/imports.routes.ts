import type { FastifyInstance } from 'fastify';
import { importRunRoutes as r } from '@klimadesk/contract';
import type { AppContext } from '../../platform/context.ts';
import { mount } from '../../platform/http.ts';
import { cancelImportRun, getImportRun, importRunIssues } from '../../platform/import-kit.ts';

export function importRunsRoutes(app: FastifyInstance, ctx: AppContext): void {
  mount(app, r.importRun, ({ actor, params }) => getImportRun(ctx, actor, params.id));
  mount(app, r.cancelImportRun, ({ actor, params }) => cancelImportRun(ctx, actor, params.id));
  mount(app, r.importRunIssues, ({ actor, params, query, lang }) =>
    importRunIssues(ctx, actor, params.id, query.format, lang),
  );
}
