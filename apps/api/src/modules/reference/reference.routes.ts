import type { FastifyInstance } from 'fastify';
import { platformRoutes as r } from '@klimadesk/contract';
import type { AppContext } from '../../platform/context.ts';
import { mount } from '../../platform/http.ts';
import { list } from '../../platform/lists.ts';
import { countryList } from './countries.ts';

export function referenceRoutes(app: FastifyInstance, _ctx: AppContext): void {
  mount(app, r.countries, ({ lang }) => {
    const all = countryList(lang);
    return list(all, all.length);
  });
  // Release notes are not written yet (seed 002): no versions, in the list shape the web app reads.
  mount(app, r.releaseVersions, () => list([], 0));
}
