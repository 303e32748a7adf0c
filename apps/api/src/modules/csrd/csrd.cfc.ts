/**
 * E1-6 and the carbon footprint (issues 21, 35): the gross GHG emissions of a CSRD report's year
 * come from the carbon footprint, every CFC report of the company that year summed over its
 * business units; an entered E1-6 figure is reconciled against them.
 */
import type { CsrdE16, E16Status, csrdSchemas } from '@klimadesk/contract';
import type { z } from 'zod';
import type { AppContext } from '../../platform/context.ts';
import type { Actor } from '../../platform/access.ts';
import type { DbOrTx } from '../../platform/db/index.ts';
import type { CompanyId } from '../../platform/tenant.ts';
import { type CfcCompanyYearTotals, companyYearTotals } from '../cfc/index.ts';
import * as repo from './csrd.repository.ts';
import { baseValueOf, csrdCompany, reportOf } from './csrd.service.ts';

type CsrdCfcFigures = z.infer<typeof csrdSchemas.csrdCfcFigures>;

/** The CFC figures of a year in kg CO2e; `figures` null without a CFC report that year. */
export async function cfcFiguresOf(
  ctx: Pick<AppContext, 'db'>,
  companyId: CompanyId,
  year: number,
): Promise<CsrdCfcFigures> {
  const totals = await companyYearTotals(ctx, companyId, year);
  return {
    year,
    figures: totals && {
      scope1Kg: totals.scope1,
      scope2LocationBasedKg: totals.scope2LocationBased,
      scope2MarketBasedKg: totals.scope2MarketBased,
      scope3Kg: totals.scope3,
      totalKg: totals.total,
      reportCount: totals.reportCount,
    },
  };
}

/** `GET /api/csrd/csrd-reports/{id}/cfc-figures`: CSRD read roles, the report of the own company. */
export async function reportCfcFigures(ctx: AppContext, actor: Actor, id: string): Promise<CsrdCfcFigures> {
  const companyId = csrdCompany(actor);
  const r = await reportOf(ctx.db, companyId, id);
  return cfcFiguresOf(ctx, companyId, r.year);
}

/**
 * An entered figure matches the footprint when it equals either total to the tenth of a tonne,
 * the precision E1-6 is shown in (t CO2e, ESRS E1 §44).
 */
export const E16_TOLERANCE_T = 0.05;

/** Scope 3 by GHG Protocol category, categories of the same number summed, in number order. */
function byCategory(list: CfcCompanyYearTotals['scope3Categories']) {
  const sums = new Map<number | null, number>();
  for (const c of list) sums.set(c.category, (sums.get(c.category) ?? 0) + c.kg);
  return [...sums]
    .map(([category, kg]) => ({ category, kg }))
    .sort((a, b) => (a.category ?? 99) - (b.category ?? 99));
}

/**
 * GHG intensity per net revenue, t CO2e per EUR million (ESRS E1 §53, AR 53-55): kg / 1,000 over
 * cents / 10^8, i.e. kg × 10^5 / cents. Null without net revenue.
 */
export function intensityOf(kg: number, netRevenueCents: number | null): number | null {
  return netRevenueCents ? (kg * 100_000) / netRevenueCents : null;
}

export type ManualE16 = { valueId: string; tonnes: number; note: string | null };

/** E1-6 of a year from the footprint totals and an entered figure, with how they stand to each other. */
export function e16Statement(
  year: number,
  totals: CfcCompanyYearTotals | null,
  manual: ManualE16 | null,
  netRevenueCents: number | null,
): CsrdE16 {
  const footprint = totals && {
    scope1Kg: totals.scope1,
    scope2LocationBasedKg: totals.scope2LocationBased,
    scope2MarketBasedKg: totals.scope2MarketBased,
    scope3Categories: byCategory(totals.scope3Categories),
    scope3Kg: totals.scope3,
    totalLocationBasedKg: totals.totalLocationBased,
    totalMarketBasedKg: totals.totalMarketBased,
    biogenicCo2Kg: totals.biogenicCo2,
    reportCount: totals.reportCount,
  };
  const diff = (kg: number | undefined) => (manual && kg !== undefined ? manual.tonnes - kg / 1000 : null);
  const dl = diff(footprint?.totalLocationBasedKg);
  const dm = diff(footprint?.totalMarketBasedKg);
  let status: E16Status;
  if (!manual) status = footprint ? 'footprint' : 'none';
  else if (!footprint) status = 'manual';
  else if (Math.abs(dl!) <= E16_TOLERANCE_T || Math.abs(dm!) <= E16_TOLERANCE_T) status = 'matches';
  else status = manual.note ? 'reconciled' : 'unreconciled';
  return {
    year,
    footprint,
    netRevenueCents,
    intensityLocationBased: footprint && intensityOf(footprint.totalLocationBasedKg, netRevenueCents),
    intensityMarketBased: footprint && intensityOf(footprint.totalMarketBasedKg, netRevenueCents),
    manual: manual && { ...manual, differenceLocationBasedT: dl, differenceMarketBasedT: dm },
    status,
  };
}

/** The E1-6 figure entered in a report (t CO2e), if any. */
export async function manualE16(
  db: DbOrTx,
  companyId: CompanyId,
  reportId: string,
): Promise<ManualE16 | null> {
  const rows = await repo.listValues(db, companyId, { reportId, scope: 'E1' });
  const v = rows.find((r) => r.value.indicator === 'E1-6')?.value;
  if (!v || v.numericValue === null) return null;
  return { valueId: v.id, tonnes: baseValueOf(v.numericValue, v.unit) as number, note: v.reconciliationNote };
}

/** E1-6 of a report: its year's footprint, its entered figure, its net revenue. */
export async function e16Of(ctx: Pick<AppContext, 'db'>, companyId: CompanyId, r: repo.ReportRow) {
  const [totals, manual] = await Promise.all([
    companyYearTotals(ctx, companyId, r.year),
    manualE16(ctx.db, companyId, r.id),
  ]);
  return e16Statement(r.year, totals, manual, r.netRevenueCents);
}

/** `GET /api/csrd/csrd-reports/{id}/e1-6`: CSRD read roles, the report of the own company. */
export async function reportE16(ctx: AppContext, actor: Actor, id: string): Promise<CsrdE16> {
  const companyId = csrdCompany(actor);
  return e16Of(ctx, companyId, await reportOf(ctx.db, companyId, id));
}
