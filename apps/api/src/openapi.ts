/**
 * Writes docs/openapi.json from the route table without opening a port or a database;
 * `--check` fails when the committed document is stale.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildApp } from './app.ts';
import { loadConfig } from './platform/config.ts';
import type { AppContext } from './platform/context.ts';
import { DEFAULT_LIMITS, createLimiters } from './platform/context.ts';
import { JobQueue } from './platform/jobs.ts';
import { MemoryLimitStore } from './platform/auth/limit-store.ts';
import { Mailer } from './platform/mail.ts';
import type { Db } from './platform/db/index.ts';

const target = join(import.meta.dirname, '../../../docs/openapi.json');
const config = {
  ...loadConfig({ DATA_DIR: '/tmp/klimadesk-openapi', SESSION_SECRET: 'x'.repeat(32) }),
  webDist: '/nonexistent',
};
// Routes are registered without touching the database; a handle is never used here.
const db = null as unknown as Db;
const jobs = new JobQueue(db);
const ctx: AppContext = {
  config,
  db,
  readDb: db,
  dbKind: 'pglite',
  jobs,
  mailer: new Mailer(db, jobs, config.mailFrom, null),
  limits: DEFAULT_LIMITS,
  ...createLimiters(DEFAULT_LIMITS, new MemoryLimitStore()),
  authChannel: null,
  sessionCache: null,
  close: async () => {},
};
const app = await buildApp(ctx, { logger: false });
await app.ready();
const doc = `${JSON.stringify(app.swagger(), null, 2)}\n`;
await app.close();

if (process.argv.includes('--check')) {
  let current = '';
  try {
    current = readFileSync(target, 'utf8');
  } catch {
    // A missing document is stale too.
  }
  if (current !== doc) {
    console.error('docs/openapi.json is stale: run `npm run openapi` and commit it.');
    process.exit(1);
  }
  console.log('docs/openapi.json is up to date');
} else {
  writeFileSync(target, doc);
  console.log(`wrote ${target}`);
}
