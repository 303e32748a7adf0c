import { type RouteId, vsmeRoutes } from '@klimadesk/contract';
import { defineModule } from '../../platform/modules.ts';
import { mountVsmeRoutes } from './vsme.routes.ts';

/**
 * VSME reporting (issue 40): reports per company and year after EFRAG's VSME (basic module B1-B11,
 * comprehensive module C1-C9) on the datapoints of its XBRL taxonomy, prefilled from the carbon
 * footprint, exported as PDF, xlsx and Inline XBRL with a report package. A module of its own
 * (booking and roles `vsme`), included in a CSRD booking (docs/decisions/0017). Other modules
 * import only this file.
 */
export const vsmeModule = defineModule({
  name: 'vsme',
  routes: Object.keys(vsmeRoutes) as RouteId[],
  mount: mountVsmeRoutes,
});

export { seedDemoVsme } from './vsme.seed.ts';
export { lastIdentifier as vsmeEntityIdentifier } from './vsme.service.ts';
export { identifierFits } from './vsme.validate.ts';
