/** SQL of the results, the section import and the freight flow-in (all by company id). */
import { type SQL, and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { CfcEntryCode, CfcEntryData } from '@klimadesk/contract';
import type { DbOrTx } from '../../platform/db/index.ts';
import type { CompanyId } from '../../platform/tenant.ts';
import { companyRows } from '../../platform/db/rows.ts';
import type { EntryFigures } from './cfc.results.ts';
import { cfcBusinessUnits, cfcEntries, cfcReports } from './cfc.schema.ts';

/** The stored figures of the entries of some reports, by report. */
export async function entryFigures(
  db: DbOrTx,
  companyId: CompanyId,
  reportIds: readonly string[],
): Promise<Map<string, EntryFigures[]>> {
  const out = new Map<string, EntryFigures[]>(reportIds.map((id) => [id, []]));
  if (!reportIds.length) return out;
  const rows = await db
    .select({
      reportId: cfcEntries.reportId,
      section: cfcEntries.section,
      co2eKg: cfcEntries.co2eKg,
      co2eMarketKg: cfcEntries.co2eMarketKg,
      wttKg: cfcEntries.wttKg,
      co2Kg: cfcEntries.co2Kg,
      ch4Kg: cfcEntries.ch4Kg,
      n2oKg: cfcEntries.n2oKg,
      biogenicCo2Kg: cfcEntries.biogenicCo2Kg,
      dataQuality: cfcEntries.dataQuality,
      errorCode: cfcEntries.errorCode,
    })
    .from(cfcEntries)
    .where(and(eq(cfcEntries.companyId, companyId), inArray(cfcEntries.reportId, [...reportIds])));
  for (const { reportId, ...r } of rows)
    out.get(reportId)?.push({
      ...r,
      dataQuality: r.dataQuality === 1 || r.dataQuality === 2 || r.dataQuality === 3 ? r.dataQuality : null,
      errorCode: r.errorCode as CfcEntryCode | null,
    });
  return out;
}

/** WHERE for the entries of one report of a company, with any further conditions. */
const reportEntries = (companyId: CompanyId, reportId: string, ...more: SQL[]) =>
  companyRows(cfcEntries, companyId, eq(cfcEntries.reportId, reportId), ...more);

/** The entries of a report's section as the sheet shows them, oldest first. */
export async function sectionEntries(db: DbOrTx, companyId: CompanyId, reportId: string, section: string) {
  return db
    .select({ id: cfcEntries.id, data: cfcEntries.data, activityId: cfcEntries.activityId })
    .from(cfcEntries)
    .where(reportEntries(companyId, reportId, eq(cfcEntries.section, section)))
    .orderBy(asc(cfcEntries.createdAt), asc(cfcEntries.id));
}

/** Removes a section's entries (their documents go with them); answers how many. */
export async function deleteSectionEntries(
  db: DbOrTx,
  companyId: CompanyId,
  reportId: string,
  section: string,
): Promise<number> {
  const rows = await db
    .delete(cfcEntries)
    .where(reportEntries(companyId, reportId, eq(cfcEntries.section, section)))
    .returning({ id: cfcEntries.id });
  return rows.length;
}

/** Entries of a report that came from the freight tool, by their origin id (the suggestion's kind). */
export async function freightEntries(
  db: DbOrTx,
  companyId: CompanyId,
  reportId: string,
): Promise<{ id: string; originId: string | null; section: string; data: CfcEntryData }[]> {
  return db
    .select({
      id: cfcEntries.id,
      originId: cfcEntries.originId,
      section: cfcEntries.section,
      data: cfcEntries.data,
    })
    .from(cfcEntries)
    .where(reportEntries(companyId, reportId, eq(cfcEntries.originKind, 'freight')));
}

/** A freight figure taken over into a report of the year: its unit, report and share (percent). */
export type FreightTakeover = {
  entryId: string;
  kind: string;
  reportId: string;
  businessUnit: { id: string; name: string };
  share: number;
};

/** Every freight figure the company's reports of a year took over (an entry without a share holds all). */
export async function freightTakeovers(
  db: DbOrTx,
  companyId: CompanyId,
  year: number,
): Promise<FreightTakeover[]> {
  const rows = await db
    .select({
      entryId: cfcEntries.id,
      kind: cfcEntries.originId,
      reportId: cfcEntries.reportId,
      unitId: cfcBusinessUnits.id,
      unitName: cfcBusinessUnits.name,
      share: cfcEntries.originShare,
    })
    .from(cfcEntries)
    .innerJoin(
      cfcReports,
      and(eq(cfcReports.companyId, cfcEntries.companyId), eq(cfcReports.id, cfcEntries.reportId)),
    )
    .innerJoin(
      cfcBusinessUnits,
      and(
        eq(cfcBusinessUnits.companyId, cfcReports.companyId),
        eq(cfcBusinessUnits.id, cfcReports.businessUnitId),
      ),
    )
    .where(
      and(
        eq(cfcEntries.companyId, companyId),
        eq(cfcEntries.originKind, 'freight'),
        eq(cfcReports.year, year),
      ),
    )
    .orderBy(asc(cfcBusinessUnits.name));
  return rows.map((r) => ({
    entryId: r.entryId,
    kind: r.kind ?? '',
    reportId: r.reportId,
    businessUnit: { id: r.unitId, name: r.unitName },
    share: r.share ?? 100,
  }));
}

/** How many fuel entries of a report's mobile combustion were typed in (not taken from the freight tool). */
export async function ownFuelEntryCount(db: DbOrTx, companyId: CompanyId, reportId: string): Promise<number> {
  const rows = await db
    .select({ id: cfcEntries.id })
    .from(cfcEntries)
    .where(
      reportEntries(
        companyId,
        reportId,
        eq(cfcEntries.section, 'mobile-combustion'),
        isNull(cfcEntries.originKind),
      ),
    );
  return rows.length;
}
