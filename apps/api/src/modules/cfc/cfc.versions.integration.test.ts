/**
 * Issue 33: one GWP set per report, immutable factor versions with restatement, the withdrawal of
 * zero DESNZ factors from blank cells, and the base-year recalculation check. Figures are computed
 * by hand below each case.
 */
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { appWithCompanies } from '../../../test/harness.ts';
import { type Json, bookTariff, jsonCalls, signedIn } from '../../../test/calls.ts';
import { activityIdByKey, createCfcReport, ownFuel } from '../../../test/cfc.ts';
import { rowsOf } from '../../platform/db/index.ts';
import { seedBuiltinFactors } from '../emission-db/index.ts';

const { t, a, b } = appWithCompanies({ a: 'CfcVersionsA', b: 'CfcVersionsB' });
const tk = signedIn(t, () => ({
  adminA: a.users.admin,
  readA: a.users.readonly,
  adminB: b.users.admin,
}));
const { call, json, refused } = jsonCalls(t);
const code = async (res: Parameters<typeof refused>[0]) => (await refused(res))[1];
const YEAR = 2025;

const R410A_AR5 = 'gwp-ar5:R410A';
const R410A_AR6 = 'gwp-ar6:R410A';
const DIESEL = 'desnz:Fuels|Liquid fuels|Diesel (average biofuel blend)||';

const entriesOf = async (token: string, reportId: string) =>
  (await json(call('GET', `/api/cfc/entries?report=${reportId}&pagination=false`, token)))[
    'hydra:member'
  ] as Json[];

beforeAll(async () => {
  for (const company of [a, b])
    await bookTariff(
      t,
      company.id,
      { module: 'cfc', type: 'default', isFreeOfCharge: false, name: 'CFC paid' },
      { beginDate: '2020-01-01' },
    );
});

describe('one GWP set per report (IPCC AR5/AR6, GHG Protocol Corporate Standard ch. 9)', () => {
  let report: Json;
  beforeAll(async () => {
    ({ report } = await createCfcReport(t, tk.adminA, { year: YEAR, unitName: 'Kältetechnik' }));
  });

  it('a report takes AR5 by default; AR6 factors are refused, AR5 refrigerants are offered', async () => {
    expect(report.gwpSet).toBe('AR5');
    const settings = await json(call('GET', '/api/cfc/company-settings', tk.adminA));
    expect(settings).toMatchObject({ gwpSet: 'AR5', recalculationThreshold: 5 });
    const refused = await call('POST', '/api/cfc/entries', tk.adminA, {
      report: report.id,
      section: 'fugitive-emissions',
      activity: await activityIdByKey(t, R410A_AR6),
      amount: 5,
      unit: 'kg',
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({
      message: 'cfcGwpSetMismatch',
      detail: { gwpSet: 'AR5', factorSets: ['AR6'] },
    });
    // R410A in AR5: 5 kg × 1,923.5 (HFC-32 677 × 50 % + HFC-125 3,170 × 50 %, AR5 Table 8.A.1; DESNZ
    // rounds it to 1,924) = 9,617.5 kg.
    const entry = await json(
      call('POST', '/api/cfc/entries', tk.adminA, {
        report: report.id,
        section: 'fugitive-emissions',
        activity: await activityIdByKey(t, R410A_AR5),
        amount: 5,
        unit: 'kg',
      }),
    );
    expect(entry).toMatchObject({ co2eKg: 9_617.5, factor: 1_923.5, factorGwpSet: 'AR5', factorVersion: 1 });
    const results = await json(call('GET', `/api/cfc/report-results/${report.id}`, tk.adminA));
    expect(results.gwpSet).toBe('AR5');
  });

  it('an AR6 report takes AR6 refrigerants and refuses the AR5 DESNZ factors; an export never mixes sets', async () => {
    await json(
      call('POST', '/api/cfc/settings/save', tk.adminA, { gwpSet: 'AR6', recalculationThreshold: 7.5 }),
    );
    const unit = await json(
      call('POST', '/api/cfc/business-units/new', tk.adminA, { name: 'Labor AR6', country: 'DE' }),
      201,
    );
    const ar6 = await json(
      call('POST', '/api/cfc/reports', tk.adminA, { businessUnit: unit.id, year: YEAR }),
      201,
    );
    expect(ar6.gwpSet).toBe('AR6');
    // R410A in AR6: 5 kg × 2,255.5 (HFC-32 771 × 50 % + HFC-125 3,740 × 50 %, AR6 Table 7.SM.7) = 11,277.5 kg.
    const entry = await json(
      call('POST', '/api/cfc/entries', tk.adminA, {
        report: ar6.id,
        section: 'fugitive-emissions',
        activity: await activityIdByKey(t, R410A_AR6),
        amount: 5,
        unit: 'kg',
      }),
    );
    expect(entry).toMatchObject({ co2eKg: 11_277.5, factorGwpSet: 'AR6' });
    expect(
      await code(
        call('POST', '/api/cfc/entries', tk.adminA, {
          report: ar6.id,
          section: 'mobile-combustion',
          activity: await activityIdByKey(t, DIESEL),
          amount: 100,
          unit: 'l',
        }),
      ),
    ).toBe('cfcGwpSetMismatch');
    const results = await json(call('GET', `/api/cfc/report-results/${ar6.id}`, tk.adminA));
    expect(results.gwpSet).toBe('AR6');
    expect(results.totals.scope1).toBe(11_277.5);
    const mixed = await call('POST', '/api/cfc/reports/export', tk.adminA, {
      year: YEAR,
      businessUnits: [unit.id, report.businessUnit.id],
      format: 'xlsx',
    });
    expect(mixed.json()).toMatchObject({ message: 'cfcGwpSetMixed', detail: { gwpSets: ['AR5', 'AR6'] } });
    const settings = await json(call('POST', '/api/cfc/settings/save', tk.adminA, { gwpSet: 'AR5' }));
    expect(settings.settings).toMatchObject({ gwpSet: 'AR5', recalculationThreshold: 7.5 });
  });
});

describe('immutable factor versions and restatement', () => {
  let report: Json;
  let fuel: { activity: Json; factor: Json };
  let entry: Json;
  beforeAll(async () => {
    ({ report } = await createCfcReport(t, tk.adminA, { year: YEAR, unitName: 'Fuhrpark' }));
    fuel = await ownFuel(t, tk.adminA, 'Hausdiesel Lieferant A', 2);
    // 100 l × 2.0 kg/l = 200 kg.
    entry = await json(
      call('POST', '/api/cfc/entries', tk.adminA, {
        report: report.id,
        section: 'mobile-combustion',
        activity: fuel.activity.id,
        amount: 100,
        unit: 'l',
      }),
    );
  });

  it('stores the factor id and version with the entry', () => {
    expect(entry).toMatchObject({
      co2eKg: 200,
      factorId: fuel.factor.id,
      factorVersion: 1,
      factorGwpSet: 'AR5',
      restatement: null,
    });
  });

  it('a change of the factor is a new version; the old one stays, withdrawn', async () => {
    const next = await json(
      call('PUT', `/api/emission-factors/${fuel.factor.id}`, tk.adminA, {
        baseUnit: 'l',
        co2Factor: 2.5,
        validFrom: '2020-01-01',
        sourceId: fuel.factor.sourceId,
      }),
    );
    expect(next.id).not.toBe(fuel.factor.id);
    expect(next).toMatchObject({ co2Factor: 2.5, version: 2, lineageId: fuel.factor.id, withdrawnAt: null });
    const old = await json(call('GET', `/api/emission-factors/${fuel.factor.id}`, tk.adminA));
    expect(old).toMatchObject({ co2Factor: 2, version: 1, withdrawnReason: 'newerVersion' });
    expect(old.withdrawnAt).not.toBeNull();
    // The old version is kept as it was: a change of it is refused.
    expect(
      await code(
        call('PUT', `/api/emission-factors/${fuel.factor.id}`, tk.adminA, {
          baseUnit: 'l',
          co2Factor: 3,
          validFrom: '2020-01-01',
          sourceId: fuel.factor.sourceId,
        }),
      ),
    ).toBe('factorWithdrawn');
    const activity = await json(call('GET', `/api/activities/${fuel.activity.id}`, tk.adminA));
    expect(activity.factors.map((f: Json) => f.version)).toEqual([2]);
  });

  it('a re-save keeps the factor version and offers the newer one as a restatement', async () => {
    const [listed] = await entriesOf(tk.adminA, report.id);
    // Still 200 kg; the restatement would give 100 l × 2.5 = 250 kg with version 2.
    expect(listed).toMatchObject({
      co2eKg: 200,
      factorVersion: 1,
      restatement: { reason: 'newerVersion', factorVersion: 2, co2eKg: 250 },
    });
    // 120 l × the kept 2.0 = 240 kg (not 300 with the newer version).
    const resaved = await json(
      call('POST', '/api/cfc/entries', tk.adminA, {
        id: entry.id,
        report: report.id,
        section: 'mobile-combustion',
        activity: fuel.activity.id,
        amount: 120,
        unit: 'l',
      }),
    );
    expect(resaved).toMatchObject({
      co2eKg: 240,
      factorId: fuel.factor.id,
      factorVersion: 1,
      restatement: { reason: 'newerVersion', co2eKg: 300 },
    });
  });

  it('the user accepts the restatement: recomputed, logged with old and new figure; read-only may not', async () => {
    expect(await code(call('POST', `/api/cfc/entries/${entry.id}/restate`, tk.readA))).toBe('readOnly');
    const res = await json(call('POST', `/api/cfc/entries/${entry.id}/restate`, tk.adminA));
    // 120 l × 2.5 = 300 kg.
    expect(res.before).toEqual({ co2eKg: 240, factorId: fuel.factor.id, factorVersion: 1 });
    expect(res.after).toMatchObject({ co2eKg: 300, factorVersion: 2 });
    expect(res.entry).toMatchObject({ co2eKg: 300, factorVersion: 2, restatement: null });
    const [log] = rowsOf<{ detail: Json; user_email: string }>(
      await t.ctx.db.execute(
        sql`select detail, user_email from user_action_logs where action = 'cfcEntryRestated' and entity_id = ${entry.id}`,
      ),
    );
    expect(log.user_email).toBe(a.users.admin.email);
    expect(log.detail).toMatchObject({
      reason: 'newerVersion',
      before: { co2eKg: 240, factorVersion: 1 },
      after: { co2eKg: 300, factorVersion: 2 },
    });
    expect(await code(call('POST', `/api/cfc/entries/${entry.id}/restate`, tk.adminA))).toBe(
      'cfcNothingToRestate',
    );
  });
});

describe('zero DESNZ factors from blank cells in databases loaded before the blank-cell rule', () => {
  let report: Json;
  let activityId: string;
  let factorId: string;
  let current: Json;
  let legacyId: string;
  beforeAll(async () => {
    ({ report } = await createCfcReport(t, tk.adminB, { year: YEAR, unitName: 'Transporter' }));
    // As an old loader stored a blank DESNZ cell: a van of unknown fuel at 0 kg/km in the 2025 edition.
    const [edition] = rowsOf<{ sourceId: string; versionId: string; providerId: string }>(
      await t.ctx.db.execute(sql`select s.id as "sourceId", v.id as "versionId",
          (select f.provider_id from emission_factors f where f.source_id = s.id limit 1) as "providerId"
        from emission_sources s join emission_source_versions v on v.source_id = s.id
        where s.dataset_key = 'desnz' and v.version = '2025'`),
    );
    const [activity] = rowsOf<{ id: string }>(
      await t.ctx.db
        .execute(sql`insert into emission_activities (categories, translations, search_names, search_text, dataset_key)
        values (array['mobile-combustion'], ${JSON.stringify({
          de: { name: 'Transporter (Kraftstoff unbekannt)', description: null, synonyms: [] },
          en: { name: 'Van (unknown fuel)', description: null, synonyms: [] },
        })}::jsonb, '|transporter|', '|transporter|', 'desnz:test|blank van') returning id`),
    );
    activityId = activity.id;
    const [factor] = rowsOf<{ id: string }>(
      await t.ctx.db
        .execute(sql`insert into emission_factors (activity_id, base_unit, unit_types, co2_factor, source_id,
          source_version_id, provider_id, valid_from, valid_until, year, external_id, gwp_set)
        values (${activityId}, 'km', array['distance'], 0, ${edition.sourceId}, ${edition.versionId}, ${edition.providerId},
          '2025-01-01', '2025-12-31', 2025, 'TEST-BLANK-VAN', 'AR5') returning id`),
    );
    factorId = factor.id;
    // 1,000 km × 0 = 0 kg: the wrong figure of the audit.
    current = await json(
      call('POST', '/api/cfc/entries', tk.adminB, {
        report: report.id,
        section: 'mobile-combustion',
        activity: activityId,
        amount: 1_000,
        unit: 'km',
      }),
    );
    // An entry saved before factor versions were recorded: a 0 factor and no factor id.
    const [legacy] = rowsOf<{ id: string }>(
      await t.ctx.db
        .execute(sql`insert into cfc_entries (company_id, report_id, section, activity_id, data, co2e_kg, factor, factor_unit, factor_source, quantity)
        values (${b.id}, ${report.id}, 'mobile-combustion', ${activityId}, ${JSON.stringify({ activity: activityId, amount: 1_000, unit: 'km' })}::jsonb, 0, 0, 'km', 'DESNZ 2025', 1000) returning id`),
    );
    legacyId = legacy.id;
  });

  it('is withdrawn on start, not overwritten; entries that used it are offered a restatement', async () => {
    expect(current).toMatchObject({ co2eKg: 0, factorId, restatement: null });
    await seedBuiltinFactors(t.ctx.db);
    const [row] = rowsOf<{ co2_factor: number; withdrawn_reason: string }>(
      await t.ctx.db.execute(
        sql`select co2_factor, withdrawn_reason from emission_factors where id = ${factorId}`,
      ),
    );
    expect(row).toEqual({ co2_factor: 0, withdrawn_reason: 'blankCell' });
    // Real DESNZ factors stay offered: no DESNZ row of the shipped edition is withdrawn.
    const [{ n }] = rowsOf<{ n: number }>(
      await t.ctx.db.execute(
        sql`select count(*)::int as n from emission_factors where withdrawn_reason = 'blankCell' and external_id <> 'TEST-BLANK-VAN'`,
      ),
    );
    expect(n).toBe(0);
    const activity = await json(call('GET', `/api/activities/${activityId}`, tk.adminB));
    expect(activity.factors).toEqual([]);
    const listed = await entriesOf(tk.adminB, report.id);
    const byId = new Map(listed.map((e) => [e.id, e]));
    // No factor is offered now: the restatement leaves the entry without a figure (not 0).
    expect(byId.get(current.id)).toMatchObject({
      co2eKg: 0,
      restatement: { reason: 'withdrawn', factorId: null, co2eKg: null },
    });
    expect(byId.get(legacyId)).toMatchObject({
      co2eKg: 0,
      factorId: null,
      restatement: { reason: 'withdrawn' },
    });
    const res = await json(call('POST', `/api/cfc/entries/${current.id}/restate`, tk.adminB));
    expect(res.entry).toMatchObject({ co2eKg: null, errorCode: 'cfcNoConversion', restatement: null });
    expect(res.before).toMatchObject({ co2eKg: 0, factorId });
    // Another start changes nothing more.
    await seedBuiltinFactors(t.ctx.db);
  });
});

describe('base year and recalculation threshold (GHG Protocol Corporate Standard ch. 5)', () => {
  /**
   * Hand-computed, kg CO2e, own fuel factor 2.0 kg/l (version 1), later 2.1 (version 2):
   * - base year 2024: Werk Nord 1,000 l × 2.0 = 2,000; Werk Süd 500 l × 2.0 = 1,000; stated 3,000
   * - restated with version 2: 1,500 l × 2.1 = 3,150; method change +150 = 5.0 %
   * - 2025: Werk Nord reports; Werk Süd does not (removed: 1,000); Werk Ost is new: 50 l × 2.0 = 100
   *   (added); structural 1,100 = 36.67 %
   * - cumulative (150 + 1,100) / 3,000 = 41.67 % > 5 % threshold: recalculation needed
   */
  it('compares the base year with the current factors and structure, flags above the threshold, keeps reports', async () => {
    const token = tk.adminB;
    const fuel = await ownFuel(t, token, 'Heizöl Eigenbedarf', 2);
    const save = (reportId: string, amount: number) =>
      json(
        call('POST', '/api/cfc/entries', token, {
          report: reportId,
          section: 'mobile-combustion',
          activity: fuel.activity.id,
          amount,
          unit: 'l',
        }),
      );
    const nord = await createCfcReport(t, token, { year: 2024, unitName: 'Werk Nord', baseYear: 2024 });
    const sued = await createCfcReport(t, token, { year: 2024, unitName: 'Werk Süd', baseYear: 2024 });
    await save(nord.report.id, 1_000);
    await save(sued.report.id, 500);
    const nord2025 = await json(
      call('POST', '/api/cfc/reports', token, { businessUnit: nord.unit.id, year: 2025 }),
      201,
    );
    await save(nord2025.id, 900);
    const ost = await createCfcReport(t, token, { year: 2025, unitName: 'Werk Ost', baseYear: 2024 });
    await save(ost.report.id, 50);

    const before = await json(call('GET', '/api/cfc/base-year/check?year=2025', token));
    // Only structural changes yet (Transporter of the case above reports 2025 too: its entries are figures of 0
    // and none, so it adds 0 kg as a unit without a base-year report).
    expect(before).toMatchObject({
      baseYear: 2024,
      year: 2025,
      threshold: 5,
      statedKg: 3_000,
      restatedKg: 3_000,
      methodChangeKg: 0,
    });
    expect(before.removedUnits).toEqual([{ id: sued.unit.id, name: 'Werk Süd', co2eKg: 1_000 }]);
    expect(before.addedUnits.find((u: Json) => u.name === 'Werk Ost')).toEqual({
      id: ost.unit.id,
      name: 'Werk Ost',
      co2eKg: 100,
    });
    expect(before.structuralChangeKg).toBe(1_100);
    expect(before.exceeded).toBe(true);

    await json(
      call('PUT', `/api/emission-factors/${fuel.factor.id}`, token, {
        baseUnit: 'l',
        co2Factor: 2.1,
        validFrom: '2020-01-01',
        sourceId: fuel.factor.sourceId,
      }),
    );
    const after = await json(call('GET', '/api/cfc/base-year/check?year=2025', token));
    expect(after.statedKg).toBe(3_000);
    expect(after.restatedKg).toBeCloseTo(3_150, 9);
    expect(after.methodChangeKg).toBeCloseTo(150, 9);
    expect(after.methodShare).toBeCloseTo(0.05, 12);
    expect(after.totalShare).toBeCloseTo(1_250 / 3_000, 12);
    expect(after.restatableEntries).toBe(2);
    expect(after.exceeded).toBe(true);

    // The base year check of the base year itself: no structural change; 5.0 % is not above a 5 % threshold.
    const same = await json(call('GET', '/api/cfc/base-year/check?year=2024', token));
    expect(same).toMatchObject({ addedUnits: [], removedUnits: [], structuralChangeKg: 0, exceeded: false });
    expect(same.methodShare).toBeCloseTo(0.05, 12);

    // Moving the base year keeps the earlier reports.
    const moved = await json(call('POST', '/api/cfc/settings/base-year', token, { baseYear: 2025 }));
    expect(moved.deletedReports).toBe(0);
    const years = (await json(call('GET', '/api/cfc/reports?pagination=false', token)))['hydra:member'].map(
      (r: Json) => r.year,
    );
    expect(years.filter((y: number) => y === 2024)).toHaveLength(2);
  });
});
