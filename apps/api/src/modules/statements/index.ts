import { type RouteId, statementsRoutes } from '@klimadesk/contract';
import { defineModule } from '../../platform/modules.ts';
import { statementRoutes } from './statements.routes.ts';

/** A shipper's emission statement as data, PDF or xlsx. Other modules import only this file. */
export const statementsModule = defineModule({
  name: 'statements',
  routes: Object.keys(statementsRoutes) as RouteId[],
  mount: statementRoutes,
});
