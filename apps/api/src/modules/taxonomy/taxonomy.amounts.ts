import { TAX_AMOUNT_KINDS, type TaxRuleSet } from '@klimadesk/contract';
import type * as repo from './taxonomy.repository.ts';
import type { RuleSetFields } from './taxonomy.rulesets.ts';

/** Amounts of the taxonomy: EUR on the wire, cents in the database, and a year's totals. */

/** EUR with two decimals on the wire, cents inside (seed 001 §9: rounded to two decimals). */
export const toCents = (eur: number) => Math.round(eur * 100);
export const toEur = (cents: number) => cents / 100;
/** Turnover, CapEx and OpEx (stored in cents) in EUR. */
export const amountsInEur = (x: { turnover: number; capex: number; opex: number }) => ({
  turnover: toEur(x.turnover),
  capex: toEur(x.capex),
  opex: toEur(x.opex),
});

/** A year's Article 8 denominators in EUR. */
export const yearTotals = (y: repo.YearRow) => ({
  totalTurnover: toEur(y.totalTurnover),
  totalCapex: toEur(y.totalCapex),
  totalOpex: toEur(y.totalOpex),
});

export const yearTotalOf = (y: repo.YearRow, kind: (typeof TAX_AMOUNT_KINDS)[number]) =>
  kind === 'turnover' ? y.totalTurnover : kind === 'capex' ? y.totalCapex : y.totalOpex;
/**
 * The stored not-material amount of a KPI: part of the year's total whatever the rule set, so the
 * totals hold both views of a year (2026/73 options are stored only for years that may follow it).
 */
export const notMaterialOf = (y: repo.YearRow, kind: (typeof TAX_AMOUNT_KINDS)[number]) =>
  kind === 'turnover' ? y.notMaterialTurnover : kind === 'capex' ? y.notMaterialCapex : y.notMaterialOpex;

/** The stored year's fields as `checkRuleSet` reads them. */
export const ruleSetFields = (
  y: Pick<
    repo.YearRow,
    | 'taxYear'
    | 'ruleSet'
    | 'totalTurnover'
    | 'totalCapex'
    | 'totalOpex'
    | 'notMaterialTurnover'
    | 'notMaterialCapex'
    | 'notMaterialOpex'
    | 'opexNotMaterial'
    | 'opexNotMaterialReason'
  >,
): RuleSetFields => ({
  taxYear: y.taxYear,
  ruleSet: y.ruleSet as TaxRuleSet,
  totals: { turnover: y.totalTurnover, capex: y.totalCapex, opex: y.totalOpex },
  notMaterial: { turnover: y.notMaterialTurnover, capex: y.notMaterialCapex, opex: y.notMaterialOpex },
  opexNotMaterial: y.opexNotMaterial,
  opexNotMaterialReason: y.opexNotMaterialReason,
});
