import { loadConfig } from './platform/config.ts';
import { createContext } from './platform/context.ts';
import { buildApp } from './app.ts';
import { DEMO_LOGINS, seedDemo } from './seed/demo.ts';
import { demoPolicy } from './seed/demo-policy.ts';

const config = loadConfig();
const ctx = await createContext(config);
const policy = await demoPolicy(ctx.db, config);
if (policy.refusal) {
  console.error(policy.refusal);
  await ctx.close();
  process.exit(1);
}
const app = await buildApp(ctx);

if (config.seedDemo) {
  const { created } = await seedDemo(ctx, config.demoPassword);
  if (created) app.log.info('demo data created');
}
if (config.runWorker) ctx.jobs.start();

await app.listen({ port: config.port, host: config.host });

const where = config.databaseUrl ? 'PostgreSQL' : `embedded database in ${config.dataDir}`;
const lines = [
  `Klimadesk is running on ${config.appUrl} (${where})`,
  `API documentation: ${config.appUrl}/api/docs`,
];
if (config.seedDemo) {
  lines.push(`Demo logins (password: ${config.demoPassword}):`);
  for (const l of DEMO_LOGINS) lines.push(`  ${l.email.padEnd(28)} ${l.roles.join(', ')}`);
}
console.log(lines.join('\n'));
if (policy.warning) console.warn(policy.warning);

let closing = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, async () => {
    if (closing) return;
    closing = true;
    await app.close();
    await ctx.close();
    process.exit(0);
  });
}
