/**
 * The results of a carbon footprint report (issue 19, seed 001 §2 results view): totals per scope,
 * category and business unit, scope 2 location- and market-based side by side (GHG Protocol Scope 2
 * Guidance: dual reporting), shares, data quality and the comparison with the base year. Pure
 * arithmetic over entry figures in kg CO2e; nothing is rounded here (rounding happens at the edge).
 */
import {
  CFC_SECTIONS,
  type CfcEntry,
  type CfcReportResults,
  type CfcSectionDef,
  type GwpSet,
  type Language,
  cfcSection,
  scope3Category,
} from '@klimadesk/contract';

export type Scope = 1 | 2 | 3;
export type DataQuality = 1 | 2 | 3;

/** What the results need of one entry. */
export type ResultEntry = {
  /** The category (top section under its scope) the entry's section belongs to. */
  category: string;
  scope: Scope;
  businessUnitId: string;
  /** kg CO2e by the location-based method (for scopes 1 and 3 the one figure); null: not computable. */
  locationKg: number | null;
  /** kg CO2e by the market-based method (for scopes 1 and 3 the same as `locationKg`). */
  marketKg: number | null;
  /** The report states this entry market-based (scope 2 power or heat with that method chosen). */
  useMarket: boolean;
  /** A figure derived from another entry (its upstream share in 3.3): summed, not counted as an entry. */
  isDerived?: boolean;
  /** The well-to-tank part of a travel, commuting or freight entry, kept in its own category. */
  isWtt?: boolean;
  /** The location-based figure by gas where the factor gives the split (kg CO2e). */
  gases?: { co2: number; ch4: number; n2o: number } | null;
  /** Biogenic CO2, kg, outside the scopes. */
  biogenicKg?: number | null;
  quality: DataQuality | null;
  isIncomplete: boolean;
};

export type Figures = { emissions: number; locationBased: number; marketBased: number };

export type CategoryResult = Figures & {
  category: string;
  scope: Scope;
  /** Of the figures, the well-to-tank part kept in the category (categories 4, 6, 7, 9). */
  wttKg: number;
  /** Share of the report's total (by its basis), 0..1; 0 when the total is 0. */
  share: number;
  entryCount: number;
  incompleteCount: number;
};
export type ScopeResult = Figures & { scope: Scope; share: number };
export type BusinessUnitResult = Figures & { businessUnitId: string; share: number };
export type QualityResult = { quality: DataQuality | null; emissions: number; share: number };

export type GasFigures = { co2: number; ch4: number; n2o: number; notSplit: number };

export type Aggregate = {
  total: Figures;
  /** Location-based figures by gas per scope. */
  gases: Record<Scope, GasFigures>;
  biogenicKg: number;
  scopes: ScopeResult[];
  categories: CategoryResult[];
  businessUnits: BusinessUnitResult[];
  dataQuality: QualityResult[];
  entryCount: number;
  incompleteCount: number;
};

const zero = (): Figures => ({ emissions: 0, locationBased: 0, marketBased: 0 });

function add(f: Figures, e: ResultEntry): void {
  const location = e.locationKg ?? 0;
  // An entry without a market-based figure (no contract) keeps its location-based one (the grid
  // mix stands in for a missing residual mix).
  const market = e.marketKg ?? location;
  f.locationBased += location;
  f.marketBased += market;
  f.emissions += e.useMarket ? market : location;
}

/** The figure an entry adds to the report's own total. */
export function entryEmissions(e: ResultEntry): number {
  const f = zero();
  add(f, e);
  return f.emissions;
}

const shareOf = (part: number, whole: number) => (whole === 0 ? 0 : part / whole);

/**
 * Sums entries into the results. `categoryOrder` lists the categories in the order of the section
 * tree (with their scope), so every category shows, also those without entries.
 */
export function aggregateResults(
  entries: readonly ResultEntry[],
  categoryOrder: readonly { category: string; scope: Scope }[] = [],
): Aggregate {
  const total = zero();
  const scopes = new Map<Scope, Figures>([
    [1, zero()],
    [2, zero()],
    [3, zero()],
  ]);
  const categories = new Map<string, CategoryResult>();
  for (const c of categoryOrder)
    categories.set(c.category, { ...zero(), ...c, wttKg: 0, share: 0, entryCount: 0, incompleteCount: 0 });
  const units = new Map<string, Figures>();
  const quality = new Map<DataQuality | null, number>();
  let incompleteCount = 0;
  const noGas = (): GasFigures => ({ co2: 0, ch4: 0, n2o: 0, notSplit: 0 });
  const gases: Record<Scope, GasFigures> = { 1: noGas(), 2: noGas(), 3: noGas() };
  let biogenicKg = 0;

  for (const e of entries) {
    add(total, e);
    const g = gases[e.scope];
    const location = e.locationKg ?? 0;
    if (e.gases) {
      g.co2 += e.gases.co2;
      g.ch4 += e.gases.ch4;
      g.n2o += e.gases.n2o;
      // DESNZ rounds the parts apart from the total: the small rest stays unsplit, so gases sum to the figure.
      g.notSplit += location - (e.gases.co2 + e.gases.ch4 + e.gases.n2o);
    } else g.notSplit += location;
    biogenicKg += e.biogenicKg ?? 0;
    add(scopes.get(e.scope) as Figures, e);
    let c = categories.get(e.category);
    if (!c) {
      c = {
        ...zero(),
        category: e.category,
        scope: e.scope,
        wttKg: 0,
        share: 0,
        entryCount: 0,
        incompleteCount: 0,
      };
      categories.set(e.category, c);
    }
    add(c, e);
    if (e.isWtt) c.wttKg += e.locationKg ?? 0;
    if (!e.isDerived) c.entryCount++;
    if (e.isIncomplete) {
      c.incompleteCount++;
      incompleteCount++;
    }
    let u = units.get(e.businessUnitId);
    if (!u) units.set(e.businessUnitId, (u = zero()));
    add(u, e);
    quality.set(e.quality, (quality.get(e.quality) ?? 0) + entryEmissions(e));
  }

  const whole = total.emissions;
  return {
    total,
    gases,
    biogenicKg,
    scopes: [...scopes].map(([scope, f]) => ({ scope, ...f, share: shareOf(f.emissions, whole) })),
    categories: [...categories.values()].map((c) => ({ ...c, share: shareOf(c.emissions, whole) })),
    businessUnits: [...units].map(([businessUnitId, f]) => ({
      businessUnitId,
      ...f,
      share: shareOf(f.emissions, whole),
    })),
    // Seed 001 §3: 1 high (measured), 2 medium (calculated), 3 low (estimated); null: not stated.
    dataQuality: ([1, 2, 3, null] as const)
      .filter((q) => q !== null || quality.has(null))
      .map((q) => ({
        quality: q,
        emissions: quality.get(q) ?? 0,
        share: shareOf(quality.get(q) ?? 0, whole),
      })),
    entryCount: entries.filter((e) => !e.isDerived).length,
    incompleteCount,
  };
}

export type Comparison = {
  year: number;
  emissions: number;
  /** This report's total minus the base year's, kg CO2e. */
  change: number;
  /** The change relative to the base year, as a fraction (-0.1 = 10 % less); null when the base year is 0. */
  changeRatio: number | null;
};

/** The comparison of a report's total with the same business unit's base-year report. */
export function compareWithBase(current: number, base: { year: number; emissions: number }): Comparison {
  const change = current - base.emissions;
  return {
    year: base.year,
    emissions: base.emissions,
    change,
    changeRatio: base.emissions === 0 ? null : change / base.emissions,
  };
}

// ---------------------------------------------------------------------------------------------
// The answer of `GET /api/cfc/report-results/{id}` from a report's entries

/** What the results read of an entry (the stored figures of cfc.calc). */
export type EntryFigures = Pick<
  CfcEntry,
  | 'section'
  | 'co2eKg'
  | 'co2eMarketKg'
  | 'wttKg'
  | 'dataQuality'
  | 'errorCode'
  | 'co2Kg'
  | 'ch4Kg'
  | 'n2oKg'
  | 'biogenicCo2Kg'
>;
/** What the results read of a report. */
export type ReportFacts = {
  id: string;
  year: number;
  powerMarketbased: boolean;
  thermalMarketbased: boolean;
  businessUnit: { id: string; name: string; urlId: string };
  /** The report's GWP set (AR5 when not given). */
  gwpSet?: 'AR5' | 'AR6';
};
export type ReportWithEntries = { report: ReportFacts; entries: readonly EntryFigures[] };

/** The categories: the sections right under a scope, in tree order. */
export const CFC_CATEGORIES: readonly CfcSectionDef[] = CFC_SECTIONS.filter(
  (s) => s.parent !== null && cfcSection(s.parent)?.parent === null,
);

/** The category a section sums into (itself for a category, its ancestor under the scope otherwise). */
export function categoryOf(sectionId: string): CfcSectionDef | undefined {
  let s = cfcSection(sectionId);
  while (s && s.parent !== null && cfcSection(s.parent)?.parent !== null) s = cfcSection(s.parent);
  return s && s.parent !== null ? s : undefined;
}

/**
 * A report's entries as result entries. Scope 2 energy is stated market-based where the report
 * chose that method for power or heat (seed 001 §7 power-method, thermal-method); an entry's
 * upstream figure (WTT, T&D losses) adds to its derivative section, category 3.3 (GHG Protocol
 * Scope 3 Standard, category 3), without counting as an entry there.
 */
export function resultEntries({ report, entries }: ReportWithEntries): ResultEntry[] {
  const out: ResultEntry[] = [];
  for (const e of entries) {
    const def = cfcSection(e.section);
    const category = categoryOf(e.section);
    if (!def || !category) continue;
    const useMarket =
      def.energyMethod === 'power'
        ? report.powerMarketbased
        : def.energyMethod === 'thermal'
          ? report.thermalMarketbased
          : false;
    out.push({
      category: category.id,
      scope: def.scope,
      businessUnitId: report.businessUnit.id,
      locationKg: e.co2eKg,
      marketKg: def.scope === 2 ? e.co2eMarketKg : e.co2eKg,
      useMarket,
      quality: e.dataQuality,
      isIncomplete: e.errorCode !== null,
      gases:
        e.co2Kg !== null && e.ch4Kg !== null && e.n2oKg !== null
          ? { co2: e.co2Kg, ch4: e.ch4Kg, n2o: e.n2oKg }
          : null,
      biogenicKg: e.biogenicCo2Kg,
    });
    // Travel, commuting and freight keep their upstream part in the category (cfc.calc WTT_IN_CATEGORY).
    const ownCategory = def.derivativeSection === null;
    const target = def.derivativeSection ? categoryOf(def.derivativeSection) : category;
    if (target && e.wttKg !== null && e.wttKg !== 0) {
      out.push({
        category: target.id,
        scope: target.scope,
        businessUnitId: report.businessUnit.id,
        locationKg: e.wttKg,
        marketKg: e.wttKg,
        useMarket: false,
        quality: e.dataQuality,
        isIncomplete: false,
        isDerived: true,
        ...(ownCategory ? { isWtt: true } : {}),
      });
    }
  }
  return out;
}

function totalsOf(a: Aggregate): CfcReportResults['totals'] {
  const [s1, s2, s3] = a.scopes;
  return {
    scope1: s1.emissions,
    scope2: s2.emissions,
    scope2LocationBased: s2.locationBased,
    scope2MarketBased: s2.marketBased,
    scope3: s3.emissions,
    total: a.total.emissions,
    totalLocationBased: a.total.locationBased,
    totalMarketBased: a.total.marketBased,
  };
}

const setOf = (r: ReportFacts) => r.gwpSet ?? 'AR5';

/** The base-year totals and, within one GWP set, the change against them. */
function baseYearResult(
  base: { year: number; reports: readonly ReportWithEntries[] },
  first: ReportFacts,
  agg: Aggregate,
  entriesOf: (r: ReportWithEntries) => ResultEntry[],
): NonNullable<CfcReportResults['baseYear']> {
  const baseTotals = totalsOf(aggregateResults(base.reports.flatMap(entriesOf)));
  const baseSet = setOf(base.reports[0].report);
  // A change between figures of different GWP sets is not an emissions change: none is computed.
  const comparable = base.reports.every((r) => setOf(r.report) === setOf(first));
  const c = compareWithBase(agg.total.emissions, { year: base.year, emissions: baseTotals.total });
  return {
    year: base.year,
    report: base.reports[0].report.id,
    totals: baseTotals,
    gwpSet: baseSet,
    comparable,
    changeKg: comparable ? c.change : null,
    changeRatio: comparable ? c.changeRatio : null,
  };
}

function sectionResult(c: CategoryResult, lang: Language): CfcReportResults['sections'][number] {
  const def = cfcSection(c.category) as CfcSectionDef;
  return {
    section: c.category,
    scope: c.scope,
    category: scope3Category(c.category),
    name: def.names[lang],
    co2eKg: c.emissions,
    locationBasedKg: c.locationBased,
    marketBasedKg: c.marketBased,
    wttKg: c.wttKg,
    share: c.share,
    entryCount: c.entryCount,
    incompleteCount: c.incompleteCount,
  };
}

/** Shares and kg CO2e by data quality; 0 for a quality no entry has. */
function qualityResults(agg: Aggregate): Pick<CfcReportResults, 'dataQuality' | 'dataQualityKg'> {
  const quality = (q: DataQuality | null) => agg.dataQuality.find((x) => x.quality === q);
  return {
    dataQuality: {
      high: quality(1)?.share ?? 0,
      medium: quality(2)?.share ?? 0,
      low: quality(3)?.share ?? 0,
      unknown: quality(null)?.share ?? 0,
    },
    dataQualityKg: {
      high: quality(1)?.emissions ?? 0,
      medium: quality(2)?.emissions ?? 0,
      low: quality(3)?.emissions ?? 0,
      unknown: quality(null)?.emissions ?? 0,
    },
  };
}

/**
 * The results of a report (or of several business units' reports of one year summed, for the
 * export): `subject` are the reports summed, `units` the year's reports compared per business unit,
 * `base` the base-year reports of the same units. `sections` limits the listed categories (and the
 * derived upstream figures) to those of the given sections (the company's); without it every
 * category is listed.
 */
export function buildResults(input: {
  subject: readonly ReportWithEntries[];
  units: readonly ReportWithEntries[];
  base: { year: number; reports: readonly ReportWithEntries[] } | null;
  lang: Language;
  sections?: readonly string[];
}): CfcReportResults {
  const { subject, units, base, lang } = input;
  const first = subject[0].report;
  const wanted = input.sections ? new Set(input.sections.map((id) => categoryOf(id)?.id)) : null;
  const order = CFC_CATEGORIES.filter((c) => !wanted || wanted.has(c.id)).map((c) => ({
    category: c.id,
    scope: c.scope,
  }));
  // Upstream figures count only where the company reports their section (3.3 is a paid category).
  const entriesOf = (r: ReportWithEntries) =>
    resultEntries(r).filter((e) => !e.isDerived || e.isWtt || !wanted || wanted.has(e.category));
  const agg = aggregateResults(subject.flatMap(entriesOf), order);
  const unitTotals = units.map((u) => ({ u, total: aggregateResults(entriesOf(u)).total }));
  // Shares are within one GWP set: a sum over AR5 and AR6 reports would mix the sets (GHG Protocol ch. 9).
  const unitSum = (set: GwpSet) =>
    unitTotals.filter((x) => setOf(x.u.report) === set).reduce((s, x) => s + x.total.emissions, 0);
  const baseYear = base && base.reports.length ? baseYearResult(base, first, agg, entriesOf) : null;
  return {
    report: first.id,
    year: first.year,
    businessUnit: first.businessUnit,
    powerMarketbased: first.powerMarketbased,
    thermalMarketbased: first.thermalMarketbased,
    gwpSet: first.gwpSet ?? 'AR5',
    totals: totalsOf(agg),
    sections: agg.categories.map((c) => sectionResult(c, lang)),
    businessUnits: unitTotals.map(({ u, total }) => ({
      ...u.report.businessUnit,
      report: u.report.id,
      gwpSet: setOf(u.report),
      co2eKg: total.emissions,
      locationBasedKg: total.locationBased,
      marketBasedKg: total.marketBased,
      share: unitSum(setOf(u.report)) === 0 ? 0 : total.emissions / unitSum(setOf(u.report)),
    })),
    baseYear,
    gases: { scope1: agg.gases[1], scope2LocationBased: agg.gases[2], scope3: agg.gases[3] },
    biogenicCo2Kg: agg.biogenicKg,
    ...qualityResults(agg),
    entryCount: agg.entryCount,
    incompleteEntries: agg.incompleteCount,
  };
}
