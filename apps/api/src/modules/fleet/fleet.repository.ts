import { and, eq, ilike, ne, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/index.ts';
import { type ListQuery, likeTerm, orderBy, pageWindow, preparedTablePages } from '../../platform/lists.ts';
import type { FleetEntity } from './fleet.columns.ts';
import { trailers, vehicles } from './fleet.schema.ts';
import type { CompanyId } from '../../platform/tenant.ts';
import { companyRow, companyRows, firstRow } from '../../platform/db/rows.ts';

export type VehicleRow = typeof vehicles.$inferSelect;
export type TrailerRow = typeof trailers.$inferSelect;
export type FleetRow<E extends FleetEntity> = E extends 'vehicle' ? VehicleRow : TrailerRow;
export type FleetInsert<E extends FleetEntity> = E extends 'vehicle'
  ? typeof vehicles.$inferInsert
  : typeof trailers.$inferInsert;

// Both tables share the columns the repository filters on, so one set of queries serves both.
const tables = { vehicle: vehicles, trailer: trailers } as const;
const table = (e: FleetEntity) => tables[e] as typeof vehicles;

export type FleetFilter = { status: '1' | '2' | 'all'; search?: string };

/**
 * The list's filter with placeholders for its values (`companyId`, `status`, `term`): the shape
 * depends only on whether a status and a search are given.
 */
function where(e: FleetEntity, f: FleetFilter): SQL {
  const t = table(e);
  const parts: SQL[] = [eq(t.companyId, sql.placeholder('companyId'))];
  parts.push(f.status === 'all' ? ne(t.status, 3) : eq(t.status, sql.placeholder('status')));
  if (f.search) {
    const term = sql.placeholder('term');
    const reference = e === 'vehicle' ? vehicles.vehicleReference : trailers.trailerReference;
    parts.push(or(ilike(t.licensePlate, term), ilike(t.description, term), ilike(reference, term)) as SQL);
  }
  return and(...parts) as SQL;
}

const pages = {
  vehicle: preparedTablePages('vehicles', vehicles),
  trailer: preparedTablePages('trailers', trailers),
};

export async function listFleet<E extends FleetEntity>(
  db: DbOrTx,
  e: E,
  companyId: CompanyId,
  f: FleetFilter,
  q: ListQuery,
) {
  const t = table(e);
  const sorts = {
    licensePlate: t.licensePlate,
    createdAt: t.createdAt,
    updatedAt: t.updatedAt,
    yearOfConstruction: t.yearOfConstruction,
    description: t.description,
  };
  // The statement's shape: the filters given and the requested order.
  const order = Object.keys(sorts)
    .filter((k) => q[`order[${k}]`] === 'asc' || q[`order[${k}]`] === 'desc')
    .map((k) => `${k}_${q[`order[${k}]`]}`)
    .join('_');
  const key = `${f.status === 'all' ? 'all' : 's'}_${f.search ? 'q' : ''}_${order}`;
  const { rows, total } = await pages[e](
    db,
    key,
    () => ({
      where: where(e, f),
      // Trailers sort by number ascending (seed 000 §9); vehicles the same for a stable list.
      orderBy: orderBy(q, sorts, [sql`${t.licensePlateKey} asc`, sql`${t.id} asc`]),
    }),
    {
      companyId,
      ...(f.status === 'all' ? {} : { status: Number(f.status) }),
      ...(f.search ? { term: likeTerm(f.search) } : {}),
    },
    pageWindow(q, 100_000),
  );
  return { rows: rows as FleetRow<E>[], total };
}

/** The first item of the kind meeting `where`, or null. */
async function firstItem<E extends FleetEntity>(
  db: DbOrTx,
  e: E,
  where: (t: typeof vehicles) => SQL,
): Promise<FleetRow<E> | null> {
  const t = table(e);
  return (await firstRow(db.select().from(t).where(where(t)))) as FleetRow<E> | null;
}

/** An item of the company that is not deleted. */
export const findFleetItem = <E extends FleetEntity>(db: DbOrTx, e: E, companyId: CompanyId, id: string) =>
  firstItem(db, e, (t) => companyRow(t, companyId, id, ne(t.status, 3)));

/** The active item of the company with this plate key. */
export const findActiveByPlate = <E extends FleetEntity>(
  db: DbOrTx,
  e: E,
  companyId: CompanyId,
  key: string,
) => firstItem(db, e, (t) => companyRows(t, companyId, eq(t.licensePlateKey, key), eq(t.status, 1)));

/** A new item of the company; the company comes from the caller, never from the values. */
export async function insertFleetItem<E extends FleetEntity>(
  db: DbOrTx,
  e: E,
  companyId: CompanyId,
  values: Omit<FleetInsert<E>, 'companyId'>,
): Promise<FleetRow<E>> {
  const [row] = await db
    .insert(table(e))
    .values({ ...values, companyId } as typeof vehicles.$inferInsert)
    .returning();
  return row as FleetRow<E>;
}

export async function updateFleetItem<E extends FleetEntity>(
  db: DbOrTx,
  e: E,
  companyId: CompanyId,
  id: string,
  values: Partial<FleetInsert<E>>,
): Promise<FleetRow<E>> {
  const t = table(e);
  const [row] = await db
    .update(t)
    .set({ ...(values as Partial<typeof vehicles.$inferInsert>), updatedAt: sql`now()` })
    .where(companyRow(t, companyId, id))
    .returning();
  return row as FleetRow<E>;
}
