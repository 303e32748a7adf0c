import type { FastifyInstance } from 'fastify';
import { emissionDbRoutes as r } from '@klimadesk/contract';
import type { Actor } from '../../platform/access.ts';
import type { AppContext } from '../../platform/context.ts';
import { readSpreadsheetUpload } from '../../platform/files.ts';
import { mount, ok } from '../../platform/http.ts';
import * as db from './emission-db.service.ts';
import { importFactors } from './emission-db.import-run.ts';
import { factorTemplate } from './emission-db.spreadsheet.ts';
import type { FactorUsers } from './emission-db.versions.ts';

export function emissionDbRoutes(app: FastifyInstance, ctx: AppContext, users: FactorUsers): void {
  // Sources, activities and factors are deleted alike: by id, answered with the `deleted` note.
  const deleting =
    (remove: (ctx: AppContext, actor: Actor, id: string, users: FactorUsers) => Promise<void>) =>
    async ({ actor, params }: { actor: Actor; params: { id: string } }) => {
      await remove(ctx, actor, params.id, users);
      return ok('deleted');
    };
  mount(app, r.units, ({ lang }) => db.units(lang));
  mount(app, r.unitTypes, ({ lang }) => db.unitTypes(lang));
  mount(app, r.sections, ({ lang }) => db.sections(lang));
  mount(app, r.treatments, ({ lang }) => db.treatments(lang));
  mount(app, r.sources, ({ actor, query }) => db.listSources(ctx, actor, query));
  mount(app, r.createSource, ({ actor, body }) => db.createSource(ctx, actor, body));
  mount(app, r.updateSource, ({ actor, params, body }) => db.updateSource(ctx, actor, params.id, body));
  mount(app, r.deleteSource, deleting(db.deleteSource));
  mount(app, r.emissionProviders, ({ actor }) => db.listProviders(ctx, actor));
  mount(app, r.createEmissionProvider, ({ body }) => db.createProvider(ctx, body.name));
  mount(app, r.sourceVersions, ({ actor, query }) => db.listVersions(ctx, actor, query));
  mount(app, r.createSourceVersion, ({ actor, body }) => db.createVersion(ctx, actor, body));
  mount(app, r.searchActivities, ({ actor, query, lang }) => db.searchActivities(ctx, actor, query, lang));
  mount(app, r.activitiesByParentCategory, ({ actor, params, query, lang }) =>
    db.activitiesByCategory(ctx, actor, params.id, query, lang),
  );
  mount(app, r.getActivity, ({ actor, params, lang }) => db.getActivity(ctx, actor, params.id, lang));
  mount(app, r.createActivity, ({ actor, body, lang }) => db.createActivity(ctx, actor, body, lang));
  mount(app, r.updateActivity, ({ actor, params, body, lang }) =>
    db.updateActivity(ctx, actor, params.id, body, lang),
  );
  mount(app, r.deleteActivity, deleting(db.deleteActivity));
  mount(app, r.countriesByActivity, ({ actor, params, lang }) =>
    db.countriesByActivity(ctx, actor, params.activity, lang),
  );
  mount(app, r.getEmissionFactor, ({ actor, params, lang }) => db.getFactor(ctx, actor, params.id, lang));
  mount(app, r.createEmissionFactor, ({ actor, body, lang }) => db.createFactor(ctx, actor, body, lang));
  mount(app, r.updateEmissionFactor, ({ actor, params, body, lang }) =>
    db.updateFactor(ctx, actor, params.id, body, lang),
  );
  mount(app, r.deleteEmissionFactor, deleting(db.deleteFactor));
  mount(app, r.customerFactors, ({ actor, query, lang }) => db.customerFactors(ctx, actor, query, lang));
  mount(app, r.factorImportTemplate, ({ query, lang }) => factorTemplate(query.lang ?? lang));
  mount(app, r.importEmissionFactors, async ({ actor, req }) =>
    importFactors(ctx, actor, await readSpreadsheetUpload(req)),
  );
  mount(app, r.providerAccess, ({ actor, params }) => db.providerAccess(ctx, actor, params.companyId));
  mount(app, r.setProviderAccess, ({ actor, params, body }) =>
    db.setProviderAccess(ctx, actor, params.companyId, body.allowedProviderIds),
  );
  mount(app, r.emissionDatasets, () => db.datasets(ctx));
}
