import { and, eq, ilike, ne, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/index.ts';
import { type ListQuery, likeTerm, orderBy, pageWindow, tablePage } from '../../platform/lists.ts';
import type { FleetEntity } from './fleet.columns.ts';
import { trailers, vehicles } from './fleet.schema.ts';
import type { CompanyId } from '../../platform/tenant.ts';
import { companyRow } from '../../platform/db/rows.ts';

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

function where(e: FleetEntity, companyId: CompanyId, f: FleetFilter): SQL {
  const t = table(e);
  const parts: SQL[] = [eq(t.companyId, companyId)];
  parts.push(f.status === 'all' ? ne(t.status, 3) : eq(t.status, Number(f.status)));
  if (f.search) {
    const term = likeTerm(f.search);
    const reference = e === 'vehicle' ? vehicles.vehicleReference : trailers.trailerReference;
    parts.push(or(ilike(t.licensePlate, term), ilike(t.description, term), ilike(reference, term)) as SQL);
  }
  return and(...parts) as SQL;
}

export async function listFleet<E extends FleetEntity>(
  db: DbOrTx,
  e: E,
  companyId: CompanyId,
  f: FleetFilter,
  q: ListQuery,
) {
  const t = table(e);
  const { rows, total } = await tablePage(db, t, {
    where: where(e, companyId, f),
    orderBy: orderBy(
      q,
      {
        licensePlate: t.licensePlate,
        createdAt: t.createdAt,
        updatedAt: t.updatedAt,
        yearOfConstruction: t.yearOfConstruction,
        description: t.description,
      },
      // Trailers sort by number ascending (seed 000 §9); vehicles the same for a stable list.
      [sql`${t.licensePlateKey} asc`, sql`${t.id} asc`],
    ),
    window: pageWindow(q, 100_000),
  });
  return { rows: rows as FleetRow<E>[], total };
}

export async function findFleetItem<E extends FleetEntity>(
  db: DbOrTx,
  e: E,
  companyId: CompanyId,
  id: string,
): Promise<FleetRow<E> | null> {
  const t = table(e);
  const [row] = await db
    .select()
    .from(t)
    .where(companyRow(t, companyId, id, ne(t.status, 3)));
  return (row as FleetRow<E>) ?? null;
}

export async function findActiveByPlate<E extends FleetEntity>(
  db: DbOrTx,
  e: E,
  companyId: CompanyId,
  key: string,
): Promise<FleetRow<E> | null> {
  const t = table(e);
  const [row] = await db
    .select()
    .from(t)
    .where(and(eq(t.companyId, companyId), eq(t.licensePlateKey, key), eq(t.status, 1)));
  return (row as FleetRow<E>) ?? null;
}

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
