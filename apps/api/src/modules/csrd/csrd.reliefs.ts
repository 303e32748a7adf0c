/**
 * The reliefs of a report (issue 35): the company's CSRD wave after the "stop-the-clock" directive,
 * the ESRS set the report follows, and the disclosure requirements phased in for its year and size.
 */
import {
  CSRD_WAVES,
  type CsrdReliefs,
  type CsrdWave,
  type EsrsVersion,
  defaultEsrsVersion,
  isLarge,
  phaseInsFor,
  waveOf,
} from '@klimadesk/contract';
import type { Actor } from '../../platform/access.ts';
import type { AppContext } from '../../platform/context.ts';
import type * as repo from './csrd.repository.ts';
import { csrdCompany, reportOf } from './csrd.service.ts';

export function reliefsOf(r: repo.ReportRow): CsrdReliefs {
  const size = {
    employees: r.employees,
    netRevenueCents: r.netRevenueCents,
    balanceSheetCents: r.balanceSheetCents,
    isPublicInterest: r.isPublicInterest,
  };
  const wave: CsrdWave | null = waveOf(size);
  const firstYear = wave === null ? null : CSRD_WAVES[wave];
  return {
    year: r.year,
    standardVersion: r.standardVersion as EsrsVersion,
    requiredVersion: defaultEsrsVersion(r.year),
    isLarge: isLarge(size),
    wave,
    firstYear,
    isVoluntary: firstYear === null || r.year < firstYear,
    phaseIns: phaseInsFor(r.year, wave, r.employees).map((p) => ({ ...p, codes: [...p.codes] })),
  };
}

/** `GET /api/csrd/csrd-reports/{id}/reliefs`: CSRD read roles, the report of the own company. */
export async function reportReliefs(ctx: AppContext, actor: Actor, id: string): Promise<CsrdReliefs> {
  return reliefsOf(await reportOf(ctx.db, csrdCompany(actor), id));
}
