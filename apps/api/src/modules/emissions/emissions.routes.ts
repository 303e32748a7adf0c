import type { FastifyInstance } from 'fastify';
import { emissionsRoutes as r } from '@klimadesk/contract';
import type { AppContext } from '../../platform/context.ts';
import { mount } from '../../platform/http.ts';
import * as emissions from './emissions.service.ts';

export function emissionsApiRoutes(app: FastifyInstance, ctx: AppContext): void {
  mount(app, r.glecVehicleTypes, ({ actor, lang, query }) => emissions.vehicleTypes(ctx, actor, lang, query));
  mount(app, r.glecTrailerTypes, ({ lang }) => emissions.trailerTypes(lang));
  mount(app, r.fuelTypes, ({ lang }) => emissions.fuels(lang));
  mount(app, r.legEmission, ({ body, lang }) => emissions.legEmission(body, lang));
}
