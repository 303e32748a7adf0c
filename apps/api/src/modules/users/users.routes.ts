import type { FastifyInstance } from 'fastify';
import { platformRoutes as r } from '@klimadesk/contract';
import type { AppContext } from '../../platform/context.ts';
import { mount, ok } from '../../platform/http.ts';
import * as users from './users.service.ts';

export function usersRoutes(app: FastifyInstance, ctx: AppContext): void {
  mount(app, r.me, ({ actor, query }) => users.getMe(ctx, actor, query.module));
  mount(app, r.ownCompanyUsers, ({ actor, query }) => users.listOwnCompany(ctx, actor, query));
  mount(app, r.users, ({ actor, query }) => users.listAll(ctx, actor, query));
  mount(app, r.usersForGroups, ({ actor }) => users.listForGroups(ctx, actor));
  mount(app, r.getUser, ({ actor, params }) => users.getUser(ctx, actor, params.id));
  mount(app, r.createUser, ({ actor, body }) => users.createUser(ctx, actor, body));
  mount(app, r.updateUser, ({ actor, params, body, query }) =>
    users.updateUser(ctx, actor, params.id, body, query),
  );
  mount(
    app,
    r.confirmEmailChange,
    async ({ body }) => {
      await users.confirmEmailChange(ctx, body.token);
      return ok('confirmed');
    },
    { rateLimit: { max: ctx.limits.perIpPerMinute, timeWindow: 60_000 } },
  );
  mount(app, r.deleteUser, async ({ actor, params, query }) => {
    await users.deleteUser(ctx, actor, params.id, query);
    return ok('deleted');
  });
  mount(app, r.setLanguage, async ({ actor, params, body }) => {
    await users.setLanguage(ctx, actor, params.id, body.language);
    return ok();
  });
  mount(app, r.introShown, async ({ actor, params, body }) => {
    await users.setIntroShown(ctx, actor, params.id, body?.introShown ?? true);
    return ok();
  });
  mount(app, r.releaseNotesShown, async ({ actor, params, body }) => {
    await users.setReleaseNotesShown(ctx, actor, params.id, body.version);
    return ok();
  });
  mount(app, r.createUserPreferences, ({ actor, body }) => users.savePreferences(ctx, actor, body));
  mount(app, r.updateUserPreferences, ({ actor, body }) => users.savePreferences(ctx, actor, body));
  mount(app, r.updateUserPreferencesById, ({ actor, params, body }) =>
    users.savePreferences(ctx, actor, body, params.id),
  );
}
