import { type SQL, and, eq, sql } from 'drizzle-orm';
import { type DbOrTx, rowsOf, schema } from '../../platform/db/index.ts';
import { likeTerm } from '../../platform/lists.ts';
import type { CompanyId } from '../../platform/tenant.ts';

type Page = { page: number; limit: number; term?: string };

async function countOf(db: DbOrTx, base: SQL): Promise<number> {
  const [{ total }] = rowsOf<{ total: number }>(
    await db.execute(sql`select count(*)::int as total from (${base}) c`),
  );
  return Number(total);
}

const textList = (values: string[]) =>
  sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  );

/**
 * Distinct tag values of a table's `tags` column together with the values defined in tag groups,
 * filtered by a term; suggestions for the list filters. With a shipper scope (an external user)
 * only the tags of rows of those shippers, and none of the tag groups' own values.
 */
export async function tagSuggestions(
  db: DbOrTx,
  companyId: CompanyId,
  table: 'tours' | 'shipments',
  q: Page,
  allowed: string[] | null,
) {
  const term = q.term ? likeTerm(q.term) : '%';
  const source = sql.identifier(table);
  const used = sql`select distinct unnest(tags) as value from ${source} where company_id = ${companyId}`;
  let values: SQL;
  if (allowed === null) values = sql`${used} union select value from tags where company_id = ${companyId}`;
  else if (allowed.length === 0) values = sql`select null::text as value where false`;
  else if (table === 'tours') values = sql`${used} and shippers && array[${textList(allowed)}]::text[]`;
  else values = sql`${used} and shipper in (${textList(allowed)})`;
  const base = sql`select value from (${values}) v where value ilike ${term}`;
  const rows = await db.execute(
    sql`select v.value, g.color_code from (${base}) v
        left join tags t on t.company_id = ${companyId} and lower(t.value) = lower(v.value)
        left join tag_groups g on g.id = t.tag_group_id
        order by v.value limit ${q.limit} offset ${(q.page - 1) * q.limit}`,
  );
  const total = await countOf(db, base);
  return { rows: rowsOf<{ value: string; color_code: string | null }>(rows), total };
}

export async function shipperSuggestions(
  db: DbOrTx,
  companyId: CompanyId,
  q: Page,
  allowed: string[] | null,
) {
  const term = q.term ? likeTerm(q.term) : '%';
  const only =
    allowed === null
      ? sql``
      : allowed.length === 0
        ? sql` and false`
        : sql` and shipper in (${textList(allowed)})`;
  const base = sql`select distinct shipper as value from shipments where company_id = ${companyId} and shipper is not null and shipper ilike ${term}${only}`;
  const rows = await db.execute(
    sql`${base} order by value limit ${q.limit} offset ${(q.page - 1) * q.limit}`,
  );
  const total = await countOf(db, base);
  return { rows: rowsOf<{ value: string }>(rows), total };
}

/** The shippers an external read-only user's group allows (rights.cft.shipperFilters). */
export async function allowedShippers(db: DbOrTx, companyId: CompanyId, userId: string): Promise<string[]> {
  const [row] = await db
    .select({ rights: schema.userGroups.rights })
    .from(schema.userGroupMembers)
    .innerJoin(
      schema.userGroups,
      and(
        eq(schema.userGroups.companyId, schema.userGroupMembers.companyId),
        eq(schema.userGroups.id, schema.userGroupMembers.groupId),
      ),
    )
    .where(and(eq(schema.userGroupMembers.companyId, companyId), eq(schema.userGroupMembers.userId, userId)));
  const cft = (row?.rights as { cft?: { shipperFilters?: string[] } } | undefined)?.cft;
  return cft?.shipperFilters ?? [];
}
