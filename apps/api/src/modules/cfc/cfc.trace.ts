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
import { type MessageKey, t, texts } from '@klimadesk/contract/messages';

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

const kg = (key: keyof TraceRow, header: MessageKey): Column<TraceRow> => ({
  key,
  header: texts(header),
  type: 'number',
  digits: 3,
  width: 14,
});

/** The entries sheet: one row per entry, figures in kg CO2e (gases in kg CO2e, biogenic in kg CO2). */
export const TRACE_COLUMNS: Column<TraceRow>[] = [
  { key: 'businessUnit', header: texts('cfc.trace.businessUnit'), width: 22 },
  { key: 'section', header: texts('cfc.trace.section'), width: 28 },
  { key: 'activity', header: texts('cfc.trace.activity'), width: 36 },
  { key: 'amount', header: texts('cfc.trace.amount'), type: 'number', width: 12 },
  { key: 'unit', header: texts('cfc.trace.unit'), width: 10 },
  {
    key: 'quantity',
    header: texts('cfc.trace.quantityInFactorUnit'),
    type: 'number',
    width: 14,
  },
  { key: 'factor', header: texts('cfc.trace.factorKgCO2e'), type: 'number', width: 14 },
  { key: 'factorUnit', header: texts('cfc.trace.perUnit'), width: 10 },
  { key: 'source', header: texts('cfc.trace.source'), width: 36 },
  { key: 'edition', header: texts('cfc.trace.edition'), width: 10 },
  { key: 'version', header: texts('cfc.trace.factorVersion'), type: 'integer', width: 10 },
  { key: 'gwpSet', header: texts('cfc.trace.gwpSet'), width: 9 },
  kg('co2eKg', 'cfc.trace.co2eKg'),
  kg('co2eMarketKg', 'cfc.trace.co2eMarketKg'),
  {
    key: 'marketFactor',
    header: texts('cfc.trace.marketBasedFactorKgCO2e'),
    type: 'number',
    width: 14,
  },
  {
    key: 'marketFactorUnit',
    header: texts('cfc.trace.perUnitMarketBased'),
    width: 10,
  },
  { key: 'marketSource', header: texts('cfc.trace.marketBasedSource'), width: 30 },
  { key: 'marketEdition', header: texts('cfc.trace.marketBasedEdition'), width: 10 },
  {
    key: 'marketVersion',
    header: texts('cfc.trace.marketBasedFactorVersion'),
    type: 'integer',
    width: 10,
  },
  kg('wttKg', 'cfc.trace.wttKg'),
  kg('co2Kg', 'cfc.trace.co2Kg'),
  kg('ch4Kg', 'cfc.trace.ch4Kg'),
  kg('n2oKg', 'cfc.trace.n2oKg'),
  kg('biogenicCo2Kg', 'cfc.trace.biogenicCo2Kg'),
];

export const TRACE_SHEET = texts('cfc.trace.entries');

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
  if (r.biogenicCo2Kg !== null) parts.push(t(lang, 'cfc.trace.biogenicLine', { kg: f(r.biogenicCo2Kg) }));
  return parts.length ? parts.join(' · ') : null;
}

/** Scope 2: the market-based factor as one PDF line (value and unit, source, edition, version), or null. */
export function marketLine(r: TraceRow, lang: Language): string | null {
  if (r.marketFactor === null) return null;
  const parts = [
    t(lang, 'cfc.trace.marketLine', {
      factor: formatNumber(r.marketFactor, lang, 6),
      unit: r.marketFactorUnit ?? '',
    }),
  ];
  if (r.marketSource) parts.push(r.marketSource);
  if (r.marketEdition && !(r.marketSource ?? '').endsWith(r.marketEdition)) parts.push(r.marketEdition);
  if (r.marketVersion !== null) parts.push(`v${r.marketVersion}`);
  return parts.join(' · ');
}
