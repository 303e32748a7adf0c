import type { TaxObjective } from '@klimadesk/contract/taxonomy/schemas';
import type { Amounts } from './ActivityWizardParts.tsx';

/** The core data of an activity as typed (amounts as text in the user's format). */
export type CoreDraft = Amounts & {
  name: string;
  yearId: string;
  euActivity: string | null;
  naceCode: string;
  tags: string[];
};

export const EMPTY_CORE: CoreDraft = {
  name: '',
  yearId: '',
  euActivity: null,
  naceCode: '',
  turnover: '',
  capex: '',
  opex: '',
  tags: [],
};

/**
 * A new activity's entries while the user moves between core data and selection (it is saved
 * from there); kept outside the steps, which mount afresh on every step change.
 */
export const newDraft: { core: CoreDraft; criteria: TaxObjective[] } = { core: EMPTY_CORE, criteria: [] };

/** Forgets the new activity's entries once it is saved. */
export function resetNewDraft(): void {
  newDraft.core = EMPTY_CORE;
  newDraft.criteria = [];
}
