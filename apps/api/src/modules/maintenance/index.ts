import { defineModule } from '../../platform/modules.ts';
import { maintenanceRoutes } from './maintenance.routes.ts';

/** The maintenance gate. Other modules import only this file. */
export const maintenanceModule = defineModule({
  name: 'maintenance',
  routes: ['maintenanceStatus', 'maintenanceAccess'],
  mount: maintenanceRoutes,
});
