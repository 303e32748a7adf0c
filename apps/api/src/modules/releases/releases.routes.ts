import type { FastifyInstance } from 'fastify';
import { releasesRoutes as r } from '@klimadesk/contract';
import type { AppContext } from '../../platform/context.ts';
import { mount, ok } from '../../platform/http.ts';
import * as releases from './releases.service.ts';

export function releaseRoutes(app: FastifyInstance, ctx: AppContext): void {
  mount(app, r.releaseVersions, ({ actor, query }) => releases.listVersions(ctx, actor, query));
  mount(app, r.createReleaseVersion, ({ body }) => releases.createVersion(ctx, body));
  mount(app, r.updateReleaseVersion, ({ params, body }) => releases.updateVersion(ctx, params.id, body));
  mount(app, r.deleteReleaseVersion, async ({ params }) => {
    await releases.deleteVersion(ctx, params.id);
    return ok('deleted');
  });
  mount(app, r.releaseNoteTexts, ({ actor, query, lang }) => releases.listNotes(ctx, actor, query, lang));
  mount(app, r.createReleaseNote, ({ body, lang }) => releases.createNote(ctx, body, lang));
  mount(app, r.updateReleaseNote, ({ params, body, lang }) =>
    releases.updateNote(ctx, params.id, body, lang),
  );
  mount(app, r.deleteReleaseNote, async ({ params }) => {
    await releases.deleteNote(ctx, params.id);
    return ok('deleted');
  });
}
