import {
  type CsrdScopeCode,
  type IroCategory,
  CSRD_SCOPES,
  categoryOfScope,
  probabilityBand,
} from '@klimadesk/contract';

/** What the scoring reads of an IRO entry. */
export type ScoredInput = {
  category: IroCategory;
  actual: boolean;
  entryScale: number;
  entryScope: number | null;
  remediability: number | null;
  probability: number;
};

/**
 * The score of one IRO entry on the analysis's scale (0 … scale), after ESRS 1 chapter 3
 * (Delegated Regulation (EU) 2023/2772, Annex I):
 * - impact materiality (§43-§46, AR 9-AR 11): severity from scale, scope and the irremediable
 *   character, the last for negative impacts only (§45(a)); positive impacts by scale and scope
 *   (§46). ESRS gives no formula: we take the mean of the ratings, so severity stays on the scale:
 *   negative: (scale + scope + remediability) / 3; positive: (scale + scope) / 2.
 *   An actual impact scores its severity; a potential one severity × likelihood (§45(b)).
 * - financial materiality (§49, AR 13): magnitude (entryScale) × likelihood.
 * - likelihood = probability band / scale, the band being the equal cut of 0-100 % into `scale`
 *   bands (probabilityBand: scale 3 → 0-33, 34-66, 67-100), so a certain event counts fully.
 * Rounded to 4 decimals, so that a score equal to the threshold on paper is equal here too.
 */
export function entryScore(e: ScoredInput, scale: number): number {
  const likelihood = probabilityBand(e.probability, scale) / scale;
  let score: number;
  if (e.category === 'risk' || e.category === 'opportunity') score = e.entryScale * likelihood;
  else {
    const ratings =
      e.category === 'negative'
        ? [e.entryScale, e.entryScope ?? 0, e.remediability ?? 0]
        : [e.entryScale, e.entryScope ?? 0];
    const severity = ratings.reduce((a, b) => a + b, 0) / ratings.length;
    score = e.actual ? severity : severity * likelihood;
  }
  return Math.round(score * 10_000) / 10_000;
}

export const isImpact = (c: IroCategory) => c === 'negative' || c === 'positive';

/** A topic is material when one of its entries reaches the threshold (ESRS 1 §37: either dimension suffices). */
export const isMaterial = (score: number, threshold: number) => score >= threshold;

export type TopicScore = {
  scope: CsrdScopeCode;
  category: ReturnType<typeof categoryOfScope>;
  impactScore: number | null;
  financialScore: number | null;
  material: boolean;
  entryCount: number;
};

/** The double materiality of each topic: its highest impact and financial scores, in ESRS order. */
export function topicResults(
  entries: readonly (ScoredInput & { scope: CsrdScopeCode })[],
  scale: number,
  threshold: number,
): TopicScore[] {
  const out: TopicScore[] = [];
  for (const scope of CSRD_SCOPES) {
    const mine = entries.filter((e) => e.scope === scope);
    if (!mine.length) continue;
    const max = (list: typeof mine) =>
      list.length ? Math.max(...list.map((e) => entryScore(e, scale))) : null;
    const impactScore = max(mine.filter((e) => isImpact(e.category)));
    const financialScore = max(mine.filter((e) => !isImpact(e.category)));
    out.push({
      scope,
      category: categoryOfScope(scope),
      impactScore,
      financialScore,
      material:
        (impactScore !== null && isMaterial(impactScore, threshold)) ||
        (financialScore !== null && isMaterial(financialScore, threshold)),
      entryCount: mine.length,
    });
  }
  return out;
}
