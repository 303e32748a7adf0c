import { describe, expect, it } from 'vitest';
import { type ResultEntry, aggregateResults, compareWithBase, entryEmissions } from './cfc.results.ts';

// The four worked examples of issue 19 with the built-in editions (emission-db/data):
// diesel (average biofuel blend) DESNZ 2025 2.57082 kg CO2e/l: 10,000 l → 25,708.2 kg;
// electricity DE 2025 (Electricity Maps) 342 g/kWh: 250,000 kWh → 85,500 kg location-based,
//   a supplier contract of 0.12 kg/kWh → 30,000 kg market-based;
// flights short-haul economy with RF DESNZ 2025 0.12576 kg/pkm: 120 × 654 km = 78,480 pkm → 9,869.6448 kg;
// commercial and industrial waste to landfill DESNZ 2025 520.5327 kg/t: 50 t → 26,026.635 kg.
const BU = 'bu-1';
const diesel: ResultEntry = {
  category: 'mobile-combustion',
  scope: 1,
  businessUnitId: BU,
  locationKg: 25_708.2,
  marketKg: 25_708.2,
  useMarket: false,
  quality: 1,
  isIncomplete: false,
};
const power: ResultEntry = {
  category: 'purchased-electricity',
  scope: 2,
  businessUnitId: BU,
  locationKg: 85_500,
  marketKg: 30_000,
  useMarket: false,
  quality: 1,
  isIncomplete: false,
};
const flights: ResultEntry = {
  category: 'business-travel',
  scope: 3,
  businessUnitId: BU,
  locationKg: 9_869.6448,
  marketKg: 9_869.6448,
  useMarket: false,
  quality: 2,
  isIncomplete: false,
};
const waste: ResultEntry = {
  category: 'waste',
  scope: 3,
  businessUnitId: BU,
  locationKg: 26_026.635,
  marketKg: 26_026.635,
  useMarket: false,
  quality: 3,
  isIncomplete: false,
};
const ORDER = [
  { category: 'stationary-combustion', scope: 1 as const },
  { category: 'mobile-combustion', scope: 1 as const },
  { category: 'purchased-electricity', scope: 2 as const },
  { category: 'waste', scope: 3 as const },
  { category: 'business-travel', scope: 3 as const },
];

describe('aggregateResults', () => {
  const four = [diesel, power, flights, waste];

  it('sums the four worked examples location-based', () => {
    const r = aggregateResults(four, ORDER);
    // 25,708.2 + 85,500 + 9,869.6448 + 26,026.635 = 147,104.4798
    expect(r.total.emissions).toBeCloseTo(147_104.4798, 6);
    expect(r.total.locationBased).toBeCloseTo(147_104.4798, 6);
    // 25,708.2 + 30,000 + 9,869.6448 + 26,026.635 = 91,604.4798
    expect(r.total.marketBased).toBeCloseTo(91_604.4798, 6);
    expect(r.scopes.map((s) => s.scope)).toEqual([1, 2, 3]);
    expect(r.scopes[0].emissions).toBeCloseTo(25_708.2, 6);
    expect(r.scopes[1].emissions).toBe(85_500);
    expect(r.scopes[1].marketBased).toBe(30_000);
    // 9,869.6448 + 26,026.635 = 35,896.2798
    expect(r.scopes[2].emissions).toBeCloseTo(35_896.2798, 6);
    // 85,500 / 147,104.4798 = 0.581219…
    expect(r.scopes[1].share).toBeCloseTo(85_500 / 147_104.4798, 12);
    expect(r.entryCount).toBe(4);
    expect(r.incompleteCount).toBe(0);
  });

  it('states scope 2 market-based when the report chose it', () => {
    const r = aggregateResults([diesel, { ...power, useMarket: true }, flights, waste], ORDER);
    expect(r.total.emissions).toBeCloseTo(91_604.4798, 6);
    expect(r.scopes[1].emissions).toBe(30_000);
    expect(r.scopes[1].locationBased).toBe(85_500);
    // 30,000 / 91,604.4798 = 0.327495…
    expect(r.categories.find((c) => c.category === 'purchased-electricity')?.share).toBeCloseTo(
      30_000 / 91_604.4798,
      12,
    );
  });

  it('lists every category of the tree in its order, empty ones with zero', () => {
    const r = aggregateResults(four, ORDER);
    expect(r.categories.map((c) => c.category)).toEqual(ORDER.map((c) => c.category));
    expect(r.categories[0]).toMatchObject({ emissions: 0, share: 0, entryCount: 0 });
    const shares = r.categories.reduce((s, c) => s + c.share, 0);
    expect(shares).toBeCloseTo(1, 12);
  });

  it('weighs the data quality by emissions', () => {
    const r = aggregateResults(four, ORDER);
    // quality 1: 25,708.2 + 85,500 = 111,208.2; 2: 9,869.6448; 3: 26,026.635
    expect(r.dataQuality.map((q) => q.quality)).toEqual([1, 2, 3]);
    expect(r.dataQuality[0].emissions).toBeCloseTo(111_208.2, 6);
    expect(r.dataQuality[0].share).toBeCloseTo(111_208.2 / 147_104.4798, 12);
    expect(r.dataQuality[2].share).toBeCloseTo(26_026.635 / 147_104.4798, 12);
  });

  it('counts incomplete entries and adds nothing for figures it lacks', () => {
    const broken: ResultEntry = {
      ...waste,
      locationKg: null,
      marketKg: null,
      quality: null,
      isIncomplete: true,
    };
    const r = aggregateResults([diesel, broken], ORDER);
    expect(r.total.emissions).toBeCloseTo(25_708.2, 6);
    expect(r.incompleteCount).toBe(1);
    expect(r.categories.find((c) => c.category === 'waste')).toMatchObject({
      entryCount: 1,
      incompleteCount: 1,
    });
    // An entry without stated quality shows as its own group.
    expect(r.dataQuality.map((q) => q.quality)).toEqual([1, 2, 3, null]);
  });

  it('keeps the location-based figure where a scope 2 entry has no market-based one', () => {
    const grid: ResultEntry = { ...power, marketKg: null, useMarket: true };
    expect(entryEmissions(grid)).toBe(85_500);
  });

  it('sums per business unit', () => {
    const other = { ...diesel, businessUnitId: 'bu-2', locationKg: 1000, marketKg: 1000 };
    const r = aggregateResults([...four, other], ORDER);
    expect(r.businessUnits.map((u) => [u.businessUnitId, u.emissions])).toEqual([
      ['bu-1', expect.closeTo(147_104.4798, 6)],
      ['bu-2', 1000],
    ]);
  });
});

describe('compareWithBase', () => {
  it('gives the change absolute and relative', () => {
    // 147,104.4798 − 160,000 = −12,895.5202; / 160,000 = −0.08059700125
    const c = compareWithBase(147_104.4798, { year: 2020, emissions: 160_000 });
    expect(c.change).toBeCloseTo(-12_895.5202, 6);
    expect(c.changeRatio).toBeCloseTo(-0.08059700125, 12);
    expect(compareWithBase(10, { year: 2020, emissions: 0 }).changeRatio).toBeNull();
  });
});
