import { type RouteId, exchangeRoutes as routes } from '@klimadesk/contract';
import { defineModule } from '../../platform/modules.ts';
import { exchangeRoutes } from './exchange.routes.ts';
import { sweepTokens } from './exchange.service.ts';
import { answerRequestJob } from './exchange.answers.ts';
import { publishJob } from './exchange.publish.ts';
import { sweepVersions } from './exchange.versions.ts';
import { registerPrimaryDataReader } from '../tours/index.ts';
import { primaryDataStates } from './exchange.primary-data.ts';
import { refetchJob } from './exchange.refetch.ts';

// Tours offers newer versions of applied partner footprints through this reader (no import of exchange).
registerPrimaryDataReader(primaryDataStates);

/**
 * The PACT / iLEAP data exchange: exchange clients of a company (`/api/exchange-clients`) and the
 * exchange under `/pact` serving ShipmentFootprints, TOCs, HOCs and transport activity data, and
 * partner connections (`/api/exchange-connections`) that fetch TAD and footprints from partners
 * (again when a partner publishes new versions), carry the asynchronous answers to footprint
 * requests, and apply a partner's footprint to a leg as a logged restatement (decision 0018).
 * Other modules import only this file.
 */
export const exchangeModule = defineModule({
  name: 'exchange',
  routes: Object.keys(routes) as RouteId[],
  mount: exchangeRoutes,
  jobs: [answerRequestJob, publishJob, refetchJob],
  sweeps: [
    { name: 'exchange-tokens', run: sweepTokens },
    { name: 'exchange-footprint-versions', run: sweepVersions },
  ],
});
