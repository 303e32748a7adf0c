import { and, asc, eq, ilike, inArray, notInArray, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/index.ts';
import { type ListQuery, likeTerm, orderBy, pageWindow, tablePage } from '../../platform/lists.ts';
import { tagGroups, tags } from './tags.schema.ts';
import type { CompanyId } from '../../platform/tenant.ts';
import { companyRow, companyRows, deleteCompanyRows, tenantRows } from '../../platform/db/rows.ts';

export type TagGroupRow = typeof tagGroups.$inferSelect;
export type TagRow = typeof tags.$inferSelect;

export async function listTagGroups(db: DbOrTx, companyId: CompanyId, q: ListQuery & { search?: string }) {
  const parts: SQL[] = [eq(tagGroups.companyId, companyId)];
  if (q.search) {
    const term = likeTerm(q.search);
    parts.push(
      sql`(${ilike(tagGroups.name, term)} or exists (select 1 from tags where tags.tag_group_id = ${tagGroups.id} and tags.value ilike ${term}))`,
    );
  }
  return tablePage(db, tagGroups, {
    where: and(...parts),
    orderBy: orderBy(q, { name: tagGroups.name, createdAt: tagGroups.createdAt }, [
      asc(tagGroups.name),
      asc(tagGroups.id),
    ]),
    window: pageWindow(q, 1000),
  });
}

export async function tagsOfGroups(db: DbOrTx, companyId: CompanyId, groupIds: string[]): Promise<TagRow[]> {
  if (groupIds.length === 0) return [];
  return db
    .select()
    .from(tags)
    .where(companyRows(tags, companyId, inArray(tags.tagGroupId, groupIds)))
    .orderBy(asc(tags.value));
}

export const {
  find: findTagGroup,
  insert: insertTagGroup,
  update: updateTagGroup,
  remove: deleteTagGroup,
} = tenantRows(tagGroups, () => ({ updatedAt: new Date() }));

/** Values already used by another group of the company (case-insensitive). */
export async function valuesTakenElsewhere(
  db: DbOrTx,
  companyId: CompanyId,
  groupId: string | null,
  values: string[],
): Promise<string[]> {
  if (values.length === 0) return [];
  const lower = values.map((v) => v.toLowerCase());
  const rows = await db
    .select({ value: tags.value })
    .from(tags)
    .where(
      companyRows(
        tags,
        companyId,
        inArray(sql`lower(${tags.value})`, lower),
        ...(groupId ? [sql`${tags.tagGroupId} <> ${groupId}`] : []),
      ),
    );
  return rows.map((r) => r.value);
}

/** Makes the group's tags exactly `wanted`: kept ids stay, others are removed, new ones added. */
export async function replaceTags(
  db: DbOrTx,
  companyId: CompanyId,
  groupId: string,
  wanted: { id?: string; value: string }[],
): Promise<void> {
  const keep = wanted.filter((w) => w.id).map((w) => w.id as string);
  const ofGroup = eq(tags.tagGroupId, groupId);
  await deleteCompanyRows(db, tags, companyId, ofGroup, ...(keep.length ? [notInArray(tags.id, keep)] : []));
  for (const w of wanted.filter((x) => x.id)) {
    await db
      .update(tags)
      .set({ value: w.value })
      .where(companyRow(tags, companyId, w.id as string, ofGroup));
  }
  const fresh = wanted.filter((w) => !w.id);
  if (fresh.length) {
    await db.insert(tags).values(fresh.map((w) => ({ companyId, tagGroupId: groupId, value: w.value })));
  }
}
