import { and, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/index.ts';
import type { CompanyId } from '../../platform/tenant.ts';
import { cfcEntries } from './cfc.schema.ts';

/** The fields of an entry the energy figures read (cfc.energy.ts). */
export type EnergyEntryRow = {
  id: string;
  reportId: string;
  section: string;
  activityId: string | null;
  amount: number | null;
  unit: string | null;
  fuel: string | null;
  note: string | null;
  originKind: string | null;
  originLabel: string | null;
};

/** Every entry of the given reports of a company, with the fields the energy figures read. */
export async function energyEntryRows(
  db: DbOrTx,
  companyId: CompanyId,
  reportIds: string[],
): Promise<EnergyEntryRow[]> {
  if (!reportIds.length) return [];
  const rows = await db
    .select({
      id: cfcEntries.id,
      reportId: cfcEntries.reportId,
      section: cfcEntries.section,
      activityId: cfcEntries.activityId,
      data: cfcEntries.data,
      originKind: cfcEntries.originKind,
      originLabel: cfcEntries.originLabel,
    })
    .from(cfcEntries)
    .where(and(eq(cfcEntries.companyId, companyId), inArray(cfcEntries.reportId, reportIds)))
    .orderBy(cfcEntries.reportId, cfcEntries.section, cfcEntries.id);
  return rows.map((r) => ({
    id: r.id,
    reportId: r.reportId,
    section: r.section,
    activityId: r.activityId,
    amount: r.data.amount ?? null,
    unit: r.data.unit ?? null,
    fuel: r.data.fuel ?? null,
    note: r.data.note ?? null,
    originKind: r.originKind,
    originLabel: r.originLabel,
  }));
}
