import type { TaxActivity, TaxActivityBody, TaxFinancialYear, TaxObjective } from '@klimadesk/contract';
import type { CompanyFixture, TestApp } from './harness.ts';

/**
 * The KPI worked example of issue 20, made through the API (tax admin makes the year, tax user the
 * activities), for the taxonomy's API, export and e2e tests.
 *
 * Financial year: turnover 10,000,000 EUR, CapEx 2,000,000, OpEx 1,000,000; all 14 minimum-safeguard
 * flags set (16383). Three finished activities:
 * - aligned:     solar PV (4.1), CCM passed, all five DNSH comply: 3,000,000 / 800,000 / 200,000
 * - dnshFails:   cars and vans (6.5), CCM passed, DNSH WTR fails:  2,000,000 / 500,000 / 300,000
 * - notEligible: buildings (7.7), criterion BIO (not an objective of 7.7): 1,500,000 / 100,000 / 50,000
 * Eligible = aligned + dnshFails: turnover 5,000,000 / 10,000,000 = 50 %; CapEx 1,300,000 / 2,000,000
 * = 65 %; OpEx 500,000 / 1,000,000 = 50 %.
 * Aligned = aligned only: turnover 3,000,000 / 10,000,000 = 30 %; CapEx 800,000 / 2,000,000 = 40 %;
 * OpEx 200,000 / 1,000,000 = 20 %.
 */
export const TAX_WORKED_EXAMPLE = {
  taxYear: 2024,
  totals: { turnover: 10_000_000, capex: 2_000_000, opex: 1_000_000 },
  eligible: { turnover: 5_000_000, capex: 1_300_000, opex: 500_000 },
  aligned: { turnover: 3_000_000, capex: 800_000, opex: 200_000 },
  eligibleShare: { turnover: 0.5, capex: 0.65, opex: 0.5 },
  alignedShare: { turnover: 0.3, capex: 0.4, opex: 0.2 },
} as const;

const OBJECTIVES: TaxObjective[] = ['CCM', 'CCA', 'WTR', 'CE', 'PPC', 'BIO'];

/** A criterion with its substantial contribution passed and every DNSH check complying but `failing`. */
export function passedCriterion(criterion: TaxObjective, failing: TaxObjective[] = []) {
  return {
    criterion,
    substantialContribution: true,
    dnshActivityCriteria: OBJECTIVES.filter((o) => o !== criterion).map((dnsh) => ({
      dnsh,
      complies: !failing.includes(dnsh),
    })),
  };
}

export const taxActivityBody = (year: string, over: Partial<TaxActivityBody> = {}): TaxActivityBody => ({
  euActivity: '2021-2139-4.1',
  year,
  name: 'Solarpark Nord',
  naceCode: 'D35.11',
  turnover: 3_000_000,
  capex: 800_000,
  opex: 200_000,
  status: 'finished',
  minSafeguards: true,
  activityCriteria: [passedCriterion('CCM')],
  ...over,
});

async function expectCreated<T>(
  res: { statusCode: number; body: string; json: () => unknown },
  what: string,
) {
  if (res.statusCode !== 201) throw new Error(`${what}: ${res.statusCode} ${res.body}`);
  return res.json() as T;
}

/**
 * A financial year; without totals in `body` its totals are 1,000,000,000 EUR each, room for the
 * activities tests add (a year's activities never add up to more than its totals).
 */
export async function createTaxYear(
  t: TestApp,
  token: string,
  body: Record<string, unknown> = {},
): Promise<TaxFinancialYear> {
  const res = await t.call({
    method: 'POST',
    url: '/api/tax/tax-financial-years',
    token,
    payload: {
      taxYear: TAX_WORKED_EXAMPLE.taxYear,
      totalTurnover: 1e9,
      totalCapex: 1e9,
      totalOpex: 1e9,
      ...body,
    },
  });
  return expectCreated<TaxFinancialYear>(res, 'financial year');
}

export async function createTaxActivity(
  t: TestApp,
  token: string,
  body: TaxActivityBody,
): Promise<TaxActivity> {
  const res = await t.call({ method: 'POST', url: '/api/tax/tax-activities', token, payload: body });
  return expectCreated<TaxActivity>(res, 'activity');
}

/** Makes the worked example in the company; answers the year and the three activities. */
export async function createTaxWorkedExample(
  t: TestApp,
  company: CompanyFixture,
  taxYear = TAX_WORKED_EXAMPLE.taxYear,
) {
  const admin = await t.login(company.users.admin.email);
  const user = await t.login(company.users.user.email);
  const year = await createTaxYear(t, admin, {
    taxYear,
    totalTurnover: TAX_WORKED_EXAMPLE.totals.turnover,
    totalCapex: TAX_WORKED_EXAMPLE.totals.capex,
    totalOpex: TAX_WORKED_EXAMPLE.totals.opex,
    minSafeguards: 16383,
  });
  const aligned = await createTaxActivity(t, user, taxActivityBody(year.id));
  const dnshFails = await createTaxActivity(
    t,
    user,
    taxActivityBody(year.id, {
      euActivity: '2021-2139-6.5',
      name: 'Fuhrpark',
      naceCode: 'H49.39',
      turnover: 2_000_000,
      capex: 500_000,
      opex: 300_000,
      activityCriteria: [passedCriterion('CCM', ['WTR'])],
    }),
  );
  const notEligible = await createTaxActivity(
    t,
    user,
    taxActivityBody(year.id, {
      euActivity: '2021-2139-7.7',
      name: 'Bürogebäude',
      naceCode: 'L68',
      turnover: 1_500_000,
      capex: 100_000,
      opex: 50_000,
      activityCriteria: [passedCriterion('BIO')],
    }),
  );
  return { year, aligned, dnshFails, notEligible };
}
