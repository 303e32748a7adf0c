/**
 * Issue 33, continued: the activity search follows the report's GWP set, a newer data-set edition
 * is offered as a restatement, totals never mix GWP sets, a used factor is withdrawn rather than
 * deleted, the market-based factor of scope 2 is traced, and a base year of another GWP set is not
 * compared. Figures are computed by hand beside each case.
 */
import ExcelJS from 'exceljs';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { appWithCompanies } from '../../../test/harness.ts';
import { type Json, bookTariff, jsonCalls, signedIn } from '../../../test/calls.ts';
import { activityIdByKey, createCfcReport, ownFuel } from '../../../test/cfc.ts';
import { AppError } from '../../platform/errors.ts';
import { rowsOf } from '../../platform/db/index.ts';
import { asCompanyId } from '../../platform/tenant.ts';
import { companyYearTotals, companyYearTotalsBySet } from './cfc.results.service.ts';

const { t, a, b, c } = appWithCompanies({ a: 'CfcEditionsA', b: 'CfcEditionsB', c: 'CfcEditionsC' });
const tk = signedIn(t, () => ({ adminA: a.users.admin, adminB: b.users.admin, adminC: c.users.admin }));
const { call, json } = jsonCalls(t);
const YEAR = 2025;

const R410A_AR5 = 'gwp-ar5:R410A';
const R410A_AR6 = 'gwp-ar6:R410A';
const R410A_DESNZ = 'desnz:Refrigerant & other|Blends|R410A||Emissions including only Kyoto products';
const GEG_GAS = 'geg:2';
const DIESEL = 'desnz:Fuels|Liquid fuels|Diesel (average biofuel blend)||';
const GRID = 'grid:location-based';

const entriesOf = async (token: string, reportId: string) =>
  (await json(call('GET', `/api/cfc/entries?report=${reportId}&pagination=false`, token)))[
    'hydra:member'
  ] as Json[];

const searchIds = async (token: string, query: string) =>
  (await json(call('GET', `/api/activities/search?limit=100&${query}`, token)))['hydra:member'].map(
    (x: Json) => x.id,
  ) as string[];

beforeAll(async () => {
  for (const company of [a, b, c])
    await bookTariff(
      t,
      company.id,
      { module: 'cfc', type: 'default', isFreeOfCharge: false, name: 'CFC paid' },
      { beginDate: '2020-01-01' },
    );
});

describe('the activity search follows the report’s GWP set', () => {
  it('offers AR5 activities to AR5, AR6 ones to AR6, set-less ones to both', async () => {
    const [ar5, ar6, desnz, geg] = await Promise.all(
      [R410A_AR5, R410A_AR6, R410A_DESNZ, GEG_GAS].map((k) => activityIdByKey(t, k)),
    );
    const all = await searchIds(tk.adminA, 'term=R410A');
    expect(all).toEqual(expect.arrayContaining([ar5, ar6, desnz]));
    const inAr5 = await searchIds(tk.adminA, 'term=R410A&gwpSet=AR5');
    expect(inAr5).toEqual(expect.arrayContaining([ar5, desnz]));
    expect(inAr5).not.toContain(ar6);
    const inAr6 = await searchIds(tk.adminA, 'term=R410A&gwpSet=AR6');
    expect(inAr6).toContain(ar6);
    expect(inAr6).not.toContain(ar5);
    expect(inAr6).not.toContain(desnz);
    // GEG life-cycle factors have no GWP set: the filter leaves them as they are.
    for (const set of ['AR5', 'AR6'])
      expect(
        await searchIds(tk.adminA, `term=${encodeURIComponent('GEG Anlage 9')}&gwpSet=${set}`),
      ).toContain(geg);
    const refused = await call('GET', '/api/activities/search?term=R410A&gwpSet=AR4', tk.adminA);
    expect(refused.statusCode).toBe(400);
  });
});

describe('a newer edition of the source is offered as a restatement', () => {
  let report: Json;
  let entry: Json;
  let newer: string;
  beforeAll(async () => {
    ({ report } = await createCfcReport(t, tk.adminA, { year: YEAR, unitName: 'Fuhrpark Editionen' }));
    // 100 l × 2.57082 (DESNZ 2025, row 1_101_1011_8_1) = 257.082 kg.
    entry = await json(
      call('POST', '/api/cfc/entries', tk.adminA, {
        report: report.id,
        section: 'mobile-combustion',
        activity: await activityIdByKey(t, DIESEL),
        amount: 100,
        unit: 'l',
      }),
    );
  });

  it('keeps the 2025 figure until the newer edition is accepted, then restates and logs', async () => {
    expect(entry).toMatchObject({ factorEdition: '2025', factorVersion: 1, restatement: null });
    expect(entry.co2eKg).toBeCloseTo(257.082, 9);
    // A second DESNZ edition with a diesel factor per litre (a test figure: 2.6 kg CO2e/l).
    const [old] = rowsOf<{ sourceId: string; providerId: string; activityId: string }>(
      await t.ctx.db.execute(sql`select source_id as "sourceId", provider_id as "providerId",
          activity_id as "activityId" from emission_factors where id = ${entry.factorId}`),
    );
    const [edition] = rowsOf<{ id: string }>(
      await t.ctx.db
        .execute(sql`insert into emission_source_versions (source_id, version, valid_from, valid_until)
        values (${old.sourceId}, '2026', '2026-01-01', '2026-12-31') returning id`),
    );
    const [factor] = rowsOf<{ id: string }>(
      await t.ctx.db.execute(sql`insert into emission_factors (activity_id, base_unit, unit_types, co2_factor,
          source_id, source_version_id, provider_id, valid_from, valid_until, year, external_id, gwp_set)
        values (${old.activityId}, 'l', array['volume'], 2.6, ${old.sourceId}, ${edition.id}, ${old.providerId},
          '2026-01-01', '2026-12-31', 2026, 'TEST-DESNZ-2026-DIESEL', 'AR5') returning id`),
    );
    newer = factor.id;
    const [listed] = await entriesOf(tk.adminA, report.id);
    // 100 l × 2.6 = 260 kg with the 2026 edition; the entry still states 257.082.
    expect(listed).toMatchObject({
      factorId: entry.factorId,
      restatement: {
        reason: 'newerVersion',
        factorId: newer,
        factorVersion: 1,
        factorEdition: '2026',
        co2eKg: 260,
      },
    });
    expect(listed.co2eKg).toBeCloseTo(257.082, 9);
    // A re-save keeps the 2025 factor: 120 l × 2.57082 = 308.4984 kg.
    const resaved = await json(
      call('POST', '/api/cfc/entries', tk.adminA, {
        id: entry.id,
        report: report.id,
        section: 'mobile-combustion',
        activity: entry.activity,
        amount: 120,
        unit: 'l',
      }),
    );
    expect(resaved).toMatchObject({ factorId: entry.factorId, factorEdition: '2025' });
    expect(resaved.co2eKg).toBeCloseTo(308.4984, 9);
    // Accepted: 120 l × 2.6 = 312 kg with the 2026 edition, logged with both figures.
    const res = await json(call('POST', `/api/cfc/entries/${entry.id}/restate`, tk.adminA));
    expect(res.entry).toMatchObject({
      factorId: newer,
      factorEdition: '2026',
      co2eKg: 312,
      restatement: null,
    });
    expect(res.before.co2eKg).toBeCloseTo(308.4984, 9);
    const [log] = rowsOf<{ detail: Json }>(
      await t.ctx.db.execute(
        sql`select detail from user_action_logs where action = 'cfcEntryRestated' and entity_id = ${entry.id}`,
      ),
    );
    expect(log.detail).toMatchObject({
      reason: 'newerVersion',
      before: { factorId: entry.factorId },
      after: { co2eKg: 312, factorId: newer },
    });
    expect((await entriesOf(tk.adminA, report.id))[0].restatement).toBeNull();
  });
});

describe('totals never mix GWP sets (GHG Protocol Corporate Standard ch. 9)', () => {
  /**
   * Company B, 2025: Kälte AR5 5 kg R410A × 1,923.5 = 9,617.5 kg; Kälte AR6 5 kg R410A × 2,255.5
   * = 11,277.5 kg. Summed they would give 20,895 kg, a figure of no GWP set.
   */
  it('companyYearTotals refuses the mix; the totals per set are each of one set', async () => {
    const { report: ar5 } = await createCfcReport(t, tk.adminB, { year: YEAR, unitName: 'Kälte AR5' });
    await json(
      call('POST', '/api/cfc/entries', tk.adminB, {
        report: ar5.id,
        section: 'fugitive-emissions',
        activity: await activityIdByKey(t, R410A_AR5),
        amount: 5,
        unit: 'kg',
      }),
    );
    const companyId = asCompanyId(b.id);
    expect(await companyYearTotals(t.ctx, companyId, YEAR)).toMatchObject({
      gwpSet: 'AR5',
      scope1: 9_617.5,
      reportCount: 1,
    });
    await json(call('POST', '/api/cfc/settings/save', tk.adminB, { gwpSet: 'AR6' }));
    const unit = await json(
      call('POST', '/api/cfc/business-units/new', tk.adminB, { name: 'Kälte AR6', country: 'DE' }),
      201,
    );
    const ar6 = await json(
      call('POST', '/api/cfc/reports', tk.adminB, { businessUnit: unit.id, year: YEAR }),
      201,
    );
    await json(
      call('POST', '/api/cfc/entries', tk.adminB, {
        report: ar6.id,
        section: 'fugitive-emissions',
        activity: await activityIdByKey(t, R410A_AR6),
        amount: 5,
        unit: 'kg',
      }),
    );
    const mixed = await companyYearTotals(t.ctx, companyId, YEAR).catch((e: unknown) => e);
    expect(mixed).toBeInstanceOf(AppError);
    expect(mixed).toMatchObject({ key: 'cfcGwpSetMixed', detail: { gwpSets: ['AR5', 'AR6'], year: YEAR } });
    const bySet = await companyYearTotalsBySet(t.ctx, companyId, YEAR);
    expect(bySet.map((x) => [x.gwpSet, x.scope1, x.total, x.reportCount])).toEqual([
      ['AR5', 9_617.5, 9_617.5, 1],
      ['AR6', 11_277.5, 11_277.5, 1],
    ]);
    // The results view: each unit's share is of the units of its own set (100 % each, not 46 %/54 %).
    const results = await json(call('GET', `/api/cfc/report-results/${ar6.id}`, tk.adminB));
    const units = new Map(results.businessUnits.map((u: Json) => [u.name, u]));
    expect(units.get('Kälte AR5')).toMatchObject({ gwpSet: 'AR5', co2eKg: 9_617.5, share: 1 });
    expect(units.get('Kälte AR6')).toMatchObject({ gwpSet: 'AR6', co2eKg: 11_277.5, share: 1 });
    await json(call('POST', '/api/cfc/settings/save', tk.adminB, { gwpSet: 'AR5' }));
  });

  /**
   * Base year 2024 (AR5): 5 kg R410A × 1,923.5 = 9,617.5 kg. 2025 (AR6): 5 kg × 2,255.5 = 11,277.5 kg.
   * The difference of 1,660 kg is the change of GWP values, not of emissions: no change is stated.
   */
  it('the results view does not compare a report with a base year of another GWP set', async () => {
    const { unit, report: base } = await createCfcReport(t, tk.adminC, {
      year: 2024,
      unitName: 'Labor',
      baseYear: 2024,
    });
    const save = (reportId: string, key: string) =>
      activityIdByKey(t, key).then((activity) =>
        json(
          call('POST', '/api/cfc/entries', tk.adminC, {
            report: reportId,
            section: 'fugitive-emissions',
            activity,
            amount: 5,
            unit: 'kg',
          }),
        ),
      );
    await save(base.id, R410A_AR5);
    await json(call('POST', '/api/cfc/settings/save', tk.adminC, { gwpSet: 'AR6' }));
    const later = await json(
      call('POST', '/api/cfc/reports', tk.adminC, { businessUnit: unit.id, year: YEAR }),
      201,
    );
    await save(later.id, R410A_AR6);
    const results = await json(call('GET', `/api/cfc/report-results/${later.id}`, tk.adminC));
    expect(results.gwpSet).toBe('AR6');
    expect(results.baseYear).toMatchObject({
      year: 2024,
      gwpSet: 'AR5',
      comparable: false,
      changeKg: null,
      changeRatio: null,
    });
    expect(results.baseYear.totals.total).toBe(9_617.5);
    // Of the same set the change is stated: 2024 AR5 9,617.5 kg, 2025 AR5 2 kg × 1,923.5 = 3,847 kg,
    // change −5,770.5 kg = −60 %.
    await json(call('POST', '/api/cfc/settings/save', tk.adminC, { gwpSet: 'AR5' }));
    const other = await createCfcReport(t, tk.adminC, { year: 2024, unitName: 'Lager', baseYear: 2024 });
    await save(other.report.id, R410A_AR5);
    const lager2025 = await json(
      call('POST', '/api/cfc/reports', tk.adminC, { businessUnit: other.unit.id, year: YEAR }),
      201,
    );
    await json(
      call('POST', '/api/cfc/entries', tk.adminC, {
        report: lager2025.id,
        section: 'fugitive-emissions',
        activity: await activityIdByKey(t, R410A_AR5),
        amount: 2,
        unit: 'kg',
      }),
    );
    const same = await json(call('GET', `/api/cfc/report-results/${lager2025.id}`, tk.adminC));
    expect(same.baseYear).toMatchObject({ gwpSet: 'AR5', comparable: true, changeKg: -5_770.5 });
    expect(same.baseYear.changeRatio).toBeCloseTo(-0.6, 12);
    // The base-year check sums the base year and the units added since: an AR6 unit added to an AR5
    // base year would be summed across sets, so the check refuses.
    expect((await json(call('GET', '/api/cfc/base-year/check?year=2025', tk.adminC))).statedKg).toBe(19_235);
    await json(call('POST', '/api/cfc/settings/save', tk.adminC, { gwpSet: 'AR6' }));
    const added = await json(
      call('POST', '/api/cfc/business-units/new', tk.adminC, { name: 'Neubau', country: 'DE' }),
      201,
    );
    await json(call('POST', '/api/cfc/reports', tk.adminC, { businessUnit: added.id, year: YEAR }), 201);
    const refused = await call('GET', '/api/cfc/base-year/check?year=2025', tk.adminC);
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({
      message: 'cfcGwpSetMixed',
      detail: { gwpSets: ['AR5', 'AR6'], year: YEAR },
    });
    await json(call('POST', '/api/cfc/settings/save', tk.adminC, { gwpSet: 'AR5' }));
  });
});

describe('deleting a factor or an activity that entries used keeps the trace', () => {
  it('withdraws a used factor (the trace stays, a restatement is offered) and deletes an unused one', async () => {
    const { report } = await createCfcReport(t, tk.adminA, { year: YEAR, unitName: 'Werkstatt' });
    const fuel = await ownFuel(t, tk.adminA, 'Werkstattdiesel', 2);
    const addFactor = (co2Factor: number, validFrom: string, validUntil: string) =>
      json(
        call('POST', '/api/emission-factors', tk.adminA, {
          activityId: fuel.activity.id,
          baseUnit: 'l',
          co2Factor,
          validFrom,
          validUntil,
          sourceId: fuel.sourceId,
        }),
        201,
      );
    const unused = await addFactor(1.8, '2018-01-01', '2019-12-31');
    const older = await addFactor(1.5, '2010-01-01', '2011-12-31');
    // 100 l × 2.0 = 200 kg with the factor valid since 2020.
    const entry = await json(
      call('POST', '/api/cfc/entries', tk.adminA, {
        report: report.id,
        section: 'mobile-combustion',
        activity: fuel.activity.id,
        amount: 100,
        unit: 'l',
      }),
    );
    expect(entry).toMatchObject({ co2eKg: 200, factorId: fuel.factor.id });
    await json(call('DELETE', `/api/emission-factors/${unused.id}`, tk.adminA));
    expect((await call('GET', `/api/emission-factors/${unused.id}`, tk.adminA)).statusCode).toBe(404);
    await json(call('DELETE', `/api/emission-factors/${fuel.factor.id}`, tk.adminA));
    const kept = await json(call('GET', `/api/emission-factors/${fuel.factor.id}`, tk.adminA));
    expect(kept).toMatchObject({ co2Factor: 2, withdrawnReason: 'deleted' });
    expect(kept.withdrawnAt).not.toBeNull();
    const activity = await json(call('GET', `/api/activities/${fuel.activity.id}`, tk.adminA));
    expect(activity.factors.map((f: Json) => f.id)).toEqual([older.id]);
    // The entry keeps 200 kg; restated, the remaining factor (latest before 2025) gives 100 l × 1.5 = 150 kg.
    const [listed] = await entriesOf(tk.adminA, report.id);
    expect(listed).toMatchObject({
      co2eKg: 200,
      factorId: fuel.factor.id,
      restatement: { reason: 'withdrawn', factorId: older.id, co2eKg: 150 },
    });
  });

  it('keeps an activity whose factors entries used; an unused activity is deleted', async () => {
    const { report } = await createCfcReport(t, tk.adminB, { year: YEAR, unitName: 'Lager' });
    const used = await ownFuel(t, tk.adminB, 'Lagerdiesel', 2);
    const unused = await ownFuel(t, tk.adminB, 'Ersatzdiesel', 2.5);
    await json(
      call('POST', '/api/cfc/entries', tk.adminB, {
        report: report.id,
        section: 'mobile-combustion',
        activity: used.activity.id,
        amount: 10,
        unit: 'l',
      }),
    );
    const refused = await call('DELETE', `/api/activities/${used.activity.id}`, tk.adminB);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ message: 'activityUsedByEntries' });
    expect((await call('GET', `/api/activities/${used.activity.id}`, tk.adminB)).statusCode).toBe(200);
    await json(call('DELETE', `/api/activities/${unused.activity.id}`, tk.adminB));
    expect((await call('GET', `/api/activities/${unused.activity.id}`, tk.adminB)).statusCode).toBe(404);
  });
});

describe('the market-based factor of scope 2 is traced', () => {
  /**
   * Electricity 120,000 kWh at a German site, 2025: location-based × 0.342 (grid DE 2025, 342 g/kWh)
   * = 41,040 kg; market-based × the supplier's own rate on the grid activity, 0.05 kg/kWh after a
   * change to version 2 = 6,000 kg.
   */
  it('stores and exports the supplier factor with value, unit, source, version and edition', async () => {
    const { report, unit } = await createCfcReport(t, tk.adminA, {
      year: YEAR,
      unitName: 'Verwaltung Strom',
    });
    const source = await json(
      call('POST', '/api/sources', tk.adminA, { name: 'Stadtwerke Musterstadt' }),
      201,
    );
    const grid = await activityIdByKey(t, GRID);
    const v1 = await json(
      call('POST', '/api/emission-factors', tk.adminA, {
        activityId: grid,
        baseUnit: 'kWh',
        co2Factor: 0.08,
        countryId: 'DE',
        validFrom: '2020-01-01',
        sourceId: source.id,
      }),
      201,
    );
    const v2 = await json(
      call('PUT', `/api/emission-factors/${v1.id}`, tk.adminA, {
        baseUnit: 'kWh',
        co2Factor: 0.05,
        countryId: 'DE',
        validFrom: '2020-01-01',
        sourceId: source.id,
      }),
    );
    const entry = await json(
      call('POST', '/api/cfc/entries', tk.adminA, {
        report: report.id,
        section: 'purchased-electricity',
        activity: grid,
        amount: 120_000,
        unit: 'kWh',
      }),
    );
    expect(entry).toMatchObject({
      factor: 0.342,
      marketBasis: 'supplier',
      marketFactor: 0.05,
      marketFactorUnit: 'kWh',
      marketFactorSource: 'Stadtwerke Musterstadt',
      marketFactorId: v2.id,
      marketFactorVersion: 2,
    });
    expect(entry.co2eKg).toBeCloseTo(41_040, 6);
    expect(entry.co2eMarketKg).toBeCloseTo(6_000, 6);
    // With a contract factor entered, the market-based factor is no database factor: no id or version.
    const contract = await json(
      call('POST', '/api/cfc/entries', tk.adminA, {
        report: report.id,
        section: 'purchased-electricity',
        activity: grid,
        amount: 1_000,
        unit: 'kWh',
        emissionFactor: 0,
        emissionFactorName: 'Ökostromtarif',
      }),
    );
    expect(contract).toMatchObject({
      marketBasis: 'contract',
      marketFactor: 0,
      marketFactorSource: 'Ökostromtarif',
      marketFactorId: null,
      marketFactorVersion: null,
    });
    // The entries sheet of the export carries the market-based factor and its trace.
    const file = await json(
      call('POST', '/api/cfc/reports/export', tk.adminA, {
        year: YEAR,
        businessUnits: [unit.id],
        format: 'xlsx',
        lang: 'en',
      }),
    );
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(Buffer.from(file.data, 'base64') as never);
    const sheet = wb.getWorksheet('Entries') as ExcelJS.Worksheet;
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    const rows = [2, 3].map((n) => (sheet.getRow(n).values as unknown[]).slice(1));
    const row = rows.find((r) => r[header.indexOf('Amount')] === 120_000) as unknown[];
    const cell = (title: string) => row[header.indexOf(title)];
    expect(cell('Market-based factor (kg CO2e)')).toBe(0.05);
    expect(cell('per unit (market-based)')).toBe('kWh');
    expect(cell('Market-based source')).toBe('Stadtwerke Musterstadt');
    expect(cell('Market-based factor version')).toBe(2);
  });
});
