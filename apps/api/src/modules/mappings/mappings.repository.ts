import { and, asc, count, desc, eq, ilike, ne, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/index.ts';
import { type ListQuery, likeTerm, orderBy, pageWindow } from '../../platform/lists.ts';
import { mappings } from './mappings.schema.ts';
import type { CompanyId } from '../../platform/tenant.ts';

export type MappingRow = typeof mappings.$inferSelect;

export async function listMappings(
  db: DbOrTx,
  companyId: CompanyId,
  q: ListQuery & { status: '1' | '3' | 'all'; search?: string; mappingFieldCategory?: string },
) {
  const parts: SQL[] = [eq(mappings.companyId, companyId)];
  if (q.status !== 'all') parts.push(eq(mappings.status, Number(q.status)));
  if (q.mappingFieldCategory) parts.push(eq(mappings.category, q.mappingFieldCategory));
  if (q.search) parts.push(ilike(mappings.templateName, likeTerm(q.search)));
  const cond = and(...parts) as SQL;
  const { offset, limit } = pageWindow(q, 1000);
  const rows = await db
    .select()
    .from(mappings)
    .where(cond)
    .orderBy(
      ...orderBy(
        q,
        { templateName: mappings.templateName, createdAt: mappings.createdAt, updatedAt: mappings.updatedAt },
        [desc(mappings.createdAt), asc(mappings.id)],
      ),
    )
    .limit(limit)
    .offset(offset);
  const [{ total }] = await db.select({ total: count() }).from(mappings).where(cond);
  return { rows, total };
}

export async function findMapping(db: DbOrTx, companyId: CompanyId, id: string): Promise<MappingRow | null> {
  const [row] = await db
    .select()
    .from(mappings)
    .where(and(eq(mappings.companyId, companyId), eq(mappings.id, id)));
  return row ?? null;
}

/** Whether another template of the company has this name, case and outer spaces ignored. */
export async function mappingNameTaken(
  db: DbOrTx,
  companyId: CompanyId,
  name: string,
  exceptId?: string,
): Promise<boolean> {
  const [row] = await db
    .select({ id: mappings.id })
    .from(mappings)
    .where(
      and(
        eq(mappings.companyId, companyId),
        sql`lower(trim(${mappings.templateName})) = lower(trim(${name}))`,
        exceptId ? ne(mappings.id, exceptId) : undefined,
      ),
    )
    .limit(1);
  return !!row;
}

export async function insertMapping(db: DbOrTx, values: typeof mappings.$inferInsert): Promise<MappingRow> {
  const [row] = await db.insert(mappings).values(values).returning();
  return row;
}

export async function updateMapping(
  db: DbOrTx,
  companyId: CompanyId,
  id: string,
  values: Partial<typeof mappings.$inferInsert>,
): Promise<MappingRow> {
  const [row] = await db
    .update(mappings)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(mappings.companyId, companyId), eq(mappings.id, id)))
    .returning();
  return row;
}
