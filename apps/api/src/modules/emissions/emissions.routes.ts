import type { FastifyInstance } from 'fastify';
import { emissionsRoutes as r } from '@klimadesk/contract';
import type { AppContext } from '../../platform/context.ts';
import { mount } from '../../platform/http.ts';
import * as emissions from './emissions.service.ts';

export function emissionsApiRoutes(app: FastifyInstance, _ctx: AppContext): void {
  mount(app, r.glecVehicleTypes, ({ lang, query }) => emissions.vehicleTypes(lang, query.mode));
  mount(app, r.glecTrailerTypes, ({ lang }) => emissions.trailerTypes(lang));
  mount(app, r.fuelTypes, ({ lang }) => emissions.fuels(lang));
  mount(app, r.sourceVersions, ({ lang }) => emissions.sourceVersions(lang));
  mount(app, r.legEmission, ({ body }) => emissions.legEmission(body));
}
