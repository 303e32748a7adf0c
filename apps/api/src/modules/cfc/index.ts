import { type RouteId, cfcResultsRoutes, cfcRoutes } from '@klimadesk/contract';
import { defineModule } from '../../platform/modules.ts';
import { cfcEntriesImport } from './cfc.import.ts';
import { mountCfcResultsRoutes } from './cfc.results.routes.ts';
import { mountCfcRoutes } from './cfc.routes.ts';

/**
 * The corporate carbon footprint (issue 19): business units, reports per unit and year, entries
 * computed from the emission database, documents, settings and access rights; results, export,
 * import and the freight flow-in. Other modules import only this file.
 */
export const cfcModule = defineModule({
  name: 'cfc',
  routes: [...Object.keys(cfcRoutes), ...Object.keys(cfcResultsRoutes)] as RouteId[],
  mount: (app, ctx) => {
    mountCfcRoutes(app, ctx);
    mountCfcResultsRoutes(app, ctx);
  },
  jobs: [cfcEntriesImport.job],
});

export { seedDemoCfc } from './cfc.demo.ts';
export {
  type CfcCompanyYearTotals,
  companyYearTotals,
  companyYearTotalsBySet,
} from './cfc.results.service.ts';
// The VSME report states B3 energy from these figures, fuels in litres or tonnes on their net CV.
export {
  type CfcCompanyYearEnergy,
  type EnergyItem as CfcEnergyItem,
  companyYearEnergy,
} from './cfc.energy.ts';
export { entriesUseAnyFactor } from './cfc.repository.ts';
