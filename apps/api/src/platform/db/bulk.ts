import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { from as copyFrom } from 'pg-copy-streams';
import type { DbOrTx } from './index.ts';

/** One value in COPY text format: `\N` for null, backslash escapes for the separators. */
function copyValue(v: unknown): string {
  if (v === null || v === undefined) return '\\N';
  let s: string;
  if (typeof v === 'string') s = v;
  else if (typeof v === 'number') return Number.isFinite(v) ? String(v) : '\\N';
  else if (typeof v === 'boolean') return v ? 't' : 'f';
  else if (v instanceof Date) return v.toISOString();
  else if (Array.isArray(v) && v.every((x) => typeof x === 'string'))
    s = `{${v.map((x) => `"${x.replace(/["\\]/g, '\\$&')}"`).join(',')}}`;
  else s = JSON.stringify(v);
  return /[\\\t\n\r]/.test(s) ? s.replace(/[\\\t\n\r]/g, (c) => COPY_ESCAPES[c]) : s;
}
const COPY_ESCAPES: Record<string, string> = { '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' };

/** Rows as COPY text (tab-separated, one line per row). Arrays of strings become text[] literals. */
export function copyText(rows: readonly unknown[][]): string {
  let out = '';
  for (const r of rows) out += `${r.map(copyValue).join('\t')}\n`;
  return out;
}

type PgClientLike = {
  query: (...args: unknown[]) => unknown;
  release?: () => void;
  connect?: () => Promise<PgClientLike>;
  totalCount?: number;
};
/** The driver client under a drizzle database or transaction (pg Pool/PoolClient or PGlite). */
const clientOf = (db: DbOrTx) => (db as unknown as { session: { client: PgClientLike } }).session.client;

/**
 * COPY FROM STDIN of the rows into a table, on the connection of `db` (so inside a transaction
 * when given one). PostgreSQL streams the text with pg-copy-streams; PGlite reads it as a blob.
 * COPY skips per-statement parsing of values and is the cheapest way to write many rows.
 */
export async function copyInto(
  db: DbOrTx,
  kind: 'postgres' | 'pglite',
  table: string,
  columns: readonly string[],
  rows: readonly unknown[][],
): Promise<void> {
  if (rows.length === 0) return;
  const statement = `copy ${table} (${columns.map((c) => `"${c}"`).join(', ')}) from stdin`;
  const text = copyText(rows);
  const client = clientOf(db);
  if (kind === 'pglite') {
    await (client.query as (q: string, p: unknown[], o: object) => Promise<unknown>)(
      statement.replace(/from stdin$/, "from '/dev/blob'"),
      [],
      { blob: new Blob([text]) },
    );
    return;
  }
  // A pool (no transaction) lends one connection for the COPY.
  const pooled = typeof client.connect === 'function' && client.totalCount !== undefined;
  const conn = pooled ? await (client.connect as () => Promise<PgClientLike>)() : client;
  try {
    const stream = conn.query(copyFrom(statement)) as NodeJS.WritableStream;
    await pipeline(Readable.from([text]), stream);
  } finally {
    if (pooled) conn.release?.();
  }
}
