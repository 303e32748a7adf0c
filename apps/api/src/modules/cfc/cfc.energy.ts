/**
 * The energy a company's carbon footprint of a year states (issue 40, VSME B3 §29): purchased
 * electricity, purchased heat (steam, cooling) and fuels burnt in scopes 1 and 2, in kWh.
 *
 * Entries in an energy unit count as stated (kWh, kWh (Net CV), kWh (Gross CV), MWh, GJ). A fuel
 * entered as a volume or mass (litres, m³, tonnes, kilograms) is turned into kWh on its net
 * calorific value from UK DESNZ 2025 (`data/desnz-2025-fuel-net-cv.ts`: kg CO2e per unit ÷ kg CO2e
 * per kWh (Net CV) of the same fuel). An entry that cannot be turned into kWh (a fuel without a net
 * calorific value, a distance, tonne-kilometres of the freight take-over) leaves its kind's figure
 * "not known" (null, never 0) and is listed with the reason, so the VSME screen can name it.
 */
import { cfcSection, convertUnit, type Language, unitOf } from '@klimadesk/contract';
import type { AppContext } from '../../platform/context.ts';
import type { CompanyId } from '../../platform/tenant.ts';
import { activitiesByDatasetKey, findActivity } from '../emission-db/index.ts';
import * as repo from './cfc.repository.ts';
import { type EnergyEntryRow, energyEntryRows } from './cfc.energy.repository.ts';
import {
  DESNZ_2025_FUEL_NET_CV,
  DESNZ_FUEL_CV_SOURCE,
  type FuelNetCvRow,
} from './data/desnz-2025-fuel-net-cv.ts';

export type EnergyKind = 'electricity' | 'heat' | 'fuels';

/** How a fuel's volume or mass became kWh: the DESNZ rows and the net calorific value they give. */
export type FuelConversion = {
  /** The DESNZ fuel (Level 3) and edition. */
  fuel: string;
  edition: string;
  /** The entry's amount in the DESNZ row's unit. */
  unit: 'l' | 'm3' | 't';
  quantity: number;
  /** kWh (Net CV) per unit = perUnit.factor ÷ perKwhNet.factor. */
  kwhPerUnit: number;
  perUnit: { factor: number; row: string };
  perKwhNet: { factor: number; row: string };
};

/** Why an entry has no kWh: no net calorific value for its fuel, or no quantity of energy or fuel. */
export type EnergyProblem = 'noNetCv' | 'noEnergyUnit';

/** One entry of an energy kind with its kWh (null: not known) and how they were found. */
export type EnergyItem = {
  entryId: string;
  reportId: string;
  section: string;
  kind: EnergyKind;
  amount: number;
  unit: string | null;
  /** The activity's name in both languages (null without an activity). */
  activity: Record<Language, string> | null;
  /** What the entry says it is: the fuel entered, else the freight group taken over, else its note. */
  label: string | null;
  /** Taken over from the freight module (cfc.freight.ts). */
  fromFreight: boolean;
  kwh: number | null;
  conversion: FuelConversion | null;
  problem: EnergyProblem | null;
};

/** kWh of each kind; null when an entry of the kind could not be turned into kWh. */
export type CfcCompanyYearEnergy = {
  year: number;
  kwh: Record<EnergyKind, number | null>;
  /** Entries of each kind (0: the footprint has none, the figure is 0 kWh). */
  entries: Record<EnergyKind, number>;
  reportIds: string[];
  items: EnergyItem[];
  /** Entries of the year taken over from the freight module, and their sections (cfc.freight.ts). */
  freight: { entries: number; sections: string[] };
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

/**
 * A fuel's volume or mass in kWh (Net CV), through the DESNZ row of the same kind of quantity (a
 * volume through the per-litre or per-m³ row, a mass through the per-tonne row). Null when the
 * table has no row of that kind for the fuel (coal in litres).
 * Worked example: 1,000 l diesel (average biofuel blend) × (2.57082 kg CO2e/l, ID 1_101_1011_8_1
 * ÷ 0.25953 kg CO2e/kWh Net CV, ID 1_101_1011_7_1 = 9.905675…) = 9,905.675 kWh.
 */
export function fuelKwh(
  amount: number,
  unit: string,
  fuel: FuelNetCvRow,
): { kwh: number; conversion: FuelConversion } | null {
  for (const row of fuel.perUnit) {
    const quantity = convertUnit(amount, unit, row.unit);
    if (quantity === null) continue;
    const kwhPerUnit = row.factor / fuel.perKwhNet.factor;
    return {
      kwh: quantity * kwhPerUnit,
      conversion: {
        fuel: fuel.fuel,
        edition: DESNZ_FUEL_CV_SOURCE.edition,
        unit: row.unit,
        quantity,
        kwhPerUnit,
        perUnit: { factor: row.factor, row: row.row },
        perKwhNet: fuel.perKwhNet,
      },
    };
  }
  return null;
}

type Converted = Pick<EnergyItem, 'kwh' | 'conversion' | 'problem'>;

/** One entry's kWh: energy units as stated, a fuel's volume or mass through its net calorific value. */
function convert(
  kind: EnergyKind,
  amount: number,
  unit: string | null,
  fuel: FuelNetCvRow | undefined,
): Converted {
  const type = unit === null ? null : (unitOf(unit)?.unitType ?? null);
  if (type === 'energy')
    return { kwh: convertUnit(amount, unit as string, 'kWh'), conversion: null, problem: null };
  if (kind === 'fuels' && (type === 'volume' || type === 'mass')) {
    const hit = fuel ? fuelKwh(amount, unit as string, fuel) : null;
    return hit ? { ...hit, problem: null } : { kwh: null, conversion: null, problem: 'noNetCv' };
  }
  return { kwh: null, conversion: null, problem: 'noEnergyUnit' };
}

export type EnergyInput = Pick<EnergyEntryRow, 'section' | 'amount' | 'unit'> &
  Partial<Omit<EnergyEntryRow, 'section' | 'amount' | 'unit'>>;

/**
 * Sums entries by kind (1 GJ = 277.78 kWh; a volume or mass of fuel through `fuels`, the net CV row
 * of the entry's activity). A kind is null once one of its entries has no kWh.
 */
export function energyOf(entries: EnergyInput[], fuels: ReadonlyMap<string, FuelNetCvRow> = new Map()) {
  const kwh: Record<EnergyKind, number | null> = { electricity: 0, heat: 0, fuels: 0 };
  const count: Record<EnergyKind, number> = { electricity: 0, heat: 0, fuels: 0 };
  const items: EnergyItem[] = [];
  for (const e of entries) {
    const kind = energyKindOf(e.section);
    if (!kind || e.amount === null) continue;
    count[kind] += 1;
    const fuel = e.activityId ? fuels.get(e.activityId) : undefined;
    const c = convert(kind, e.amount, e.unit, fuel);
    const sum = kwh[kind];
    kwh[kind] = c.kwh === null || sum === null ? null : sum + c.kwh;
    const fromFreight = e.originKind === 'freight';
    items.push({
      entryId: e.id ?? '',
      reportId: e.reportId ?? '',
      section: e.section,
      kind,
      amount: e.amount,
      unit: e.unit,
      activity: null,
      label: e.fuel || (fromFreight ? e.originLabel : null) || e.note || null,
      fromFreight,
      ...c,
    });
  }
  return { kwh, entries: count, items };
}

/** The net CV rows by the activity ids the emission database gave the DESNZ fuels. */
async function fuelsByActivity(ctx: Pick<AppContext, 'db'>): Promise<Map<string, FuelNetCvRow>> {
  const ids = await activitiesByDatasetKey(
    ctx.db,
    DESNZ_2025_FUEL_NET_CV.map((f) => f.activity),
  );
  const out = new Map<string, FuelNetCvRow>();
  for (const f of DESNZ_2025_FUEL_NET_CV) {
    const id = ids.get(f.activity);
    if (id) out.set(id, f);
  }
  return out;
}

/** The items with their activities' names in both languages (the activities one query each, as the entry list reads them). */
async function withActivityNames(
  ctx: Pick<AppContext, 'db'>,
  companyId: CompanyId,
  items: EnergyItem[],
  activityOf: ReadonlyMap<string, string | null>,
): Promise<EnergyItem[]> {
  const ids = new Set(items.map((i) => activityOf.get(i.entryId)).filter((id) => typeof id === 'string'));
  const names = new Map<string, Record<Language, string>>();
  await Promise.all(
    [...ids].map(async (id) => {
      const a = await findActivity(ctx.db, companyId, id);
      if (a)
        names.set(id, { de: a.translations.de.name, en: a.translations.en.name || a.translations.de.name });
    }),
  );
  return items.map((i) => {
    const id = activityOf.get(i.entryId);
    return { ...i, activity: id ? (names.get(id) ?? null) : null };
  });
}

/** Every CFC report of the company for `year`, its energy entries summed by kind (no access rights: see companyYearTotals). */
export async function companyYearEnergy(
  ctx: Pick<AppContext, 'db'>,
  companyId: CompanyId,
  year: number,
): Promise<CfcCompanyYearEnergy | null> {
  const reports = await repo.listReports(ctx.db, companyId, { year });
  if (!reports.length) return null;
  const reportIds = reports.map((r) => r.id);
  const [rows, fuels] = await Promise.all([
    energyEntryRows(ctx.db, companyId, reportIds),
    fuelsByActivity(ctx),
  ]);
  const { kwh, entries, items } = energyOf(rows, fuels);
  const activityOf = new Map(rows.map((r) => [r.id, r.activityId]));
  const freight = rows.filter((r) => r.originKind === 'freight');
  return {
    year,
    kwh,
    entries,
    reportIds,
    items: await withActivityNames(ctx, companyId, items, activityOf),
    freight: { entries: freight.length, sections: [...new Set(freight.map((r) => r.section))] },
  };
}
