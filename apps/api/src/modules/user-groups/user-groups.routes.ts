import type { FastifyInstance } from 'fastify';
import { platformRoutes as r } from '@klimadesk/contract';
import type { AppContext } from '../../platform/context.ts';
import { mount, ok } from '../../platform/http.ts';
import * as groups from './user-groups.service.ts';

export function userGroupsRoutes(app: FastifyInstance, ctx: AppContext): void {
  mount(app, r.userGroups, ({ actor, query }) => groups.listGroups(ctx, actor, query));
  mount(app, r.createUserGroup, ({ actor, body }) => groups.createGroup(ctx, actor, body));
  mount(app, r.updateUserGroup, ({ actor, params, body }) => groups.updateGroup(ctx, actor, params.id, body));
  mount(app, r.deleteUserGroup, async ({ actor, params }) => {
    await groups.deleteGroup(ctx, actor, params.id);
    return ok('deleted');
  });
  mount(app, r.accessRights, ({ actor, query }) => groups.listAccessRights(ctx, actor, query.groupId));
  mount(app, r.createAccessRight, ({ actor, body }) => groups.createAccessRight(ctx, actor, body));
  mount(app, r.replaceAccessRights, ({ actor, params, body }) =>
    groups.replaceAccessRights(ctx, actor, params.group, body),
  );
  mount(app, r.deleteAccessRights, async ({ actor, params }) => {
    await groups.deleteAccessRights(ctx, actor, params.group);
    return ok('deleted');
  });
}
