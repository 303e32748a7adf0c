/**
 * The audit's footprint (issue 33) as a worked example: every figure below is computed by hand from
 * the cited rows of the shipped editions (DESNZ 2025 flat file, Electricity Maps grid DE 2025) and
 * checked against the API's entries and results.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { appWithCompanies } from '../../../test/harness.ts';
import { type Json, bookTariff, jsonCalls, signedIn } from '../../../test/calls.ts';
import { activityIdByKey, createCfcReport } from '../../../test/cfc.ts';
import { pdfText } from '../../../test/pdf.ts';

const { t, a } = appWithCompanies({ a: 'CfcAudit' });
const tk = signedIn(t, () => ({ admin: a.users.admin }));
const { call, json } = jsonCalls(t);
const YEAR = 2025;

const DESNZ = {
  diesel: 'desnz:Fuels|Liquid fuels|Diesel (average biofuel blend)||',
  gas: 'desnz:Fuels|Gaseous fuels|Natural gas||',
  r410a: 'desnz:Refrigerant & other|Blends|R410A||Emissions including only Kyoto products',
  steel: 'desnz:Material use|Metal|Metal: steel cans||Primary material production',
  flight: 'desnz:Business travel- air|Flights|Short-haul, to/from UK|Economy class|With RF',
  car: 'desnz:Business travel- land|Cars (by size)|Average car||Diesel',
  hgv: 'desnz:Freighting goods|HGV (all diesel)|All HGVs||Average laden',
  hotel: 'desnz:Hotel stay|Hotel stay|||',
  grid: 'grid:location-based',
} as const;

/**
 * Hand-computed, kg CO2e (DESNZ 2025 row IDs; WTT rows feed 3.3 for fuels, their own category for
 * travel, commuting and freight):
 * - diesel 10,000 l × 2.57082 (1_101_1011_8_1) = 25,708.2; WTT × 0.61101 (11_101_1011_8_1) = 6,110.1
 * - natural gas 50,000 kWh read as gross CV × 0.18296 (1_100_1004_6_1) = 9,148;
 *   WTT × 0.03021 (11_100_1004_6_1) = 1,510.5
 * - R410A 5 kg × 1,924 (3_201_2156_3_1, GWP100 AR5 as the rest of DESNZ) = 9,620
 * - electricity 120,000 kWh in Germany: location-based × 0.342 (grid DE 2025, 342 g/kWh) = 41,040;
 *   market-based with the green tariff's 0 kg/kWh = 0
 * - steel 20 t × 2,863.90131 (19_504_5116_15_1) = 57,278.0262
 * - flights 1,000 km per passenger × 10 passengers = 10,000 pkm × 0.12576 (21_316_3164_11_1) = 1,257.6;
 *   WTT × 0.02249 (22_912_3164_11_1) = 224.9
 * - hotel 50 room nights in Germany × 13.2 (29_600_4017_13_1) = 660
 * - commuting 10 km × 20 employees × 220 days = 44,000 km × 0.17304 (25_301_3069_4_1) = 7,613.76;
 *   WTT × 0.04146 (26_904_3069_4_1) = 1,824.24
 * - freight 100,000 tkm × 0.10163 (27_304_3140_14_1) = 10,163; WTT × 0.02359 (28_907_3140_14_1) = 2,359
 */
const HAND = {
  scope1: 25_708.2 + 9_148 + 9_620, // 44,476.2
  scope2Location: 41_040,
  scope2Market: 0,
  cat1: 57_278.0262,
  cat3: 6_110.1 + 1_510.5, // 7,620.6
  cat4: 10_163 + 2_359, // 12,522
  cat6: 1_257.6 + 224.9 + 660, // 2,142.5
  cat7: 7_613.76 + 1_824.24, // 9,438
  wtt: { cat4: 2_359, cat6: 224.9, cat7: 1_824.24 },
};
const SCOPE3 = HAND.cat1 + HAND.cat3 + HAND.cat4 + HAND.cat6 + HAND.cat7; // 57,278.0262 + 7,620.6 + 12,522 + 2,142.5 + 9,438 = 89,001.1262

let report: Json;
let unit: Json;
const entries: Record<string, Json> = {};

beforeAll(async () => {
  await bookTariff(
    t,
    a.id,
    { module: 'cfc', type: 'default', isFreeOfCharge: false, name: 'CFC paid' },
    { beginDate: `${YEAR - 1}-01-01` },
  );
  ({ unit, report } = await createCfcReport(t, tk.admin, { year: YEAR, unitName: 'Werk Kassel' }));
  const save = async (name: string, section: string, key: string, data: Json) => {
    entries[name] = await json(
      call('POST', '/api/cfc/entries', tk.admin, {
        report: report.id,
        section,
        activity: await activityIdByKey(t, key),
        dataSource: 'Audit',
        ...data,
      }),
    );
  };
  await save('diesel', 'mobile-combustion', DESNZ.diesel, { amount: 10_000, unit: 'l', fuel: 'Diesel' });
  await save('gas', 'stationary-combustion', DESNZ.gas, { amount: 50_000, unit: 'kWh', fuel: 'Erdgas' });
  await save('r410a', 'fugitive-emissions', DESNZ.r410a, { amount: 5, unit: 'kg', substance: 'R410A' });
  await save('electricity', 'purchased-electricity', DESNZ.grid, {
    amount: 120_000,
    unit: 'kWh',
    emissionFactor: 0,
    emissionFactorName: 'Ökostromtarif',
  });
  await save('steel', 'purchased-goods', DESNZ.steel, { amount: 20, unit: 't' });
  await save('flights', 'business-travel-flights', DESNZ.flight, {
    amount: 1_000,
    unit: 'pkm',
    passengers: 10,
    travelClass: 'economy',
    flightType: 'short-haul',
  });
  await save('hotel', 'business-travel-hotel', DESNZ.hotel, {
    unit: 'room-night',
    rooms: 5,
    nights: 10,
    country: 'DE',
  });
  await save('commuting', 'employee-commuting', DESNZ.car, {
    amount: 10,
    unit: 'km',
    employees: 20,
    daysPerYear: 220,
  });
  await save('freight', 'upstream-transport', DESNZ.hgv, { amount: 100_000, unit: 'tkm' });
});

describe('the audit footprint, hand-computed (issue 33)', () => {
  it('computes every entry from its cited factor', () => {
    for (const e of Object.values(entries)) expect(e.errorCode).toBeNull();
    expect(entries.diesel.co2eKg).toBeCloseTo(25_708.2, 6);
    expect(entries.diesel.wttKg).toBeCloseTo(6_110.1, 6);
    // Plain kWh of gas is gross calorific value, and the entry says so by the factor's unit.
    expect(entries.gas).toMatchObject({ factor: 0.18296, factorUnit: 'kWh-gross' });
    expect(entries.gas.co2eKg).toBeCloseTo(9_148, 6);
    expect(entries.gas.wttKg).toBeCloseTo(1_510.5, 6);
    expect(entries.r410a.co2eKg).toBeCloseTo(9_620, 6);
    expect(entries.steel.co2eKg).toBeCloseTo(57_278.0262, 6);
    expect(entries.flights.co2eKg).toBeCloseTo(1_257.6, 6);
    expect(entries.flights.wttKg).toBeCloseTo(224.9, 6);
    expect(entries.hotel.co2eKg).toBeCloseTo(660, 6);
    expect(entries.commuting.co2eKg).toBeCloseTo(7_613.76, 6);
    expect(entries.commuting.wttKg).toBeCloseTo(1_824.24, 6);
    expect(entries.freight.co2eKg).toBeCloseTo(10_163, 6);
    expect(entries.freight.wttKg).toBeCloseTo(2_359, 6);
  });

  it('states electricity both ways: the green tariff changes only market-based', () => {
    expect(entries.electricity).toMatchObject({
      factor: 0.342,
      factorUnit: 'kWh',
      factorYear: 2025,
      marketBasis: 'contract',
      marketFactor: 0,
      marketFactorSource: 'Ökostromtarif',
    });
    expect(entries.electricity.co2eKg).toBeCloseTo(41_040, 6);
    expect(entries.electricity.co2eMarketKg).toBe(0);
  });

  it('sums the scopes, both scope 2 totals and the WTT lines of categories 4, 6 and 7', async () => {
    const r = await json(call('GET', `/api/cfc/report-results/${report.id}`, tk.admin));
    expect(r.totals.scope1).toBeCloseTo(HAND.scope1, 6);
    expect(r.totals.scope2LocationBased).toBeCloseTo(41_040, 6);
    expect(r.totals.scope2MarketBased).toBe(0);
    expect(r.totals.scope3).toBeCloseTo(89_001.1262, 6);
    expect(r.totals.scope3).toBeCloseTo(SCOPE3, 6);
    // 44,476.2 + 41,040 + 89,001.1262 = 174,517.3262; market-based 44,476.2 + 0 + 89,001.1262 = 133,477.3262
    expect(r.totals.totalLocationBased).toBeCloseTo(174_517.3262, 6);
    expect(r.totals.totalMarketBased).toBeCloseTo(133_477.3262, 6);
    const cat = (id: string) => r.sections.find((s: Json) => s.section === id);
    expect(cat('purchased-goods').co2eKg).toBeCloseTo(HAND.cat1, 6);
    expect(cat('fuel-energy').co2eKg).toBeCloseTo(HAND.cat3, 6);
    expect(cat('upstream-transport').co2eKg).toBeCloseTo(HAND.cat4, 6);
    expect(cat('upstream-transport').wttKg).toBeCloseTo(HAND.wtt.cat4, 6);
    expect(cat('business-travel').co2eKg).toBeCloseTo(HAND.cat6, 6);
    expect(cat('business-travel').wttKg).toBeCloseTo(HAND.wtt.cat6, 6);
    expect(cat('employee-commuting').co2eKg).toBeCloseTo(HAND.cat7, 6);
    expect(cat('employee-commuting').wttKg).toBeCloseTo(HAND.wtt.cat7, 6);
    // 3.3 holds the fuels' upstream only; its WTT line is for categories keeping their own.
    expect(cat('fuel-energy').wttKg).toBe(0);
    expect(r.entryCount).toBe(9);
  });

  it('splits scope 1 by gas and reports the diesel’s biogenic CO2 outside the scopes', async () => {
    // Diesel 10,000 l: CO2 × 2.53763 = 25,376.3, CH4 × 0.00029 = 2.9, N2O × 0.0329 = 329 (1_101_1011_8_2..4);
    // gas 50,000 kWh gross: CO2 × 0.18259 = 9,129.5, CH4 × 0.00028 = 14, N2O × 0.00009 = 4.5 (1_100_1004_6_2..4);
    // R410A has no split in DESNZ: 9,620 stays unsplit. Biogenic: 10,000 l × 0.14 kg (99_604_1011_8_2) = 1,400 kg.
    expect(entries.gas.co2Kg).toBeCloseTo(9_129.5, 6);
    expect(entries.gas.ch4Kg).toBeCloseTo(14, 6);
    expect(entries.gas.n2oKg).toBeCloseTo(4.5, 6);
    expect(entries.r410a.co2Kg).toBeNull();
    expect(entries.diesel.biogenicCo2Kg).toBeCloseTo(1_400, 6);
    const r = await json(call('GET', `/api/cfc/report-results/${report.id}`, tk.admin));
    const s1 = r.gases.scope1;
    expect(s1.co2).toBeCloseTo(25_376.3 + 9_129.5, 6);
    expect(s1.ch4).toBeCloseTo(2.9 + 14, 6);
    expect(s1.n2o).toBeCloseTo(329 + 4.5, 6);
    expect(s1.notSplit).toBeCloseTo(9_620, 6);
    expect(s1.co2 + s1.ch4 + s1.n2o + s1.notSplit).toBeCloseTo(HAND.scope1, 6);
    // The grid series gives no split: scope 2 location-based stays unsplit.
    expect(r.gases.scope2LocationBased).toMatchObject({ co2: 0, ch4: 0, n2o: 0 });
    expect(r.gases.scope2LocationBased.notSplit).toBeCloseTo(41_040, 6);
    // Outside the scopes: not part of any total.
    expect(r.biogenicCo2Kg).toBeCloseTo(1_400, 6);
  });

  it('the PDF states both scope 2 totals, the WTT lines and the biogenic CO2', async () => {
    const file = await json(
      call('POST', '/api/cfc/reports/export', tk.admin, {
        year: YEAR,
        businessUnits: [unit.id],
        format: 'pdf',
        lang: 'en',
      }),
    );
    const text = pdfText(Buffer.from(file.data, 'base64'));
    // t CO2e with three decimals: 41.040 location-based, 0.000 market-based; WTT 2.359, 0.225, 1.824.
    for (const figure of ['41.040', '0.000', '174.517', '133.477', '2.359', '0.225', '1.824', '1.400'])
      expect(text).toContain(figure);
    expect(text).toContain('of which fuel upstream (WTT)');
    expect(text).toContain('Biogenic CO2 outside the scopes');
  });
});

describe('small defects of the audit', () => {
  it('a business unit changed keeps its report count (1, not 0)', async () => {
    const changed = await json(
      call('PATCH', `/api/cfc/business-units/${unit.id}`, tk.admin, { city: 'Kassel' }),
    );
    expect(changed.reportCount).toBe(1);
  });

  it('a hotel stay in Korea finds its factor: 2 room nights × 55.8 kg (29_600_4028_13_1) = 111.6 kg', async () => {
    const e = await json(
      call('POST', '/api/cfc/entries', tk.admin, {
        report: report.id,
        section: 'business-travel-hotel',
        activity: await activityIdByKey(t, DESNZ.hotel),
        unit: 'room-night',
        rooms: 1,
        nights: 2,
        country: 'KR',
        dataSource: 'Audit',
      }),
    );
    expect(e.errorCode).toBeNull();
    expect(e.co2eKg).toBeCloseTo(111.6, 6);
  });
});
