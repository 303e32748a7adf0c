import type { MaterialityAnalysis } from '@klimadesk/contract/csrd/schemas';

/** A materiality analysis as the server sends it (component tests), with the fields a test sets. */
export const materialityAnalysisFixture = (
  fields: Partial<MaterialityAnalysis> = {},
): MaterialityAnalysis => ({
  id: '11111111-1111-4111-8111-111111111111',
  name: 'Analyse',
  scale: 5,
  scaleNote: null,
  scaleUpperLimit: 5,
  threshold: 3,
  thresholdNote: null,
  financialThreshold: null,
  severityFormula: 'mean',
  irremediabilityWeight: 1,
  reasons: null,
  sectors: [],
  scopes: ['ESRS', 'E', 'S', 'G'],
  iroEntryCount: 0,
  results: [],
  deletedAt: null,
  createdAt: '2026-11-01T08:00:00.000Z',
  updatedAt: '2026-11-01T08:00:00.000Z',
  ...fields,
});
