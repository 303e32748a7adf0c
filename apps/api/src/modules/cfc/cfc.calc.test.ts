import { describe, expect, it } from 'vitest';
import { type CfcSectionDef, cfcSection } from '@klimadesk/contract';
import { type CalcFactor, calculateEntry, enteredAmount, pickFactor } from './cfc.calc.ts';

const section = (id: string) => cfcSection(id) as CfcSectionDef;
const factor = (over: Partial<CalcFactor>): CalcFactor => ({
  co2Factor: 1,
  wttFactor: null,
  baseUnit: 'kWh',
  country: null,
  validFrom: '2025-01-01',
  validUntil: '2025-12-31',
  year: 2025,
  sourceName: 'Test',
  companyId: null,
  ...over,
});

describe('pickFactor', () => {
  const grid = [
    factor({
      country: 'DE',
      co2Factor: 0.379,
      validFrom: '2023-01-01',
      validUntil: '2023-12-31',
      year: 2023,
    }),
    factor({ country: 'DE', co2Factor: 0.342 }),
    factor({ country: 'FR', co2Factor: 0.03 }),
  ];

  it('takes the period covering the year, else the latest before it, else the earliest', () => {
    expect(pickFactor(grid, 'kWh', 'DE', 2023)).toEqual({ factor: grid[0] });
    expect(pickFactor(grid, 'kWh', 'DE', 2026)).toEqual({ factor: grid[1] });
    expect(pickFactor(grid, 'kWh', 'DE', 2020)).toEqual({ factor: grid[0] });
  });

  it('has no conversion for a country without a factor and no general one', () => {
    expect(pickFactor(grid, 'kWh', 'PL', 2025)).toEqual({ code: 'cfcNoConversion' });
  });

  it('refuses a unit of another type, prefers the customer factor', () => {
    expect(pickFactor(grid, 'l', 'DE', 2025)).toEqual({ code: 'cfcWrongUnitType' });
    const own = factor({ country: 'DE', co2Factor: 0.2, companyId: 'c' });
    expect(pickFactor([...grid, own], 'MWh', 'DE', 2025)).toEqual({ factor: own });
  });
});

/** The grid series of the emission database: Electricity Maps DE 2024 and 2025, FR 2025 (kg/kWh). */
const GRID = [
  factor({ country: 'DE', co2Factor: 0.341, validFrom: '2024-01-01', validUntil: '2024-12-31', year: 2024 }),
  factor({ country: 'DE', co2Factor: 0.342 }),
  factor({ country: 'FR', co2Factor: 0.033 }),
];

describe('calculateEntry', () => {
  /** An entry with an activity at a German site in 2025. */
  const calcAtDeSite = (
    sectionId: string,
    data: Parameters<typeof calculateEntry>[0]['data'],
    factors: CalcFactor[],
  ) =>
    calculateEntry({
      section: section(sectionId),
      data,
      factors,
      hasActivity: true,
      reportYear: 2025,
      siteCountry: 'DE',
      grid: GRID,
    });

  it('converts to the factor unit: 2 MWh × 0.342 kg/kWh = 684 kg', () => {
    const r = calcAtDeSite('purchased-electricity', { amount: 2, unit: 'MWh' }, [
      factor({ country: 'DE', co2Factor: 0.342 }),
    ]);
    expect(r.quantity).toBe(2000);
    expect(r.co2eKg).toBeCloseTo(684, 9);
    // Without a contract factor the market-based figure is the grid's, marked as the fallback.
    expect(r.co2eMarketKg).toBeCloseTo(684, 9);
    expect(r.marketBasis).toBe('gridFallback');
  });

  it('multiplies commuting by employees and days: 10 km × 20 employees × 220 days × 0.17 = 7,480 kg', () => {
    const r = calcAtDeSite(
      'employee-commuting',
      { amount: 10, unit: 'km', employees: 20, daysPerYear: 220 },
      [factor({ baseUnit: 'km', co2Factor: 0.17 })],
    );
    expect(r.quantity).toBe(44_000);
    expect(r.co2eKg).toBeCloseTo(7_480, 9);
  });

  it('takes rooms × nights for hotel stays without an amount', () => {
    expect(enteredAmount({ unit: 'room-night', rooms: 3, nights: 4 })).toBe(12);
    expect(enteredAmount({ unit: 'room-night' })).toBeNull();
  });

  it('gives the codes: incomplete without amount, calculation error for a non-finite figure', () => {
    const base = {
      section: section('process-emissions'),
      factors: [],
      hasActivity: false,
      reportYear: 2025,
      siteCountry: null,
      grid: [],
    };
    expect(calculateEntry({ ...base, data: { unit: 't', emissionFactor: 1 } }).errorCode).toBe(
      'cfcIncompleteEntry',
    );
    expect(calculateEntry({ ...base, data: { amount: 1, unit: 't' } }).errorCode).toBe('cfcIncompleteEntry');
    expect(
      calculateEntry({ ...base, data: { amount: 1e308, unit: 't', emissionFactor: 1e9 } }).errorCode,
    ).toBe('cfcCalculationError');
  });
});

describe('scope 2 electricity both ways (GHG Protocol Scope 2 Guidance 6.2, Table 6.3)', () => {
  const calc = (data: Parameters<typeof calculateEntry>[0]['data'], factors: CalcFactor[], year = 2025) =>
    calculateEntry({
      section: section('purchased-electricity'),
      data,
      factors,
      hasActivity: factors.length > 0 || Boolean(data.activity),
      reportYear: year,
      siteCountry: 'DE',
      grid: GRID,
    });
  /** The activity the user picked: DESNZ UK electricity (0.177 kg/kWh), not the German grid. */
  const ukActivity = [factor({ country: 'GB', co2Factor: 0.177, wttFactor: 0.04 })];

  it('a green tariff of 0 kg/kWh changes only market-based: 120,000 kWh → location 41,040 kg, market 0 kg', () => {
    const r = calc(
      { amount: 120_000, unit: 'kWh', emissionFactor: 0, emissionFactorName: 'Ökostromtarif' },
      [],
    );
    // Location-based: 120,000 kWh × 0.342 kg/kWh (DE 2025 grid series) = 41,040 kg.
    expect(r.errorCode).toBeNull();
    expect(r.co2eKg).toBeCloseTo(41_040, 9);
    expect(r.factor).toBe(0.342);
    expect(r.factorYear).toBe(2025);
    expect(r.co2eMarketKg).toBe(0);
    expect(r.marketBasis).toBe('contract');
    expect(r.marketFactor).toBe(0);
    expect(r.marketFactorSource).toBe('Ökostromtarif');
  });

  it('a supplier factor of 250 kg/MWh: location 10,000 kWh × 0.342 = 3,420 kg, market 10 MWh × 250 = 2,500 kg', () => {
    const r = calc({ activity: 'a', amount: 10, unit: 'MWh', emissionFactor: 250 }, ukActivity);
    expect(r.co2eKg).toBeCloseTo(3_420, 9);
    // The entered factor is per the entry's unit: 10 MWh × 250 kg/MWh = 2,500 kg.
    expect(r.co2eMarketKg).toBeCloseTo(2_500, 9);
    expect(r.marketBasis).toBe('contract');
  });

  it("the company's own factor on the activity is a supplier rate: market only (10,000 kWh × 0.1 = 1,000 kg)", () => {
    const own = factor({ country: 'DE', co2Factor: 0.1, companyId: 'c', sourceName: 'Stadtwerke' });
    const r = calc({ activity: 'a', amount: 10_000, unit: 'kWh' }, [...ukActivity, own]);
    expect(r.co2eKg).toBeCloseTo(3_420, 9);
    expect(r.co2eMarketKg).toBeCloseTo(1_000, 9);
    expect(r.marketBasis).toBe('supplier');
    expect(r.marketFactorSource).toBe('Stadtwerke');
  });

  it('the picked activity never replaces the grid: location and market fallback 10,000 kWh × 0.342 = 3,420 kg', () => {
    const r = calc({ activity: 'a', amount: 10_000, unit: 'kWh' }, ukActivity);
    expect(r.co2eKg).toBeCloseTo(3_420, 9);
    expect(r.co2eMarketKg).toBeCloseTo(3_420, 9);
    expect(r.marketBasis).toBe('gridFallback');
    // The grid series is life-cycle and carries no separate upstream figure.
    expect(r.wttKg).toBeNull();
  });

  it('takes the grid average of the report year: 2024 → 10,000 kWh × 0.341 = 3,410 kg', () => {
    const r = calc({ activity: 'a', amount: 10_000, unit: 'kWh' }, ukActivity, 2024);
    expect(r.co2eKg).toBeCloseTo(3_410, 9);
  });

  it('has no location-based figure where the grid series lacks the site country', () => {
    const r = calculateEntry({
      section: section('purchased-electricity'),
      data: { amount: 1, unit: 'kWh', emissionFactor: 0 },
      factors: [],
      hasActivity: false,
      reportYear: 2025,
      siteCountry: 'PL',
      grid: GRID,
    });
    expect(r.errorCode).toBe('cfcNoConversion');
  });

  it('heat: location from the published factor, the contract only market-based (5,000 kWh × 0.179 = 895 kg)', () => {
    const r = calculateEntry({
      section: section('purchased-heat'),
      data: { activity: 'h', amount: 5_000, unit: 'kWh', emissionFactor: 0.05 },
      factors: [factor({ co2Factor: 0.179, wttFactor: 0.03 }), factor({ co2Factor: 0.01, companyId: 'c' })],
      hasActivity: true,
      reportYear: 2025,
      siteCountry: 'DE',
      grid: GRID,
    });
    expect(r.co2eKg).toBeCloseTo(895, 9);
    // 5,000 kWh × 0.05 kg/kWh (contract) = 250 kg; WTT 5,000 × 0.03 = 150 kg for category 3.3.
    expect(r.co2eMarketKg).toBeCloseTo(250, 9);
    expect(r.wttKg).toBeCloseTo(150, 9);
  });
});

describe('factor trace (issue 33)', () => {
  it('keeps the factor row, version, edition and GWP set with the figure; an own factor has none', () => {
    const diesel = factor({
      id: 'f-1',
      version: 3,
      edition: '2025',
      gwpSet: 'AR5',
      baseUnit: 'l',
      co2Factor: 2.57082,
    });
    const data = { activity: 'a', amount: 10_000, unit: 'l' };
    const input = {
      section: section('mobile-combustion'),
      factors: [diesel],
      hasActivity: true,
      reportYear: 2025,
      siteCountry: 'DE',
      grid: [],
    };
    // 10,000 l × 2.57082 = 25,708.2 kg with version 3 of the factor.
    const result = calculateEntry({ ...input, data });
    expect(result.co2eKg).toBeCloseTo(25_708.2, 9);
    expect(result).toMatchObject({
      factorId: 'f-1',
      factorVersion: 3,
      factorEdition: '2025',
      factorGwpSet: 'AR5',
    });
    expect(calculateEntry({ ...input, data: { ...data, emissionFactor: 2.6 } })).toMatchObject({
      co2eKg: 26_000,
      factorId: null,
      factorVersion: null,
      factorGwpSet: null,
    });
  });
});
