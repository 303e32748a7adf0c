import type { DbOrTx } from '../src/platform/db/index.ts';
import { insertCompany } from '../src/modules/companies/companies.repository.ts';
import { insertUser } from '../src/modules/users/users.repository.ts';

export const BENCH_EMAIL = 'bench@bench.test';

/**
 * The bench user's e-mail of this run: in a kept database (`BENCH_DB`), where an earlier import or
 * bulk run left its company, a new one per run beside the rows present.
 */
export const runEmail = () =>
  process.env.BENCH_DB ? `bench-${process.pid}-${Date.now()}@bench.test` : BENCH_EMAIL;

/** The paying freight customer the benchmarks load their data into, with its freight admin. */
export async function benchCompany(db: DbOrTx, email = BENCH_EMAIL) {
  const company = await insertCompany(db, {
    // Names are unique per postcode: a run's own user gets a company of its own name.
    name: email === BENCH_EMAIL ? 'Bench GmbH' : `Bench GmbH ${email.split('@')[0]}`,
    street: 'Weg 1',
    zipcode: '10115',
    city: 'Berlin',
    country: 'DE',
    isBasic: false,
    unlocked: true,
    isPayingCustomer: true,
    modules: ['cft'],
    initialModule: 'cft',
  } as never);
  const user = await insertUser(db, {
    companyId: company.id,
    email,
    passwordHash: 'x',
    firstName: 'B',
    lastName: 'B',
    roles: ['ROLE_CFT_ADMIN'],
    isVerified: true,
  });
  return { company, user };
}
