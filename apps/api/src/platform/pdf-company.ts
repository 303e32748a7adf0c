import { sql } from 'drizzle-orm';
import { type DbOrTx, rowsOf } from './db/index.ts';
import type { CompanyId } from './tenant.ts';

/** Who issues a document: the name and logo its frame shows on every page (pdf-frame.ts). */
export type DocumentIssuer = { company: string; logo: Buffer | null };

type IssuerRow = { name: string; logo: Buffer | Uint8Array | null };
const issuerOf = (row: IssuerRow | undefined): DocumentIssuer => ({
  company: row?.name ?? '',
  logo: row?.logo ? Buffer.from(row.logo) : null,
});

/** The issuing company with the logo it uploaded (companies module, `company_logos`), read by the documents' services. */
export async function documentIssuer(db: DbOrTx, companyId: CompanyId): Promise<DocumentIssuer> {
  const res = await db.execute(
    sql`select c.name, l.data as logo from companies c
        left join company_logos l on l.company_id = c.id
        where c.id = ${companyId}`,
  );
  return issuerOf(rowsOf<IssuerRow>(res)[0]);
}

/**
 * The provider, who issues the invoices: the first platform company with a platform admin
 * (`seed/first-admin.ts`); the sample company is a platform company without users.
 */
export async function providerIssuer(db: DbOrTx): Promise<DocumentIssuer> {
  const res = await db.execute(
    sql`select c.name, l.data as logo from companies c
        left join company_logos l on l.company_id = c.id
        where c.is_platform and c.deleted_at is null
          and exists (select 1 from users u where u.company_id = c.id and u.roles ? 'ROLE_SMP_ADMIN')
        order by c.created_at asc limit 1`,
  );
  return issuerOf(rowsOf<IssuerRow>(res)[0]);
}
