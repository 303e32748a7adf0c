import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { pdfFonts, pdfText } from '../../../test/pdf.ts';
import { resultsWorkbook } from './cfc.export.ts';
import { pdfBuffer, renderResultsPdf, resultsFileName } from './cfc.pdf.ts';
import { type EntryFigures, type ReportFacts, buildResults, categoryOf } from './cfc.results.ts';
import type { TraceRow } from './cfc.trace.ts';

// The worked examples (see cfc.results.test.ts): diesel 25,708.2 kg with its upstream part
// (DESNZ 2025 WTT diesel 0.61101 kg/l × 10,000 l = 6,110.1 kg, into category 3.3), electricity
// 85,500 kg location- and 30,000 kg market-based, flights 9,869.6448 kg, waste 26,026.635 kg.
const entry = (over: Partial<EntryFigures> & Pick<EntryFigures, 'section'>): EntryFigures => ({
  co2eKg: null,
  co2eMarketKg: null,
  wttKg: null,
  dataQuality: null,
  errorCode: null,
  co2Kg: null,
  ch4Kg: null,
  n2oKg: null,
  biogenicCo2Kg: null,
  ...over,
});
const ENTRIES: EntryFigures[] = [
  entry({ section: 'mobile-combustion', co2eKg: 25_708.2, wttKg: 6_110.1, dataQuality: 1 }),
  entry({ section: 'purchased-electricity', co2eKg: 85_500, co2eMarketKg: 30_000, dataQuality: 1 }),
  entry({ section: 'business-travel-flights', co2eKg: 9_869.6448, dataQuality: 2 }),
  entry({ section: 'waste-solid', co2eKg: 26_026.635, dataQuality: 3 }),
  entry({ section: 'waste-solid', errorCode: 'cfcIncompleteEntry' }),
];
const UNIT = {
  id: '00000000-0000-4000-8000-0000000000b1',
  name: 'Zentrale Hamburg',
  urlId: 'zentrale-hamburg',
};
const REPORT: ReportFacts = {
  id: '00000000-0000-4000-8000-0000000000a1',
  year: 2025,
  powerMarketbased: true,
  thermalMarketbased: false,
  businessUnit: UNIT,
};
const BASE: ReportFacts = { ...REPORT, id: '00000000-0000-4000-8000-0000000000a0', year: 2020 };
const OTHER: ReportFacts = {
  ...REPORT,
  id: '00000000-0000-4000-8000-0000000000a2',
  businessUnit: { id: '00000000-0000-4000-8000-0000000000b2', name: 'Lager Bremen', urlId: 'lager-bremen' },
};

const results = (lang: 'de' | 'en') =>
  buildResults({
    subject: [{ report: REPORT, entries: ENTRIES }],
    units: [
      { report: REPORT, entries: ENTRIES },
      {
        report: OTHER,
        entries: [entry({ section: 'stationary-combustion', co2eKg: 10_000, dataQuality: 2 })],
      },
    ],
    base: {
      year: 2020,
      reports: [{ report: BASE, entries: [entry({ section: 'mobile-combustion', co2eKg: 120_000 })] }],
    },
    lang,
  });

describe('buildResults', () => {
  const r = results('en');

  it('sums the worked examples with scope 2 market-based as the report chose', () => {
    // scope 1: 25,708.2; scope 2: 30,000 market (85,500 location); scope 3: 6,110.1 + 9,869.6448 + 26,026.635 = 42,006.3798
    expect(r.totals.scope1).toBeCloseTo(25_708.2, 6);
    expect(r.totals.scope2).toBe(30_000);
    expect(r.totals.scope2LocationBased).toBe(85_500);
    expect(r.totals.scope2MarketBased).toBe(30_000);
    expect(r.totals.scope3).toBeCloseTo(42_006.3798, 6);
    // 25,708.2 + 30,000 + 42,006.3798 = 97,714.5798; location-based: + 55,500 = 153,214.5798
    expect(r.totals.total).toBeCloseTo(97_714.5798, 6);
    expect(r.totals.totalMarketBased).toBeCloseTo(97_714.5798, 6);
    expect(r.totals.totalLocationBased).toBeCloseTo(153_214.5798, 6);
  });

  it('sums subsections into their category and the upstream part into 3.3', () => {
    const row = (id: string) => r.sections.find((s) => s.section === id);
    expect(row('fuel-energy')).toMatchObject({ category: 3, co2eKg: 6_110.1, entryCount: 0 });
    expect(row('business-travel')).toMatchObject({ category: 6, co2eKg: 9_869.6448, entryCount: 1 });
    expect(row('waste')).toMatchObject({ category: 5, entryCount: 2, incompleteCount: 1 });
    expect(row('waste')?.share).toBeCloseTo(26_026.635 / 97_714.5798, 12);
    expect(r.sections.map((s) => s.section).slice(0, 4)).toEqual([
      'stationary-combustion',
      'mobile-combustion',
      'process-emissions',
      'fugitive-emissions',
    ]);
    expect(categoryOf('business-travel-hotel')?.id).toBe('business-travel');
    expect(r.entryCount).toBe(5);
    expect(r.incompleteEntries).toBe(1);
  });

  it('compares with the base year and the other business units', () => {
    // 97,714.5798 − 120,000 = −22,285.4202; / 120,000 = −0.185711835
    expect(r.baseYear?.year).toBe(2020);
    expect(r.baseYear?.changeKg).toBeCloseTo(-22_285.4202, 6);
    expect(r.baseYear?.changeRatio).toBeCloseTo(-0.185711835, 9);
    expect(r.businessUnits.map((u) => u.name)).toEqual(['Zentrale Hamburg', 'Lager Bremen']);
    // 10,000 / (97,714.5798 + 10,000)
    expect(r.businessUnits[1].share).toBeCloseTo(10_000 / 107_714.5798, 12);
  });

  it('weighs data quality by the stated emissions', () => {
    // high: 25,708.2 + 6,110.1 (upstream of the diesel) + 30,000 = 61,818.3
    expect(r.dataQualityKg.high).toBeCloseTo(61_818.3, 6);
    expect(r.dataQuality.high).toBeCloseTo(61_818.3 / 97_714.5798, 12);
    expect(r.dataQualityKg.low).toBeCloseTo(26_026.635, 6);
    expect(r.dataQuality.unknown).toBe(0);
  });
});

describe('buildResults for a company without category 3.3', () => {
  it('lists only its categories and leaves the upstream figures out', () => {
    const r = buildResults({
      subject: [{ report: REPORT, entries: ENTRIES }],
      units: [{ report: REPORT, entries: ENTRIES }],
      base: null,
      lang: 'de',
      sections: ['mobile-combustion', 'purchased-electricity', 'business-travel-flights', 'waste-solid'],
    });
    expect(r.sections.map((s) => s.section)).toEqual([
      'mobile-combustion',
      'purchased-electricity',
      'waste',
      'business-travel',
    ]);
    // scope 3 without the 6,110.1 kg upstream: 9,869.6448 + 26,026.635 = 35,896.2798
    expect(r.totals.scope3).toBeCloseTo(35_896.2798, 6);
    expect(r.baseYear).toBeNull();
  });
});

describe('results PDF', () => {
  it('shows totals, scope 2 both ways, categories, base year and quality in German', async () => {
    const text = pdfText(
      await pdfBuffer(renderResultsPdf(results('de'), 'de', new Date('2026-02-01'), { compress: false })),
    );
    for (const shown of [
      'Unternehmens-CO2-Bilanz 2025',
      'Zentrale Hamburg, Lager Bremen',
      'marktbasiert',
      // 97,714.5798 kg = 97,715 t rounded to three decimals
      '97,715',
      '153,215',
      '85,500',
      '3.6 Geschäftsreisen',
      'Basisjahr 2020',
      // −22,285.4202 kg and −18.57 %
      '-22,285',
      '-18,57 %',
      '1 hoch (gemessen)',
      '01.02.2026',
    ])
      expect(text).toContain(shown);
  });

  it('frames the pages with the company, charts the categories and embeds its font', async () => {
    const file = await pdfBuffer(
      renderResultsPdf(results('de'), 'de', new Date('2026-02-01T08:00:00Z'), {
        compress: false,
        company: 'Łódź Logistyka sp. z o.o.',
      }),
    );
    const lines = pdfText(file).split('\n');
    expect(lines).toContain('Łódź Logistyka sp. z o.o.');
    expect(lines).toContain('Zeitraum 2025 · Ausgestellt am 01.02.2026');
    expect(lines.filter((l) => /^Seite \d von \d$/.test(l)).length).toBeGreaterThan(0);
    expect(lines).toContain('Emissionen je Kategorie (t CO2e)');
    // The bar of 3.6 shows the same tonnes as its table row.
    const row = lines.indexOf('3.6 Geschäftsreisen');
    const bar = lines.indexOf('3.6 Geschäftsreisen', row + 1);
    expect(bar).toBeGreaterThan(row);
    expect(lines[bar + 1]).toBe(lines[row + 2]);
    expect(lines).toContain('Methode und Quellen');
    expect(pdfFonts(file)).toEqual(['DejaVuSans', 'DejaVuSans-Bold']);
  });

  it('speaks English with English number formats', async () => {
    const text = pdfText(
      await pdfBuffer(renderResultsPdf(results('en'), 'en', new Date('2026-02-01'), { compress: false })),
    );
    for (const shown of [
      'Carbon footprint 2025',
      'Location-based',
      '97.715',
      '-18.57 %',
      '3.5 Waste generated in operations',
    ])
      expect(text).toContain(shown);
    expect(resultsFileName(results('en'), 'en', 'pdf')).toBe('carbon-footprint-2025-2.pdf');
  });
});

describe('results workbook', () => {
  it('writes the scope, category, business unit and quality sheets in t CO2e', async () => {
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(Buffer.from(await resultsWorkbook(results('de'), 'de'), 'base64') as never);
    expect(wb.worksheets.map((s) => s.name)).toEqual([
      'Scopes',
      'Kategorien',
      'Geschäftsbereiche',
      'Datenqualität',
      'Einträge',
    ]);
    const scopes = wb.getWorksheet('Scopes') as ExcelJS.Worksheet;
    expect(scopes.getRow(1).values).toEqual([
      undefined,
      'Scope',
      'Emissionen (t CO2e)',
      'Standortbasiert (t CO2e)',
      'Marktbasiert (t CO2e)',
      'Anteil (%)',
      'GWP-Satz (GWP100)',
    ]);
    // Scope 2: 30 t stated, 85.5 t location-based; the total row 97.715 t (rounded at the edge).
    expect(scopes.getRow(3).values).toEqual([undefined, 'Scope 2', 30, 85.5, 30, 30.7, 'AR5']);
    expect(scopes.getRow(5).getCell(1).value).toBe('Gesamt');
    expect(scopes.getRow(5).getCell(2).value).toBe(97.715);
    const categories = wb.getWorksheet('Kategorien') as ExcelJS.Worksheet;
    const travel = categories.getColumn(2).values.indexOf('3.6 Geschäftsreisen');
    expect(categories.getRow(travel).getCell(3).value).toBe(9.87);
    const units = wb.getWorksheet('Geschäftsbereiche') as ExcelJS.Worksheet;
    expect(units.getRow(3).values).toEqual([undefined, 'Lager Bremen', 10, 10, 10, 9.28]);
  });
});

describe('entry traceability (issue 33)', () => {
  // Diesel 10,000 l × DESNZ 2025 2.57082 kg CO2e/l (row 1_101_1011_8_1) = 25,708.2 kg; by gas
  // 2.53763/0.00029/0.0329 per litre (rows _8_2 to _8_4) × 10,000 = CO2 25,376.3, CH4 2.9, N2O 329;
  // biogenic 0.14 kg CO2/l (Outside of scopes, row 99_604_1011_8_2) × 10,000 = 1,400 kg.
  const diesel: TraceRow = {
    businessUnit: 'Zentrale Hamburg',
    section: 'Mobile Verbrennung',
    activity: 'Diesel (durchschnittliche Biobeimischung)',
    amount: 10_000,
    unit: 'l',
    quantity: 10_000,
    factor: 2.57082,
    factorUnit: 'l',
    source: 'DESNZ 2025',
    edition: '2025',
    version: 1,
    gwpSet: 'AR5',
    co2eKg: 25_708.2,
    co2eMarketKg: null,
    marketFactor: null,
    marketFactorUnit: null,
    marketSource: null,
    marketEdition: null,
    marketVersion: null,
    wttKg: 6_110.1,
    co2Kg: 25_376.3,
    ch4Kg: 2.9,
    n2oKg: 329,
    biogenicCo2Kg: 1_400,
  };
  // Electricity 120,000 kWh in DE: location-based 120,000 × 0.341 (Electricity Maps DE 2024, 341 g/kWh)
  // = 40,920 kg; market-based 120,000 × the supplier's 0.05 kg/kWh (own factor, version 2) = 6,000 kg.
  const power: TraceRow = {
    ...diesel,
    section: 'Strom',
    activity: 'Strom (Netz)',
    amount: 120_000,
    unit: 'kWh',
    quantity: 120_000,
    factor: 0.341,
    factorUnit: 'kWh',
    source: 'Electricity Maps 2021-2025',
    edition: '2021-2025',
    version: 1,
    co2eKg: 40_920,
    co2eMarketKg: 6_000,
    marketFactor: 0.05,
    marketFactorUnit: 'kWh',
    marketSource: 'Stadtwerke Musterstadt Ökostrom',
    marketEdition: '2025',
    marketVersion: 2,
    wttKg: null,
    co2Kg: null,
    ch4Kg: null,
    n2oKg: null,
    biogenicCo2Kg: null,
  };

  it('writes one row per entry with factor, source, edition, version, GWP set and gases, read back', async () => {
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(Buffer.from(await resultsWorkbook(results('en'), 'en', [diesel]), 'base64') as never);
    const sheet = wb.getWorksheet('Entries') as ExcelJS.Worksheet;
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    const row = (sheet.getRow(2).values as unknown[]).slice(1);
    const cell = (title: string) => row[header.indexOf(title)];
    expect(cell('Factor (kg CO2e)')).toBe(2.57082);
    expect(cell('per unit')).toBe('l');
    expect(cell('Source')).toBe('DESNZ 2025');
    expect(cell('Edition')).toBe('2025');
    expect(cell('Factor version')).toBe(1);
    expect(cell('GWP set')).toBe('AR5');
    expect(cell('CO2e (kg)')).toBe(25_708.2);
    expect(cell('CO2 (kg)')).toBe(25_376.3);
    expect(cell('CH4 (CO2e) (kg)')).toBe(2.9);
    expect(cell('N2O (CO2e) (kg)')).toBe(329);
    expect(cell('Biogenic CO2 (kg)')).toBe(1_400);
    // The split sums to the figure: 25,376.3 + 2.9 + 329 = 25,708.2.
    expect(
      (cell('CO2 (kg)') as number) +
        (cell('CH4 (CO2e) (kg)') as number) +
        (cell('N2O (CO2e) (kg)') as number),
    ).toBeCloseTo(25_708.2, 6);
  });

  it('traces the market-based (supplier) factor of a scope 2 entry in the workbook', async () => {
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(Buffer.from(await resultsWorkbook(results('en'), 'en', [power]), 'base64') as never);
    const sheet = wb.getWorksheet('Entries') as ExcelJS.Worksheet;
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    const row = (sheet.getRow(2).values as unknown[]).slice(1);
    const cell = (title: string) => row[header.indexOf(title)];
    expect(cell('CO2e (kg)')).toBe(40_920);
    expect(cell('CO2e market-based (kg)')).toBe(6_000);
    expect(cell('Market-based factor (kg CO2e)')).toBe(0.05);
    expect(cell('per unit (market-based)')).toBe('kWh');
    expect(cell('Market-based source')).toBe('Stadtwerke Musterstadt Ökostrom');
    expect(cell('Market-based edition')).toBe('2025');
    expect(cell('Market-based factor version')).toBe(2);
  });

  it('lists the entries in the PDF with their factor trace and the GWP set', async () => {
    const text = await pdfText(
      await pdfBuffer(
        renderResultsPdf(results('de'), 'de', new Date('2026-01-15T00:00:00Z'), { trace: [diesel] }),
      ),
    );
    for (const shown of [
      'GWP-Satz (GWP100)',
      'IPCC AR5',
      '2,570820 kg CO2e/l · DESNZ 2025 · v1 · AR5',
      '25,708',
      'CO2 25.376,300 · CH4 2,900 · N2O 329,000 kg CO2e',
      'biogen 1.400,000 kg CO2',
    ])
      expect(text).toContain(shown);
  });

  it('lists the market-based factor of a scope 2 entry in the PDF', async () => {
    const text = await pdfText(
      await pdfBuffer(
        renderResultsPdf(results('en'), 'en', new Date('2026-01-15T00:00:00Z'), { trace: [power] }),
      ),
    );
    // The PDF wraps long lines: compare with the line breaks taken out.
    const flat = text.replace(/\s*\n\s*/g, ' ');
    expect(flat).toContain('0.341000 kg CO2e/kWh · Electricity Maps 2021-2025 · v1 · AR5');
    expect(flat).toContain('market-based 0.050000 kg CO2e/kWh · Stadtwerke Musterstadt Ökostrom · 2025 · v2');
  });
});
