import type { DbOrTx } from '../../platform/db/index.ts';
import type { CompanyId } from '../../platform/tenant.ts';
import * as repo from './csrd.repository.ts';
import { topicResults } from './csrd.scoring.ts';
import { MATTER_BY_ID } from './csrd.catalogue.ts';
import { CSRD_SCOPES, type CsrdScopeCode, type IroCategory } from '@klimadesk/contract';
import { initialCategories } from './csrd.service.ts';

/** The demo company's IRO ratings: scale 5, threshold 3; E1 and G1 come out material (see csrd.scoring.ts). */
const DEMO_ENTRIES = [
  // (4 + 5 + 3) / 3 = 4, 90 % → band 5: 4.
  {
    iro: 'E1.2',
    category: 'negative',
    actual: false,
    entryScale: 4,
    entryScope: 5,
    remediability: 3,
    probability: 90,
    time: 'medium',
    note: 'Diesel-Lkw-Flotte',
  },
  // Actual positive impact: (3 + 2) / 2 = 2.5.
  {
    iro: 'S1.1.8',
    category: 'positive',
    actual: true,
    entryScale: 3,
    entryScope: 2,
    remediability: null,
    probability: 100,
    time: 'short',
    note: null,
  },
  // 4 × band 3 / 5 = 2.4.
  {
    iro: 'E5.3',
    category: 'risk',
    actual: false,
    entryScale: 4,
    entryScope: null,
    remediability: null,
    probability: 50,
    time: 'long',
    note: null,
  },
  // 5 × band 4 / 5 = 4.
  {
    iro: 'G1.5',
    category: 'opportunity',
    actual: false,
    entryScale: 5,
    entryScope: null,
    remediability: null,
    probability: 70,
    time: 'medium',
    note: 'Faire Zahlungsbedingungen',
  },
] as const;

/**
 * The demo company's CSRD data: one materiality analysis with four IRO entries and the report of
 * `year` made from it (ESRS 2, E1 and G1 mandatory, S1 chosen), with the E1 climate figures filled.
 */
export async function seedDemoCsrd(db: DbOrTx, companyId: CompanyId, year: number): Promise<void> {
  const analysis = await repo.insertAnalysis(db, {
    companyId,
    name: `Wesentlichkeitsanalyse ${year}`,
    scale: 5,
    scaleUpperLimit: 5,
    scaleNote: '1 = sehr gering, 5 = sehr hoch',
    threshold: 3,
    thresholdNote: 'Ab 3 wesentlich',
    reasons: 'Erstanwendung der ESRS für das Geschäftsjahr',
    sectors: ['H'],
    scopes: ['ESRS', 'E', 'S', 'G'],
  });
  for (const e of DEMO_ENTRIES)
    await repo.insertEntry(db, { companyId, materialityAnalysisId: analysis.id, ...e });
  const scored = DEMO_ENTRIES.map((e) => ({
    ...e,
    category: e.category as IroCategory,
    scope: MATTER_BY_ID.get(e.iro)!.scope as CsrdScopeCode,
  }));
  const results = topicResults(scored, 5, 3);
  const mandatory = initialCategories(results);
  const report = await repo.insertReport(db, {
    companyId,
    year,
    materialityAnalysisId: analysis.id,
    materialityAnalysisName: analysis.name,
    categories: [...mandatory, { id: 'S1' as const, mandatory: false }].sort(
      (a, b) => CSRD_SCOPES.indexOf(a.id) - CSRD_SCOPES.indexOf(b.id),
    ),
    statuses: { E1: 'progress' },
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
    indicator: 'E1-6',
    unit: 'tCO2e',
    numericValue: 1_234.5,
  });
  await repo.insertValue(db, {
    companyId,
    scopeEntryId: e1.id,
    indicator: 'E1-1',
    textValue: 'Umstellung der Fernverkehrsflotte auf HVO und E-Lkw bis 2030.',
  });
}
