import type { Language } from '@klimadesk/contract';
import type { CsrdCfcFigures } from '@klimadesk/contract/csrd/schemas';
import { formatFigure } from '../../components/format.ts';
import { typedNumber, type ValueDraft } from './reportDrafts.ts';

/** The disclosure requirement of gross scope 1, 2, 3 and total GHG emissions (ESRS E1-6). */
export const E1_6 = 'E1-6';

export type TakeOverLabels = {
  scope: string;
  value: string;
  scope1: string;
  scope2Location: string;
  scope2Market: string;
  scope3: string;
  total: string;
  note: string;
};

/**
 * The E1-6 value filled from the carbon footprint's figures (kg CO2e): the total as the number in
 * t CO2e, the scopes as a table (ESRS E1 §44: scope 2 location- and market-based), the note as text
 * unless a text is already there. The table is text, so its cells are rounded to whole kg (3 decimals).
 */
export function cfcTakeOverDraft(
  figures: NonNullable<CsrdCfcFigures['figures']>,
  current: ValueDraft,
  labels: TakeOverLabels,
  lang: Language,
): ValueDraft {
  const t = (kg: number) => kg / 1000;
  const cell = (kg: number) => formatFigure(t(kg), lang, 3);
  return {
    unit: 'tCO2e',
    numeric: typedNumber(t(figures.totalKg), lang),
    text: current.text.trim() ? current.text : labels.note,
    table: [
      [labels.scope, labels.value],
      [labels.scope1, cell(figures.scope1Kg)],
      [labels.scope2Location, cell(figures.scope2LocationBasedKg)],
      [labels.scope2Market, cell(figures.scope2MarketBasedKg)],
      [labels.scope3, cell(figures.scope3Kg)],
      [labels.total, cell(figures.totalKg)],
    ],
  };
}
