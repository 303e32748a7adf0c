import type { DbOrTx } from '../src/platform/db/index.ts';
import { insertCompany } from '../src/modules/companies/companies.repository.ts';
import { insertUser } from '../src/modules/users/users.repository.ts';

export const BENCH_EMAIL = 'bench@bench.test';

/** The paying freight customer the benchmarks load their data into, with its freight admin. */
export async function benchCompany(db: DbOrTx) {
  const company = await insertCompany(db, {
    name: 'Bench GmbH',
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
    email: BENCH_EMAIL,
    passwordHash: 'x',
    firstName: 'B',
    lastName: 'B',
    roles: ['ROLE_CFT_ADMIN'],
    isVerified: true,
  });
  return { company, user };
}
