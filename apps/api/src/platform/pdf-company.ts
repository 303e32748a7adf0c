import { sql } from 'drizzle-orm';
import { type DbOrTx, rowsOf } from './db/index.ts';
import type { CompanyId } from './tenant.ts';

/** The issuing company a document's frame names (pdf-frame.ts), read by the documents' services. */
export async function documentCompany(db: DbOrTx, companyId: CompanyId): Promise<string> {
  const res = await db.execute(sql`select name from companies where id = ${companyId}`);
  return rowsOf<{ name: string }>(res)[0]?.name ?? '';
}
