import type { TaxActivity, TaxFileOwner, TaxObjective } from '@klimadesk/contract';
import type { AppContext } from '../../platform/context.ts';
import type { Actor } from '../../platform/access.ts';
import { AppError, notFoundUnless } from '../../platform/errors.ts';
import type { DbOrTx } from '../../platform/db/index.ts';
import type { CompanyId } from '../../platform/tenant.ts';
import { type TaxAccess, taxAccess } from './taxonomy.access.ts';
import { amountsInEur } from './taxonomy.amounts.ts';
import { euActivity } from './taxonomy.catalogue.ts';
import { fileDto } from './taxonomy.files.ts';
import { type KpiActivity, assessActivity } from './taxonomy.kpis.ts';
import * as repo from './taxonomy.repository.ts';

/** An activity with its criteria, DNSH checks, tags and files, as read and answered (seed 001 §3). */

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

export async function readActivity(ctx: AppContext, actor: Actor, access: TaxAccess, id: string) {
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

/** The tags of an activity as answered. */
export const tagsOf = (g: Graph, activityId: string) =>
  g.tags
    .filter((t) => t.activityId === activityId)
    .map(({ tag }) => ({ id: tag.id, value: tag.value, color: tag.color }));
