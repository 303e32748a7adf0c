import { and, inArray, ne } from 'drizzle-orm';
import type { Config } from '../platform/config.ts';
import { type DbOrTx, schema } from '../platform/db/index.ts';
import { DEMO_LOGINS } from './demo.ts';

/** What the start prints or refuses about demo data (issue 32). */
export type DemoPolicy = { warning: string | null; refusal: string | null };

/**
 * Demo data is for trying Klimadesk out: its logins share a published password, one of them a
 * platform administrator. In production (NODE_ENV=production) it exists only when SEED_DEMO=1
 * asks for it, with a warning on every start; a production start on a database that still holds
 * demo logins without that setting refuses to serve.
 */
export async function demoPolicy(
  db: DbOrTx,
  config: Pick<Config, 'production' | 'seedDemo'>,
): Promise<DemoPolicy> {
  if (!config.production) return { warning: null, refusal: null };
  if (config.seedDemo) {
    return {
      warning:
        'WARNING: SEED_DEMO=1 with NODE_ENV=production: the demo companies and their logins with the ' +
        'published demo password, a platform administrator among them, exist in this database. ' +
        'Never use it for real data.',
      refusal: null,
    };
  }
  const found = await db
    .select({ email: schema.users.email })
    .from(schema.users)
    .where(
      and(
        inArray(
          schema.users.email,
          DEMO_LOGINS.map((l) => l.email),
        ),
        ne(schema.users.status, 3),
      ),
    );
  if (found.length === 0) return { warning: null, refusal: null };
  return {
    warning: null,
    refusal:
      `This database holds demo logins with the published demo password (${found.map((u) => u.email).join(', ')}). ` +
      'Create your own platform administrator (npm run create-admin -- <email>) and delete the demo ' +
      'companies and the demo platform administrator, starting once with SEED_DEMO=1 to do so; or set ' +
      'SEED_DEMO=1 to keep them knowingly.',
  };
}
