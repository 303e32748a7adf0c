/**
 * Base year and its recalculation (issue 33; GHG Protocol Corporate Standard ch. 5 "Tracking
 * emissions over time"): the base year's inventory against the present. Method and factor changes
 * are the base year's entries computed with the factors now offered; structural changes are business
 * units that report in the later year but not in the base year (acquired, insourced) or the reverse
 * (divested, outsourced). The company's significance threshold (default 5 %) flags when the
 * cumulative change asks for a recalculation of the base year.
 */
import type { CfcBaseYearCheck } from '@klimadesk/contract';
import type { AppContext } from '../../platform/context.ts';
import type { Actor } from '../../platform/access.ts';
import { AppError } from '../../platform/errors.ts';
import type { CompanyId } from '../../platform/tenant.ts';
import { accessOf, canRead } from './cfc.access.ts';
import { currentFigures, entryFactorStates, restatementReason } from './cfc.entries.ts';
import * as repo from './cfc.repository.ts';
import { type EntryFigures, aggregateResults, resultEntries } from './cfc.results.ts';

type Ctx = Pick<AppContext, 'db'>;

export type RecalculationInput = {
  /** The base year's total as its entries state it, kg CO2e. */
  statedKg: number;
  /** The same entries with the current method and factors, kg CO2e. */
  restatedKg: number;
  /** Totals of business units added since the base year (their later year) and removed (their base year). */
  addedKg: readonly number[];
  removedKg: readonly number[];
  /** The company's significance threshold, percent. */
  thresholdPercent: number;
};

/**
 * GHG Protocol Corporate Standard ch. 5 (significance threshold): structural changes and changes
 * of calculation method or factors count cumulatively; above the threshold the base year is
 * recalculated. Shares are of the stated base-year total; with a base year of 0 any change counts.
 */
export function recalculationCheck(i: RecalculationInput) {
  const methodChangeKg = i.restatedKg - i.statedKg;
  const structuralChangeKg = [...i.addedKg, ...i.removedKg].reduce((sum, kg) => sum + Math.abs(kg), 0);
  const cumulativeKg = Math.abs(methodChangeKg) + structuralChangeKg;
  const share = (kg: number) => (i.statedKg === 0 ? null : kg / i.statedKg);
  const totalShare = share(cumulativeKg);
  return {
    methodChangeKg,
    structuralChangeKg,
    methodShare: share(methodChangeKg),
    structuralShare: share(structuralChangeKg),
    totalShare,
    exceeded: totalShare === null ? cumulativeKg > 0 : totalShare * 100 > i.thresholdPercent,
  };
}

type StoredFigures = { section: string; dataQuality?: number | null; errorCode?: string | null } & Partial<
  Record<'co2eKg' | 'co2eMarketKg' | 'wttKg' | 'co2Kg' | 'ch4Kg' | 'n2oKg' | 'biogenicCo2Kg', number | null>
>;

const figuresOf = (e: StoredFigures): EntryFigures => ({
  section: e.section,
  co2eKg: e.co2eKg ?? null,
  co2eMarketKg: e.co2eMarketKg ?? null,
  wttKg: e.wttKg ?? null,
  co2Kg: e.co2Kg ?? null,
  ch4Kg: e.ch4Kg ?? null,
  n2oKg: e.n2oKg ?? null,
  biogenicCo2Kg: e.biogenicCo2Kg ?? null,
  dataQuality: e.dataQuality === 1 || e.dataQuality === 2 || e.dataQuality === 3 ? e.dataQuality : null,
  errorCode: (e.errorCode ?? null) as EntryFigures['errorCode'],
});

/** A report's total (scope 2 as the report states it) from entry figures. */
function totalOf(report: repo.ReportWithUnit, entries: EntryFigures[]): number {
  const facts = {
    id: report.id,
    year: report.year,
    powerMarketbased: report.powerMarketBased,
    thermalMarketbased: report.thermalMarketBased,
    businessUnit: { id: report.unit.id, name: report.unit.name, urlId: report.unit.urlId },
  };
  return aggregateResults(resultEntries({ report: facts, entries })).total.emissions;
}

async function allEntries(ctx: Ctx, companyId: CompanyId, reportId: string) {
  return (await repo.listEntries(ctx.db, companyId, reportId, undefined, { offset: 0, limit: 100_000 })).rows;
}

/** `GET /api/cfc/base-year/check`: the reports the reader may read of the base year and of `year` (default: the latest). */
export async function baseYearCheck(ctx: Ctx, actor: Actor, year?: number): Promise<CfcBaseYearCheck> {
  const settings = await repo.findSettings(ctx.db, actor.companyId);
  const access = await accessOf(ctx, actor);
  const threshold = settings?.recalculationThreshold ?? 5;
  const reports = (await repo.listReports(ctx.db, actor.companyId, {})).filter((r) =>
    canRead(access, r.businessUnitId, r.id),
  );
  const baseYear = settings?.baseYear ?? null;
  const later = year ?? Math.max(baseYear ?? 0, ...reports.map((r) => r.year));
  const base = reports.filter((r) => r.year === baseYear);
  const current = reports.filter((r) => r.year === later);
  // GHG Protocol Corporate Standard ch. 9: the sums below never add figures of different GWP sets.
  const summed = [
    ...base,
    ...current.filter((c) => !base.some((b) => b.businessUnitId === c.businessUnitId)),
  ];
  const sets = [...new Set(summed.map((r) => r.gwpSet))].sort();
  if (baseYear !== null && sets.length > 1)
    throw new AppError('cfcGwpSetMixed', { gwpSets: sets, year: later });
  let statedKg = 0;
  let restatedKg = 0;
  let restatableEntries = 0;
  const removed: CfcBaseYearCheck['removedUnits'] = [];
  for (const report of base) {
    const rows = await allEntries(ctx, actor.companyId, report.id);
    const states = await entryFactorStates(ctx, actor.companyId, rows);
    const restated: EntryFigures[] = [];
    for (const row of rows) {
      const state = row.factorId ? states.get(row.factorId) : undefined;
      if (restatementReason(row, state)) restatableEntries++;
      // A factor no longer offered without a successor leaves the entry without a figure (counts 0).
      const now = await currentFigures(ctx, actor.companyId, report, row, state?.newer?.id).catch(() => null);
      restated.push(
        figuresOf(
          now
            ? { ...now, section: row.section, dataQuality: row.dataQuality }
            : { ...row, co2eKg: null, co2eMarketKg: null, wttKg: null },
        ),
      );
    }
    const stated = totalOf(report, rows.map(figuresOf));
    statedKg += stated;
    restatedKg += totalOf(report, restated);
    if (baseYear !== later && !current.some((c) => c.businessUnitId === report.businessUnitId))
      removed.push({ id: report.unit.id, name: report.unit.name, co2eKg: stated });
  }
  const added: CfcBaseYearCheck['addedUnits'] = [];
  if (baseYear !== null && baseYear !== later)
    for (const report of current.filter((c) => !base.some((b) => b.businessUnitId === c.businessUnitId))) {
      const rows = await allEntries(ctx, actor.companyId, report.id);
      added.push({
        id: report.unit.id,
        name: report.unit.name,
        co2eKg: totalOf(report, rows.map(figuresOf)),
      });
    }
  const check = recalculationCheck({
    statedKg,
    restatedKg,
    addedKg: added.map((u) => u.co2eKg),
    removedKg: removed.map((u) => u.co2eKg),
    thresholdPercent: threshold,
  });
  return {
    baseYear,
    year: later,
    threshold,
    statedKg,
    restatedKg,
    addedUnits: added,
    removedUnits: removed,
    restatableEntries,
    ...check,
  };
}
