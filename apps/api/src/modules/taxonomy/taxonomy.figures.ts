import {
  TAX_AMOUNT_KINDS,
  TAX_OBJECTIVES,
  type TaxObjective,
  type TaxOverviewRow,
  type TaxRuleSet,
} from '@klimadesk/contract';
import type { Actor } from '../../platform/access.ts';
import type { AppContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { type ListQuery, list, pageWindow } from '../../platform/lists.ts';
import { type KpiYear, type YearKpis, yearKpis } from './taxonomy.kpis.ts';
import * as repo from './taxonomy.repository.ts';
import { type TaxAccess, readableYears, taxAccess } from './taxonomy.access.ts';
import {
  type Graph,
  activityDto,
  assessmentOf,
  euRef,
  kpiActivity,
  loadGraph,
  tagsOf,
} from './taxonomy.activities.ts';
import { amountsInEur, notMaterialOf, toEur, yearTotals } from './taxonomy.amounts.ts';
import { checkedTags } from './taxonomy.tags.ts';
import { type TemplateYearInput, yearTemplate } from './taxonomy.template.ts';

/**
 * The figures over the activities (seed 001 §2, §7): the activity list and overview, the
 * dashboard's Article 8 KPIs and what the exports print, each under the years' rule sets.
 */

type Filters = { tags?: string[]; years?: number[] };

/** The readable years the filter names (all readable ones without a year filter), and checked tag ids. */
async function scope(ctx: AppContext, actor: Actor, access: TaxAccess, f: Filters) {
  const rows = await readableYears(ctx, actor, access);
  const chosen = f.years?.length ? rows.filter((r) => f.years?.includes(r.year.taxYear)) : rows;
  const tagIds = f.tags?.length ? await checkedTags(ctx.db, actor.companyId, f.tags) : undefined;
  return { years: chosen.map((r) => r.year), tagIds };
}

/** One page of the activities under the filters, with their graph and the look-up of their years. */
async function activityPage(
  ctx: AppContext,
  actor: Actor,
  q: ListQuery & Filters,
  status: 'open' | 'finished' | undefined,
  timeZone: string,
) {
  const access = await taxAccess(ctx, actor, timeZone);
  const { years, tagIds } = await scope(ctx, actor, access, q);
  const { rows, total } = await repo.listActivities(
    ctx.db,
    actor.companyId,
    { yearIds: years.map((y) => y.id), tagIds, status },
    pageWindow(q),
  );
  const graph = await loadGraph(
    ctx.db,
    actor.companyId,
    rows.map((r) => r.activity.id),
    false,
  );
  const byId = new Map(years.map((y) => [y.id, y]));
  const yearOf = (a: repo.ActivityRow) => byId.get(a.financialYearId) as repo.YearRow;
  return { access, activities: rows.map((r) => r.activity), total, graph, yearOf };
}

export async function listActivities(
  ctx: AppContext,
  actor: Actor,
  q: ListQuery & Filters & { status?: 'open' | 'finished' },
  timeZone: string,
) {
  const { access, activities, total, graph, yearOf } = await activityPage(ctx, actor, q, q.status, timeZone);
  return list(
    activities.map((activity) => {
      const {
        activityCriteria: _c,
        files: _f,
        ...item
      } = activityDto(activity, yearOf(activity), graph, access);
      return item;
    }),
    total,
  );
}

function overviewRow(a: repo.ActivityRow, year: repo.YearRow, g: Graph): TaxOverviewRow {
  const r = assessmentOf(a, g, year);
  return {
    id: a.id,
    name: a.name,
    naceCode: a.naceCode,
    euActivity: euRef(a.euActivity),
    year: { id: year.id, taxYear: year.taxYear },
    status: a.status as 'open' | 'finished',
    ...r,
    ...amountsInEur(a),
    tags: tagsOf(g, a.id),
    updatedAt: a.updatedAt.toISOString(),
  };
}

const finishedFilter = (v: string | undefined): 'open' | 'finished' | undefined =>
  v === undefined ? undefined : v === 'true' || v === '1' ? 'finished' : 'open';

export async function overview(
  ctx: AppContext,
  actor: Actor,
  q: ListQuery & Filters & { finished?: string },
  timeZone: string,
) {
  const { activities, total, graph, yearOf } = await activityPage(
    ctx,
    actor,
    q,
    finishedFilter(q.finished),
    timeZone,
  );
  return list(
    activities.map((activity) => overviewRow(activity, yearOf(activity), graph)),
    total,
  );
}

/** Every activity of the filter with its year and computation input (dashboard, exports). */
async function activitiesIn(
  ctx: AppContext,
  actor: Actor,
  access: TaxAccess,
  f: Filters,
  finishedOnly: boolean,
) {
  const { years, tagIds } = await scope(ctx, actor, access, f);
  const rows = await repo.allActivities(ctx.db, actor.companyId, {
    yearIds: years.map((y) => y.id),
    tagIds,
    ...(finishedOnly ? { status: 'finished' as const } : {}),
  });
  const g = await loadGraph(
    ctx.db,
    actor.companyId,
    rows.map((r) => r.activity.id),
    finishedOnly,
  );
  return { years, rows: rows.map((r) => r.activity), graph: g };
}

/**
 * The computation's view of a year under a rule set (its own by default): its totals and, under
 * 2026/73, what it leaves unassessed as not material.
 */
function kpiYear(y: repo.YearRow, ruleSet: TaxRuleSet = y.ruleSet as TaxRuleSet): KpiYear {
  const simplified = ruleSet === '2026/73';
  const notMaterial = (kind: (typeof TAX_AMOUNT_KINDS)[number]) => (simplified ? notMaterialOf(y, kind) : 0);
  return {
    totals: { turnover: y.totalTurnover, capex: y.totalCapex, opex: y.totalOpex },
    minSafeguards: y.minSafeguards,
    notMaterial: {
      turnover: notMaterial('turnover'),
      capex: notMaterial('capex'),
      opex: notMaterial('opex'),
    },
    opexNotMaterial: simplified && y.opexNotMaterial,
  };
}

const byObjectiveInEur = (r: Record<TaxObjective, number>) =>
  Object.fromEntries(TAX_OBJECTIVES.map((o) => [o, toEur(r[o])])) as Record<TaxObjective, number>;

/** The Article 8 KPIs of the activities, amounts in EUR (shares 0..1), under each year's rule set or `ruleSet`. */
function kpisOf(years: repo.YearRow[], rows: repo.ActivityRow[], g: Graph, ruleSet?: TaxRuleSet): YearKpis {
  const k = yearKpis(
    years.map((y) => ({
      year: kpiYear(y, ruleSet),
      activities: rows.filter((a) => a.financialYearId === y.id).map((a) => kpiActivity(a, g)),
    })),
  );
  return Object.fromEntries(
    TAX_AMOUNT_KINDS.map((kind) => [
      kind,
      {
        ...k[kind],
        total: toEur(k[kind].total),
        eligible: toEur(k[kind].eligible),
        ineligible: toEur(k[kind].ineligible),
        aligned: toEur(k[kind].aligned),
        alignedByObjective: byObjectiveInEur(k[kind].alignedByObjective),
        eligibleByObjective: byObjectiveInEur(k[kind].eligibleByObjective),
        unsplit: toEur(k[kind].unsplit),
        notMaterial: toEur(k[kind].notMaterial),
      },
    ]),
  ) as YearKpis;
}

export async function dashboard(
  ctx: AppContext,
  actor: Actor,
  q: Filters & { ruleSet?: TaxRuleSet },
  timeZone: string,
) {
  const access = await taxAccess(ctx, actor, timeZone);
  const { years, rows, graph } = await activitiesIn(ctx, actor, access, q, false);
  const k = kpisOf(years, rows, graph, q.ruleSet);
  const chart = (kind: 'turnover' | 'capex' | 'opex') => ({
    eligible: k[kind].eligible,
    ineligible: k[kind].ineligible,
    conformShare: k[kind].aligned,
    byObjective: k[kind].alignedByObjective,
    eligibleByObjective: k[kind].eligibleByObjective,
    unsplit: k[kind].unsplit,
    exceedsTotal: k[kind].exceedsTotal,
    notMaterial: k[kind].notMaterial,
    notReported: k[kind].notReported,
  });
  const kpi = (kind: 'turnover' | 'capex' | 'opex') => ({
    total: k[kind].total,
    eligible: k[kind].eligibleShare,
    conformShare: k[kind].alignedShare,
  });
  return {
    charts: { turnover: chart('turnover'), capex: chart('capex'), opex: chart('opex') },
    kpis: { turnover: kpi('turnover'), capex: kpi('capex'), opex: kpi('opex') },
    activityCount: rows.length,
    years: years.map((y) => y.taxYear).sort((a, b) => a - b),
    ruleSets: q.ruleSet ? [q.ruleSet] : [...new Set(years.map((y) => y.ruleSet as TaxRuleSet))].sort(),
  };
}

/** The computation's input of one financial year for the Article 8 templates. */
function templateInput(y: repo.YearRow, rows: repo.ActivityRow[], g: Graph): TemplateYearInput {
  return {
    ...kpiYear(y),
    taxYear: y.taxYear,
    nuclearGas: y.nuclearGas,
    ruleSet: y.ruleSet as TaxRuleSet,
    notMaterialNote: y.notMaterialNote,
    opexNotMaterialReason: y.opexNotMaterialReason,
    activities: rows
      .filter((a) => a.financialYearId === y.id)
      .map((a) => ({
        name: a.name,
        naceCode: a.naceCode,
        euActivityId: a.euActivity,
        status: a.status as 'open' | 'finished',
        kpi: kpiActivity(a, g),
      })),
  };
}

/**
 * What the exports print: the chosen years with their totals (EUR), their activities in full with
 * their assessment, the KPIs over them and per year the Article 8 templates (`taxonomy.template.ts`)
 * with the company's previous financial year as N-1. Every activity counts as on the dashboard; an
 * unfinished one is named as such in the templates. Answers `emptyExport` when no finished activity
 * matches (seed 001 §8).
 */
export async function reportData(ctx: AppContext, actor: Actor, f: Filters, timeZone?: string) {
  const access = await taxAccess(ctx, actor, timeZone);
  const { years, rows, graph } = await activitiesIn(ctx, actor, access, f, false);
  if (!rows.some((a) => a.status === 'finished')) throw new AppError('emptyExport');
  const byId = new Map(years.map((y) => [y.id, y]));
  const kpis = kpisOf(years, rows, graph);
  const shown = years.filter((y) => rows.some((a) => a.financialYearId === y.id));
  // Year N-1 of each year: the company's own previous financial year, when the reader may see it.
  const readable = (await readableYears(ctx, actor, access)).map((r) => r.year);
  const previous = readable.filter((p) => shown.some((y) => y.taxYear === p.taxYear + 1));
  const prevRows = previous.length
    ? await repo.allActivities(ctx.db, actor.companyId, {
        yearIds: previous.map((p) => p.id),
        ...(f.tags?.length ? { tagIds: await checkedTags(ctx.db, actor.companyId, f.tags) } : {}),
      })
    : [];
  const prevGraph = await loadGraph(
    ctx.db,
    actor.companyId,
    prevRows.map((r) => r.activity.id),
    false,
  );
  const prevActivities = prevRows.map((r) => r.activity);
  const templates = shown.map((y) => {
    const prev = previous.find((p) => p.taxYear === y.taxYear - 1);
    return yearTemplate(
      templateInput(y, rows, graph),
      prev ? templateInput(prev, prevActivities, prevGraph) : null,
    );
  });
  return {
    years: shown.map((y) => ({
      id: y.id,
      taxYear: y.taxYear,
      ...yearTotals(y),
      minSafeguards: y.minSafeguards,
      reviewInstitute: y.showInstituteInReport ? y.reviewInstitute : null,
    })),
    activities: rows.map((a) => activityDto(a, byId.get(a.financialYearId) as repo.YearRow, graph, access)),
    /** Amounts in EUR, shares 0..1; per objective the aligned amounts (each activity once). */
    kpis,
    /** Per year in `years`' order: the Article 8 templates, amounts in cents. */
    templates,
  };
}

/** The stored files (with content) of activities `reportData` answered, for the report's zip. */
export async function reportFiles(ctx: AppContext, actor: Actor, activityIds: string[]) {
  const rows = await repo.filesWithDataOfActivities(ctx.db, actor.companyId, activityIds);
  return rows.map((f) => ({
    id: f.id,
    activityId: f.activityId,
    type: f.ownerType,
    name: f.name,
    data: f.data,
  }));
}

export type TaxReportData = Awaited<ReturnType<typeof reportData>>;
