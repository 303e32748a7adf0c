/**
 * The carbon footprint's worked example (issue 19), shared by the CFC tests, the results tests and
 * the e2e specs: a business unit in Germany with a report holding four entries whose figures are
 * the factor × amount of the built-in editions (DESNZ 2025, Electricity Maps grid 2025).
 */
import { sql } from 'drizzle-orm';
import type { TestApp } from './harness.ts';
import { rowsOf } from '../src/platform/db/index.ts';

/** Built-in activities by their data set key (emission-db.datasets.ts). */
export const CFC_ACTIVITY_KEYS = {
  diesel: 'desnz:Fuels|Liquid fuels|Diesel (average biofuel blend)||',
  grid: 'grid:location-based',
  flightShortHaulEconomy: 'desnz:Business travel- air|Flights|Short-haul, to/from UK|Economy class|With RF',
  commercialWasteLandfill: 'desnz:Waste disposal|Refuse|Commercial and industrial waste||Landfill',
} as const;

/**
 * Hand-computed figures, kg CO2e:
 * - diesel company cars: 10,000 l × 2.57082 kg/l (DESNZ 2025 ID 1_101_1011_8_1) = 25,708.2;
 *   upstream (category 3.3): 10,000 l × 0.61101 (WTT ID 11_101_1011_8_1) = 6,110.1
 * - electricity Germany: 250,000 kWh × 0.342 kg/kWh (grid DE 2025: 342 g/kWh; later years use the
 *   latest published year) = 85,500 location-based; market-based with a contract factor of
 *   0.05 kg/kWh: 250,000 × 0.05 = 12,500
 * - 120 flights Frankfurt–London economy: 654 km great-circle each (FRA 50.0333 N 8.5706 E,
 *   LHR 51.4700 N 0.4543 W) × 120 passengers = 78,480 pkm × 0.12576 kg/pkm (DESNZ 2025
 *   short-haul economy with RF, ID 21_316_3164_11_1) = 9,869.6448
 * - 50 t mixed commercial waste to landfill: 50 t × 520.5327 kg/t (DESNZ 2025 ID 20_507_5313_15_1)
 *   = 26,026.635
 */
export const WORKED_EXAMPLE = {
  dieselKg: 25_708.2,
  dieselWttKg: 6_110.1,
  electricityLocationKg: 85_500,
  electricityMarketKg: 12_500,
  flightsKg: 9_869.6448,
  wasteKg: 26_026.635,
  /** Scope 1 + scope 2 location-based + scope 3 categories 5 and 6 (3.3 upstream not included). */
  totalLocationKg: 25_708.2 + 85_500 + 9_869.6448 + 26_026.635,
} as const;

export async function activityIdByKey(t: TestApp, key: string): Promise<string> {
  const [row] = rowsOf<{ id: string }>(
    await t.ctx.db.execute(sql`select id from emission_activities where dataset_key = ${key}`),
  );
  if (!row) throw new Error(`activity ${key} is not loaded`);
  return row.id;
}

type Json = Record<string, any>;

async function ok(
  res: { statusCode: number; body: string; json: () => unknown },
  status = 200,
): Promise<Json> {
  if (res.statusCode !== status) throw new Error(`expected ${status}, got ${res.statusCode}: ${res.body}`);
  return res.json() as Json;
}

/**
 * Base year, a business unit and a report of `year` for a CFC admin's company. Sets the base year
 * to `baseYear` (default: the report's year).
 */
export async function createCfcReport(
  t: TestApp,
  adminToken: string,
  options: { year: number; unitName?: string; country?: string | null; baseYear?: number },
): Promise<{ unit: Json; report: Json }> {
  await ok(
    await t.call({
      method: 'POST',
      url: '/api/cfc/settings/base-year',
      token: adminToken,
      payload: { baseYear: options.baseYear ?? options.year },
    }),
  );
  const unit = await ok(
    await t.call({
      method: 'POST',
      url: '/api/cfc/business-units/new',
      token: adminToken,
      payload: {
        name: options.unitName ?? 'Zentrale Hamburg',
        city: 'Hamburg',
        country: options.country === undefined ? 'DE' : options.country,
      },
    }),
    201,
  );
  const report = await ok(
    await t.call({
      method: 'POST',
      url: '/api/cfc/reports',
      token: adminToken,
      payload: { businessUnit: unit.id, year: options.year },
    }),
    201,
  );
  return { unit, report };
}

/** The four entries of the worked example in a report (the token must write it). */
export async function addWorkedExampleEntries(t: TestApp, token: string, reportId: string) {
  const save = async (section: string, data: Json) =>
    ok(
      await t.call({
        method: 'POST',
        url: '/api/cfc/entries',
        token,
        payload: { report: reportId, section, ...data },
      }),
    );
  const diesel = await save('mobile-combustion', {
    activity: await activityIdByKey(t, CFC_ACTIVITY_KEYS.diesel),
    amount: 10_000,
    unit: 'l',
    fuel: 'Diesel',
    dataSource: 'Tankkarten 2025',
    dataQuality: 1,
    vehicles: null,
  });
  const electricity = await save('purchased-electricity', {
    activity: await activityIdByKey(t, CFC_ACTIVITY_KEYS.grid),
    amount: 250_000,
    unit: 'kWh',
    emissionFactor: 0.05,
    emissionFactorName: 'Ökostromvertrag',
    dataSource: 'Stromrechnung',
    dataQuality: 1,
  });
  const flights = await save('business-travel-flights', {
    activity: await activityIdByKey(t, CFC_ACTIVITY_KEYS.flightShortHaulEconomy),
    amount: 654,
    unit: 'pkm',
    passengers: 120,
    travelClass: 'economy',
    flightType: 'short-haul',
    dataSource: 'Reisekostenabrechnung',
    dataQuality: 2,
    note: 'Frankfurt–London',
  });
  const waste = await save('waste-solid', {
    activity: await activityIdByKey(t, CFC_ACTIVITY_KEYS.commercialWasteLandfill),
    amount: 50,
    unit: 't',
    wasteGroup: 'Gewerbeabfall',
    wasteType: 'Gemischter Gewerbeabfall',
    treatment: 'landfill',
    dataSource: 'Entsorgernachweis',
    dataQuality: 3,
  });
  return { diesel, electricity, flights, waste };
}

/** A report of the worked example: unit "Zentrale Hamburg" (DE), base year = year, four entries. */
export async function createWorkedExampleReport(
  t: TestApp,
  adminToken: string,
  options: { year?: number; unitName?: string } = {},
) {
  const year = options.year ?? new Date().getUTCFullYear();
  const { unit, report } = await createCfcReport(t, adminToken, { year, unitName: options.unitName });
  const entries = await addWorkedExampleEntries(t, adminToken, report.id);
  return { unit, report, entries };
}
