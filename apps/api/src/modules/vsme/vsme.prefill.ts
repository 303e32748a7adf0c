/**
 * VSME datapoints the carbon footprint of the report year fills (issue 40): B3 GHG emissions from
 * the footprint's totals, the same figures the CFC results and the CSRD E1-6 show
 * (`companyYearTotals`), B3 intensity per turnover once the report states its turnover, and B3
 * energy from the footprint's entries in energy units and its fuels in litres, m³ or tonnes on
 * their DESNZ 2025 net calorific value (`companyYearEnergy`); a kind with an entry that has no kWh
 * is not prefilled, and the footprint note names the entry.
 *
 * Freight: the freight module's figures reach B3 only through the carbon footprint's freight
 * take-over (own fleet scope 1 and 3.3, bought transport category 4 or 9), so they are counted
 * once; the VSME has no datapoint of its own for them (docs/decisions/0017).
 *
 * VSME B3 §30 (Annex I of the Commission Recommendation of 30 July 2025): gross scope 1 and
 * scope 2 (location- and market-based) GHG emissions in tCO2e, scope 3 where the undertaking
 * reports it, totals; §31: GHG intensity = emissions / turnover; §29: energy consumption in MWh.
 */
import type { VsmeFootprintNote, VsmeSource, VsmeValue } from '@klimadesk/contract';
import type { AppContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import type { CompanyId } from '../../platform/tenant.ts';
import {
  type CfcCompanyYearEnergy,
  type CfcCompanyYearTotals,
  companyYearEnergy,
  companyYearTotals,
} from '../cfc/index.ts';

export type Prefill = { value: VsmeValue; source: VsmeSource };
/** Prefills by fact key (`factKey(concept, member)`). */
export type Prefills = Map<string, Prefill>;

export const factKey = (concept: string, member: string) => `${concept}|${member}`;

type Figure = (t: CfcCompanyYearTotals) => number | null;

/** Scope 3 counts as reported when the footprint holds any scope 3 figure (VSME B3 §30: "if reported"). */
const scope3Reported = (t: CfcCompanyYearTotals) => t.scope3Categories.some((c) => c.kg !== 0);

/** The footprint's figures in kg CO2e, by the VSME concept they fill. */
export const GHG_FIGURES: Record<string, { figure: string; kg: Figure }> = {
  'vsme:GrossScope1GreenhouseGasEmissions': { figure: 'scope1', kg: (t) => t.scope1 },
  'vsme:GrossLocationBasedScope2GreenhouseGasEmissions': {
    figure: 'scope2LocationBased',
    kg: (t) => t.scope2LocationBased,
  },
  'vsme:GrossMarketBasedScope2GreenhouseGasEmissions': {
    figure: 'scope2MarketBased',
    kg: (t) => t.scope2MarketBased,
  },
  'vsme:TotalGrossLocationBasedScope1AndScope2GHGEmissions': {
    figure: 'scope1And2LocationBased',
    kg: (t) => t.scope1 + t.scope2LocationBased,
  },
  'vsme:TotalGrossMarketBasedScope1AndScope2GHGEmissions': {
    figure: 'scope1And2MarketBased',
    kg: (t) => t.scope1 + t.scope2MarketBased,
  },
  'vsme:GrossScope3GreenhouseGasEmissions': {
    figure: 'scope3',
    kg: (t) => (scope3Reported(t) ? t.scope3 : null),
  },
  'vsme:TotalGrossLocationBasedGHGEmissions': {
    figure: 'totalLocationBased',
    kg: (t) => t.totalLocationBased,
  },
  'vsme:TotalGrossMarketBasedGHGEmissions': { figure: 'totalMarketBased', kg: (t) => t.totalMarketBased },
};

/** Intensity per turnover (B3 §31): the numerator figure by concept. */
export const INTENSITY_OF: Record<string, string> = {
  'vsme:Scope1AndScope2GreenhouseGasEmissionsIntensityValueLocationBased':
    'vsme:TotalGrossLocationBasedScope1AndScope2GHGEmissions',
  'vsme:Scope1AndScope2GreenhouseGasEmissionsIntensityValueMarketBased':
    'vsme:TotalGrossMarketBasedScope1AndScope2GHGEmissions',
  'vsme:TotalLocationBasedGreenhouseGasEmissionsIntensityValue': 'vsme:TotalGrossLocationBasedGHGEmissions',
  'vsme:TotalMarketBasedGreenhouseGasEmissionsIntensityValue': 'vsme:TotalGrossMarketBasedGHGEmissions',
};

/** Energy (B3 §29) by concept: the footprint's kinds it sums. */
export const ENERGY_OF: Record<string, ('electricity' | 'heat' | 'fuels')[]> = {
  'vsme:EnergyConsumptionFromElectricity': ['electricity'],
  'vsme:EnergyConsumptionFromFuels': ['fuels'],
  'vsme:TotalEnergyConsumption': ['electricity', 'heat', 'fuels'],
};

/** Every concept the footprint may fill (the catalogue marks them `prefillable`). */
export const PREFILLABLE = new Set([
  ...Object.keys(GHG_FIGURES),
  ...Object.keys(INTENSITY_OF),
  ...Object.keys(ENERGY_OF),
  'vsme:BasisForPreparation',
]);

export const TURNOVER = 'vsme:Turnover';

/** The footprint's totals of the year, or null without a report, or with reports of two GWP sets. */
async function totalsOf(ctx: Pick<AppContext, 'db'>, companyId: CompanyId, year: number) {
  try {
    return await companyYearTotals(ctx, companyId, year);
  } catch (err) {
    // Reports of AR5 and AR6 are not summed (GHG Protocol ch. 9): nothing is prefilled then.
    if (err instanceof AppError && err.key === 'cfcGwpSetMixed') return null;
    throw err;
  }
}

type ReportsOf = (ids: string[]) => VsmeSource['reports'];

/** B3 GHG figures in tonnes (kg ÷ 1,000) and the intensities per EUR of turnover. */
function ghgPrefills(
  out: Prefills,
  totals: CfcCompanyYearTotals,
  year: number,
  turnover: number | null,
  reportsOf: ReportsOf,
) {
  const reports = reportsOf(totals.reports.map((r) => r.id));
  for (const [concept, { figure, kg }] of Object.entries(GHG_FIGURES)) {
    const value = kg(totals);
    if (value !== null)
      out.set(factKey(concept, ''), {
        value: value / 1000,
        source: { kind: 'footprint', figure, year, reports },
      });
  }
  if (turnover === null || turnover <= 0) return;
  for (const [concept, numerator] of Object.entries(INTENSITY_OF)) {
    const tonnes = out.get(factKey(numerator, ''));
    if (typeof tonnes?.value !== 'number') continue;
    const figure = GHG_FIGURES[numerator].figure;
    out.set(factKey(concept, ''), {
      value: tonnes.value / turnover,
      source: { kind: 'footprintPerTurnover', figure, year, reports },
    });
  }
}

/** B3 energy in MWh (kWh ÷ 1,000), where every kind summed is known and the footprint has such entries. */
function energyPrefills(out: Prefills, energy: CfcCompanyYearEnergy, year: number, reportsOf: ReportsOf) {
  const reports = reportsOf(energy.reportIds);
  for (const [concept, kinds] of Object.entries(ENERGY_OF)) {
    if (kinds.some((k) => energy.kwh[k] === null) || kinds.every((k) => energy.entries[k] === 0)) continue;
    const kwh = kinds.reduce((sum, k) => sum + (energy.kwh[k] as number), 0);
    out.set(factKey(concept, ''), {
      value: kwh / 1000,
      source: { kind: 'footprintEnergy', figure: kinds.join('+'), year, reports },
    });
  }
}

/** The footprint note of B3: entries converted on their net CV or left without kWh, freight taken over. */
function footprintNote(energy: CfcCompanyYearEnergy, reportsOf: ReportsOf): VsmeFootprintNote {
  const listed = energy.items.filter((i) => i.conversion !== null || i.problem !== null);
  return {
    year: energy.year,
    energy: listed.map((i) => ({
      entry: i.entryId,
      report: reportsOf([i.reportId])[0],
      section: i.section,
      kind: i.kind,
      amount: i.amount,
      unit: i.unit,
      activity: i.activity,
      label: i.label,
      fromFreight: i.fromFreight,
      kwh: i.kwh,
      conversion: i.conversion,
      problem: i.problem,
    })),
    freight: energy.freight,
  };
}

/**
 * The prefilled values of a report of `year`: tonnes from kg (÷ 1,000), MWh from kWh (÷ 1,000),
 * intensity in tCO2e per EUR of `turnover` (null: no intensity). Option A or B fills B1's basis.
 * With them the footprint note of B3 (null without a footprint report of the year).
 */
export async function prefillsOf(
  ctx: Pick<AppContext, 'db'>,
  companyId: CompanyId,
  report: { year: number; comprehensive: boolean },
  turnover: number | null,
): Promise<{ prefills: Prefills; footprint: VsmeFootprintNote | null }> {
  const out: Prefills = new Map();
  const { year } = report;
  out.set(factKey('vsme:BasisForPreparation', ''), {
    value: report.comprehensive
      ? 'vsme:OptionBBasicModuleAndComprehensiveModuleMember'
      : 'vsme:OptionABasicModuleOnlyMember',
    source: { kind: 'settings', figure: 'comprehensive', year, reports: [] },
  });
  const [totals, energy] = await Promise.all([
    totalsOf(ctx, companyId, year),
    companyYearEnergy(ctx, companyId, year),
  ]);
  const units = new Map((totals?.reports ?? []).map((r) => [r.id, r.businessUnit]));
  const reportsOf: ReportsOf = (ids) =>
    ids.map((id) => ({ id, businessUnit: units.get(id)?.name ?? '', urlId: units.get(id)?.urlId ?? '' }));
  if (totals) ghgPrefills(out, totals, year, turnover, reportsOf);
  if (energy) energyPrefills(out, energy, year, reportsOf);
  return { prefills: out, footprint: energy ? footprintNote(energy, reportsOf) : null };
}
