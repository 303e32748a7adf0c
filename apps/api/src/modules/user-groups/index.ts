import { defineModule } from '../../platform/modules.ts';
import { userGroupsRoutes } from './user-groups.routes.ts';

/** User groups and their access rights. Other modules import only this file. */
export const userGroupsModule = defineModule({
  name: 'user-groups',
  routes: [
    'userGroups',
    'createUserGroup',
    'updateUserGroup',
    'deleteUserGroup',
    'accessRights',
    'createAccessRight',
    'replaceAccessRights',
    'deleteAccessRights',
  ],
  mount: userGroupsRoutes,
});

// Tours, dashboards, exports and the filter suggestions read only the shippers an external user's group allows.
export { shipperScope } from './user-groups.service.ts';
