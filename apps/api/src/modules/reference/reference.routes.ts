import type { FastifyInstance } from 'fastify';
import { platformRoutes as r } from '@klimadesk/contract';
import type { AppContext } from '../../platform/context.ts';
import { mount } from '../../platform/http.ts';
import { list } from '../../platform/lists.ts';
import { countryList } from './countries.ts';
import { listModules } from './modules.service.ts';

export function referenceRoutes(app: FastifyInstance, ctx: AppContext): void {
  mount(app, r.modules, async ({ actor, lang }) => {
    const all = await listModules(ctx, actor, lang);
    return list(all, all.length);
  });
  mount(app, r.countries, ({ lang }) => {
    const all = countryList(lang);
    return list(all, all.length);
  });
}
