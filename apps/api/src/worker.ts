import { loadConfig } from './platform/config.ts';
import { createContext } from './platform/context.ts';
import { registerJobHandlers } from './modules/index.ts';

/**
 * A worker process without HTTP: it registers the same job handlers and polls the queue. Run it
 * beside API processes started with WORKER=0 when jobs need their own cores.
 */
const config = loadConfig();
if (!config.databaseUrl) {
  console.error('npm run worker needs DATABASE_URL: the embedded database belongs to the API process.');
  process.exit(1);
}
const ctx = await createContext(config, { serveRequests: false });
registerJobHandlers(ctx);
ctx.jobs.start();
console.log('Klimadesk worker is processing jobs');
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, async () => {
    await ctx.close();
    process.exit(0);
  });
}
