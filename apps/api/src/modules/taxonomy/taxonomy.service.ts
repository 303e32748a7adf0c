import type { z } from 'zod';
import {
  TAX_ADMIN_ROLES,
  TAX_AMOUNT_KINDS,
  TAX_OBJECTIVES,
  TAX_WRITE_ROLES,
  type TaxActivity,
  type TaxFile,
  type TaxFileOwner,
  type TaxFinancialYear,
  type TaxObjective,
  type TaxRuleSet,
  isCompanyAdmin,
  isReadOnlyUser,
  platformSchemas,
  taxStatusOf,
  taxonomySchemas as s,
} from '@klimadesk/contract';
import type { AppContext } from '../../platform/context.ts';
import { type Actor, hasAnyRole, isPlatformAdmin } from '../../platform/access.ts';
import { AppError, notFoundUnless } from '../../platform/errors.ts';
import type { DbOrTx } from '../../platform/db/index.ts';
import { list } from '../../platform/lists.ts';
import type { CompanyId } from '../../platform/tenant.ts';
import { bookingTerms, todayIn } from '../tariffs/index.ts';
import { euActivity, taxYears } from './taxonomy.catalogue.ts';
import { type KpiActivity, assessActivity } from './taxonomy.kpis.ts';
import * as repo from './taxonomy.repository.ts';
import { type RuleSetFields, checkRuleSet, defaultRuleSet } from './taxonomy.rulesets.ts';

type YearBody = z.output<typeof s.taxFinancialYearBody>;
type YearPatch = z.output<typeof s.taxFinancialYearPatchBody>;
type ActivityBody = z.output<typeof s.taxActivityBody>;
type ActivityPatch = z.output<typeof s.taxActivityPatchBody>;
type CriterionInput = z.output<typeof s.taxCriterionInput>;

/** EUR with two decimals on the wire, cents inside (seed 001 §9: rounded to two decimals). */
const toCents = (eur: number) => Math.round(eur * 100);
export const toEur = (cents: number) => cents / 100;
/** Turnover, CapEx and OpEx (stored in cents) in EUR. */
export const amountsInEur = (x: { turnover: number; capex: number; opex: number }) => ({
  turnover: toEur(x.turnover),
  capex: toEur(x.capex),
  opex: toEur(x.opex),
});
/** The tags of an activity as answered. */
export const tagsOf = (g: Graph, activityId: string) =>
  g.tags
    .filter((t) => t.activityId === activityId)
    .map(({ tag }) => ({ id: tag.id, value: tag.value, color: tag.color }));

// ---------- access ----------

/**
 * What the actor may do with each financial year (seed 001 §6): module admins and company admins
 * reach every year; users and read-only users through their group's tax rights (all or selected
 * tax years, read or write), plus read access to the years of a review they are granted. A year in
 * review is frozen for everyone; a trial that ran out (or no tax tariff) leaves reading only
 * (seed 001 §4), except for the platform admin.
 */
export type TaxAccess = {
  isYearAdmin: boolean;
  /** Why nothing can be written, whatever the year (null: writing is possible). */
  blocked: 'readOnly' | 'taxTrialExpired' | null;
  readable: (y: repo.YearRow) => boolean;
  writable: (y: repo.YearRow) => boolean;
};

export async function taxAccess(ctx: AppContext, actor: Actor, timeZone?: string): Promise<TaxAccess> {
  const companyId = actor.companyId;
  const isYearAdmin = isCompanyAdmin(actor.roles) || hasAnyRole(actor, TAX_ADMIN_ROLES);
  let years: number[] | null = null;
  let review: number[] = [];
  let groupRead = true;
  let groupWrite = true;
  if (!isYearAdmin && actor.groupId) {
    const group = await repo.groupTaxRights(ctx.db, companyId, actor.groupId);
    if (group && group.activeModules.includes('tax')) {
      const rights = platformSchemas.userGroupRights.parse(group.rights).tax;
      years = rights.years ?? null;
      review = rights.reviewYears ?? [];
      groupRead = rights.read !== false;
      groupWrite = rights.write !== false;
    }
  }
  const bookings = await bookingTerms(ctx.db, companyId);
  const tax = bookings
    .filter((b) => b.module === 'tax')
    .map((b) => ({ ...b, type: b.type as 'default' | 'limited' | 'payPerUse' }));
  // A company without any booking keeps its stored modules (tariffs module); otherwise the tax state.
  const state = bookings.length ? taxStatusOf(tax, todayIn(timeZone)).taxType : null;
  const byPlatformAdmin =
    isPlatformAdmin(actor) ||
    (actor.impersonator !== null && (await repo.isPlatformAdminUser(ctx.db, actor.impersonator.id)));
  const expired = (state === 'EXPIRED' || state === 'RESTRICTED') && !byPlatformAdmin;
  const blocked =
    isReadOnlyUser(actor.roles) || !hasAnyRole(actor, TAX_WRITE_ROLES)
      ? 'readOnly'
      : expired
        ? 'taxTrialExpired'
        : null;
  const inGroup = (y: repo.YearRow) => groupRead && (years === null || years.includes(y.taxYear));
  return {
    isYearAdmin,
    blocked,
    readable: (y) => inGroup(y) || (y.inReview && review.includes(y.taxYear)),
    writable: (y) => blocked === null && !y.inReview && inGroup(y) && groupWrite,
  };
}

export function assertCanWrite(access: TaxAccess): void {
  if (access.blocked) throw new AppError(access.blocked);
}

/** A year the actor may change: unknown or unreadable ones are not found; others refuse with 50500. */
export function assertYearWritable(access: TaxAccess, year: repo.YearRow | null): repo.YearRow {
  assertCanWrite(access);
  if (!year || !access.readable(year)) throw new AppError('notFound');
  if (!access.writable(year)) throw new AppError('TaxFinancialYearNotWritable', { taxYear: year.taxYear });
  return year;
}

export async function readableYears(ctx: AppContext, actor: Actor, access: TaxAccess) {
  const rows = await repo.listYears(ctx.db, actor.companyId);
  return rows.filter((r) => access.readable(r.year));
}

// ---------- files ----------

export const fileDto = (f: repo.FileRow): TaxFile => ({
  id: f.id,
  name: f.name,
  note: f.note,
  mimeType: f.mimeType,
  size: f.size,
  type: f.ownerType as TaxFileOwner,
  ownerId: f.ownerId,
  createdAt: f.createdAt.toISOString(),
});

// ---------- financial years ----------

/** A year's Article 8 denominators in EUR. */
export const yearTotals = (y: repo.YearRow) => ({
  totalTurnover: toEur(y.totalTurnover),
  totalCapex: toEur(y.totalCapex),
  totalOpex: toEur(y.totalOpex),
});

function yearDto(
  y: repo.YearRow,
  activityCount: number,
  files: repo.FileRow[],
  access: TaxAccess,
): TaxFinancialYear {
  return {
    id: y.id,
    taxYear: y.taxYear,
    ...yearTotals(y),
    minSafeguards: y.minSafeguards,
    reviewInstitute: y.reviewInstitute,
    inReview: y.inReview,
    showInstituteInReport: y.showInstituteInReport,
    nuclearGas: y.nuclearGas,
    ruleSet: y.ruleSet as TaxRuleSet,
    notMaterialTurnover: toEur(y.notMaterialTurnover),
    notMaterialCapex: toEur(y.notMaterialCapex),
    notMaterialOpex: toEur(y.notMaterialOpex),
    notMaterialNote: y.notMaterialNote,
    opexNotMaterial: y.opexNotMaterial,
    opexNotMaterialReason: y.opexNotMaterialReason,
    files: files.filter((f) => f.ownerId === y.id).map(fileDto),
    activityCount,
    canWrite: access.writable(y),
    createdAt: y.createdAt.toISOString(),
    updatedAt: y.updatedAt.toISOString(),
  };
}

async function oneYear(ctx: AppContext, actor: Actor, access: TaxAccess, id: string) {
  const y = notFoundUnless(await repo.findYear(ctx.db, actor.companyId, id));
  const files = await repo.filesOf(ctx.db, actor.companyId, [{ type: 'financialYear', ids: [id] }]);
  return yearDto(y, await repo.countActivitiesOfYear(ctx.db, actor.companyId, id), files, access);
}

export async function listYears(ctx: AppContext, actor: Actor, timeZone: string) {
  const access = await taxAccess(ctx, actor, timeZone);
  const rows = await readableYears(ctx, actor, access);
  const files = await repo.filesOf(ctx.db, actor.companyId, [
    { type: 'financialYear', ids: rows.map((r) => r.year.id) },
  ]);
  return list(
    rows.map((r) => yearDto(r.year, r.activityCount, files, access)),
    rows.length,
  );
}

function checkTaxYear(taxYear: number) {
  if (!taxYears().includes(taxYear)) throw new AppError('TaxYearDoesNotExist', { taxYear });
}

export async function createYear(ctx: AppContext, actor: Actor, body: YearBody, timeZone: string) {
  const access = await taxAccess(ctx, actor, timeZone);
  assertCanWrite(access);
  checkTaxYear(body.taxYear);
  const ruleSet = body.ruleSet ?? defaultRuleSet(body.taxYear);
  const simplified = {
    notMaterialTurnover: toCents(body.notMaterialTurnover),
    notMaterialCapex: toCents(body.notMaterialCapex),
    notMaterialOpex: toCents(body.notMaterialOpex),
    notMaterialNote: body.notMaterialNote ?? null,
    opexNotMaterial: body.opexNotMaterial,
    opexNotMaterialReason: body.opexNotMaterialReason ?? null,
  };
  checkRuleSet(
    ruleSetFields({
      taxYear: body.taxYear,
      ruleSet,
      totalTurnover: toCents(body.totalTurnover),
      totalCapex: toCents(body.totalCapex),
      totalOpex: toCents(body.totalOpex),
      ...simplified,
    }),
  );
  if (await repo.findYearByTaxYear(ctx.db, actor.companyId, body.taxYear))
    throw new AppError('TaxFinancialYearAlreadyExists', { taxYear: body.taxYear });
  const row = await repo.insertYear(ctx.db, {
    companyId: actor.companyId,
    taxYear: body.taxYear,
    totalTurnover: toCents(body.totalTurnover),
    totalCapex: toCents(body.totalCapex),
    totalOpex: toCents(body.totalOpex),
    minSafeguards: body.minSafeguards,
    reviewInstitute: body.reviewInstitute ?? null,
    showInstituteInReport: body.showInstituteInReport,
    nuclearGas: body.nuclearGas,
    ruleSet,
    ...simplified,
  });
  return yearDto(row, 0, [], access);
}

/**
 * Seed 001 §4: `inReview: true` freezes the year (end data entry, start review); while frozen only
 * `inReview: false` (cancel the review) is accepted, alone.
 */
export async function updateYear(
  ctx: AppContext,
  actor: Actor,
  id: string,
  body: YearPatch,
  timeZone: string,
) {
  const access = await taxAccess(ctx, actor, timeZone);
  assertCanWrite(access);
  const year = await repo.findYear(ctx.db, actor.companyId, id);
  if (!year || !access.readable(year)) throw new AppError('notFound');
  const changes = Object.keys(body).filter((k) => k !== 'inReview');
  if (year.inReview && (body.inReview !== false || changes.length > 0))
    throw new AppError('TaxFinancialYearNotWritable', { taxYear: year.taxYear });
  const simplified = {
    ...(body.ruleSet !== undefined ? { ruleSet: body.ruleSet } : {}),
    ...(body.notMaterialTurnover !== undefined
      ? { notMaterialTurnover: toCents(body.notMaterialTurnover) }
      : {}),
    ...(body.notMaterialCapex !== undefined ? { notMaterialCapex: toCents(body.notMaterialCapex) } : {}),
    ...(body.notMaterialOpex !== undefined ? { notMaterialOpex: toCents(body.notMaterialOpex) } : {}),
    ...(body.notMaterialNote !== undefined ? { notMaterialNote: body.notMaterialNote } : {}),
    ...(body.opexNotMaterial !== undefined ? { opexNotMaterial: body.opexNotMaterial } : {}),
    ...(body.opexNotMaterialReason !== undefined
      ? { opexNotMaterialReason: body.opexNotMaterialReason }
      : {}),
  };
  const totals = {
    ...(body.totalTurnover !== undefined ? { totalTurnover: toCents(body.totalTurnover) } : {}),
    ...(body.totalCapex !== undefined ? { totalCapex: toCents(body.totalCapex) } : {}),
    ...(body.totalOpex !== undefined ? { totalOpex: toCents(body.totalOpex) } : {}),
  };
  checkRuleSet(ruleSetFields({ ...year, ...totals, ...simplified }), body.ruleSet !== undefined);
  await ctx.db.transaction(async (tx) => {
    await repo.lockYear(tx, actor.companyId, id);
    await checkNewTotals(tx, actor.companyId, { ...year, ...simplified }, body);
    await repo.updateYear(tx, actor.companyId, id, {
      ...simplified,
      ...(body.totalTurnover !== undefined ? { totalTurnover: toCents(body.totalTurnover) } : {}),
      ...(body.totalCapex !== undefined ? { totalCapex: toCents(body.totalCapex) } : {}),
      ...(body.totalOpex !== undefined ? { totalOpex: toCents(body.totalOpex) } : {}),
      ...(body.minSafeguards !== undefined ? { minSafeguards: body.minSafeguards } : {}),
      ...(body.reviewInstitute !== undefined ? { reviewInstitute: body.reviewInstitute } : {}),
      ...(body.showInstituteInReport !== undefined
        ? { showInstituteInReport: body.showInstituteInReport }
        : {}),
      ...(body.inReview !== undefined ? { inReview: body.inReview } : {}),
      ...(body.nuclearGas !== undefined ? { nuclearGas: body.nuclearGas } : {}),
    });
  });
  return oneYear(ctx, actor, access, id);
}

/**
 * A year's total is never changed to below the sum of its activities (see `checkYearTotals`); a
 * total sent unchanged passes, so a year kept from before the check can still be edited.
 */
async function checkNewTotals(tx: DbOrTx, companyId: CompanyId, year: repo.YearRow, body: YearPatch) {
  const given = { turnover: body.totalTurnover, capex: body.totalCapex, opex: body.totalOpex };
  if (TAX_AMOUNT_KINDS.every((k) => given[k] === undefined)) return;
  const sums = await repo.activitySumsOfYear(tx, companyId, year.id);
  for (const kind of TAX_AMOUNT_KINDS) {
    const total = given[kind];
    if (total === undefined || toCents(total) === yearTotalOf(year, kind)) continue;
    if (toCents(total) < sums[kind] + notMaterialOf(year, kind))
      throw new AppError('TaxYearTotalBelowActivities', {
        kind,
        taxYear: year.taxYear,
        total,
        sum: toEur(sums[kind] + notMaterialOf(year, kind)),
      });
  }
}

export async function deleteYear(ctx: AppContext, actor: Actor, id: string, timeZone: string) {
  const access = await taxAccess(ctx, actor, timeZone);
  const year = assertYearWritable(access, await repo.findYear(ctx.db, actor.companyId, id));
  if ((await repo.countActivitiesOfYear(ctx.db, actor.companyId, year.id)) > 0)
    throw new AppError('TaxFinancialYearHasActivities', { taxYear: year.taxYear });
  await ctx.db.transaction((tx) => repo.deleteYear(tx, actor.companyId, id));
}

// ---------- tags ----------

export async function listTags(ctx: AppContext, actor: Actor) {
  const rows = await repo.listTags(ctx.db, actor.companyId);
  return list(
    rows.map((r) => ({
      id: r.tag.id,
      value: r.tag.value,
      color: r.tag.color,
      activityCount: r.activityCount,
    })),
    rows.length,
  );
}

async function tagDto(ctx: AppContext, actor: Actor, id: string) {
  const rows = await repo.listTags(ctx.db, actor.companyId);
  const r = notFoundUnless(rows.find((x) => x.tag.id === id));
  return { id: r.tag.id, value: r.tag.value, color: r.tag.color, activityCount: r.activityCount };
}

export async function createTag(
  ctx: AppContext,
  actor: Actor,
  body: z.output<typeof s.taxTagBody>,
  tz: string,
) {
  assertCanWrite(await taxAccess(ctx, actor, tz));
  if (await repo.findTagByValue(ctx.db, actor.companyId, body.value)) throw new AppError('tagExists');
  const row = await repo.insertTag(ctx.db, {
    companyId: actor.companyId,
    value: body.value,
    color: body.color,
  });
  return tagDto(ctx, actor, row.id);
}

export async function updateTag(
  ctx: AppContext,
  actor: Actor,
  id: string,
  body: z.output<typeof s.taxTagPatchBody>,
  tz: string,
) {
  assertCanWrite(await taxAccess(ctx, actor, tz));
  notFoundUnless(await repo.findTag(ctx.db, actor.companyId, id));
  if (body.value) {
    const other = await repo.findTagByValue(ctx.db, actor.companyId, body.value);
    if (other && other.id !== id) throw new AppError('tagExists');
  }
  await repo.updateTag(ctx.db, actor.companyId, id, body);
  return tagDto(ctx, actor, id);
}

export async function deleteTag(ctx: AppContext, actor: Actor, id: string, tz: string) {
  assertCanWrite(await taxAccess(ctx, actor, tz));
  notFoundUnless(await repo.findTag(ctx.db, actor.companyId, id));
  await repo.deleteTag(ctx.db, actor.companyId, id);
}

export async function checkedTags(db: DbOrTx, companyId: CompanyId, ids: string[]) {
  const unique = [...new Set(ids)];
  const found = await repo.tagsByIds(db, companyId, unique);
  // Another company's tag answers like an unknown one.
  if (found.length !== unique.length) throw new AppError('notFound', { field: 'tags' });
  return unique;
}

// ---------- activities ----------

export type Graph = {
  criteria: repo.CriterionRow[];
  checks: repo.DnshRow[];
  tags: { activityId: string; tag: repo.TagRow }[];
  files: repo.FileRow[];
};

export async function loadGraph(
  db: DbOrTx,
  companyId: CompanyId,
  activityIds: string[],
  withFiles: boolean,
): Promise<Graph> {
  const criteria = await repo.criteriaOfActivities(db, companyId, activityIds);
  const checks = await repo.dnshOfCriteria(
    db,
    companyId,
    criteria.map((c) => c.id),
  );
  const tags = await repo.tagsOfActivities(db, companyId, activityIds);
  const files = withFiles
    ? await repo.filesOf(db, companyId, [
        { type: 'activity', ids: activityIds },
        { type: 'criteria', ids: criteria.map((c) => c.id) },
        { type: 'dnsh', ids: checks.map((c) => c.id) },
      ])
    : [];
  return { criteria, checks, tags, files };
}

/** The computation's view of one activity (amounts in cents). */
export function kpiActivity(a: repo.ActivityRow, g: Graph): KpiActivity {
  return {
    euObjectives: euActivity(a.euActivity)?.objectives ?? [],
    minSafeguards: a.minSafeguards,
    amounts: { turnover: a.turnover, capex: a.capex, opex: a.opex },
    criteria: g.criteria
      .filter((c) => c.activityId === a.id)
      .map((c) => ({
        criterion: c.criterion as TaxObjective,
        substantialContribution: c.substantialContribution,
        amounts: { turnover: c.turnover, capex: c.capex, opex: c.opex },
        dnsh: g.checks
          .filter((d) => d.criterionId === c.id)
          .map((d) => ({ dnsh: d.dnsh as TaxObjective, complies: d.complies, isAlwaysMet: d.isAlwaysMet })),
      })),
  };
}

export function assessmentOf(a: repo.ActivityRow, g: Graph, year: repo.YearRow) {
  const r = assessActivity(kpiActivity(a, g), year.minSafeguards);
  return {
    eligible: r.eligible,
    substantialContribution: r.substantialContribution,
    dnsh: r.dnsh,
    minSafeguards: r.minSafeguards,
    aligned: r.aligned,
    potentiallyConformShare: r.potentiallyConformShare,
    splitIncomplete: r.splitIncomplete,
  };
}

export const euRef = (id: string) => ({ id, name: euActivity(id)?.name ?? id });

export function activityDto(
  a: repo.ActivityRow,
  year: repo.YearRow,
  g: Graph,
  access: TaxAccess,
): TaxActivity {
  const files = (type: TaxFileOwner, id: string) =>
    g.files.filter((f) => f.ownerType === type && f.ownerId === id).map(fileDto);
  return {
    id: a.id,
    name: a.name,
    year: { id: year.id, taxYear: year.taxYear },
    naceCode: a.naceCode,
    euActivity: euRef(a.euActivity),
    ...amountsInEur(a),
    status: a.status as 'open' | 'finished',
    minSafeguards: a.minSafeguards,
    tags: tagsOf(g, a.id),
    files: files('activity', a.id),
    activityCriteria: g.criteria
      .filter((c) => c.activityId === a.id)
      .map((c) => ({
        id: c.id,
        criterion: c.criterion as TaxObjective,
        weight: c.weight,
        substantialContribution: c.substantialContribution,
        ...amountsInEur(c),
        files: files('criteria', c.id),
        dnshActivityCriteria: g.checks
          .filter((d) => d.criterionId === c.id)
          .map((d) => ({
            id: d.id,
            dnsh: d.dnsh as TaxObjective,
            weight: d.weight,
            complies: d.complies,
            isAlwaysMet: d.isAlwaysMet,
            files: files('dnsh', d.id),
          })),
      })),
    assessment: assessmentOf(a, g, year),
    canWrite: access.writable(year),
    createdAt: a.createdAt.toISOString(),
    updatedAt: a.updatedAt.toISOString(),
  };
}

async function readActivity(ctx: AppContext, actor: Actor, access: TaxAccess, id: string) {
  const a = notFoundUnless(await repo.findActivity(ctx.db, actor.companyId, id));
  const year = await repo.findYear(ctx.db, actor.companyId, a.financialYearId);
  if (!year || !access.readable(year)) throw new AppError('notFound');
  return { activity: a, year };
}

export async function getActivity(ctx: AppContext, actor: Actor, id: string, timeZone: string) {
  const access = await taxAccess(ctx, actor, timeZone);
  const { activity, year } = await readActivity(ctx, actor, access, id);
  return activityDto(activity, year, await loadGraph(ctx.db, actor.companyId, [id], true), access);
}

const objectiveWeight = (o: TaxObjective) => TAX_OBJECTIVES.indexOf(o) + 1;

/** Seed 001 §5: at least one criterion, each objective once, DNSH checks only on the five others. */
function checkCriteria(criteria: CriterionInput[]) {
  const seen = new Set<string>();
  for (const c of criteria) {
    if (seen.has(c.criterion))
      throw new AppError('validationFailed', {
        issues: [{ path: 'activityCriteria', message: 'duplicate' }],
      });
    seen.add(c.criterion);
    for (const d of c.dnshActivityCriteria ?? [])
      if (d.dnsh === c.criterion) throw new AppError('TaxDnshOwnObjective', { criterion: c.criterion });
  }
}

/** Writes the criteria as listed: others are removed with their data; new ones get all five DNSH checks. */
async function writeCriteria(
  tx: DbOrTx,
  companyId: CompanyId,
  activityId: string,
  criteria: CriterionInput[],
) {
  await repo.removeCriteriaExcept(
    tx,
    companyId,
    activityId,
    criteria.map((c) => c.criterion),
  );
  for (const c of criteria) {
    const row = await repo.upsertCriterion(tx, companyId, activityId, {
      criterion: c.criterion,
      ...(c.weight !== undefined ? { weight: c.weight } : { weight: objectiveWeight(c.criterion) }),
      ...(c.substantialContribution !== undefined
        ? { substantialContribution: c.substantialContribution }
        : {}),
      ...(c.turnover !== undefined ? { turnover: toCents(c.turnover) } : {}),
      ...(c.capex !== undefined ? { capex: toCents(c.capex) } : {}),
      ...(c.opex !== undefined ? { opex: toCents(c.opex) } : {}),
    });
    const existing = new Set((await repo.dnshOfCriteria(tx, companyId, [row.id])).map((d) => d.dnsh));
    for (const o of TAX_OBJECTIVES) {
      if (o === c.criterion) continue;
      const given = c.dnshActivityCriteria?.find((d) => d.dnsh === o);
      if (!given && existing.has(o)) continue;
      await repo.upsertDnsh(tx, companyId, row.id, {
        dnsh: o,
        weight: objectiveWeight(o),
        ...(given?.complies !== undefined ? { complies: given.complies } : {}),
        ...(given?.isAlwaysMet !== undefined ? { isAlwaysMet: given.isAlwaysMet } : {}),
      });
    }
  }
}

/** The criteria's amounts of each kind add up to at most the activity's (they split it). */
async function checkSplit(tx: DbOrTx, companyId: CompanyId, a: repo.ActivityRow) {
  const criteria = await repo.criteriaOfActivities(tx, companyId, [a.id]);
  for (const kind of ['turnover', 'capex', 'opex'] as const) {
    const total = criteria.reduce((sum, c) => sum + c[kind], 0);
    if (total > a[kind]) throw new AppError('TaxCriterionAmountsExceedActivity', { kind });
  }
}

/**
 * The activities of a year add up to at most the year's totals: an activity is part of the
 * undertaking's turnover, CapEx or OpEx (2021/2178 Annex I 1.1.1 to 1.1.3, the denominators), so a
 * larger sum is an input error, refused until the year's total is raised explicitly.
 */
async function checkYearTotals(
  tx: DbOrTx,
  companyId: CompanyId,
  year: repo.YearRow,
  grown: (kind: (typeof TAX_AMOUNT_KINDS)[number]) => boolean,
) {
  // Concurrent writes of the year's activities wait here, so each sees the others' amounts.
  await repo.lockYear(tx, companyId, year.id);
  const sums = await repo.activitySumsOfYear(tx, companyId, year.id);
  for (const kind of TAX_AMOUNT_KINDS) {
    const total = yearTotalOf(year, kind);
    // The not-material activities of 2026/73 are part of the total as well.
    const sum = sums[kind] + notMaterialOf(year, kind);
    // Only a growing amount is refused: a year kept from before the check stays editable.
    if (grown(kind) && sum > total)
      throw new AppError('TaxActivityAmountsExceedYear', {
        kind,
        taxYear: year.taxYear,
        total: toEur(total),
        sum: toEur(sum),
      });
  }
}

const yearTotalOf = (y: repo.YearRow, kind: (typeof TAX_AMOUNT_KINDS)[number]) =>
  kind === 'turnover' ? y.totalTurnover : kind === 'capex' ? y.totalCapex : y.totalOpex;
/**
 * The stored not-material amount of a KPI: part of the year's total whatever the rule set, so the
 * totals hold both views of a year (2026/73 options are stored only for years that may follow it).
 */
export const notMaterialOf = (y: repo.YearRow, kind: (typeof TAX_AMOUNT_KINDS)[number]) =>
  kind === 'turnover' ? y.notMaterialTurnover : kind === 'capex' ? y.notMaterialCapex : y.notMaterialOpex;

/** The stored year's fields as `checkRuleSet` reads them. */
const ruleSetFields = (
  y: Pick<
    repo.YearRow,
    | 'taxYear'
    | 'ruleSet'
    | 'totalTurnover'
    | 'totalCapex'
    | 'totalOpex'
    | 'notMaterialTurnover'
    | 'notMaterialCapex'
    | 'notMaterialOpex'
    | 'opexNotMaterial'
    | 'opexNotMaterialReason'
  >,
): RuleSetFields => ({
  taxYear: y.taxYear,
  ruleSet: y.ruleSet as TaxRuleSet,
  totals: { turnover: y.totalTurnover, capex: y.totalCapex, opex: y.totalOpex },
  notMaterial: { turnover: y.notMaterialTurnover, capex: y.notMaterialCapex, opex: y.notMaterialOpex },
  opexNotMaterial: y.opexNotMaterial,
  opexNotMaterialReason: y.opexNotMaterialReason,
});

export async function createActivity(ctx: AppContext, actor: Actor, body: ActivityBody, timeZone: string) {
  const access = await taxAccess(ctx, actor, timeZone);
  assertCanWrite(access);
  // Seed 001 §5: the EU activity is chosen first.
  if (!euActivity(body.euActivity))
    throw new AppError('TaxEuActivityUnknown', { euActivity: body.euActivity });
  const year = assertYearWritable(access, await repo.findYear(ctx.db, actor.companyId, body.year));
  const tags = await checkedTags(ctx.db, actor.companyId, body.tags);
  checkCriteria(body.activityCriteria);
  const id = await ctx.db.transaction(async (tx) => {
    const row = await repo.insertActivity(tx, {
      companyId: actor.companyId,
      financialYearId: year.id,
      name: body.name,
      naceCode: body.naceCode,
      euActivity: body.euActivity,
      turnover: toCents(body.turnover),
      capex: toCents(body.capex),
      opex: toCents(body.opex),
      status: body.status,
      minSafeguards: body.minSafeguards,
    });
    await repo.setActivityTags(tx, actor.companyId, row.id, tags);
    await writeCriteria(tx, actor.companyId, row.id, body.activityCriteria);
    await checkSplit(tx, actor.companyId, row);
    await checkYearTotals(tx, actor.companyId, year, (kind) => row[kind] > 0);
    return row.id;
  });
  return getActivity(ctx, actor, id, timeZone);
}

export async function updateActivity(
  ctx: AppContext,
  actor: Actor,
  id: string,
  body: ActivityPatch,
  timeZone: string,
) {
  const access = await taxAccess(ctx, actor, timeZone);
  assertCanWrite(access);
  const { activity, year } = await readActivity(ctx, actor, access, id);
  assertYearWritable(access, year);
  // Seed 001 §4: the EU activity is fixed once saved; the activity stays in its financial year.
  if (body.euActivity !== undefined && body.euActivity !== activity.euActivity)
    throw new AppError('TaxEuActivityFixed');
  if (body.year !== undefined && body.year !== activity.financialYearId)
    throw new AppError('invalidTaxYear', { field: 'year' });
  const tags = body.tags ? await checkedTags(ctx.db, actor.companyId, body.tags) : null;
  if (body.activityCriteria) checkCriteria(body.activityCriteria);
  await ctx.db.transaction(async (tx) => {
    const row = notFoundUnless(
      await repo.updateActivity(tx, actor.companyId, id, {
        ...(body.name !== undefined ? { name: body.name } : {}),
        ...(body.naceCode !== undefined ? { naceCode: body.naceCode } : {}),
        ...(body.turnover !== undefined ? { turnover: toCents(body.turnover) } : {}),
        ...(body.capex !== undefined ? { capex: toCents(body.capex) } : {}),
        ...(body.opex !== undefined ? { opex: toCents(body.opex) } : {}),
        ...(body.status !== undefined ? { status: body.status } : {}),
        ...(body.minSafeguards !== undefined ? { minSafeguards: body.minSafeguards } : {}),
      }),
    );
    if (tags) await repo.setActivityTags(tx, actor.companyId, id, tags);
    if (body.activityCriteria) await writeCriteria(tx, actor.companyId, id, body.activityCriteria);
    await checkSplit(tx, actor.companyId, row);
    await checkYearTotals(tx, actor.companyId, year, (kind) => row[kind] > activity[kind]);
  });
  return getActivity(ctx, actor, id, timeZone);
}

export async function deleteActivity(ctx: AppContext, actor: Actor, id: string, timeZone: string) {
  const access = await taxAccess(ctx, actor, timeZone);
  assertCanWrite(access);
  const { year } = await readActivity(ctx, actor, access, id);
  assertYearWritable(access, year);
  await repo.deleteActivity(ctx.db, actor.companyId, id);
}
