/**
 * Traceability of the exported figures (issue 33): per entry the factor value and unit, its source,
 * edition and version, the GWP set and the split by gas, so an auditor can recompute every line
 * (GHG Protocol Corporate Standard ch. 9: emissions by gas, biogenic CO2 apart).
 */
import { type CfcSectionDef, type Language, cfcSection, formatNumber } from '@klimadesk/contract';
import type { AppContext } from '../../platform/context.ts';
import type { Column } from '../../platform/spreadsheet.ts';
import type { CompanyId } from '../../platform/tenant.ts';
import { findActivity } from '../emission-db/index.ts';
import * as repo from './cfc.repository.ts';

export type TraceRow = {
  businessUnit: string;
  section: string;
  activity: string | null;
  amount: number | null;
  unit: string | null;
  quantity: number | null;
  factor: number | null;
  factorUnit: string | null;
  source: string | null;
  edition: string | null;
  version: number | null;
  gwpSet: string | null;
  co2eKg: number | null;
  co2eMarketKg: number | null;
  /** Scope 2: the market-based factor (contract, supplier rate, grid fallback) and its trace. */
  marketFactor: number | null;
  marketFactorUnit: string | null;
  marketSource: string | null;
  marketEdition: string | null;
  marketVersion: number | null;
  wttKg: number | null;
  co2Kg: number | null;
  ch4Kg: number | null;
  n2oKg: number | null;
  biogenicCo2Kg: number | null;
};

/** Every entry of the reports, in report and section order, with its trace. */
export async function traceRows(
  ctx: Pick<AppContext, 'db'>,
  companyId: CompanyId,
  reports: readonly repo.ReportWithUnit[],
  lang: Language,
): Promise<TraceRow[]> {
  const out: TraceRow[] = [];
  const names = new Map<string, string | null>();
  for (const report of reports) {
    const { rows } = await repo.listEntries(ctx.db, companyId, report.id, undefined, {
      offset: 0,
      limit: 100_000,
    });
    for (const r of rows) {
      if (r.activityId && !names.has(r.activityId)) {
        const a = await findActivity(ctx.db, companyId, r.activityId);
        names.set(r.activityId, a ? (a.translations[lang]?.name ?? a.translations.de.name) : null);
      }
      const def = cfcSection(r.section) as CfcSectionDef | undefined;
      out.push({
        businessUnit: report.unit.name,
        section: def ? def.names[lang] : r.section,
        activity: r.activityId ? (names.get(r.activityId) ?? null) : null,
        amount: r.data.amount ?? null,
        unit: r.data.unit ?? null,
        quantity: r.quantity,
        factor: r.factor,
        factorUnit: r.factorUnit,
        source: r.factorSource,
        edition: r.factorEdition,
        version: r.factorVersion,
        gwpSet: r.factorGwpSet,
        co2eKg: r.co2eKg,
        co2eMarketKg: r.co2eMarketKg,
        marketFactor: r.marketFactor,
        marketFactorUnit: r.marketFactorUnit,
        marketSource: r.marketFactorSource,
        marketEdition: r.marketFactorEdition,
        marketVersion: r.marketFactorVersion,
        wttKg: r.wttKg,
        co2Kg: r.co2Kg,
        ch4Kg: r.ch4Kg,
        n2oKg: r.n2oKg,
        biogenicCo2Kg: r.biogenicCo2Kg,
      });
    }
  }
  return out;
}

const kg = (key: keyof TraceRow, de: string, en: string): Column<TraceRow> => ({
  key,
  header: { de: `${de} (kg)`, en: `${en} (kg)` },
  type: 'number',
  digits: 3,
  width: 14,
});

/** The entries sheet: one row per entry, figures in kg CO2e (gases in kg CO2e, biogenic in kg CO2). */
export const TRACE_COLUMNS: Column<TraceRow>[] = [
  { key: 'businessUnit', header: { de: 'Geschäftsbereich', en: 'Business unit' }, width: 22 },
  { key: 'section', header: { de: 'Bereich', en: 'Section' }, width: 28 },
  { key: 'activity', header: { de: 'Aktivität', en: 'Activity' }, width: 36 },
  { key: 'amount', header: { de: 'Menge', en: 'Amount' }, type: 'number', width: 12 },
  { key: 'unit', header: { de: 'Einheit', en: 'Unit' }, width: 10 },
  {
    key: 'quantity',
    header: { de: 'Menge in Faktoreinheit', en: 'Quantity in factor unit' },
    type: 'number',
    width: 14,
  },
  { key: 'factor', header: { de: 'Faktor (kg CO2e)', en: 'Factor (kg CO2e)' }, type: 'number', width: 14 },
  { key: 'factorUnit', header: { de: 'je Einheit', en: 'per unit' }, width: 10 },
  { key: 'source', header: { de: 'Quelle', en: 'Source' }, width: 36 },
  { key: 'edition', header: { de: 'Ausgabe', en: 'Edition' }, width: 10 },
  { key: 'version', header: { de: 'Faktorversion', en: 'Factor version' }, type: 'integer', width: 10 },
  { key: 'gwpSet', header: { de: 'GWP-Satz', en: 'GWP set' }, width: 9 },
  kg('co2eKg', 'CO2e', 'CO2e'),
  kg('co2eMarketKg', 'CO2e marktbasiert', 'CO2e market-based'),
  {
    key: 'marketFactor',
    header: { de: 'Faktor marktbasiert (kg CO2e)', en: 'Market-based factor (kg CO2e)' },
    type: 'number',
    width: 14,
  },
  {
    key: 'marketFactorUnit',
    header: { de: 'je Einheit (marktbasiert)', en: 'per unit (market-based)' },
    width: 10,
  },
  { key: 'marketSource', header: { de: 'Quelle marktbasiert', en: 'Market-based source' }, width: 30 },
  { key: 'marketEdition', header: { de: 'Ausgabe marktbasiert', en: 'Market-based edition' }, width: 10 },
  {
    key: 'marketVersion',
    header: { de: 'Faktorversion marktbasiert', en: 'Market-based factor version' },
    type: 'integer',
    width: 10,
  },
  kg('wttKg', 'davon Vorkette (WTT)', 'upstream (WTT)'),
  kg('co2Kg', 'CO2', 'CO2'),
  kg('ch4Kg', 'CH4 (CO2e)', 'CH4 (CO2e)'),
  kg('n2oKg', 'N2O (CO2e)', 'N2O (CO2e)'),
  kg('biogenicCo2Kg', 'Biogenes CO2', 'Biogenic CO2'),
];

export const TRACE_SHEET = { de: 'Einträge', en: 'Entries' } as const;

/** One PDF line of an entry's factor: value and unit, source, edition, version and GWP set. */
export function factorLine(r: TraceRow, lang: Language): string {
  if (r.factor === null) return '-';
  const parts = [`${formatNumber(r.factor, lang, 6)} kg CO2e/${r.factorUnit ?? ''}`];
  if (r.source) parts.push(r.source);
  if (r.version !== null) parts.push(`v${r.version}`);
  if (r.gwpSet) parts.push(r.gwpSet);
  return parts.join(' · ');
}

/** The gas split of an entry as one line (null when the factor gives none and there is no biogenic CO2). */
export function gasLine(r: TraceRow, lang: Language): string | null {
  const f = (n: number) => formatNumber(n, lang, 3);
  const parts: string[] = [];
  if (r.co2Kg !== null && r.ch4Kg !== null && r.n2oKg !== null)
    parts.push(`CO2 ${f(r.co2Kg)} · CH4 ${f(r.ch4Kg)} · N2O ${f(r.n2oKg)} kg CO2e`);
  if (r.biogenicCo2Kg !== null)
    parts.push(`${lang === 'de' ? 'biogen' : 'biogenic'} ${f(r.biogenicCo2Kg)} kg CO2`);
  return parts.length ? parts.join(' · ') : null;
}

/** Scope 2: the market-based factor as one PDF line (value and unit, source, edition, version), or null. */
export function marketLine(r: TraceRow, lang: Language): string | null {
  if (r.marketFactor === null) return null;
  const parts = [
    `${lang === 'de' ? 'marktbasiert' : 'market-based'} ${formatNumber(r.marketFactor, lang, 6)} kg CO2e/${r.marketFactorUnit ?? ''}`,
  ];
  if (r.marketSource) parts.push(r.marketSource);
  if (r.marketEdition && !(r.marketSource ?? '').endsWith(r.marketEdition)) parts.push(r.marketEdition);
  if (r.marketVersion !== null) parts.push(`v${r.marketVersion}`);
  return parts.join(' · ');
}
