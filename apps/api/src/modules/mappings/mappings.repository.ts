import { and, asc, desc, eq, ilike, ne, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/index.ts';
import { type ListQuery, likeTerm, orderBy, pageWindow, tablePage } from '../../platform/lists.ts';
import { mappings } from './mappings.schema.ts';
import type { CompanyId } from '../../platform/tenant.ts';
import { companyRows, firstRow, tenantRows } from '../../platform/db/rows.ts';

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
  return tablePage(db, mappings, {
    where: and(...parts),
    orderBy: orderBy(
      q,
      { templateName: mappings.templateName, createdAt: mappings.createdAt, updatedAt: mappings.updatedAt },
      [desc(mappings.createdAt), asc(mappings.id)],
    ),
    window: pageWindow(q, 1000),
  });
}

export const {
  find: findMapping,
  insert: insertMapping,
  update: updateMapping,
} = tenantRows(mappings, () => ({ updatedAt: new Date() }));

/** Whether another template of the company has this name, case and outer spaces ignored. */
export async function mappingNameTaken(
  db: DbOrTx,
  companyId: CompanyId,
  name: string,
  exceptId?: string,
): Promise<boolean> {
  const row = await firstRow(
    db
      .select({ id: mappings.id })
      .from(mappings)
      .where(
        companyRows(
          mappings,
          companyId,
          sql`lower(trim(${mappings.templateName})) = lower(trim(${name}))`,
          exceptId ? ne(mappings.id, exceptId) : undefined,
        ),
      )
      .limit(1),
  );
  return row !== null;
}
