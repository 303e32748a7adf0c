import type { FastifyInstance } from 'fastify';
import { fleetApiRoutes as r } from '@klimadesk/contract';
import type { AppContext } from '../../platform/context.ts';
import { mount, ok } from '../../platform/http.ts';
import { readSpreadsheetUpload } from '../../platform/files.ts';
import { startFleetImport } from './fleet.import.ts';
import * as fleet from './fleet.service.ts';

export function fleetRoutes(app: FastifyInstance, ctx: AppContext): void {
  for (const e of ['vehicle', 'trailer'] as const) {
    const route =
      e === 'vehicle'
        ? {
            list: r.vehicles,
            exp: r.exportVehicles,
            tpl: r.vehicleImportTemplate,
            imp: r.importVehicles,
            get: r.getVehicle,
            create: r.createVehicle,
            update: r.updateVehicle,
            del: r.deleteVehicle,
            dec: r.decommissionVehicle,
            res: r.restoreVehicle,
          }
        : {
            list: r.trailers,
            exp: r.exportTrailers,
            tpl: r.trailerImportTemplate,
            imp: r.importTrailers,
            get: r.getTrailer,
            create: r.createTrailer,
            update: r.updateTrailer,
            del: r.deleteTrailer,
            dec: r.decommissionTrailer,
            res: r.restoreTrailer,
          };
    mount(app, route.list, ({ actor, query }) => fleet.listFleet(ctx, actor, e, query));
    mount(app, route.exp, ({ actor, query, lang }) => fleet.exportFleet(ctx, actor, e, query, lang));
    mount(app, route.tpl, ({ query, lang }) => fleet.importTemplate(e, query.lang ?? lang));
    mount(app, route.imp, async ({ actor, req }) =>
      startFleetImport(ctx, actor, e, await readSpreadsheetUpload(req)),
    );
    mount(app, route.get, ({ actor, params }) => fleet.getFleetItem(ctx, actor, e, params.id));
    mount(app, route.create, ({ actor, body }) => fleet.createFleetItem(ctx, actor, e, body as never));
    mount(app, route.update, ({ actor, params, body }) =>
      fleet.updateFleetItem(ctx, actor, e, params.id, body as never),
    );
    mount(app, route.del, async ({ actor, params }) => {
      await fleet.deleteFleetItem(ctx, actor, e, params.id);
      return ok('deleted');
    });
    mount(app, route.dec, ({ actor, params }) => fleet.decommissionFleetItem(ctx, actor, e, params.id));
    mount(app, route.res, ({ actor, params }) => fleet.restoreFleetItem(ctx, actor, e, params.id));
  }
}
