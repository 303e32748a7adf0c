/**
 * The CSRD worked example (issue 21): the demo company's analysis (csrd.seed.ts) and the API tests
 * (apps/api/test/csrd.ts) rate these entries (plain data).
 *
 * A logistics company (NACE H) rates on a scale of 5 with threshold 3. Scores after ESRS 1 ch. 3
 * as csrd.scoring.ts computes them (likelihood = band / 5; bands 0-19, 20-39, 40-59, 60-79, 80-100):
 * 1. E1.2 climate change mitigation, potential negative impact: severity (4 + 5 + 3) / 3 = 4;
 *    probability 90 % → band 5 → 4 × 5/5 = 4 ≥ 3: material.
 * 2. S1.1.8 health and safety, actual positive impact: severity (3 + 2) / 2 = 2.5 (no likelihood)
 *    < 3: not material.
 * 3. E5.3 waste, risk: magnitude 4, probability 50 % → band 3 → 4 × 3/5 = 2.4 < 3: not material.
 * 4. G1.5 supplier relationships, opportunity: magnitude 5, probability 70 % → band 4 →
 *    5 × 4/5 = 4 ≥ 3: material.
 * So E1 and G1 are material; a report made from the analysis has ESRS 2 (always), E1 and G1 as
 * mandatory categories.
 */
export const MATERIALITY_EXAMPLE = {
  name: 'Wesentlichkeitsanalyse Spedition',
  scale: 5,
  scaleUpperLimit: 5,
  scaleNote: '1 = sehr gering, 5 = sehr hoch',
  threshold: 3,
  thresholdNote: 'Ab 3 wesentlich',
  reasons: 'Erstanwendung der ESRS',
  sectors: ['H'],
  scopes: ['ESRS', 'E', 'S', 'G'],
} as const;

export const MATERIALITY_ENTRIES = [
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
  {
    iro: 'S1.1.8',
    category: 'positive',
    actual: true,
    entryScale: 3,
    entryScope: 2,
    probability: 100,
    time: 'short',
  },
  { iro: 'E5.3', category: 'risk', entryScale: 4, probability: 50, time: 'long' },
  {
    iro: 'G1.5',
    category: 'opportunity',
    entryScale: 5,
    probability: 70,
    time: 'medium',
    note: 'Faire Zahlungsbedingungen',
  },
] as const;

/** Each entry's score (same order as above) and the topics' expected results. */
export const MATERIALITY_SCORES = [4, 2.5, 2.4, 4] as const;
export const MATERIAL_SCOPES = ['E1', 'G1'] as const;
export const MANDATORY_REPORT_SCOPES = ['ESRS 2', 'E1', 'G1'] as const;
