import { type RouteId, exchangeRoutes as routes } from '@klimadesk/contract';
import { defineModule } from '../../platform/modules.ts';
import { exchangeRoutes } from './exchange.routes.ts';
import { sweepTokens } from './exchange.service.ts';

/**
 * The PACT / iLEAP data exchange: exchange clients of a company (`/api/exchange-clients`) and the
 * exchange under `/pact` serving ShipmentFootprints, TOCs, HOCs and transport activity data.
 * Other modules import only this file.
 */
export const exchangeModule = defineModule({
  name: 'exchange',
  routes: Object.keys(routes) as RouteId[],
  mount: exchangeRoutes,
  sweeps: [{ name: 'exchange-tokens', run: sweepTokens }],
});
