import { type SQL, sql } from 'drizzle-orm';
import { type DbOrTx, rowsOf } from '../../platform/db/index.ts';
import { likeTerm } from '../../platform/lists.ts';
import type { CompanyId } from '../../platform/tenant.ts';
import { list, textArray } from './tours.filters.repository.ts';

// Values for the list filters' suggestions (the tags module answers them with its colours).

type Page = { page: number; limit: number; term?: string };

async function countOf(db: DbOrTx, base: SQL): Promise<number> {
  const [{ total }] = rowsOf<{ total: number }>(
    await db.execute(sql`select count(*)::int as total from (${base}) c`),
  );
  return Number(total);
}

/**
 * Distinct tag values of the tours' or shipments' `tags` column together with `defined` (the
 * values of the company's tag groups), filtered by a term, one page in order. With a shipper scope
 * (`allowed`, an external user) only the tags of rows of those shippers, and none of `defined`.
 */
export async function tagValues(
  db: DbOrTx,
  companyId: CompanyId,
  table: 'tours' | 'shipments',
  q: Page,
  allowed: string[] | null,
  defined: string[],
): Promise<{ rows: { value: string }[]; total: number }> {
  const term = q.term ? likeTerm(q.term) : '%';
  const source = sql.identifier(table);
  const used = sql`select distinct unnest(tags) as value from ${source} where company_id = ${companyId}`;
  let values: SQL;
  if (allowed === null) values = sql`${used} union select unnest(${textArray(defined)}) as value`;
  else if (allowed.length === 0) values = sql`select null::text as value where false`;
  else if (table === 'tours') values = sql`${used} and shippers && ${textArray(allowed)}`;
  else values = sql`${used} and shipper in (${list(allowed)})`;
  const base = sql`select value from (${values}) v where value ilike ${term}`;
  const rows = await db.execute(
    sql`select v.value from (${base}) v order by v.value limit ${q.limit} offset ${(q.page - 1) * q.limit}`,
  );
  const total = await countOf(db, base);
  return { rows: rowsOf<{ value: string }>(rows), total };
}

/** Distinct shippers of the company's shipments matching a term (within `allowed` when given), one page. */
export async function shipperValues(db: DbOrTx, companyId: CompanyId, q: Page, allowed: string[] | null) {
  const term = q.term ? likeTerm(q.term) : '%';
  const only =
    allowed === null
      ? sql``
      : allowed.length === 0
        ? sql` and false`
        : sql` and shipper in (${list(allowed)})`;
  const base = sql`select distinct shipper as value from shipments where company_id = ${companyId} and shipper is not null and shipper ilike ${term}${only}`;
  const rows = await db.execute(
    sql`${base} order by value limit ${q.limit} offset ${(q.page - 1) * q.limit}`,
  );
  const total = await countOf(db, base);
  return { rows: rowsOf<{ value: string }>(rows), total };
}
