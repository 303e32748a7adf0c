import { and, count, eq, ilike, isNull, or, sql, type SQL } from 'drizzle-orm';
import { type DbOrTx, schema } from '../../platform/db/index.ts';
import { type ListQuery, likeTerm, orderBy, pageWindow } from '../../platform/lists.ts';
import type { CompanyId } from '../../platform/tenant.ts';
import { firstRow } from '../../platform/db/rows.ts';

const c = schema.companies;
export type CompanyRow = typeof c.$inferSelect;

/** Company names compare without case, spaces and punctuation: "Demo-Logistik GmbH" = "demo logistik gmbh". */
export function companyNameKey(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '');
}

/** A company that has not been deleted, by further conditions. */
const liveCompany = (db: DbOrTx, ...where: SQL[]): Promise<CompanyRow | null> =>
  firstRow(
    db
      .select()
      .from(c)
      .where(and(...where, isNull(c.deletedAt))),
  );

export const findCompany = (db: DbOrTx, id: CompanyId) => liveCompany(db, eq(c.id, id));

export const findCompanyByNameAndZip = (db: DbOrTx, name: string, zipcode: string) =>
  liveCompany(db, eq(c.nameKey, companyNameKey(name)), eq(c.zipcode, zipcode));

export async function insertCompany(
  db: DbOrTx,
  values: Omit<typeof c.$inferInsert, 'nameKey'>,
): Promise<CompanyRow> {
  const [row] = await db
    .insert(c)
    .values({ ...values, nameKey: companyNameKey(values.name) })
    .returning();
  return row;
}

export async function updateCompany(
  db: DbOrTx,
  id: CompanyId,
  values: Partial<typeof c.$inferInsert>,
): Promise<CompanyRow> {
  const set: Partial<typeof c.$inferInsert> = { ...values, updatedAt: sql`now()` as never };
  if (values.name) set.nameKey = companyNameKey(values.name);
  const [row] = await db
    .update(c)
    .set(set)
    .where(and(eq(c.id, id), isNull(c.deletedAt)))
    .returning();
  return row;
}

/** The columns the edition follows from (see companies.edition.ts). */
export async function editionFieldsOf(db: DbOrTx, companyId: CompanyId) {
  const [row] = await db
    .select({ isBasic: c.isBasic, unlocked: c.unlocked, isPayingCustomer: c.isPayingCustomer })
    .from(c)
    .where(eq(c.id, companyId));
  return row ?? null;
}

/** Soft delete: the company and its users stay for the records; the users can no longer sign in. */
export async function markDeleted(db: DbOrTx, companyId: CompanyId): Promise<void> {
  await db
    .update(c)
    .set({ deletedAt: sql`now()` })
    .where(and(eq(c.id, companyId), isNull(c.deletedAt)));
  await db.update(schema.users).set({ status: 3 }).where(eq(schema.users.companyId, companyId));
}

export type CompanyFilter = {
  search?: string;
  isBasic?: boolean;
  isPayingCustomer?: boolean;
  module?: string;
};

export async function listCompanies(
  db: DbOrTx,
  f: CompanyFilter,
  q: ListQuery,
): Promise<{ rows: CompanyRow[]; total: number }> {
  const where: SQL[] = [isNull(c.deletedAt), eq(c.isPlatform, false)];
  if (f.search) {
    const t = likeTerm(f.search);
    where.push(or(ilike(c.name, t), ilike(c.city, t), sql`${c.customerNr}::text like ${t}`) as SQL);
  }
  if (f.isBasic !== undefined) where.push(eq(c.isBasic, f.isBasic));
  if (f.isPayingCustomer !== undefined) where.push(eq(c.isPayingCustomer, f.isPayingCustomer));
  if (f.module) where.push(sql`${c.modules} ? ${f.module}`);
  const cond = and(...where);
  const { offset, limit } = pageWindow(q);
  const rows = await db
    .select()
    .from(c)
    .where(cond)
    .orderBy(
      ...orderBy(q, { name: c.name, customerNr: c.customerNr, city: c.city, createdAt: c.createdAt }, [
        sql`${c.name} asc`,
      ]),
      // Equal names (or cities) keep one order, so no row shows on two pages.
      sql`${c.customerNr} asc`,
    )
    .limit(limit)
    .offset(offset);
  const [{ total }] = await db.select({ total: count() }).from(c).where(cond);
  return { rows, total };
}

export async function adminsOfCompanies(db: DbOrTx, companyIds: string[]) {
  if (companyIds.length === 0) return [];
  const u = schema.users;
  return db
    .select({
      id: u.id,
      companyId: u.companyId,
      email: u.email,
      firstName: u.firstName,
      lastName: u.lastName,
    })
    .from(u)
    .where(
      and(
        sql`${u.companyId} in (${sql.join(
          companyIds.map((id) => sql`${id}`),
          sql`, `,
        )})`,
        eq(u.status, 1),
        sql`${u.roles} ? 'ROLE_COMPANY_ADMIN'`,
      ),
    );
}
