import { type AnyColumn, type SQL, asc, count, desc, getTableColumns, sql } from 'drizzle-orm';
import type { PgSelect, PgTable } from 'drizzle-orm/pg-core';
import type { List } from '@klimadesk/contract';
import type { DbOrTx } from './db/index.ts';

export type ListQuery = { page: number; limit: number; pagination?: 'true' | 'false' } & Record<
  string,
  unknown
>;

/** Offset and limit of a list request; `pagination=false` returns every row (capped for safety). */
export function pageWindow(q: ListQuery, cap = 10_000): { offset: number; limit: number } {
  if (q.pagination === 'false') return { offset: 0, limit: cap };
  return { offset: (q.page - 1) * q.limit, limit: q.limit };
}

/** ORDER BY from `order[field]=asc|desc` keys, limited to the columns a list allows. */
export function orderBy(
  q: Record<string, unknown>,
  columns: Record<string, AnyColumn>,
  fallback: SQL[],
): SQL[] {
  const out: SQL[] = [];
  for (const [field, column] of Object.entries(columns)) {
    const dir = q[`order[${field}]`];
    if (dir === 'asc') out.push(asc(column));
    else if (dir === 'desc') out.push(desc(column));
  }
  return out.length ? out : fallback;
}

/**
 * One page of a list and how many rows the whole list has. `rows` is the list's select with its
 * FROM and joins (`db.select(…).from(…).leftJoin(…).$dynamic()`); the count runs over `from` alone
 * unless `count` brings the joins the WHERE reads.
 */
export async function listPage<Q extends PgSelect>(
  db: DbOrTx,
  list: {
    rows: Q;
    from: PgTable;
    count?: PgSelect;
    where: SQL | undefined;
    orderBy: SQL[];
    window: { offset: number; limit: number };
  },
): Promise<{ rows: Awaited<Q>; total: number }> {
  const rows = await list.rows
    .where(list.where)
    .orderBy(...list.orderBy)
    .limit(list.window.limit)
    .offset(list.window.offset);
  // A page that is not full is the last one: its rows give the total without a second query
  // (an empty page past the end still counts, it may follow deletions).
  const found = (rows as unknown[]).length;
  if (found < list.window.limit && (found > 0 || list.window.offset === 0))
    return { rows: rows as Awaited<Q>, total: list.window.offset + found };
  const counted = list.count ?? db.select({ total: count() }).from(list.from).$dynamic();
  const [{ total }] = (await counted.where(list.where)) as { total: number }[];
  return { rows: rows as Awaited<Q>, total };
}

/** One page of a table's rows (see `listPage`). */
export function tablePage<T extends PgTable>(
  db: DbOrTx,
  table: T,
  list: { where: SQL | undefined; orderBy: SQL[]; window: { offset: number; limit: number } },
): Promise<{ rows: T['$inferSelect'][]; total: number }> {
  return listPage(db, {
    rows: db
      .select()
      .from(table as PgTable)
      .$dynamic(),
    from: table,
    ...list,
  }) as Promise<{
    rows: T['$inferSelect'][];
    total: number;
  }>;
}

type Shape = { where: SQL; orderBy: SQL[] };

/**
 * Pages of one table for the lists every page load reads (fleet): the statement of each shape
 * (which filters, which order, named by `key`) is built once per database handle with
 * `sql.placeholder`s for the values and prepared by name, and it carries the list's total
 * (`count(*) over ()`). So a page costs one round trip and no query building (docs/performance.md,
 * "Request path"). The window count reads every matching row: lists of a company's many thousand
 * rows (tours, orders, logs) keep `tablePage`, whose count is a query of its own.
 */
export function preparedTablePages<T extends PgTable>(name: string, table: T) {
  const columns = getTableColumns(table);
  const build = (db: DbOrTx, key: string, shape: Shape) =>
    db
      .select({ ...columns, listTotal: sql<number>`count(*) over ()`.mapWith(Number) })
      .from(table as PgTable)
      .where(shape.where)
      .orderBy(...shape.orderBy)
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset'))
      .prepare(`kd_${name}_${key}`.replace(/[^a-zA-Z0-9_]/g, '_').slice(0, 63));
  const prepared = new WeakMap<object, Map<string, ReturnType<typeof build>>>();
  return async (
    db: DbOrTx,
    key: string,
    shape: () => Shape,
    values: Record<string, unknown>,
    window: { offset: number; limit: number },
  ): Promise<{ rows: T['$inferSelect'][]; total: number }> => {
    let byKey = prepared.get(db);
    if (!byKey) prepared.set(db, (byKey = new Map()));
    let query = byKey.get(key);
    if (!query) byKey.set(key, (query = build(db, key, shape())));
    const found = (await query.execute({ ...values, ...window })) as (T['$inferSelect'] & {
      listTotal: number;
    })[];
    // A page past the end has no row to carry the total: the first row of the list tells it.
    const total = found.length
      ? found[0].listTotal
      : window.offset === 0
        ? 0
        : (((await query.execute({ ...values, offset: 0, limit: 1 })) as { listTotal: number }[])[0]
            ?.listTotal ?? 0);
    // The rows are the driver's fresh objects: the total leaves them in place.
    for (const row of found) delete (row as { listTotal?: number }).listTotal;
    return { rows: found as T['$inferSelect'][], total };
  };
}

export function list<T>(members: T[], total: number): List<T> {
  return { 'hydra:member': members, 'hydra:totalItems': total };
}

/** Escapes LIKE wildcards so a search term matches literally. */
export function likeTerm(term: string): string {
  return `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
