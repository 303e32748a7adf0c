/**
 * E1-6 take-over (issue 21): the gross GHG emissions of a CSRD report's year come from the carbon
 * footprint, every CFC report of the company that year summed over its business units.
 */
import type { csrdSchemas } from '@klimadesk/contract';
import type { z } from 'zod';
import type { AppContext } from '../../platform/context.ts';
import type { Actor } from '../../platform/access.ts';
import type { CompanyId } from '../../platform/tenant.ts';
import { companyYearTotals } from '../cfc/index.ts';
import { csrdCompany, reportOf } from './csrd.service.ts';

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
