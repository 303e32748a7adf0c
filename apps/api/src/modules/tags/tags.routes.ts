import type { FastifyInstance } from 'fastify';
import { tagFilterRoutes as f, tagsRoutes as r } from '@klimadesk/contract';
import type { AppContext } from '../../platform/context.ts';
import { mount, ok } from '../../platform/http.ts';
import * as filters from './filters.service.ts';
import * as tags from './tags.service.ts';

export function tagRoutes(app: FastifyInstance, ctx: AppContext): void {
  mount(app, r.tagGroups, ({ actor, query }) => tags.listTagGroups(ctx, actor, query));
  mount(app, r.getTagGroup, ({ actor, params }) => tags.getTagGroup(ctx, actor, params.id));
  mount(app, r.createTagGroup, ({ actor, body }) => tags.createTagGroup(ctx, actor, body));
  mount(app, r.updateTagGroup, ({ actor, params, body }) => tags.updateTagGroup(ctx, actor, params.id, body));
  mount(app, r.deleteTagGroup, async ({ actor, params }) => {
    await tags.deleteTagGroup(ctx, actor, params.id);
    return ok('deleted');
  });
  mount(app, f.filterShipmentTags, ({ actor, query }) =>
    filters.tagSuggestions(ctx, actor, 'shipments', query),
  );
  mount(app, f.filterShipmentShippers, ({ actor, query }) => filters.shipperSuggestions(ctx, actor, query));
  mount(app, f.filterTourTags, ({ actor, query }) => filters.tagSuggestions(ctx, actor, 'tours', query));
}
