import { type AnyColumn, type SQL, asc, desc } from 'drizzle-orm';
import type { List } from '@klimadesk/contract';

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

export function list<T>(members: T[], total: number): List<T> {
  return { 'hydra:member': members, 'hydra:totalItems': total };
}

/** Escapes LIKE wildcards so a search term matches literally. */
export function likeTerm(term: string): string {
  return `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
