import { TAX_MIN_SAFEGUARDS_ALL, TAX_OBJECTIVES, type TaxObjective } from '@klimadesk/contract';
import type { DbOrTx } from '../../platform/db/index.ts';
import type { CompanyId } from '../../platform/tenant.ts';
import * as repo from './taxonomy.repository.ts';
import { defaultRuleSet } from './taxonomy.rulesets.ts';

type DemoCriterion = {
  criterion: TaxObjective;
  substantialContribution: boolean | null;
  failing?: TaxObjective[];
};

const EUR = 100;

/** The demo's activities (amounts in EUR): one aligned and finished, one with a failed DNSH check, one open. */
const DEMO_ACTIVITIES: {
  name: string;
  euActivity: string;
  naceCode: string;
  amounts: [number, number, number];
  status: 'open' | 'finished';
  criteria: DemoCriterion[];
}[] = [
  {
    name: 'Photovoltaik Dach Lager Hamburg',
    euActivity: '2021-2139-4.1',
    naceCode: 'D35.11',
    amounts: [1_200_000, 450_000, 60_000],
    status: 'finished',
    criteria: [{ criterion: 'CCM', substantialContribution: true }],
  },
  {
    name: 'Elektro-Transporter Stadtlogistik',
    euActivity: '2021-2139-6.5',
    naceCode: 'H49.39',
    amounts: [3_400_000, 900_000, 210_000],
    status: 'finished',
    criteria: [{ criterion: 'CCM', substantialContribution: true, failing: ['CE'] }],
  },
  {
    name: 'Bürogebäude Hafenstraße',
    euActivity: '2021-2139-7.7',
    naceCode: 'L68',
    amounts: [0, 1_100_000, 95_000],
    status: 'open',
    criteria: [{ criterion: 'CCM', substantialContribution: null }],
  },
];

/**
 * A financial year of the current year for the demo company with all minimum safeguards confirmed,
 * a tag and three activities, so the taxonomy's overview and dashboard show figures at once.
 */
export async function seedDemoTaxonomy(tx: DbOrTx, companyId: CompanyId, taxYear: number): Promise<void> {
  const year = await repo.insertYear(tx, {
    companyId,
    taxYear,
    totalTurnover: 48_000_000 * EUR,
    totalCapex: 6_500_000 * EUR,
    totalOpex: 2_400_000 * EUR,
    minSafeguards: TAX_MIN_SAFEGUARDS_ALL,
    ruleSet: defaultRuleSet(taxYear),
  });
  const tag = await repo.insertTag(tx, { companyId, value: 'Standort Hamburg', color: '#1f6f5c' });
  for (const a of DEMO_ACTIVITIES) {
    const row = await repo.insertActivity(tx, {
      companyId,
      financialYearId: year.id,
      name: a.name,
      naceCode: a.naceCode,
      euActivity: a.euActivity,
      turnover: a.amounts[0] * EUR,
      capex: a.amounts[1] * EUR,
      opex: a.amounts[2] * EUR,
      status: a.status,
      minSafeguards: a.status === 'finished',
    });
    await repo.setActivityTags(tx, companyId, row.id, [tag.id]);
    for (const c of a.criteria) {
      const crit = await repo.upsertCriterion(tx, companyId, row.id, {
        criterion: c.criterion,
        weight: TAX_OBJECTIVES.indexOf(c.criterion) + 1,
        substantialContribution: c.substantialContribution,
      });
      for (const o of TAX_OBJECTIVES.filter((x) => x !== c.criterion))
        await repo.upsertDnsh(tx, companyId, crit.id, {
          dnsh: o,
          weight: TAX_OBJECTIVES.indexOf(o) + 1,
          complies: c.substantialContribution === null ? null : !(c.failing ?? []).includes(o),
        });
    }
  }
}
