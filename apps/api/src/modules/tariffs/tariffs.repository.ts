import {
  type AnyColumn,
  and,
  asc,
  count,
  desc,
  eq,
  getTableColumns,
  isNull,
  ne,
  sql,
  type SQL,
} from 'drizzle-orm';
import type { ModuleCode } from '@klimadesk/contract';
import { type DbOrTx, preparedPerDb, schema } from '../../platform/db/index.ts';
import { type ListQuery, pageWindow } from '../../platform/lists.ts';
import type { CompanyId } from '../../platform/tenant.ts';
import { tariffBookings, tariffs } from './tariffs.schema.ts';

export type TariffRow = typeof tariffs.$inferSelect;
export type TariffInsert = typeof tariffs.$inferInsert;
export type BookingRow = typeof tariffBookings.$inferSelect;
export type BookingInsert = typeof tariffBookings.$inferInsert;
/** A booking with its tariff and company name, as lists and details show it. */
export type BookingWithTariff = { booking: BookingRow; tariff: TariffRow; companyName: string };

// Tariffs are the provider's catalogue, not tenant data: the functions below take no company.

export async function listTariffs(
  db: DbOrTx,
  q: ListQuery & { module?: string; type?: string; locale?: string },
): Promise<{ rows: (TariffRow & { bookings: number })[]; total: number }> {
  const parts: SQL[] = [];
  if (q.module) parts.push(eq(tariffs.module, q.module));
  if (q.type) parts.push(eq(tariffs.type, q.type));
  const cond = parts.length ? and(...parts) : undefined;
  const locale = q.locale === 'en' ? 'en' : 'de';
  const name = sql`(select t->>'name' from jsonb_array_elements(${tariffs.translations}) t where t->>'locale' = ${locale} limit 1)`;
  const order: SQL[] = [];
  const dir = (f: string) => q[`order[${f}]`];
  const columns: [string, SQL | AnyColumn][] = [
    ['name', name],
    ['type', tariffs.type],
    ['module', tariffs.module],
    ['basicFee', tariffs.basicFeeCents],
    ['createdAt', tariffs.createdAt],
  ];
  for (const [field, column] of columns) {
    if (dir(field) === 'asc') order.push(asc(column));
    if (dir(field) === 'desc') order.push(desc(column));
  }
  if (!order.length) order.push(asc(tariffs.module));
  // Ties (a module, a type) read by name.
  order.push(asc(name));
  const { offset, limit } = pageWindow(q, 1000);
  const rows = await db
    .select({ ...tariffColumns(), bookings: bookingCount() })
    .from(tariffs)
    .where(cond)
    .orderBy(...order, asc(tariffs.id))
    .limit(limit)
    .offset(offset);
  const [{ total }] = await db.select({ total: count() }).from(tariffs).where(cond);
  return { rows, total };
}

const tariffColumns = () => getTableColumns(tariffs);

const bookingCount = () =>
  sql<number>`(select count(*)::int from tariff_bookings b where b.tariff_id = ${tariffs.id})`.mapWith(
    Number,
  );

export async function findTariff(db: DbOrTx, id: string): Promise<(TariffRow & { bookings: number }) | null> {
  const [row] = await db
    .select({ ...tariffColumns(), bookings: bookingCount() })
    .from(tariffs)
    .where(eq(tariffs.id, id));
  return row ?? null;
}

export async function insertTariff(db: DbOrTx, values: TariffInsert): Promise<TariffRow> {
  const [row] = await db.insert(tariffs).values(values).returning();
  return row;
}

export async function updateTariff(db: DbOrTx, id: string, values: Partial<TariffInsert>): Promise<void> {
  await db
    .update(tariffs)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(tariffs.id, id));
}

/** Deletes a tariff that no booking names; answers whether it did (a booked one stays). */
export async function deleteUnbookedTariff(db: DbOrTx, id: string): Promise<boolean> {
  const rows = await db
    .delete(tariffs)
    .where(
      and(
        eq(tariffs.id, id),
        sql`not exists (select 1 from tariff_bookings b where b.tariff_id = ${tariffs.id})`,
      ),
    )
    .returning({ id: tariffs.id });
  return rows.length > 0;
}

/** The first tariff of a module with the given type and charge (the demo catalogue picks by these). */
export async function findTariffBy(
  db: DbOrTx,
  module: ModuleCode,
  type: string,
  isFreeOfCharge: boolean,
): Promise<TariffRow | null> {
  const [row] = await db
    .select()
    .from(tariffs)
    .where(
      and(eq(tariffs.module, module), eq(tariffs.type, type), eq(tariffs.isFreeOfCharge, isFreeOfCharge)),
    )
    .orderBy(desc(tariffs.isCategoryDefaultTariff), asc(tariffs.createdAt))
    .limit(1);
  return row ?? null;
}

// Bookings are tenant data: every function takes the company it acts within.

const bookingSelect = () => ({
  booking: tariffBookings,
  tariff: tariffs,
  companyName: schema.companies.name,
});

/**
 * Bookings of one company, or of every company (`'all'`, the platform admin's list). Sorted by
 * end date ascending with open-ended bookings last (seed 002 §9).
 */
export async function listBookings(
  db: DbOrTx,
  scope: CompanyId | 'all',
  q: ListQuery & { module?: string },
): Promise<{ rows: BookingWithTariff[]; total: number }> {
  const parts: SQL[] = [isNull(schema.companies.deletedAt)];
  if (scope !== 'all') parts.push(eq(tariffBookings.companyId, scope));
  if (q.module) parts.push(eq(tariffs.module, q.module));
  const cond = and(...parts) as SQL;
  const order: SQL[] = [];
  for (const [field, column] of [
    ['endDate', tariffBookings.endDate],
    ['beginDate', tariffBookings.beginDate],
    ['createdAt', tariffBookings.createdAt],
  ] as const) {
    const dir = q[`order[${field}]`];
    if (dir === 'asc') order.push(sql`${column} asc nulls last`);
    if (dir === 'desc') order.push(sql`${column} desc nulls last`);
  }
  if (!order.length) order.push(sql`${tariffBookings.endDate} asc nulls last`, asc(tariffBookings.beginDate));
  const { offset, limit } = pageWindow(q, 10_000);
  const rows = await db
    .select(bookingSelect())
    .from(tariffBookings)
    .innerJoin(tariffs, eq(tariffs.id, tariffBookings.tariffId))
    .innerJoin(schema.companies, eq(schema.companies.id, tariffBookings.companyId))
    .where(cond)
    .orderBy(...order, asc(tariffBookings.id))
    .limit(limit)
    .offset(offset);
  const [{ total }] = await db
    .select({ total: count() })
    .from(tariffBookings)
    .innerJoin(tariffs, eq(tariffs.id, tariffBookings.tariffId))
    .innerJoin(schema.companies, eq(schema.companies.id, tariffBookings.companyId))
    .where(cond);
  return { rows, total };
}

export async function findBooking(
  db: DbOrTx,
  companyId: CompanyId,
  id: string,
): Promise<BookingWithTariff | null> {
  const [row] = await db
    .select(bookingSelect())
    .from(tariffBookings)
    .innerJoin(tariffs, eq(tariffs.id, tariffBookings.tariffId))
    .innerJoin(schema.companies, eq(schema.companies.id, tariffBookings.companyId))
    .where(and(eq(tariffBookings.companyId, companyId), eq(tariffBookings.id, id)));
  return row ?? null;
}

/** The company a booking belongs to, for the platform admin's calls by booking id. */
export async function companyOfBooking(db: DbOrTx, id: string): Promise<string | null> {
  const [row] = await db
    .select({ companyId: tariffBookings.companyId })
    .from(tariffBookings)
    .where(eq(tariffBookings.id, id));
  return row?.companyId ?? null;
}

export async function insertBooking(
  db: DbOrTx,
  values: BookingInsert & { companyId: CompanyId },
): Promise<BookingRow> {
  const [row] = await db.insert(tariffBookings).values(values).returning();
  return row;
}

export async function updateBooking(
  db: DbOrTx,
  companyId: CompanyId,
  id: string,
  values: Partial<BookingInsert>,
): Promise<void> {
  await db
    .update(tariffBookings)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(tariffBookings.companyId, companyId), eq(tariffBookings.id, id)));
}

/** Every booking of a company with its tariff, optionally of one module (rules filter by date). */
// All bookings of a company: read by every /users/me call, so prepared once per database handle.
const allBookings = preparedPerDb((db) =>
  db
    .select({ booking: tariffBookings, tariff: tariffs })
    .from(tariffBookings)
    .innerJoin(tariffs, eq(tariffs.id, tariffBookings.tariffId))
    .where(eq(tariffBookings.companyId, sql.placeholder('companyId')))
    .orderBy(asc(tariffBookings.beginDate), asc(tariffBookings.id))
    .prepare('kd_company_bookings'),
);

export async function bookingsOfCompany(
  db: DbOrTx,
  companyId: CompanyId,
  module?: ModuleCode,
): Promise<{ booking: BookingRow; tariff: TariffRow }[]> {
  if (!module) return allBookings(db).execute({ companyId });
  return db
    .select({ booking: tariffBookings, tariff: tariffs })
    .from(tariffBookings)
    .innerJoin(tariffs, eq(tariffs.id, tariffBookings.tariffId))
    .where(and(eq(tariffBookings.companyId, companyId), ...(module ? [eq(tariffs.module, module)] : [])))
    .orderBy(asc(tariffBookings.beginDate), asc(tariffBookings.id));
}

/** Whether the company has any booking row at all (without one it keeps its stored modules). */
export async function hasBookings(db: DbOrTx, companyId: CompanyId): Promise<boolean> {
  const [row] = await db
    .select({ id: tariffBookings.id })
    .from(tariffBookings)
    .where(eq(tariffBookings.companyId, companyId))
    .limit(1);
  return row !== undefined;
}

/** A user of the company who may receive booking mails (not deleted). */
export async function findRecipient(
  db: DbOrTx,
  companyId: CompanyId,
  userId: string,
): Promise<{ id: string; email: string } | null> {
  const u = schema.users;
  const [row] = await db
    .select({ id: u.id, email: u.email })
    .from(u)
    .where(and(eq(u.companyId, companyId), eq(u.id, userId), ne(u.status, 3)));
  return row ?? null;
}

export async function companyForBooking(
  db: DbOrTx,
  companyId: CompanyId,
): Promise<{ id: string; name: string; communicationLanguage: string } | null> {
  const c = schema.companies;
  const [row] = await db
    .select({ id: c.id, name: c.name, communicationLanguage: c.communicationLanguage })
    .from(c)
    .where(and(eq(c.id, companyId), isNull(c.deletedAt)));
  return row ?? null;
}

/** Keeps the derived taxonomy state on the company row, for the company and customer answers. */
export async function storeTaxStatus(
  db: DbOrTx,
  companyId: CompanyId,
  taxType: string | null,
  taxDemoEnd: string | null,
): Promise<void> {
  await db
    .update(schema.companies)
    .set({ taxType, taxDemoEnd: taxDemoEnd ? new Date(`${taxDemoEnd}T00:00:00Z`) : null })
    .where(eq(schema.companies.id, companyId));
}

/** The modules stored on the company row (the rule for a company without bookings). */
export async function storedModules(db: DbOrTx, companyId: CompanyId): Promise<string[]> {
  const [row] = await db
    .select({ modules: schema.companies.modules })
    .from(schema.companies)
    .where(eq(schema.companies.id, companyId));
  return (row?.modules as string[] | undefined) ?? [];
}
