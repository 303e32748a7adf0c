import { sql } from 'drizzle-orm';
import { type DbOrTx, rowsOf } from '../../platform/db/index.ts';
import type { CompanyId } from '../../platform/tenant.ts';

/** The issuing company's name and address for the statement's head. */
export async function companyAddress(db: DbOrTx, companyId: CompanyId) {
  const res = await db.execute(
    sql`select name, street, zipcode, city, country from companies where id = ${companyId}`,
  );
  const [r] = rowsOf<{ name: string; street: string; zipcode: string; city: string; country: string | null }>(
    res,
  );
  return r ?? null;
}
