/**
 * The energy a company's carbon footprint of a year states (issue 40, VSME B3 §29): the amounts of
 * purchased electricity, purchased heat (steam, cooling) and fuels burnt in scopes 1 and 2, in kWh,
 * where every entry of the kind is in an energy unit. A kind with an entry in litres or kilograms
 * has no energy figure here: turning it into kWh needs a calorific value the entry does not carry.
 */
import { cfcSection, convertUnit, unitOf } from '@klimadesk/contract';
import { and, eq, inArray } from 'drizzle-orm';
import type { AppContext } from '../../platform/context.ts';
import type { CompanyId } from '../../platform/tenant.ts';
import * as repo from './cfc.repository.ts';
import { cfcEntries } from './cfc.schema.ts';

export type EnergyKind = 'electricity' | 'heat' | 'fuels';

/** kWh of each kind; null when an entry of the kind is not in an energy unit. */
export type CfcCompanyYearEnergy = {
  year: number;
  kwh: Record<EnergyKind, number | null>;
  /** Entries of each kind (0: the footprint has none, the figure is 0 kWh). */
  entries: Record<EnergyKind, number>;
  reportIds: string[];
};

/** The energy kind of a section: scope 2 by its method, scope 1 combustion as fuels, else none. */
export function energyKindOf(sectionId: string): EnergyKind | null {
  const s = cfcSection(sectionId);
  if (!s) return null;
  if (s.energyMethod === 'power') return 'electricity';
  if (s.energyMethod === 'thermal') return 'heat';
  const combustion = ['stationary-combustion', 'mobile-combustion'];
  return combustion.includes(s.id) || (s.parent !== null && combustion.includes(s.parent)) ? 'fuels' : null;
}

/** Sums entries by kind: kWh, kWh (Net CV), kWh (Gross CV), MWh and GJ count as stated (1 GJ = 277.78 kWh). */
export function energyOf(entries: { section: string; amount: number | null; unit: string | null }[]) {
  const kwh: Record<EnergyKind, number | null> = { electricity: 0, heat: 0, fuels: 0 };
  const count: Record<EnergyKind, number> = { electricity: 0, heat: 0, fuels: 0 };
  for (const e of entries) {
    const kind = energyKindOf(e.section);
    if (!kind || e.amount === null) continue;
    count[kind] += 1;
    const isEnergy = e.unit !== null && unitOf(e.unit)?.unitType === 'energy';
    const value = isEnergy ? convertUnit(e.amount, e.unit as string, 'kWh') : null;
    const sum = kwh[kind];
    kwh[kind] = value === null || sum === null ? null : sum + value;
  }
  return { kwh, entries: count };
}

/** Every CFC report of the company for `year`, its energy entries summed by kind (no access rights: see companyYearTotals). */
export async function companyYearEnergy(
  ctx: Pick<AppContext, 'db'>,
  companyId: CompanyId,
  year: number,
): Promise<CfcCompanyYearEnergy | null> {
  const reports = await repo.listReports(ctx.db, companyId, { year });
  if (!reports.length) return null;
  const rows = await ctx.db
    .select({ section: cfcEntries.section, data: cfcEntries.data })
    .from(cfcEntries)
    .where(
      and(
        eq(cfcEntries.companyId, companyId),
        inArray(
          cfcEntries.reportId,
          reports.map((r) => r.id),
        ),
      ),
    );
  const { kwh, entries } = energyOf(
    rows.map((r) => ({ section: r.section, amount: r.data.amount ?? null, unit: r.data.unit ?? null })),
  );
  return { year, kwh, entries, reportIds: reports.map((r) => r.id) };
}
