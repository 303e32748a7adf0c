/**
 * The carbon footprint's worked example (issue 19), shared by the CFC tests, the results tests and
 * the e2e specs: a business unit in Germany with a report holding four entries whose figures are
 * the factor × amount of the built-in editions (DESNZ 2025, Electricity Maps grid 2025).
 */
import { sql } from 'drizzle-orm';
import type { TestApp } from './harness.ts';
import { type Json, jsonCalls } from './calls.ts';
import { rowsOf } from '../src/platform/db/index.ts';

// The demo company's report holds the same entries: activities and entries are named in one place.
import { CFC_ACTIVITY_KEYS, WORKED_EXAMPLE_ENTRIES } from '../src/modules/cfc/cfc.demo.ts';
export { CFC_ACTIVITY_KEYS };

/**
 * Hand-computed figures, kg CO2e:
 * - diesel company cars: 10,000 l × 2.57082 kg/l (DESNZ 2025 ID 1_101_1011_8_1) = 25,708.2;
 *   upstream (category 3.3): 10,000 l × 0.61101 (WTT ID 11_101_1011_8_1) = 6,110.1
 * - electricity Germany: 250,000 kWh × 0.342 kg/kWh (grid DE 2025: 342 g/kWh; later years use the
 *   latest published year) = 85,500 location-based; market-based with a contract factor of
 *   0.05 kg/kWh: 250,000 × 0.05 = 12,500
 * - 120 flights Frankfurt–London economy: 654 km great-circle each (FRA 50.0333 N 8.5706 E,
 *   LHR 51.4700 N 0.4543 W) × 120 passengers = 78,480 pkm × 0.12576 kg/pkm (DESNZ 2025
 *   short-haul economy with RF, ID 21_316_3164_11_1) = 9,869.6448; upstream kept in category 6:
 *   78,480 pkm × 0.02249 (WTT ID 22_912_3164_11_1) = 1,765.0152
 * - 50 t mixed commercial waste to landfill: 50 t × 520.5327 kg/t (DESNZ 2025 ID 20_507_5313_15_1)
 *   = 26,026.635
 */
export const WORKED_EXAMPLE = {
  dieselKg: 25_708.2,
  dieselWttKg: 6_110.1,
  electricityLocationKg: 85_500,
  electricityMarketKg: 12_500,
  flightsKg: 9_869.6448,
  flightsWttKg: 1_765.0152,
  wasteKg: 26_026.635,
  /** Scope 1 + scope 2 location-based + scope 3 categories 5 and 6 (upstream WTT figures not included). */
  totalLocationKg: 25_708.2 + 85_500 + 9_869.6448 + 26_026.635,
} as const;

export async function activityIdByKey(t: TestApp, key: string): Promise<string> {
  const [row] = rowsOf<{ id: string }>(
    await t.ctx.db.execute(sql`select id from emission_activities where dataset_key = ${key}`),
  );
  if (!row) throw new Error(`activity ${key} is not loaded`);
  return row.id;
}

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
  const save = async ({
    section,
    key,
    data,
  }: (typeof WORKED_EXAMPLE_ENTRIES)[keyof typeof WORKED_EXAMPLE_ENTRIES]) =>
    ok(
      await t.call({
        method: 'POST',
        url: '/api/cfc/entries',
        token,
        payload: { report: reportId, section, activity: await activityIdByKey(t, key), ...data },
      }),
    );
  const e = WORKED_EXAMPLE_ENTRIES;
  return {
    diesel: await save(e.diesel),
    electricity: await save(e.electricity),
    flights: await save(e.flights),
    waste: await save(e.waste),
  };
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

/** A custom activity of the company with one customer factor (kg CO2e per litre, AR5) and its source. */
export async function ownFuel(t: TestApp, token: string, name: string, co2Factor: number) {
  const { call, json } = jsonCalls(t);
  const source = await json(call('POST', '/api/sources', token, { name: `Lieferantenangabe ${name}` }), 201);
  const activity = await json(
    call('POST', '/api/activities', token, {
      translations: { de: { name }, en: { name } },
      categories: ['mobile-combustion'],
      factors: [{ baseUnit: 'l', co2Factor, validFrom: '2020-01-01', sourceId: source.id }],
    }),
    201,
  );
  return { activity, factor: activity.factors[0] as Json, sourceId: source.id as string };
}
