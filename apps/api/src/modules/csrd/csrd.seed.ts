import type { DbOrTx } from '../../platform/db/index.ts';
import type { CompanyId } from '../../platform/tenant.ts';
import * as repo from './csrd.repository.ts';
import { matterResults, rulesOf, topicResults } from './csrd.scoring.ts';
import { MATTER_BY_ID } from './csrd.catalogue.ts';
import { CSRD_SCOPES, type CsrdScopeCode, type IroCategory } from '@klimadesk/contract';
import { initialCategories } from './csrd.applicability.ts';
import { MATERIALITY_ENTRIES, MATERIALITY_EXAMPLE } from './csrd.example.ts';

/** The demo company's IRO ratings: the worked example, E1 and G1 come out material. */
const DEMO_ENTRIES = MATERIALITY_ENTRIES.map((e) => ({
  actual: false,
  entryScope: null,
  remediability: null,
  note: null,
  ...e,
}));

/**
 * The demo company's CSRD data: one materiality analysis with four IRO entries and the report of
 * `year` made from it (ESRS 2, E1 and G1 mandatory, S1 chosen), with E1-5 and E1-1 filled. E1-6 is
 * not entered: it comes from the carbon footprint of the same year, so the two agree.
 */
export async function seedDemoCsrd(db: DbOrTx, companyId: CompanyId, year: number): Promise<void> {
  const analysis = await repo.insertAnalysis(db, {
    companyId,
    ...MATERIALITY_EXAMPLE,
    name: `Wesentlichkeitsanalyse ${year}`,
    reasons: 'Erstanwendung der ESRS für das Geschäftsjahr',
    sectors: [...MATERIALITY_EXAMPLE.sectors],
    scopes: [...MATERIALITY_EXAMPLE.scopes],
  });
  for (const e of DEMO_ENTRIES)
    await repo.insertEntry(db, { companyId, materialityAnalysisId: analysis.id, ...e });
  const scored = DEMO_ENTRIES.map((e) => ({
    ...e,
    category: e.category as IroCategory,
    scope: MATTER_BY_ID.get(e.iro)!.scope as CsrdScopeCode,
    custom: false,
  }));
  const rules = rulesOf(MATERIALITY_EXAMPLE);
  const mandatory = initialCategories(topicResults(scored, rules), matterResults(scored, rules));
  const report = await repo.insertReport(db, {
    companyId,
    year,
    materialityAnalysisId: analysis.id,
    materialityAnalysisName: analysis.name,
    categories: [...mandatory, { id: 'S1' as const, mandatory: false, disclosureRequirements: null }].sort(
      (a, b) => CSRD_SCOPES.indexOf(a.id) - CSRD_SCOPES.indexOf(b.id),
    ),
    statuses: { E1: 'progress' },
    // A large undertaking (420 employees, EUR 68 million net revenue, EUR 31 million balance sheet
    // total), not public-interest: wave 2, which reports from 2027 after the stop-the-clock directive.
    employees: 420,
    netRevenueCents: 68_000_000_00,
    balanceSheetCents: 31_000_000_00,
    isPublicInterest: false,
  });
  if (!report) return;
  const e1 = await repo.insertScopeEntry(db, {
    companyId,
    reportId: report.id,
    scope: 'E1',
    status: 'progress',
    note: 'Daten aus der Tankkartenabrechnung',
  });
  if (!e1) return;
  await repo.insertValue(db, {
    companyId,
    scopeEntryId: e1.id,
    indicator: 'E1-5',
    unit: 'MWh',
    numericValue: 4_850,
  });
  await repo.insertValue(db, {
    companyId,
    scopeEntryId: e1.id,
    indicator: 'E1-1',
    textValue: 'Umstellung der Fernverkehrsflotte auf HVO und E-Lkw bis 2030.',
  });
}
