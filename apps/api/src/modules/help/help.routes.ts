import type { FastifyInstance } from 'fastify';
import { helpRoutes as r } from '@klimadesk/contract';
import type { AppContext } from '../../platform/context.ts';
import { mount } from '../../platform/http.ts';
import * as help from './help.service.ts';

export function helpRoutes(app: FastifyInstance, ctx: AppContext): void {
  mount(app, r.texts, ({ query }) => help.listTexts(ctx, query));
  mount(app, r.createText, ({ body }) => help.createText(ctx, body));
  mount(app, r.updateText, ({ params, body }) => help.updateText(ctx, params.id, body));
  mount(app, r.helpTexts, () => help.listHelpTexts(ctx));
  mount(app, r.updateHelpText, ({ params, body }) => help.updateHelpText(ctx, params.id, body));
}
