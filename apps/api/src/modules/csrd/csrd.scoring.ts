import {
  type CsrdScopeCode,
  type IroCategory,
  type SeverityFormula,
  CSRD_SCOPES,
  HUMAN_RIGHTS_SCOPES,
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
  /** The ESRS topic; decides whether a negative impact is a human-rights impact. */
  scope?: CsrdScopeCode;
};

/** The rules an analysis scores by, documented in it and disclosed under ESRS 2 IRO-1 (§53). */
export type ScoringRules = {
  scale: number;
  /** Impact materiality threshold. */
  impactThreshold: number;
  /** Financial materiality threshold; the two may differ (EFRAG IG 1: each perspective its own). */
  financialThreshold: number;
  severityFormula: SeverityFormula;
  /** Weight of the irremediable character in the mean (1 = equal to scale and scope). */
  irremediabilityWeight: number;
};

/** The rules of an analysis row: one threshold for both perspectives unless a financial one is set. */
export function rulesOf(a: {
  scale: number;
  threshold: number;
  financialThreshold?: number | null;
  severityFormula?: string | null;
  irremediabilityWeight?: number | null;
}): ScoringRules {
  return {
    scale: a.scale,
    impactThreshold: a.threshold,
    financialThreshold: a.financialThreshold ?? a.threshold,
    severityFormula: (a.severityFormula as SeverityFormula | null) ?? 'mean',
    irremediabilityWeight: a.irremediabilityWeight ?? 1,
  };
}

/**
 * Likelihood 0 … 1: the probability band over the scale (a certain event counts fully); 0 % is no
 * likelihood at all, not the lowest band (an event that cannot happen adds nothing).
 */
export function likelihoodOf(probability: number, scale: number): number {
  return probability <= 0 ? 0 : probabilityBand(probability, scale) / scale;
}

/**
 * Severity of an impact on the analysis's scale (ESRS 1 §45-§46, AR 10): negative impacts by scale,
 * scope and irremediable character, positive ones by scale and scope. `mean` weighs the
 * irremediable character by the analysis's weight; `max` takes the highest criterion, since any
 * one of them can make an impact severe (EFRAG IG 1).
 */
export function severityOf(e: ScoredInput, rules: ScoringRules): number {
  const scope = e.entryScope ?? 0;
  if (e.category !== 'negative')
    return rules.severityFormula === 'max' ? Math.max(e.entryScale, scope) : (e.entryScale + scope) / 2;
  const irremediable = e.remediability ?? 0;
  if (rules.severityFormula === 'max') return Math.max(e.entryScale, scope, irremediable);
  const w = rules.irremediabilityWeight;
  return (e.entryScale + scope + w * irremediable) / (2 + w);
}

export const isImpact = (c: IroCategory) => c === 'negative' || c === 'positive';

/** A negative impact on people in the social standards: a human-rights impact (ESRS 1 §45). */
export const isHumanRightsImpact = (e: Pick<ScoredInput, 'category' | 'scope'>) =>
  e.category === 'negative' && !!e.scope && HUMAN_RIGHTS_SCOPES.includes(e.scope);

/**
 * The score of one IRO entry on the analysis's scale (0 … scale), after ESRS 1 chapter 3
 * (Delegated Regulation (EU) 2023/2772, Annex I):
 * - impact materiality (§43-§46): an actual impact scores its severity, a potential one severity ×
 *   likelihood (§45(b), §46(b)); for a potential negative human-rights impact severity takes
 *   precedence over likelihood (§45, last sentence): it scores its severity whenever it can occur.
 * - financial materiality (§49, AR 13): magnitude (entryScale) × likelihood.
 * Rounded to 4 decimals, so that a score equal to the threshold on paper is equal here too.
 */
export function entryScore(e: ScoredInput, rules: ScoringRules): number {
  const likelihood = likelihoodOf(e.probability, rules.scale);
  let score: number;
  if (!isImpact(e.category)) score = e.entryScale * likelihood;
  else {
    const severity = severityOf(e, rules);
    if (e.actual) score = severity;
    else if (isHumanRightsImpact(e)) score = likelihood > 0 ? severity : 0;
    else score = severity * likelihood;
  }
  return Math.round(score * 10_000) / 10_000;
}

/** The threshold an entry's category is measured against. */
export const thresholdOf = (c: IroCategory, rules: ScoringRules) =>
  isImpact(c) ? rules.impactThreshold : rules.financialThreshold;

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

/** The highest impact and financial scores of some entries, and whether either reaches its threshold. */
function bestOf(list: readonly ScoredInput[], rules: ScoringRules) {
  const max = (part: readonly ScoredInput[]) =>
    part.length ? Math.max(...part.map((e) => entryScore(e, rules))) : null;
  const impactScore = max(list.filter((e) => isImpact(e.category)));
  const financialScore = max(list.filter((e) => !isImpact(e.category)));
  return {
    impactScore,
    financialScore,
    material:
      (impactScore !== null && isMaterial(impactScore, rules.impactThreshold)) ||
      (financialScore !== null && isMaterial(financialScore, rules.financialThreshold)),
  };
}

/** The double materiality of each topic: its highest impact and financial scores, in ESRS order. */
export function topicResults(
  entries: readonly (ScoredInput & { scope: CsrdScopeCode })[],
  rules: ScoringRules,
): TopicScore[] {
  const out: TopicScore[] = [];
  for (const scope of CSRD_SCOPES) {
    const mine = entries.filter((e) => e.scope === scope);
    if (!mine.length) continue;
    out.push({ scope, category: categoryOfScope(scope), ...bestOf(mine, rules), entryCount: mine.length });
  }
  return out;
}

export type MatterScore = {
  /** AR 16 id or custom IRO id. */
  iro: string;
  scope: CsrdScopeCode;
  custom: boolean;
  impactScore: number | null;
  financialScore: number | null;
  material: boolean;
};

/**
 * The double materiality of each assessed matter, measured like a topic's (ESRS 1 §28: a matter is
 * material by impact or financial materiality), in the order given (AR 16 order, custom IROs last).
 */
export function matterResults(
  entries: readonly (ScoredInput & { scope: CsrdScopeCode; iro: string; custom: boolean })[],
  rules: ScoringRules,
): MatterScore[] {
  const keys = [...new Set(entries.map((e) => e.iro))];
  return keys.map((iro) => {
    const mine = entries.filter((e) => e.iro === iro);
    return { iro, scope: mine[0].scope, custom: mine[0].custom, ...bestOf(mine, rules) };
  });
}
