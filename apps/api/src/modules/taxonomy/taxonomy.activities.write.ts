import type { z } from 'zod';
import {
  TAX_AMOUNT_KINDS,
  TAX_OBJECTIVES,
  type TaxObjective,
  taxonomySchemas as s,
} from '@klimadesk/contract';
import type { AppContext } from '../../platform/context.ts';
import type { Actor } from '../../platform/access.ts';
import { AppError, notFoundUnless } from '../../platform/errors.ts';
import type { DbOrTx } from '../../platform/db/index.ts';
import type { CompanyId } from '../../platform/tenant.ts';
import { assertCanWrite, assertYearWritable, taxAccess } from './taxonomy.access.ts';
import { getActivity, readActivity } from './taxonomy.activities.ts';
import { notMaterialOf, toCents, toEur, yearTotalOf } from './taxonomy.amounts.ts';
import { euActivity } from './taxonomy.catalogue.ts';
import * as repo from './taxonomy.repository.ts';
import { checkedTags } from './taxonomy.tags.ts';

/** Creating, changing and deleting an activity with its criteria (seed 001 §4, §5). */

type ActivityBody = z.output<typeof s.taxActivityBody>;
type ActivityPatch = z.output<typeof s.taxActivityPatchBody>;
type CriterionInput = z.output<typeof s.taxCriterionInput>;

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
