/**
 * The results view and the report export of the carbon footprint (issue 19, seed 001 §2, §5, §7):
 * a report's results with the year's other business units and the base year, and the results of
 * several business units of one year as xlsx or PDF.
 */
import {
  type CfcReportResults,
  type GwpSet,
  type Language,
  type cfcResultsSchemas,
  scope3Category,
} from '@klimadesk/contract';
import type { z } from 'zod';
import type { AppContext } from '../../platform/context.ts';
import type { Actor } from '../../platform/access.ts';
import { AppError } from '../../platform/errors.ts';
import { documentIssuer } from '../../platform/pdf-company.ts';
import { XLSX_MIME } from '../../platform/spreadsheet.ts';
import type { CompanyId } from '../../platform/tenant.ts';
import { moduleAccess, todayIn } from '../tariffs/index.ts';
import { type CfcAccess, accessOf, canRead, reportFor } from './cfc.access.ts';
import { resultsWorkbook } from './cfc.export.ts';
import { pdfBuffer, renderResultsPdf, resultsFileName } from './cfc.pdf.ts';
import * as repo from './cfc.repository.ts';
import { entryFigures } from './cfc.results.repository.ts';
import {
  type ReportFacts,
  type ReportWithEntries,
  aggregateResults,
  buildResults,
  categoryOf,
  resultEntries,
} from './cfc.results.ts';
import { activeLeaves, isPaidCfc } from './cfc.sections.ts';
import { traceRows } from './cfc.trace.ts';

const factsOf = (r: repo.ReportWithUnit): ReportFacts => ({
  id: r.id,
  year: r.year,
  powerMarketbased: r.powerMarketBased,
  thermalMarketbased: r.thermalMarketBased,
  businessUnit: { id: r.unit.id, name: r.unit.name, urlId: r.unit.urlId },
  gwpSet: r.gwpSet === 'AR6' ? 'AR6' : 'AR5',
});

/** The year's reports the actor may read, the base-year reports of the given units, with their entries. */
async function loadYear(
  ctx: Pick<AppContext, 'db'>,
  companyId: CompanyId,
  access: CfcAccess,
  year: number,
  baseUnits: (reports: repo.ReportWithUnit[]) => string[],
) {
  const settings = await repo.findSettings(ctx.db, companyId);
  const reports = (await repo.listReports(ctx.db, companyId, { year })).filter((r) =>
    canRead(access, r.businessUnitId, r.id),
  );
  const baseYear = settings?.baseYear ?? null;
  const base =
    baseYear !== null && baseYear !== year
      ? (await repo.listReports(ctx.db, companyId, { year: baseYear })).filter((r) =>
          baseUnits(reports).includes(r.businessUnitId),
        )
      : [];
  const figures = await entryFigures(
    ctx.db,
    companyId,
    [...reports, ...base].map((r) => r.id),
  );
  const withEntries = (r: repo.ReportWithUnit): ReportWithEntries => ({
    report: factsOf(r),
    entries: figures.get(r.id) ?? [],
  });
  const sections = activeLeaves(await isPaidCfc(ctx, companyId), settings?.sections ?? []);
  return { reports, base, baseYear, withEntries, sections };
}

/** `GET /api/cfc/report-results/{id}`: the results of a report (read access to it). */
export async function reportResults(
  ctx: AppContext,
  actor: Actor,
  id: string,
  lang: Language,
): Promise<CfcReportResults> {
  const { report, access } = await reportFor(ctx, actor, id);
  const year = await loadYear(ctx, actor.companyId, access, report.year, () => [report.businessUnitId]);
  const own = year.reports.find((r) => r.id === report.id) ?? report;
  return buildResults({
    subject: [year.withEntries(own)],
    units: year.reports.map(year.withEntries),
    base: year.base.length
      ? { year: year.baseYear as number, reports: year.base.map(year.withEntries) }
      : null,
    lang,
    sections: year.sections,
  });
}

/**
 * Seed 001 §2: export is disabled in the demo, which is a CFC trial: every running CFC booking is
 * of a trial tariff (tariffs' `moduleAccess`, the same state the top bar's countdown shows).
 */
export async function isCfcDemo(ctx: Pick<AppContext, 'db'>, companyId: CompanyId, timeZone?: string) {
  const { bookings } = await moduleAccess(ctx, companyId, todayIn(timeZone));
  return bookings.some((b) => b.module === 'cfc' && b.state === 'trial');
}

type ExportBody = z.output<typeof cfcResultsSchemas.cfcReportExportBody>;

/**
 * `POST /api/cfc/reports/export`: the results of the business units' reports of one year summed,
 * as xlsx or PDF (seed 001 §5: several business units only for one year). Every unit must be
 * readable (exportNotAllowed otherwise); disabled in the demo (exportNotInTrial).
 */
export async function exportReports(
  ctx: AppContext,
  actor: Actor,
  body: ExportBody,
  lang: Language,
  timeZone: string,
  now = new Date(),
) {
  const unitIds = [...new Set(body.businessUnits)];
  for (const unitId of unitIds)
    if (!(await repo.findUnit(ctx.db, actor.companyId, unitId))) throw new AppError('notFound');
  const access = await accessOf(ctx, actor);
  if (unitIds.some((u) => !canRead(access, u))) throw new AppError('exportNotAllowed');
  if (await isCfcDemo(ctx, actor.companyId, timeZone)) throw new AppError('exportNotInTrial');
  const year = await loadYear(ctx, actor.companyId, access, body.year, () => unitIds);
  const chosen = year.reports.filter((r) => unitIds.includes(r.businessUnitId));
  // Units without a report of the year add nothing; with none at all there is nothing to export.
  if (!chosen.length) throw new AppError('notFound', { year: body.year });
  // One total, one GWP set (GHG Protocol Corporate Standard ch. 9): reports of AR5 and AR6 are not summed.
  const sets = [...new Set(chosen.map((r) => r.gwpSet))].sort();
  if (sets.length > 1) throw new AppError('cfcGwpSetMixed', { gwpSets: sets });
  const fileLang = body.lang ?? lang;
  const reports = chosen.map(year.withEntries);
  const results = buildResults({
    subject: reports,
    units: reports,
    base: year.base.length
      ? { year: year.baseYear as number, reports: year.base.map(year.withEntries) }
      : null,
    lang: fileLang,
    sections: year.sections,
  });
  const trace = await traceRows(ctx, actor.companyId, chosen, fileLang);
  if (body.format === 'pdf') {
    const issuer = await documentIssuer(ctx.db, actor.companyId);
    const pdf = await pdfBuffer(renderResultsPdf(results, fileLang, now, { trace, ...issuer }));
    return {
      fileName: resultsFileName(results, fileLang, 'pdf'),
      mimeType: 'application/pdf',
      data: pdf.toString('base64'),
    };
  }
  return {
    fileName: resultsFileName(results, fileLang, 'xlsx'),
    mimeType: XLSX_MIME,
    data: await resultsWorkbook(results, fileLang, trace),
  };
}

/** Gross GHG emissions of a company's year (kg CO2e, unrounded), summed over its business units. */
export type CfcCompanyYearTotals = {
  year: number;
  scope1: number;
  scope2LocationBased: number;
  scope2MarketBased: number;
  scope3: number;
  /** Scopes 1 to 3 as the reports state them (scope 2 by each report's chosen method). */
  total: number;
  reportCount: number;
  /** Totals with scope 2 location-based and market-based throughout (ESRS E1 §52). */
  totalLocationBased: number;
  totalMarketBased: number;
  /** Scope 3 per GHG Protocol category (1-15; null: not assigned), in section order. */
  scope3Categories: { category: number | null; kg: number }[];
  /** Biogenic CO2 outside the scopes. */
  biogenicCo2: number;
  /** The one GWP set of every figure above (IPCC AR5 or AR6). */
  gwpSet: GwpSet;
  /** The reports summed, with their business unit (where another module links a figure to its source). */
  reports: { id: string; businessUnit: ReportFacts['businessUnit'] }[];
};

/**
 * Every CFC report of the company for `year`, summed across its business units per GWP set: one
 * total never mixes AR5 and AR6 figures (GHG Protocol Corporate Standard ch. 9). Sets in name order.
 */
export async function companyYearTotalsBySet(
  ctx: Pick<AppContext, 'db'>,
  companyId: CompanyId,
  year: number,
): Promise<CfcCompanyYearTotals[]> {
  const reports = await repo.listReports(ctx.db, companyId, { year });
  if (!reports.length) return [];
  const settings = await repo.findSettings(ctx.db, companyId);
  const sections = activeLeaves(await isPaidCfc(ctx, companyId), settings?.sections ?? []);
  const wanted = new Set(sections.map((id) => categoryOf(id)?.id));
  const figures = await entryFigures(
    ctx.db,
    companyId,
    reports.map((r) => r.id),
  );
  const sets = [...new Set(reports.map((r) => factsOf(r).gwpSet as GwpSet))].sort();
  return sets.map((gwpSet) => {
    const ofSet = reports.filter((r) => factsOf(r).gwpSet === gwpSet);
    const entries = ofSet.flatMap((r) =>
      resultEntries({ report: factsOf(r), entries: figures.get(r.id) ?? [] }).filter(
        (e) => !e.isDerived || e.isWtt || wanted.has(e.category),
      ),
    );
    const agg = aggregateResults(entries);
    const scope = (n: 1 | 2 | 3) => agg.scopes.find((s) => s.scope === n)!;
    return {
      year,
      scope1: scope(1).emissions,
      scope2LocationBased: scope(2).locationBased,
      scope2MarketBased: scope(2).marketBased,
      scope3: scope(3).emissions,
      total: agg.total.emissions,
      reportCount: ofSet.length,
      totalLocationBased: agg.total.locationBased,
      totalMarketBased: agg.total.marketBased,
      scope3Categories: agg.categories
        .filter((c) => c.scope === 3)
        .map((c) => ({ category: scope3Category(c.category), kg: c.emissions })),
      biogenicCo2: agg.biogenicKg,
      gwpSet,
      reports: ofSet.map((r) => ({ id: r.id, businessUnit: factsOf(r).businessUnit })),
    };
  });
}

/**
 * Every CFC report of the company for `year` summed across its business units, for other modules
 * (CSRD E1-6 takes the GHG figures over). No CFC access rights apply: the caller checks its own
 * module's roles first. Null when the company has no report that year. Categories count as in the
 * results view (upstream figures only where the company reports their section). Reports of
 * different GWP sets are not summed (cfcGwpSetMixed; `companyYearTotalsBySet` gives each set).
 */
export async function companyYearTotals(
  ctx: Pick<AppContext, 'db'>,
  companyId: CompanyId,
  year: number,
): Promise<CfcCompanyYearTotals | null> {
  const bySet = await companyYearTotalsBySet(ctx, companyId, year);
  if (bySet.length > 1) throw new AppError('cfcGwpSetMixed', { gwpSets: bySet.map((t) => t.gwpSet), year });
  return bySet[0] ?? null;
}
