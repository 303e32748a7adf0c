import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import type { TaxObjective } from '@klimadesk/contract';
import { pdfText } from '../../../test/pdf.ts';
import { reportWith } from '../../../test/taxonomy-report.ts';
import { AppError } from '../../platform/errors.ts';
import { sheetsBase64 } from '../../platform/spreadsheet.ts';
import type { KpiCriterion } from './taxonomy.kpis.ts';
import { renderTaxReport } from './taxonomy.report.pdf.ts';
import { type RuleSetFields, checkRuleSet, defaultRuleSet, ruleSetApplies } from './taxonomy.rulesets.ts';
import { templateSheets } from './taxonomy.template.xlsx.ts';
import { type TemplateYearInput, yearTemplate } from './taxonomy.template.ts';

const EUR = 100;
const OTHERS = (own: TaxObjective) =>
  (['CCM', 'CCA', 'WTR', 'CE', 'PPC', 'BIO'] as const).filter((o) => o !== own);
const passed = (o: TaxObjective, failing: TaxObjective[] = []): KpiCriterion => ({
  criterion: o,
  substantialContribution: true,
  amounts: { turnover: 0, capex: 0, opex: 0 },
  dnsh: OTHERS(o).map((dnsh) => ({ dnsh, complies: !failing.includes(dnsh), isAlwaysMet: false })),
});
const eur = (turnover: number, capex: number, opex: number) => ({
  turnover: turnover * EUR,
  capex: capex * EUR,
  opex: opex * EUR,
});

/**
 * Financial year 2025 (amounts in EUR): turnover 10,000,000, CapEx 2,000,000, OpEx 400,000; a solar
 * park (4.1, aligned) 3,000,000 / 800,000 / 100,000; a lorry fleet (6.6, DNSH water fails) 2,000,000 /
 * 500,000 / 100,000. Under 2026/73: not material and not assessed turnover 900,000 (9 %, below
 * 10 %) and CapEx 150,000 (7.5 %); OpEx not material for the business model.
 * Hand-computed, 2021/2178: turnover eligible 5 / 10 = 50 %, aligned 30 %, non-eligible 50 %; CapEx
 * eligible 1.3 / 2 = 65 %, aligned 40 %, non-eligible 35 %; OpEx eligible 0.2 / 0.4 = 50 %, aligned 25 %.
 * 2026/73: turnover eligible 50 %, aligned 30 %, non-eligible (10 - 5 - 0.9) / 10 = 41 %, not material
 * 9 %; CapEx eligible 65 %, aligned 40 %, non-eligible (2 - 1.3 - 0.15) / 2 = 27.5 %, not material
 * 7.5 %; OpEx not reported.
 */
const year = (ruleSet: '2021/2178' | '2026/73'): TemplateYearInput => ({
  taxYear: 2025,
  ruleSet,
  totals: eur(10_000_000, 2_000_000, 400_000),
  minSafeguards: 16383,
  nuclearGas: 0,
  notMaterial: ruleSet === '2026/73' ? eur(900_000, 150_000, 0) : eur(0, 0, 0),
  opexNotMaterial: ruleSet === '2026/73',
  notMaterialNote: 'Kantine und Fuhrpark der Verwaltung (Gastgewerbe, Verkehr): zusammen unter 10 %.',
  opexNotMaterialReason: 'Dienstleister ohne nennenswerte Wartungs- und Reparaturaufwendungen.',
  activities: [
    {
      name: 'Solarpark',
      naceCode: 'D35.11',
      euActivityId: '2021-2139-4.1',
      status: 'finished',
      kpi: {
        euObjectives: ['CCM', 'CCA'],
        minSafeguards: true,
        amounts: eur(3_000_000, 800_000, 100_000),
        criteria: [passed('CCM')],
      },
    },
    {
      name: 'Lkw-Flotte',
      naceCode: 'H49.4.1',
      euActivityId: '2021-2139-6.6',
      status: 'finished',
      kpi: {
        euObjectives: ['CCM', 'CCA'],
        minSafeguards: true,
        amounts: eur(2_000_000, 500_000, 100_000),
        criteria: [passed('CCM', ['WTR'])],
      },
    },
  ],
});

async function text(input: TemplateYearInput, lang: 'de' | 'en') {
  const chunks: Buffer[] = [];
  for await (const chunk of renderTaxReport(reportWith(input, null), lang, { compress: false }))
    chunks.push(chunk as Buffer);
  return pdfText(Buffer.concat(chunks)).replace(/\s+/g, ' ');
}

describe('the rule set of a financial year', () => {
  it('applies 2026/73 from 2025 and the earlier templates up to 2025', () => {
    expect([2024, 2025, 2026].map((y) => defaultRuleSet(y))).toEqual(['2021/2178', '2026/73', '2026/73']);
    expect([ruleSetApplies('2021/2178', 2025), ruleSetApplies('2021/2178', 2026)]).toEqual([true, false]);
    expect([ruleSetApplies('2026/73', 2024), ruleSetApplies('2026/73', 2025)]).toEqual([false, true]);
  });

  it('keeps the not-material activities below 10 % of each KPI and asks why OpEx is not material', () => {
    const base: RuleSetFields = {
      taxYear: 2025,
      ruleSet: '2026/73',
      totals: eur(10_000_000, 2_000_000, 400_000),
      notMaterial: eur(900_000, 150_000, 0),
      opexNotMaterial: false,
      opexNotMaterialReason: null,
    };
    expect(() => checkRuleSet(base)).not.toThrow();
    const refused = (over: Partial<RuleSetFields>): [string, unknown] | null => {
      try {
        checkRuleSet({ ...base, ...over });
      } catch (err) {
        if (err instanceof AppError) return [err.key, err.detail];
        throw err;
      }
      return null;
    };
    // Exactly 10 % is material: 1,000,000 of 10,000,000.
    expect(refused({ notMaterial: eur(1_000_000, 0, 0) })).toEqual([
      'TaxSimplificationInvalid',
      { kind: 'turnover', share: 0.1 },
    ]);
    expect(refused({ opexNotMaterial: true })).toEqual([
      'TaxSimplificationInvalid',
      { kind: 'opex', reason: 'missing' },
    ]);
    expect(refused({ taxYear: 2024 })?.[0]).toBe('TaxRuleSetNotForYear');
    expect(refused({ taxYear: 2024, ruleSet: '2021/2178' })?.[0]).toBe('TaxSimplificationInvalid');
    // A 2025 year under the earlier rules keeps its 2026/73 options for the comparison.
    expect(refused({ ruleSet: '2021/2178' })).toBeNull();
  });
});

describe('the same year under both rule sets', () => {
  it('computes the hand-computed shares of each', () => {
    const full = yearTemplate(year('2021/2178'), null);
    const simple = yearTemplate(year('2026/73'), null);
    expect(full.kpis.turnover.ineligible / full.kpis.turnover.total).toBeCloseTo(0.5, 12);
    expect(simple.kpis.turnover.ineligible / simple.kpis.turnover.total).toBeCloseTo(0.41, 12);
    expect(simple.kinds.turnover.notMaterial.share).toBeCloseTo(0.09, 12);
    expect([simple.kpis.turnover.eligibleShare, simple.kpis.turnover.alignedShare]).toEqual([0.5, 0.3]);
    expect(simple.kinds.capex.b.share).toBeCloseTo(0.275, 12);
    expect(simple.kinds.capex.notMaterial.share).toBeCloseTo(0.075, 12);
    expect([full.kpis.opex.eligibleShare, full.kpis.opex.alignedShare, full.kpis.opex.notReported]).toEqual([
      0.5,
      0.25,
      false,
    ]);
    expect(simple.kpis.opex.notReported).toBe(true);
    // 2026/73 deletes Annex XII; the gas and nuclear amounts go into the summary (none here).
    expect([full.nuclearGas !== null, simple.nuclearGas]).toEqual([true, null]);
    expect(simple.energy?.turnover).toEqual({
      nuclear: { aligned: 0, eligibleOnly: 0 },
      gas: { aligned: 0, eligibleOnly: 0 },
    });
  });

  it('prints the simplified report with the summary, the not-material row and OpEx left out', async () => {
    const de = await text(year('2026/73'), 'de');
    expect(de).toContain(
      'Regelwerk: Delegierte Verordnung (EU) 2021/2178 in der Fassung der Delegierten Verordnung (EU) 2026/73 (vereinfachte Meldebögen)',
    );
    expect(de).toContain('Umsatz 10.000.000,00 50,00 % 30,00 % 41,00 % 9,00 %');
    expect(de).toContain('OpEx 400.000,00 nicht berichtet');
    expect(de).toContain('Nicht wesentlich, nicht bewertet 9,00 % 7,50 % nicht berichtet');
    expect(de).toContain('OpEx nicht wesentlich für das Geschäftsmodell: Gesamt-OpEx 400.000,00 EUR');
    expect(de).toContain('Kantine und Fuhrpark der Verwaltung');
    expect(de).toContain('Umsatz nicht wesentlicher Tätigkeiten (nicht bewertet) 900.000,00 9,00 %');
    expect(de).not.toContain('Meldebogen 1');
    expect(de).not.toContain('Anteil der OpEx aus Waren');
    const en = await text(year('2021/2178'), 'en');
    expect(en).toContain('Rule set: Delegated Regulation (EU) 2021/2178, Annex II templates as amended');
    expect(en).toContain('Template 1: Nuclear and fossil gas related activities');
    expect(en).toContain('OpEx 400,000.00 50.00% 25.00% 50.00%');
  });

  it('writes the simplified sheets from the same model', async () => {
    const data = await sheetsBase64(templateSheets([yearTemplate(year('2026/73'), null)], 'en'), {
      lang: 'en',
    });
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(Buffer.from(data, 'base64') as never);
    expect(wb.worksheets.map((w) => w.name)).toEqual([
      '2025 Summary of the KPIs',
      '2025 Turnover',
      '2025 CapEx',
    ]);
    const summary = wb.getWorksheet('2025 Summary of the KPIs')!;
    const row = (label: string) =>
      (summary.getSheetValues() as unknown[][]).find((r) => r?.[1] === label)?.slice(1);
    expect(row('Not material, not assessed')).toEqual(['Not material, not assessed', 9, 7.5, 'not reported']);
    expect(row('Taxonomy-non-eligible (B)')).toEqual(['Taxonomy-non-eligible (B)', 41, 27.5, 'not reported']);
  });
});
