import { type RouteId, taxCatalogueRoutes, taxonomyRoutes } from '@klimadesk/contract';
import { defineModule } from '../../platform/modules.ts';
import { taxonomyApiRoutes } from './taxonomy.routes.ts';
import { taxStaticRoutes } from './taxonomy.static.routes.ts';

/**
 * The EU taxonomy (issue 20): the catalogue of EU activities and criteria with the provider's text
 * edits, the companies' financial years, activities with criteria, DNSH checks and minimum
 * safeguards, files and tags, the overview, dashboard KPIs and exports. Other modules import only this file.
 */
export const taxonomyModule = defineModule({
  name: 'taxonomy',
  routes: [...Object.keys(taxonomyRoutes), ...Object.keys(taxCatalogueRoutes)] as RouteId[],
  mount: (app, ctx) => {
    taxonomyApiRoutes(app, ctx);
    taxStaticRoutes(app, ctx);
  },
});

export { seedDemoTaxonomy } from './taxonomy.demo.ts';
