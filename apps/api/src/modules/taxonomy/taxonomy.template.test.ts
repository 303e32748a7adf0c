import { describe, expect, it } from 'vitest';
import type { TaxObjective } from '@klimadesk/contract';
import { pdfText } from '../../../test/pdf.ts';
import { euActivity } from './taxonomy.catalogue.ts';
import type { KpiActivity, KpiCriterion } from './taxonomy.kpis.ts';
import { renderTaxReport } from './taxonomy.report.pdf.ts';
import { reportWith } from '../../../test/taxonomy-report.ts';
import { type TemplateActivity, type TemplateYearInput, yearTemplate } from './taxonomy.template.ts';

const EUR = 100;
const ALL = 16383;
const OTHERS = (own: TaxObjective) =>
  (['CCM', 'CCA', 'WTR', 'CE', 'PPC', 'BIO'] as const).filter((o) => o !== own);
const criterion = (
  o: TaxObjective,
  sc: boolean | null,
  amounts = { turnover: 0, capex: 0, opex: 0 },
  failing: TaxObjective[] = [],
): KpiCriterion => ({
  criterion: o,
  substantialContribution: sc,
  amounts,
  dnsh: OTHERS(o).map((dnsh) => ({
    dnsh,
    complies: sc === null ? null : !failing.includes(dnsh),
    isAlwaysMet: false,
  })),
});
/** An activity of the catalogue entry `id` (its objectives as the service passes them), amounts in EUR. */
const act = (
  name: string,
  id: string,
  [turnover, capex, opex]: [number, number, number],
  criteria: KpiCriterion[],
  status: 'open' | 'finished' = 'finished',
): TemplateActivity => ({
  name,
  naceCode: '',
  euActivityId: id,
  status,
  kpi: {
    euObjectives: euActivity(id)?.objectives ?? [],
    minSafeguards: true,
    amounts: { turnover: turnover * EUR, capex: capex * EUR, opex: opex * EUR },
    criteria,
  } satisfies KpiActivity,
});
const year = (
  taxYear: number,
  [turnover, capex, opex]: [number, number, number],
  activities: TemplateActivity[],
  nuclearGas: number | null = null,
): TemplateYearInput => ({
  taxYear,
  totals: { turnover: turnover * EUR, capex: capex * EUR, opex: opex * EUR },
  minSafeguards: ALL,
  nuclearGas,
  ruleSet: '2021/2178',
  activities,
});

async function text(input: TemplateYearInput, prev: TemplateYearInput | null, lang: 'de' | 'en') {
  const chunks: Buffer[] = [];
  for await (const chunk of renderTaxReport(reportWith(input, prev), lang, { compress: false }))
    chunks.push(chunk as Buffer);
  return pdfText(Buffer.concat(chunks));
}

/**
 * The demo year (taxonomy.demo.ts): totals 48,000,000 / 6,500,000 / 2,400,000 EUR; finished: PV roof
 * (4.1, aligned) 1,200,000 / 450,000 / 60,000 and e-vans (6.5, DNSH CE fails) 3,400,000 / 900,000 /
 * 210,000; open: office building (7.7, substantial contribution not assessed) 0 / 1,100,000 / 95,000.
 * Hand-computed as on the dashboard: eligible CapEx (450,000 + 900,000 + 1,100,000) / 6,500,000 =
 * 37.69 %, aligned 450,000 / 6,500,000 = 6.92 %; turnover eligible 4,600,000 / 48,000,000 = 9.58 %,
 * aligned 2.50 %; OpEx eligible 365,000 / 2,400,000 = 15.21 %, aligned 2.50 %. The PDF reported
 * eligible CapEx 20.77 % (1,350,000 / 6,500,000), the office building silently in B.
 */
const demo = year(
  2026,
  [48_000_000, 6_500_000, 2_400_000],
  [
    act(
      'Photovoltaik Dach Lager Hamburg',
      '2021-2139-4.1',
      [1_200_000, 450_000, 60_000],
      [criterion('CCM', true)],
    ),
    act(
      'Elektro-Transporter Stadtlogistik',
      '2021-2139-6.5',
      [3_400_000, 900_000, 210_000],
      [criterion('CCM', true, undefined, ['CE'])],
    ),
    act('Bürogebäude Hafenstraße', '2021-2139-7.7', [0, 1_100_000, 95_000], [criterion('CCM', null)], 'open'),
  ],
);

describe('Article 8 templates: an unfinished assessment', () => {
  it('counts as on the dashboard and is named, never moved to B', async () => {
    const t = yearTemplate(demo, null);
    expect(t.kpis.capex.eligibleShare).toBeCloseTo(2_450_000 / 6_500_000, 12);
    expect(t.kinds.capex.b.amount).toBe(4_050_000 * EUR);
    expect(t.kinds.capex.a2.map((r) => [r.name, r.amount, r.unfinished])).toEqual([
      ['Elektro-Transporter Stadtlogistik', 900_000 * EUR, false],
      ['Bürogebäude Hafenstraße', 1_100_000 * EUR, true],
    ]);
    expect(t.unfinished).toEqual(['Bürogebäude Hafenstraße']);
    const de = await text(demo, null, 'de');
    const lines = de.split('\n');
    const row = (name: string) => lines.slice(lines.indexOf(name), lines.indexOf(name) + 5);
    expect(row('Umsatz')).toEqual(['Umsatz', '48.000.000,00', '9,58\u00a0%', '2,50\u00a0%', '90,42\u00a0%']);
    expect(row('CapEx')).toEqual(['CapEx', '6.500.000,00', '37,69\u00a0%', '6,92\u00a0%', '62,31\u00a0%']);
    expect(row('OpEx')).toEqual(['OpEx', '2.400.000,00', '15,21\u00a0%', '2,50\u00a0%', '84,79\u00a0%']);
    expect(de.replace(/\s+/g, ' ')).toContain('Bürogebäude Hafenstraße (Bewertung nicht abgeschlossen)');
    expect(de.replace(/\s+/g, ' ')).toContain('Bewertung nicht abgeschlossen: Bürogebäude Hafenstraße.');
  });
});

describe('Article 8 templates: the columns of Annex II', () => {
  /**
   * Year 2025: turnover 10,000,000 EUR. A building (CCM/CCA 7.1 and CE 3.1) of 1,000,000 split
   * CCM 600,000 and CE 400,000, both passing; heat pumps installed (7.3, enabling) 500,000; a
   * renovation (7.2, transitional) 300,000 with its CCM criterion passed; a lorry fleet (6.6)
   * 2,000,000 failing DNSH water. Year 2024: turnover 8,000,000, the building 800,000 (CCM,
   * aligned), the fleet 1,000,000 (eligible, not aligned).
   * Hand-computed, year N: A.1 = 1,000,000 + 500,000 + 300,000 = 1,800,000 (18 %), of which enabling
   * 500,000 (5 %), transitional 300,000 (3 %); per objective aligned CCM 600,000 + 500,000 + 300,000
   * = 14 %, CE 4 %; A.2 = the fleet 2,000,000 (20 %); A = 38 %; B = 6,200,000 (62 %).
   * N-1: building 800,000 / 8,000,000 = 10 % (A.1), fleet 1,000,000 / 8,000,000 = 12.5 % (A.2);
   * subtotals A.1 10 %, A.2 12.5 %, A 22.5 %, B 77.5 %.
   */
  const building = (turnover: number, split: [number, number] | null) =>
    act(
      'Logistikzentrum Nord',
      '2021-2139-7.1',
      [turnover, 0, 0],
      split
        ? [
            criterion('CCM', true, { turnover: split[0] * EUR, capex: 0, opex: 0 }),
            criterion('CE', true, { turnover: split[1] * EUR, capex: 0, opex: 0 }),
          ]
        : [criterion('CCM', true)],
    );
  const fleet = (turnover: number) =>
    act('Lkw-Flotte', '2021-2139-6.6', [turnover, 0, 0], [criterion('CCM', true, undefined, ['WTR'])]);
  const n = year(
    2025,
    [10_000_000, 0, 0],
    [
      building(1_000_000, [600_000, 400_000]),
      act('Wärmepumpen-Montage', '2021-2139-7.3', [500_000, 0, 0], [criterion('CCM', true)]),
      act('Sanierung Altbau', '2021-2139-7.2', [300_000, 0, 0], [criterion('CCM', true)]),
      fleet(2_000_000),
    ],
  );
  const prev = year(2024, [8_000_000, 0, 0], [building(800_000, null), fleet(1_000_000)]);

  it('fills every column and subtotal from the activities and year N-1', () => {
    const k = yearTemplate(n, prev).kinds.turnover;
    const [b, hp, reno] = k.a1;
    expect([b.code, b.amount, b.share, b.previousShare]).toEqual([
      'CCM 7.1 / CE 3.1',
      1_000_000 * EUR,
      0.1,
      0.1,
    ]);
    expect(b.sc).toEqual({ CCM: 'Y', CCA: 'N', WTR: 'N/EL', CE: 'Y', PPC: 'N/EL', BIO: 'N/EL' });
    expect([hp.code, hp.enabling, hp.transitional, hp.previousShare]).toEqual(['CCM 7.3', true, false, 0]);
    expect([reno.code, reno.enabling, reno.transitional]).toEqual(['CCM 7.2', false, true]);
    expect(k.a1Total.amount).toBe(1_800_000 * EUR);
    expect(k.a1Total.share).toBeCloseTo(0.18, 12);
    expect(k.a1Total.byObjective.CCM).toBeCloseTo(0.14, 12);
    expect(k.a1Total.byObjective.CE).toBeCloseTo(0.04, 12);
    expect([k.enabling.amount, k.transitional.amount]).toEqual([500_000 * EUR, 300_000 * EUR]);
    expect(k.a2.map((r) => [r.name, r.code, r.share, r.previousShare])).toEqual([
      ['Lkw-Flotte', 'CCM 6.6', 0.2, 0.125],
    ]);
    expect(k.a2.at(0)?.sc).toEqual({
      CCM: 'EL',
      CCA: 'EL',
      WTR: 'N/EL',
      CE: 'N/EL',
      PPC: 'N/EL',
      BIO: 'N/EL',
    });
    expect(k.aTotal.share).toBeCloseTo(0.38, 12);
    expect(k.b.share).toBeCloseTo(0.62, 12);
    expect([k.a1Total.previousShare, k.a2Total.previousShare, k.b.previousShare]).toEqual([
      0.1, 0.125, 0.775,
    ]);
    expect(k.aTotal.previousShare).toBeCloseTo(0.225, 12);
    expect(k.perObjective.CCM.eligible).toBeCloseTo(0.34, 12);
    expect(k.perObjective.CE).toEqual({ aligned: 0.04, eligible: 0.04 });
  });

  it('prints them in the order of the template, German and English', async () => {
    const en = (await text(n, prev, 'en')).split('\n');
    const at = en.indexOf('Logistikzentrum Nord');
    // Name, code, amount, proportion, SC CCM CCA WTR PPC CE BIO, DNSH ×6, minimum safeguards, N-1.
    expect(en.slice(at, at + 18)).toEqual([
      'Logistikzentrum Nord',
      'CCM 7.1 / CE 3.1',
      '1,000,000.00',
      '10.00%',
      'Y',
      'N',
      'N/EL',
      'N/EL',
      'Y',
      'N/EL',
      ...Array(6).fill('Y'),
      'Y',
      '10.00%',
    ]);
    const hp = en.indexOf('Wärmepumpen-Montage');
    expect(en.slice(hp + 16, hp + 19)).toEqual(['Y', '0.00%', 'E']);
    const reno = en.indexOf('Sanierung Altbau');
    expect(en.slice(reno + 16, reno + 19)).toEqual(['Y', '0.00%', 'T']);
    expect(en).toContain('Of which Enabling');
    expect(en).toContain('Taxonomy-eligible per objective');
    const de = await text(n, prev, 'de');
    expect(de.replace(/\s+/g, ' ')).toContain('E: ermöglichende Tätigkeit; T: Übergangstätigkeit');
    expect(de.replace(/\s+/g, ' ')).toContain('Davon ermöglichende Tätigkeiten');
    expect(de.split('\n')).toContain('J');
  });
});

describe('Article 8 templates: nuclear and fossil gas (Annex XII)', () => {
  /**
   * Turnover 10,000,000 EUR: gas-fired power (4.29) 1,000,000 aligned for CCM, and 500,000 gas CHP
   * (4.30) eligible, failing DNSH water; a solar park 2,000,000 aligned. Template 1 answers row 4 and
   * 5 yes (bits 3 and 4: 24). Template 2 row 4: 1,000,000 (10 %) CCM; row 7 (other aligned):
   * 2,000,000 (20 %); row 8 = 30 %. Template 3 (numerator, of 3,000,000 aligned): row 4 33.33 %,
   * row 7 66.67 %. Template 4 row 5: 500,000 (5 %). Template 5 row 7: the non-eligible 6,500,000 (65 %).
   */
  const gas = year(
    2025,
    [10_000_000, 0, 0],
    [
      act('Gaskraftwerk', '2022-1214-CCM-CCA-4.29', [1_000_000, 0, 0], [criterion('CCM', true)]),
      act('Gas-KWK', '2022-1214-CCM-CCA-4.30', [500_000, 0, 0], [criterion('CCM', true, undefined, ['WTR'])]),
      act('Solarpark', '2021-2139-4.1', [2_000_000, 0, 0], [criterion('CCM', true)]),
    ],
    24,
  );

  it('computes templates 1 to 5', () => {
    const ng = yearTemplate(gas, null).nuclearGas!;
    expect(ng.answers).toEqual([false, false, false, true, true, false]);
    const t = ng.byKind.turnover;
    expect(t[2][3].amount).toEqual({ both: 1_000_000 * EUR, ccm: 1_000_000 * EUR, cca: 0 });
    expect(t[2][3].share.both).toBeCloseTo(0.1, 12);
    expect(t[2][6].amount.both).toBe(2_000_000 * EUR);
    expect(t[2][7].share.both).toBeCloseTo(0.3, 12);
    expect(t[3][3].share.both).toBeCloseTo(1 / 3, 12);
    expect(t[3][7].share.both).toBeCloseTo(1, 12);
    expect(t[4][4].amount.both).toBe(500_000 * EUR);
    expect(t[5][6].share.both).toBeCloseTo(0.65, 12);
    expect(t[5][0].amount.both).toBe(0);
    // The transitional gas activity is marked T in Annex II (2022/1214 Annex I, section 4.29).
    expect(yearTemplate(gas, null).kinds.turnover.a1[0]).toMatchObject({
      code: 'CCM 4.29',
      transitional: true,
    });
  });

  it('prints them only where the year answers them', async () => {
    const en = await text(gas, null, 'en');
    expect(en).toContain('Template 1: Nuclear and fossil gas related activities');
    expect(en.replace(/\s+/g, ' ')).toContain(
      'The undertaking carries out, funds or has exposures to construction or operation of electricity generation facilities that produce electricity using fossil gaseous fuels.',
    );
    expect(await text({ ...gas, nuclearGas: null }, null, 'en')).not.toContain('Template 1');
    expect(await text(gas, null, 'de')).toContain(
      'Meldebogen 2: Taxonomiekonforme Wirtschaftstätigkeiten (Nenner)',
    );
  });
});
