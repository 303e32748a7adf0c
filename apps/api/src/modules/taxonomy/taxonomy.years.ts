import type { z } from 'zod';
import {
  TAX_AMOUNT_KINDS,
  type TaxFinancialYear,
  type TaxRuleSet,
  taxonomySchemas as s,
} from '@klimadesk/contract';
import type { AppContext } from '../../platform/context.ts';
import type { Actor } from '../../platform/access.ts';
import { AppError, notFoundUnless } from '../../platform/errors.ts';
import type { DbOrTx } from '../../platform/db/index.ts';
import { list } from '../../platform/lists.ts';
import type { CompanyId } from '../../platform/tenant.ts';
import {
  type TaxAccess,
  assertCanWrite,
  assertYearWritable,
  readableYears,
  taxAccess,
} from './taxonomy.access.ts';
import { notMaterialOf, ruleSetFields, toCents, toEur, yearTotalOf, yearTotals } from './taxonomy.amounts.ts';
import { taxYears } from './taxonomy.catalogue.ts';
import { fileDto } from './taxonomy.files.ts';
import * as repo from './taxonomy.repository.ts';
import { checkRuleSet, defaultRuleSet } from './taxonomy.rulesets.ts';

/** Financial years of the taxonomy (seed 001 §3, §4): the Article 8 denominators and the review. */

type YearBody = z.output<typeof s.taxFinancialYearBody>;
type YearPatch = z.output<typeof s.taxFinancialYearPatchBody>;

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
