import { existsSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { locationsRoutes as r } from '@klimadesk/contract';
import type { AppContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { mount } from '../../platform/http.ts';
import { ensureBuiltinLocations } from './builtin-loader.ts';
import { legDistance } from './distance.service.ts';
import { importGeoFolder } from './importer.ts';
import { datasetVersion } from './locations.repository.ts';
import * as locations from './locations.service.ts';
import { routingProviders } from './routing.ts';

export function locationsRoutes(app: FastifyInstance, ctx: AppContext): void {
  const providers = routingProviders(ctx.config.routing);
  const geoDataDir = ctx.config.geoDataDir;

  mount(app, r.searchLocations, ({ query }) => locations.search(ctx.db, query));
  mount(app, r.zipCodes, ({ query }) => locations.zipCodes(ctx.db, query));
  mount(app, r.searchZipCodes, ({ query }) => locations.searchZipCodes(ctx.db, query));
  mount(app, r.legDistance, ({ body }) => legDistance({ db: ctx.db, providers }, body));
  mount(app, r.importGeoData, ({ body }) => {
    if (!geoDataDir || !existsSync(geoDataDir)) throw new AppError('geoDataNotConfigured');
    return importGeoFolder(ctx.db, geoDataDir, body);
  });

  // Built-in locations load after the server listens, so the first start is not held up; a
  // second start only reads the marker row. Injected test apps never listen and load nothing.
  let loading: Promise<void> | null = null;
  let closing = false;
  app.addHook('onListen', async () => {
    loading = (async () => {
      const started = performance.now();
      const { loaded, count } = await ensureBuiltinLocations(ctx.db, { stopped: () => closing, pauseMs: 20 });
      if (loaded)
        app.log.info({ count, ms: Math.round(performance.now() - started) }, 'built-in locations loaded');
      // The demo start also imports GEO_DATA_DIR once (UN/LOCODE and postal codes).
      if (
        !closing &&
        ctx.config.seedDemo &&
        geoDataDir &&
        existsSync(geoDataDir) &&
        !(await datasetVersion(ctx.db, 'unlocode'))
      ) {
        const report = await importGeoFolder(ctx.db, geoDataDir, { stopped: () => closing });
        app.log.info({ report }, 'geo data imported');
      }
    })().catch((err) => app.log.error({ err }, 'loading locations failed'));
  });
  app.addHook('onClose', async () => {
    closing = true;
    await loading;
  });
}
