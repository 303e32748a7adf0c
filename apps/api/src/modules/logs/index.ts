import { defineModule } from '../../platform/modules.ts';
import { logsRoutes } from './logs.routes.ts';

/** The user action log and the mail outbox. Other modules import only this file. */
export const logsModule = defineModule({
  name: 'logs',
  routes: ['userActionLogs', 'exportUserActionLogs', 'outbox'],
  mount: logsRoutes,
});
