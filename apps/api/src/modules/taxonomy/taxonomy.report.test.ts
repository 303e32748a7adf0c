import { describe, expect, it } from 'vitest';
import { pdfText } from '../../../test/pdf.ts';
import type { KpiActivity, KpiCriterion } from './taxonomy.kpis.ts';
import { type ReportData, renderTaxReport } from './taxonomy.report.pdf.ts';
import { reportWith } from '../../../test/taxonomy-report.ts';
import type { TemplateYearInput } from './taxonomy.template.ts';

const EUR = 100;
const OTHERS = (own: string) => (['CCM', 'CCA', 'WTR', 'CE', 'PPC', 'BIO'] as const).filter((o) => o !== own);
const criterion = (c: Partial<KpiCriterion> & Pick<KpiCriterion, 'criterion'>): KpiCriterion => ({
  substantialContribution: true,
  amounts: { turnover: 0, capex: 0, opex: 0 },
  dnsh: OTHERS(c.criterion).map((dnsh) => ({ dnsh, complies: true, isAlwaysMet: false })),
  ...c,
});

/**
 * The worked example of issue 20: a financial year with turnover 10 M EUR, CapEx 2 M and OpEx 1 M,
 * and three finished activities:
 * - solar park (4.1, CCM): substantial contribution, no harm, safeguards met: aligned;
 *   3 M turnover, 0.8 M CapEx, 0.1 M OpEx;
 * - lorry fleet (6.6, CCM): contributes, but harms water (DNSH WTR fails): eligible, not aligned;
 *   2 M turnover, 0.5 M CapEx, 0.2 M OpEx;
 * - consultancy assessed for CCM under an adaptation-only EU activity (9.4 lists CCA only): not eligible;
 *   1 M turnover, 0.1 M CapEx, 0.05 M OpEx.
 * Hand-computed: turnover eligible (3 + 2) / 10 = 50 %, aligned 3 / 10 = 30 %, not eligible 50 %;
 * CapEx eligible (0.8 + 0.5) / 2 = 65 %, aligned 0.8 / 2 = 40 %, not eligible 35 %;
 * OpEx eligible (0.1 + 0.2) / 1 = 30 %, aligned 0.1 / 1 = 10 %, not eligible 70 %.
 */
export function workedInput(): TemplateYearInput {
  const activity = (k: Omit<KpiActivity, 'minSafeguards'>): KpiActivity => ({ minSafeguards: true, ...k });
  const solar = activity({
    euObjectives: ['CCM', 'CCA'],
    amounts: { turnover: 3_000_000 * EUR, capex: 800_000 * EUR, opex: 100_000 * EUR },
    criteria: [criterion({ criterion: 'CCM' })],
  });
  const fleet = activity({
    euObjectives: ['CCM', 'CCA'],
    amounts: { turnover: 2_000_000 * EUR, capex: 500_000 * EUR, opex: 200_000 * EUR },
    criteria: [
      criterion({
        criterion: 'CCM',
        dnsh: OTHERS('CCM').map((dnsh) => ({ dnsh, complies: dnsh !== 'WTR', isAlwaysMet: false })),
      }),
    ],
  });
  const consulting = activity({
    euObjectives: ['CCA'],
    amounts: { turnover: 1_000_000 * EUR, capex: 100_000 * EUR, opex: 50_000 * EUR },
    criteria: [criterion({ criterion: 'CCM' })],
  });
  return {
    taxYear: 2025,
    totals: { turnover: 10_000_000 * EUR, capex: 2_000_000 * EUR, opex: 1_000_000 * EUR },
    minSafeguards: 16383,
    nuclearGas: null,
    ruleSet: '2021/2178',
    activities: [
      {
        name: 'Solarpark',
        naceCode: 'D35.11',
        euActivityId: '2021-2139-4.1',
        status: 'finished',
        kpi: solar,
      },
      {
        name: 'Lkw-Flotte',
        naceCode: 'H49.4.1',
        euActivityId: '2021-2139-6.6',
        status: 'finished',
        kpi: fleet,
      },
      {
        name: 'Beratung',
        naceCode: 'M71.12',
        euActivityId: '2021-2139-9.4',
        status: 'finished',
        kpi: consulting,
      },
    ],
  };
}

export const workedExample = () => reportWith(workedInput(), null);

async function render(data: ReportData, lang: 'de' | 'en'): Promise<string> {
  const doc = renderTaxReport(data, lang, { compress: false });
  const chunks: Buffer[] = [];
  for await (const chunk of doc) chunks.push(chunk as Buffer);
  return pdfText(Buffer.concat(chunks));
}

/** The KPI table row of one figure: its name followed by total and the three shares. */
const kpiRow = (text: string, name: string) => {
  const lines = text.split('\n');
  const i = lines.indexOf(name);
  return lines.slice(i, i + 5);
};

describe('taxonomy report PDF', () => {
  it('charts each KPI’s eligible and aligned shares beside the table, in a framed document', async () => {
    const doc = renderTaxReport(workedExample(), 'de', { compress: false });
    const chunks: Buffer[] = [];
    for await (const chunk of doc) chunks.push(chunk as Buffer);
    const file = Buffer.concat(chunks);
    const lines = pdfText(file).split('\n');
    const bar = (label: string) => lines[lines.indexOf(label) + 1];
    // The bars show the same hand-computed shares as the KPI table (turnover 50 % / 30 %, CapEx 65 % / 40 %).
    expect(lines).toContain('Kennzahlen: Anteile');
    expect(bar('Umsatz – taxonomiefähig')).toBe('50,00\u00a0%');
    expect(bar('Umsatz – taxonomiekonform')).toBe('30,00\u00a0%');
    expect(bar('CapEx – taxonomiefähig')).toBe('65,00\u00a0%');
    expect(bar('OpEx – taxonomiekonform')).toBe('10,00\u00a0%');
    expect(lines).toContain('Dokument TAX-2025');
    expect(lines.filter((l) => /^Seite \d+ von \d+$/.test(l)).length).toBeGreaterThan(1);
  });

  it('shows the worked example’s hand-computed shares, German numbers', async () => {
    const text = await render(workedExample(), 'de');
    expect(kpiRow(text, 'Umsatz')).toEqual([
      'Umsatz',
      '10.000.000,00',
      '50,00\u00a0%',
      '30,00\u00a0%',
      '50,00\u00a0%',
    ]);
    expect(kpiRow(text, 'CapEx')).toEqual([
      'CapEx',
      '2.000.000,00',
      '65,00\u00a0%',
      '40,00\u00a0%',
      '35,00\u00a0%',
    ]);
    expect(kpiRow(text, 'OpEx')).toEqual([
      'OpEx',
      '1.000.000,00',
      '30,00\u00a0%',
      '10,00\u00a0%',
      '70,00\u00a0%',
    ]);
    expect(text).toContain('Prüfgesellschaft AG');
    expect(text).toContain('A.1. Ökologisch nachhaltige Tätigkeiten (taxonomiekonform)');
  });

  it('puts each activity in its template section with English numbers', async () => {
    const text = await render(workedExample(), 'en');
    const lines = text.split('\n');
    expect(kpiRow(text, 'Turnover')).toEqual(['Turnover', '10,000,000.00', '50.00%', '30.00%', '50.00%']);
    // Turnover table: A.1 holds the solar park (Y for CCM, eligible-but-failing CCA is N), A.2 the fleet.
    const a1 = lines.indexOf('A.1. Environmentally sustainable activities (Taxonomy-aligned)');
    const a2 = lines.indexOf(
      'A.2. Taxonomy-Eligible but not environmentally sustainable activities (not Taxonomy-aligned activities)',
    );
    const b = lines.indexOf('B. TAXONOMY-NON-ELIGIBLE ACTIVITIES');
    expect([a1 > 0, a2 > a1, b > a2]).toEqual([true, true, true]);
    // Annex II column order: name, code, amount, proportion, SC for CCM CCA WTR PPC CE BIO, DNSH for
    // the same six, minimum safeguards, N-1 (no previous year: "–"); 4.1 is neither enabling nor transitional.
    expect(lines.slice(a1 + 1, a1 + 19)).toEqual([
      'Solarpark',
      'CCM 4.1',
      '3,000,000.00',
      '30.00%',
      // Substantial contribution: CCM passes, CCA is listed for 4.1 but not assessed, the rest not eligible.
      'Y',
      'N',
      'N/EL',
      'N/EL',
      'N/EL',
      'N/EL',
      'Y',
      'Y',
      'Y',
      'Y',
      'Y',
      'Y',
      'Y',
      '–',
    ]);
    expect(lines.slice(a2 + 1, a2 + 5)).toEqual(['Lkw-Flotte', 'CCM 6.6', '2,000,000.00', '20.00%']);
    // The column groups head each KPI's table (turnover, CapEx, OpEx) above the column headers.
    expect(lines.filter((l) => l === 'Substantial contribution criteria')).toHaveLength(3);
    // The consultancy is in neither A section; B is the rest of the total: 10 M - 5 M.
    expect(lines.slice(a1, b).some((l) => l.startsWith('Beratung'))).toBe(false);
    // The row's label wraps over two lines in its column.
    const bRow = lines.slice(b + 1, b + 5);
    expect(bRow.slice(0, 2).join('')).toBe('Turnover of Taxonomy-non-eligible activities');
    expect(bRow.slice(2)).toEqual(['5,000,000.00', '50.00%']);
  });

  it('lists no activity in A.1 when the year’s minimum safeguards are not all met', async () => {
    const text = await render(reportWith({ ...workedInput(), minSafeguards: 16383 - 1 }, null), 'en');
    expect(kpiRow(text, 'Turnover')).toEqual(['Turnover', '10,000,000.00', '50.00%', '0.00%', '50.00%']);
  });
});
