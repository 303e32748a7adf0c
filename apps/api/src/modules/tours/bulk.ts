import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/index.ts';

/** Column name and SQL type of a bulk write; `text[]` columns travel as JSON arrays. */
export type BulkColumn = [name: string, type: string];

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/**
 * Multi-row insert (or upsert) from ONE JSON parameter expanded by jsonb_to_recordset: the server
 * parses the rows, so a batch of thousands costs one round trip and no per-value parameters.
 */
export async function bulkInsert<R>(
  db: DbOrTx,
  table: string,
  columns: BulkColumn[],
  rows: Record<string, unknown>[],
  options: { conflict?: string[]; update?: string[]; returning?: string } = {},
): Promise<R[]> {
  if (rows.length === 0) return [];
  const names = columns.map(([n]) => sql.identifier(n));
  const record = sql.raw(columns.map(([n, t]) => `"${n}" ${t === 'text[]' ? 'jsonb' : t}`).join(', '));
  const select = sql.join(
    columns.map(([n, t]) =>
      t === 'text[]'
        ? sql`coalesce(array(select jsonb_array_elements_text(x.${sql.identifier(n)})), '{}'::text[])`
        : sql`x.${sql.identifier(n)}`,
    ),
    sql`, `,
  );
  let tail: SQL = sql``;
  if (options.conflict) {
    const set = (options.update ?? []).map((n) => sql`${sql.identifier(n)} = excluded.${sql.identifier(n)}`);
    tail = sql` on conflict (${sql.join(
      options.conflict.map((c) => sql.identifier(c)),
      sql`, `,
    )}) do update set ${sql.join([...set, sql`updated_at = now()`], sql`, `)}`;
  }
  const returning = options.returning ? sql` returning ${sql.raw(options.returning)}` : sql``;
  const json = JSON.stringify(rows);
  const result = await db.execute(
    sql`insert into ${sql.identifier(table)} (${sql.join(names, sql`, `)})
        select ${select} from jsonb_to_recordset(${json}::jsonb) as x(${record})${tail}${returning}`,
  );
  return rowsOf<R>(result);
}
