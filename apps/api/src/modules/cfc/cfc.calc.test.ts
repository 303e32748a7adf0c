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
    });

  it('converts to the factor unit: 2 MWh × 0.342 kg/kWh = 684 kg', () => {
    const r = calcAtDeSite('purchased-electricity', { amount: 2, unit: 'MWh' }, [
      factor({ country: 'DE', co2Factor: 0.342 }),
    ]);
    expect(r.quantity).toBe(2000);
    expect(r.co2eKg).toBeCloseTo(684, 9);
    // Without a contract factor the market-based figure is the grid's.
    expect(r.co2eMarketKg).toBeCloseTo(684, 9);
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
