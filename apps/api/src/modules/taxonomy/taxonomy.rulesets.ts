import {
  TAX_AMOUNT_KINDS,
  TAX_MATERIALITY_THRESHOLD,
  TAX_SIMPLIFIED_FROM,
  TAX_SIMPLIFIED_ONLY_FROM,
  type TaxAmountKind,
  type TaxRuleSet,
} from '@klimadesk/contract';
import { AppError } from '../../platform/errors.ts';

/**
 * Which disclosure rules a financial year follows, and the options Delegated Regulation (EU)
 * 2026/73 (OJ L 2026/73, 8.1.2026, amending 2021/2178) adds: it applies from 1 January 2026; for
 * the financial year 2025 the undertaking may apply either the rules as amended or those applicable
 * until 31 December 2025, each in full. Under 2026/73 activities that together account for less
 * than 10 % of a KPI's total (each KPI on its own) are not material and need not be assessed; their
 * amount is disclosed with their sectors and the reason, and OpEx not material for the business
 * model may be left unassessed, its total disclosed with the reason.
 * Checked against the published text (OJ L 2026/73, 8.1.2026): Article 1(1) inserts paragraphs 1a
 * to 1d into Article 2 of 2021/2178; 1a lets non-financial undertakings refrain from assessing
 * whether activities are Taxonomy-eligible or -aligned where their cumulative turnover is below
 * 10 % of the turnover KPI's denominator (Annex I, 1.1.1), so those activities are neither A nor B
 * (`taxonomy.kpis.ts`: ineligible = total - eligible - not material).
 */

/** The rule set a new year gets without one chosen: the one that applies to it alone, 2026/73 for 2025. */
export const defaultRuleSet = (taxYear: number): TaxRuleSet =>
  taxYear >= TAX_SIMPLIFIED_FROM ? '2026/73' : '2021/2178';

/** Whether the rule set may be applied to the financial year. */
export const ruleSetApplies = (ruleSet: TaxRuleSet, taxYear: number) =>
  ruleSet === '2026/73' ? taxYear >= TAX_SIMPLIFIED_FROM : taxYear < TAX_SIMPLIFIED_ONLY_FROM;

/** A year's rule-set fields in cents, as stored. */
export type RuleSetFields = {
  taxYear: number;
  ruleSet: TaxRuleSet;
  totals: Record<TaxAmountKind, number>;
  notMaterial: Record<TaxAmountKind, number>;
  opexNotMaterial: boolean;
  opexNotMaterialReason: string | null;
};

/**
 * Refuses a rule set the year may not follow and 2026/73 options outside its bounds. `chosen`: the
 * rule set is being set now (a year stored before rule sets existed keeps its own until changed).
 */
export function checkRuleSet(y: RuleSetFields, chosen = true): void {
  if (chosen && !ruleSetApplies(y.ruleSet, y.taxYear))
    throw new AppError('TaxRuleSetNotForYear', { ruleSet: y.ruleSet, taxYear: y.taxYear });
  // The 2026/73 options are kept for a year that may follow it, whichever rule set it follows now,
  // so the year can be seen under both; before 2025 they do not exist.
  const given = TAX_AMOUNT_KINDS.some((k) => y.notMaterial[k] > 0) || y.opexNotMaterial;
  if (!given) return;
  if (!ruleSetApplies('2026/73', y.taxYear))
    throw new AppError('TaxSimplificationInvalid', { ruleSet: '2026/73', taxYear: y.taxYear });
  for (const kind of TAX_AMOUNT_KINDS) {
    const amount = y.notMaterial[kind];
    // Art. 2(1a) of 2021/2178 as inserted by 2026/73, "less than 10 %" of the denominator: exactly a tenth is material.
    if (amount > 0 && !(amount < TAX_MATERIALITY_THRESHOLD * y.totals[kind]))
      throw new AppError('TaxSimplificationInvalid', {
        kind,
        share: y.totals[kind] > 0 ? amount / y.totals[kind] : null,
      });
  }
  if (y.opexNotMaterial && !y.opexNotMaterialReason)
    throw new AppError('TaxSimplificationInvalid', { kind: 'opex', reason: 'missing' });
}
