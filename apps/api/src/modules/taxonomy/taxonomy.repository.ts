import { type SQL, and, asc, count, desc, eq, exists, inArray, notInArray, or, sql } from 'drizzle-orm';
import type { TaxFileOwner } from '@klimadesk/contract';
import { type DbOrTx, schema } from '../../platform/db/index.ts';
import { companyRow, deleteCompanyRow, firstRow, joinedRow, tenantRows } from '../../platform/db/rows.ts';
import { listPage } from '../../platform/lists.ts';
import type { CompanyId } from '../../platform/tenant.ts';
import {
  taxActivities as act,
  taxActivityCriteria as crit,
  taxActivityTags as actTags,
  taxDnshChecks as dnsh,
  taxFiles as files,
  taxFinancialYears as years,
  taxTags as tags,
} from './taxonomy.schema.ts';

export type YearRow = typeof years.$inferSelect;
export type ActivityRow = typeof act.$inferSelect;
export type CriterionRow = typeof crit.$inferSelect;
export type DnshRow = typeof dnsh.$inferSelect;
export type TagRow = typeof tags.$inferSelect;
export type FileRow = Omit<typeof files.$inferSelect, 'data'>;

const touched = () => ({ updatedAt: new Date() });

// ---------- access facts ----------

/** The taxonomy rights of a user group (`user_groups.rights.tax`) and whether the group has the module. */
export async function groupTaxRights(db: DbOrTx, companyId: CompanyId, groupId: string) {
  const [row] = await db
    .select({ activeModules: schema.userGroups.activeModules, rights: schema.userGroups.rights })
    .from(schema.userGroups)
    .where(companyRow(schema.userGroups, companyId, groupId));
  return row ?? null;
}

/**
 * Whether the user who impersonates holds the platform admin role (seed 001 §6: only the platform
 * admin continues past the trial-ended dialog). The impersonator is named by the session, not the request.
 */
export async function isPlatformAdminUser(db: DbOrTx, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ roles: schema.users.roles })
    .from(schema.users)
    .where(eq(schema.users.id, userId));
  return (row?.roles ?? []).includes('ROLE_SMP_ADMIN');
}

// ---------- financial years ----------

// Qualified by hand: inside the subquery a bare column name would resolve to the inner table.
const activityCount = sql<number>`(select count(*)::int from tax_activities a where a.company_id = tax_financial_years.company_id and a.financial_year_id = tax_financial_years.id)`;

export function listYears(db: DbOrTx, companyId: CompanyId) {
  return db
    .select({ year: years, activityCount })
    .from(years)
    .where(eq(years.companyId, companyId))
    .orderBy(desc(years.taxYear));
}

export const { find: findYear, insert: insertYear, update: updateYear } = tenantRows(years, touched);

export const findYearByTaxYear = (db: DbOrTx, companyId: CompanyId, taxYear: number) =>
  firstRow(
    db
      .select()
      .from(years)
      .where(and(eq(years.companyId, companyId), eq(years.taxYear, taxYear))),
  );

export async function countActivitiesOfYear(
  db: DbOrTx,
  companyId: CompanyId,
  yearId: string,
): Promise<number> {
  const [{ n }] = await db
    .select({ n: count() })
    .from(act)
    .where(and(eq(act.companyId, companyId), eq(act.financialYearId, yearId)));
  return n;
}

/** Locks a year's row until the transaction ends (writes that check its totals run one at a time). */
export async function lockYear(db: DbOrTx, companyId: CompanyId, id: string) {
  await db.execute(
    sql`select 1 from ${years} where ${years.companyId} = ${companyId} and ${years.id} = ${id} for update`,
  );
}

/** The sums of a year's activity amounts (cents), for the check against the year's totals. */
export async function activitySumsOfYear(db: DbOrTx, companyId: CompanyId, yearId: string) {
  const [row] = await db
    .select({
      turnover: sql<string>`coalesce(sum(${act.turnover}), 0)`,
      capex: sql<string>`coalesce(sum(${act.capex}), 0)`,
      opex: sql<string>`coalesce(sum(${act.opex}), 0)`,
    })
    .from(act)
    .where(and(eq(act.companyId, companyId), eq(act.financialYearId, yearId)));
  return { turnover: Number(row.turnover), capex: Number(row.capex), opex: Number(row.opex) };
}

export async function deleteYear(db: DbOrTx, companyId: CompanyId, id: string) {
  await db.delete(files).where(and(eq(files.companyId, companyId), eq(files.financialYearId, id)));
  await deleteCompanyRow(db, years, companyId, id);
}

// ---------- tags ----------

const tagUse = sql<number>`(select count(*)::int from tax_activity_tags x where x.company_id = tax_tags.company_id and x.tag_id = tax_tags.id)`;

export function listTags(db: DbOrTx, companyId: CompanyId) {
  return db
    .select({ tag: tags, activityCount: tagUse })
    .from(tags)
    .where(eq(tags.companyId, companyId))
    .orderBy(asc(sql`lower(${tags.value})`));
}

export const { find: findTag, insert: insertTag, update: updateTag, remove: deleteTag } = tenantRows(tags);

export const findTagByValue = (db: DbOrTx, companyId: CompanyId, value: string) =>
  firstRow(
    db
      .select()
      .from(tags)
      .where(and(eq(tags.companyId, companyId), sql`lower(${tags.value}) = lower(${value})`)),
  );

export async function tagsByIds(db: DbOrTx, companyId: CompanyId, ids: string[]): Promise<TagRow[]> {
  if (!ids.length) return [];
  return db
    .select()
    .from(tags)
    .where(and(eq(tags.companyId, companyId), inArray(tags.id, ids)));
}

/** The tags of activities, by activity. */
export async function tagsOfActivities(db: DbOrTx, companyId: CompanyId, activityIds: string[]) {
  if (!activityIds.length) return [];
  return db
    .select({ activityId: actTags.activityId, tag: tags })
    .from(actTags)
    .innerJoin(tags, joinedRow(tags, actTags.companyId, actTags.tagId))
    .where(and(eq(actTags.companyId, companyId), inArray(actTags.activityId, activityIds)))
    .orderBy(asc(sql`lower(${tags.value})`));
}

export async function setActivityTags(
  db: DbOrTx,
  companyId: CompanyId,
  activityId: string,
  tagIds: string[],
) {
  await db.delete(actTags).where(and(eq(actTags.companyId, companyId), eq(actTags.activityId, activityId)));
  if (tagIds.length)
    await db.insert(actTags).values([...new Set(tagIds)].map((tagId) => ({ companyId, activityId, tagId })));
}

// ---------- activities ----------

export type ActivityFilter = {
  /** The financial years the reader may see (the filter never reaches beyond them). */
  yearIds: string[];
  tagIds?: string[];
  status?: 'open' | 'finished';
};

function activityWhere(db: DbOrTx, companyId: CompanyId, f: ActivityFilter): SQL | undefined {
  if (!f.yearIds.length) return sql`false`;
  return and(
    eq(act.companyId, companyId),
    inArray(act.financialYearId, f.yearIds),
    f.status ? eq(act.status, f.status) : undefined,
    // Tag filter: an activity with any of the tags (seed 001 §2 tag filter).
    f.tagIds?.length
      ? exists(
          db
            .select({ one: sql`1` })
            .from(actTags)
            .where(
              and(
                eq(actTags.companyId, act.companyId),
                eq(actTags.activityId, act.id),
                inArray(actTags.tagId, f.tagIds),
              ),
            ),
        )
      : undefined,
  );
}

export async function listActivities(
  db: DbOrTx,
  companyId: CompanyId,
  f: ActivityFilter,
  window: { offset: number; limit: number },
) {
  const where = activityWhere(db, companyId, f);
  return listPage(db, {
    rows: db
      .select({ activity: act, taxYear: years.taxYear })
      .from(act)
      .innerJoin(years, joinedRow(years, act.companyId, act.financialYearId))
      .$dynamic(),
    from: act,
    where,
    orderBy: [desc(act.updatedAt), asc(act.id)],
    window,
  });
}

/** Every activity of the filter (the dashboard and the exports read all of them). */
export async function allActivities(db: DbOrTx, companyId: CompanyId, f: ActivityFilter) {
  return db
    .select({ activity: act, taxYear: years.taxYear })
    .from(act)
    .innerJoin(years, joinedRow(years, act.companyId, act.financialYearId))
    .where(activityWhere(db, companyId, f))
    .orderBy(asc(years.taxYear), asc(act.name), asc(act.id));
}

export const {
  find: findActivity,
  insert: insertActivity,
  update: updateActivity,
  remove: deleteActivity,
} = tenantRows(act, touched);

/** The criteria of activities in objective order. */
export async function criteriaOfActivities(db: DbOrTx, companyId: CompanyId, activityIds: string[]) {
  if (!activityIds.length) return [];
  return db
    .select()
    .from(crit)
    .where(and(eq(crit.companyId, companyId), inArray(crit.activityId, activityIds)))
    .orderBy(asc(crit.weight), asc(crit.criterion));
}

export async function dnshOfCriteria(db: DbOrTx, companyId: CompanyId, criterionIds: string[]) {
  if (!criterionIds.length) return [];
  return db
    .select()
    .from(dnsh)
    .where(and(eq(dnsh.companyId, companyId), inArray(dnsh.criterionId, criterionIds)))
    .orderBy(asc(dnsh.weight), asc(dnsh.dnsh));
}

/**
 * Removes the criteria of an activity that are not in `keep` (seed 001 §4: deselecting deletes its
 * data), with their DNSH checks and the files of both.
 */
export async function removeCriteriaExcept(
  db: DbOrTx,
  companyId: CompanyId,
  activityId: string,
  keep: string[],
) {
  const gone = await db
    .select({ id: crit.id })
    .from(crit)
    .where(
      and(
        eq(crit.companyId, companyId),
        eq(crit.activityId, activityId),
        keep.length ? notInArray(crit.criterion, keep) : undefined,
      ),
    );
  const ids = gone.map((g) => g.id);
  if (!ids.length) return;
  const checks = await dnshOfCriteria(db, companyId, ids);
  await deleteFilesOf(db, companyId, 'criteria', ids);
  await deleteFilesOf(
    db,
    companyId,
    'dnsh',
    checks.map((c) => c.id),
  );
  await db.delete(crit).where(and(eq(crit.companyId, companyId), inArray(crit.id, ids)));
}

export async function upsertCriterion(
  db: DbOrTx,
  companyId: CompanyId,
  activityId: string,
  values: Omit<typeof crit.$inferInsert, 'companyId' | 'activityId' | 'id'> & { criterion: string },
): Promise<CriterionRow> {
  const [row] = await db
    .insert(crit)
    .values({ ...values, companyId, activityId })
    .onConflictDoUpdate({ target: [crit.companyId, crit.activityId, crit.criterion], set: values })
    .returning();
  return row;
}

export async function upsertDnsh(
  db: DbOrTx,
  companyId: CompanyId,
  criterionId: string,
  values: Omit<typeof dnsh.$inferInsert, 'companyId' | 'criterionId' | 'id'> & { dnsh: string },
) {
  await db
    .insert(dnsh)
    .values({ ...values, companyId, criterionId })
    .onConflictDoUpdate({ target: [dnsh.companyId, dnsh.criterionId, dnsh.dnsh], set: values });
}

/** A DNSH check must not name the criterion's own objective; removes such rows left from before. */
export async function removeOwnObjectiveChecks(
  db: DbOrTx,
  companyId: CompanyId,
  criterionId: string,
  own: string,
) {
  await db
    .delete(dnsh)
    .where(and(eq(dnsh.companyId, companyId), eq(dnsh.criterionId, criterionId), eq(dnsh.dnsh, own)));
}

export const { find: findCriterion } = tenantRows(crit);
export const { find: findDnsh } = tenantRows(dnsh);

// ---------- files ----------

const fileColumns = {
  id: files.id,
  companyId: files.companyId,
  ownerType: files.ownerType,
  ownerId: files.ownerId,
  financialYearId: files.financialYearId,
  activityId: files.activityId,
  name: files.name,
  mimeType: files.mimeType,
  size: files.size,
  note: files.note,
  createdAt: files.createdAt,
};

export async function filesOf(
  db: DbOrTx,
  companyId: CompanyId,
  owners: { type: TaxFileOwner; ids: string[] }[],
): Promise<FileRow[]> {
  const wanted = owners.filter((o) => o.ids.length);
  if (!wanted.length) return [];
  return db
    .select(fileColumns)
    .from(files)
    .where(
      and(
        eq(files.companyId, companyId),
        or(...wanted.map((o) => and(eq(files.ownerType, o.type), inArray(files.ownerId, o.ids)))),
      ),
    )
    .orderBy(asc(files.createdAt), asc(files.id));
}

export const { find: findFile, remove: deleteFile } = tenantRows(files);

export const findFileMeta = (db: DbOrTx, companyId: CompanyId, id: string): Promise<FileRow | null> =>
  firstRow(
    db
      .select(fileColumns)
      .from(files)
      .where(companyRow(files, companyId, id)),
  );

export const insertFile = async (db: DbOrTx, values: typeof files.$inferInsert): Promise<FileRow> => {
  const [row] = await db.insert(files).values(values).returning(fileColumns);
  return row;
};

async function deleteFilesOf(db: DbOrTx, companyId: CompanyId, type: TaxFileOwner, ownerIds: string[]) {
  if (!ownerIds.length) return;
  await db
    .delete(files)
    .where(and(eq(files.companyId, companyId), eq(files.ownerType, type), inArray(files.ownerId, ownerIds)));
}

/** Every file of the given activities (the report's zip), with content. */
export async function filesWithDataOfActivities(db: DbOrTx, companyId: CompanyId, activityIds: string[]) {
  if (!activityIds.length) return [];
  return db
    .select()
    .from(files)
    .where(and(eq(files.companyId, companyId), inArray(files.activityId, activityIds)))
    .orderBy(asc(files.activityId), asc(files.createdAt));
}

/**
 * The financial years' own files (review, minimum-safeguard evidence) with content, for the report's
 * zip beside the activities' files. Added for the report export (taxonomy.report.ts).
 */
export async function filesWithDataOfYears(db: DbOrTx, companyId: CompanyId, yearIds: string[]) {
  if (!yearIds.length) return [];
  return db
    .select()
    .from(files)
    .where(
      and(
        eq(files.companyId, companyId),
        eq(files.ownerType, 'financialYear'),
        inArray(files.financialYearId, yearIds),
      ),
    )
    .orderBy(asc(files.financialYearId), asc(files.createdAt));
}
