import { describe, expect, it } from 'vitest';
import type { List, TaxActivity, TaxDashboardStats, TaxOverviewRow } from '@klimadesk/contract';
import { appWithCompanies } from '../../../test/harness.ts';
import { signedIn } from '../../../test/calls.ts';
import {
  createTaxActivity,
  createTaxYear,
  passedCriterion,
  taxActivityBody,
} from '../../../test/taxonomy.ts';

/**
 * The audit cases of issue 34 through the Tax API, each on its own financial year (amounts in EUR):
 * an activity under a climate and an environmental objective, CapEx not split to a criterion, and
 * activity amounts above the year's total.
 */
const { t, a } = appWithCompanies({ a: 'TaxFigures' });
const tk = signedIn(t, () => ({ admin: a.users.admin, user: a.users.user }));

const dashboard = async (taxYear: number) => {
  const res = await t.call({
    method: 'GET',
    url: `/api/tax/tax-activity-dashboard-stats?years=${taxYear}`,
    token: tk.user,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<TaxDashboardStats>();
};
const send = (token: string, method: 'POST' | 'PATCH', url: string, payload: object) =>
  t.call({ method, url, token, payload });
const amounts = (turnover: number, capex: number, opex: number) => ({ turnover, capex, opex });

describe('an activity under a climate and an environmental objective', () => {
  it('counts once; the split per objective is shown beside the total', async () => {
    // Turnover 1,000,000: the logistics centre (construction of new buildings: CCM 7.1 and CE 3.1)
    // 100,000, split CCM 60,000 / CE 40,000; a solar park (CCM 4.1) 450,000.
    // Eligible 550,000 / 1,000,000 = 55 % (65 % when the building counted once per act);
    // per objective CCM 510,000, CE 40,000.
    const year = await createTaxYear(t, tk.admin, {
      taxYear: 2022,
      totalTurnover: 1_000_000,
      totalCapex: 0,
      totalOpex: 0,
      minSafeguards: 16383,
    });
    const building = await createTaxActivity(
      t,
      tk.user,
      taxActivityBody(year.id, {
        euActivity: '2021-2139-7.1',
        name: 'Logistikzentrum',
        naceCode: 'F41.2',
        ...amounts(100_000, 0, 0),
        activityCriteria: [
          { ...passedCriterion('CCM'), turnover: 60_000 },
          { ...passedCriterion('CE'), turnover: 40_000 },
        ],
      }),
    );
    expect(building.assessment).toMatchObject({ eligible: true, aligned: true, splitIncomplete: false });
    await createTaxActivity(t, tk.user, taxActivityBody(year.id, amounts(450_000, 0, 0)));
    const d = await dashboard(2022);
    expect(d.kpis.turnover.eligible).toBeCloseTo(0.55, 12);
    expect(d.charts.turnover.eligible).toBe(550_000);
    expect(d.charts.turnover.eligibleByObjective).toMatchObject({ CCM: 510_000, CE: 40_000, CCA: 0 });
    expect(d.charts.turnover.byObjective).toMatchObject({ CCM: 510_000, CE: 40_000 });
    // The CE criteria of 2023/2486 section 3.1 are the building's own.
    const texts = await t.call({
      method: 'GET',
      url: '/api/tax/tax-eu-activities/2021-2139-7.1/criteria',
      token: tk.user,
    });
    expect(texts.statusCode, texts.body).toBe(200);
    expect(texts.json<List<{ id: string; criteria: string }>>()['hydra:member'].map((x) => x.id)).toEqual([
      '2021-2139-7.1_CCM',
      '2021-2139-7.1_CCA',
      '2023-2486-CE-3.1_CE',
    ]);
  });
});

describe('CapEx not split to a criterion', () => {
  it('stays eligible; the overview shows the split as incomplete', async () => {
    // CapEx 1,000,000: one activity with 950,000, split CCM 600,000 and CCA 320,000 (30,000 to
    // none). Eligible 950,000 = 95 % (not 92 %), aligned the CCM part 600,000 = 60 %.
    const year = await createTaxYear(t, tk.admin, {
      taxYear: 2023,
      totalTurnover: 0,
      totalCapex: 1_000_000,
      totalOpex: 0,
      minSafeguards: 16383,
    });
    const act = await createTaxActivity(
      t,
      tk.user,
      taxActivityBody(year.id, {
        ...amounts(0, 950_000, 0),
        activityCriteria: [
          { ...passedCriterion('CCM'), capex: 600_000 },
          { criterion: 'CCA', capex: 320_000 },
        ],
      }),
    );
    expect(act.assessment.splitIncomplete).toBe(true);
    const d = await dashboard(2023);
    expect(d.kpis.capex.eligible).toBeCloseTo(0.95, 12);
    expect(d.kpis.capex.conformShare).toBeCloseTo(0.6, 12);
    expect(d.charts.capex).toMatchObject({ eligible: 950_000, unsplit: 30_000, exceedsTotal: false });
    const rows = await t.call({
      method: 'GET',
      url: '/api/tax/tax-activity-overviews?years=2023',
      token: tk.user,
    });
    expect(rows.json<List<TaxOverviewRow>>()['hydra:member'][0].splitIncomplete).toBe(true);
  });
});

describe('activity amounts above the year’s total', () => {
  it('are refused until the year’s total is raised explicitly', async () => {
    // Turnover total 1,000,000; an activity of 1,500,000 would make the activity table 150 %.
    const year = await createTaxYear(t, tk.admin, {
      taxYear: 2024,
      totalTurnover: 1_000_000,
      totalCapex: 0,
      totalOpex: 0,
      minSafeguards: 16383,
    });
    const body = taxActivityBody(year.id, amounts(1_500_000, 0, 0));
    const refused = await send(tk.user, 'POST', '/api/tax/tax-activities', body);
    expect([refused.statusCode, refused.json()]).toEqual([
      422,
      {
        code: 50400,
        message: 'TaxActivityAmountsExceedYear',
        detail: { kind: 'turnover', taxYear: 2024, total: 1_000_000, sum: 1_500_000 },
      },
    ]);
    // The same through a change of an accepted activity.
    const act = await createTaxActivity(t, tk.user, taxActivityBody(year.id, amounts(600_000, 0, 0)));
    const grown = await send(tk.user, 'PATCH', `/api/tax/tax-activities/${act.id}`, { turnover: 1_200_000 });
    expect(grown.json()).toMatchObject({
      message: 'TaxActivityAmountsExceedYear',
      detail: { sum: 1_200_000 },
    });
    // Raising the year's total explicitly lets it in; lowering it below the activities is refused.
    const url = `/api/tax/tax-financial-years/${year.id}`;
    expect((await send(tk.admin, 'PATCH', url, { totalTurnover: 1_500_000 })).statusCode).toBe(200);
    const ok = await send(tk.user, 'PATCH', `/api/tax/tax-activities/${act.id}`, { turnover: 1_500_000 });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json<TaxActivity>().turnover).toBe(1_500_000);
    const lower = await send(tk.admin, 'PATCH', url, { totalTurnover: 1_000_000 });
    expect([lower.statusCode, lower.json()]).toEqual([
      422,
      {
        code: 50400,
        message: 'TaxYearTotalBelowActivities',
        detail: { kind: 'turnover', taxYear: 2024, total: 1_000_000, sum: 1_500_000 },
      },
    ]);
    expect((await dashboard(2024)).charts.turnover.exceedsTotal).toBe(false);
  });
});

describe('the rule set of a financial year (Delegated Regulation (EU) 2026/73)', () => {
  it('records it, checks its options and shows the year under both rule sets', async () => {
    // 2025 under 2026/73: turnover 10,000,000, CapEx 2,000,000, OpEx 400,000; not material turnover
    // 900,000 (9 %) and CapEx 150,000 (7.5 %); OpEx not material. One solar park (aligned)
    // 3,000,000 / 800,000 / 100,000. Hand-computed: 2021/2178 turnover eligible 30 %, non-eligible
    // 70 %; 2026/73 eligible 30 %, non-eligible (10 - 3 - 0.9) / 10 = 61 %, not material 9 %;
    // OpEx 25 % eligible under 2021/2178, not reported under 2026/73.
    const fields = {
      totalTurnover: 10_000_000,
      totalCapex: 2_000_000,
      totalOpex: 400_000,
      minSafeguards: 16383,
      notMaterialTurnover: 900_000,
      notMaterialCapex: 150_000,
      notMaterialNote: 'Kantine (Gastgewerbe): unter 10 %.',
      opexNotMaterial: true,
      opexNotMaterialReason: 'Dienstleister ohne nennenswerte Wartungsaufwendungen.',
    };
    const year = await createTaxYear(t, tk.admin, { taxYear: 2025, ...fields });
    expect(year).toMatchObject({ ruleSet: '2026/73', notMaterialTurnover: 900_000, opexNotMaterial: true });
    await createTaxActivity(t, tk.user, taxActivityBody(year.id, amounts(3_000_000, 800_000, 100_000)));
    const own = await dashboard(2025);
    expect(own.ruleSets).toEqual(['2026/73']);
    expect(own.charts.turnover).toMatchObject({ notMaterial: 900_000, ineligible: 6_100_000 });
    expect(own.charts.opex.notReported).toBe(true);
    const earlier = await t.call({
      method: 'GET',
      url: '/api/tax/tax-activity-dashboard-stats?years=2025&ruleSet=2021/2178',
      token: tk.user,
    });
    const old = earlier.json<TaxDashboardStats>();
    expect(old.ruleSets).toEqual(['2021/2178']);
    expect(old.charts.turnover).toMatchObject({ notMaterial: 0, ineligible: 7_000_000 });
    expect(old.kpis.opex.eligible).toBeCloseTo(0.25, 12);
    expect(old.charts.opex.notReported).toBe(false);
    // The not-material amounts are part of the total: 3,000,000 + 900,000 leave 6,100,000.
    const over = await send(
      tk.user,
      'POST',
      '/api/tax/tax-activities',
      taxActivityBody(year.id, { ...amounts(6_200_000, 0, 0), name: 'Zu groß' }),
    );
    expect(over.json()).toMatchObject({
      message: 'TaxActivityAmountsExceedYear',
      detail: { kind: 'turnover', sum: 10_100_000 },
    });
    // The year may go back to the earlier templates (2025 only) and keeps its options.
    const url = `/api/tax/tax-financial-years/${year.id}`;
    const back = await send(tk.admin, 'PATCH', url, { ruleSet: '2021/2178' });
    expect(back.json()).toMatchObject({ ruleSet: '2021/2178', notMaterialTurnover: 900_000 });
    // 10 % is material; OpEx not material needs its reason.
    const tenth = await send(tk.admin, 'PATCH', url, { notMaterialTurnover: 1_000_000 });
    expect(tenth.json()).toMatchObject({ message: 'TaxSimplificationInvalid', detail: { kind: 'turnover' } });
    const noReason = await send(tk.admin, 'PATCH', url, { opexNotMaterialReason: '' });
    expect(noReason.json()).toMatchObject({ message: 'TaxSimplificationInvalid' });
  });

  it('refuses a rule set the year may not follow', async () => {
    const res = await send(tk.admin, 'POST', '/api/tax/tax-financial-years', {
      taxYear: 2022,
      ruleSet: '2026/73',
    });
    // 2022 is before the simplification (checked before whether the year exists).
    expect(res.json()).toMatchObject({ message: 'TaxRuleSetNotForYear', detail: { taxYear: 2022 } });
    const year = await createTaxYear(t, tk.admin, { taxYear: 2026 });
    expect(year.ruleSet).toBe('2026/73');
    const res2 = await send(tk.admin, 'PATCH', `/api/tax/tax-financial-years/${year.id}`, {
      ruleSet: '2021/2178',
    });
    expect([res2.statusCode, res2.json()]).toEqual([
      422,
      {
        code: 50400,
        message: 'TaxRuleSetNotForYear',
        detail: { ruleSet: '2021/2178', taxYear: 2026 },
      },
    ]);
  });
});
