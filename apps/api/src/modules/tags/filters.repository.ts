import { sql } from 'drizzle-orm';
import { type DbOrTx, rowsOf } from '../../platform/db/index.ts';
import type { CompanyId } from '../../platform/tenant.ts';

/** The values of the company's tag groups (the filters suggest them beside the values in use). */
export async function definedTagValues(db: DbOrTx, companyId: CompanyId): Promise<string[]> {
  const rows = await db.execute(sql`select value from tags where company_id = ${companyId}`);
  return rowsOf<{ value: string }>(rows).map((r) => r.value);
}

/** The colour of each value's tag group, matched without case as the tags' unique key is; null without one. */
export async function tagColours(
  db: DbOrTx,
  companyId: CompanyId,
  values: string[],
): Promise<Map<string, string | null>> {
  if (values.length === 0) return new Map();
  const list = sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  );
  const rows = await db.execute(
    sql`select v.value, g.color_code from unnest(array[${list}]::text[]) v(value)
        left join tags t on t.company_id = ${companyId} and lower(t.value) = lower(v.value)
        left join tag_groups g on g.id = t.tag_group_id`,
  );
  return new Map(
    rowsOf<{ value: string; color_code: string | null }>(rows).map((r) => [r.value, r.color_code]),
  );
}
