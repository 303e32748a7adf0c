import type { Language } from '@klimadesk/contract/constants';
import { toAmount } from '../../components/format.ts';

/**
 * The pure parts of the taxonomy screens: the wizard's steps and their addresses (seed 001 §2
 * `/taxonofy/activity/{id}/{subPage}/{critId}/dnsh/{dnshId}`), the amounts of seed 001 §9 and the
 * 14 minimum-safeguard flags of a financial year packed in one number (seed 001 §3, §9).
 */

export const TAX_BASE = '/taxonofy';

/** The sub pages of the activity wizard, in order; `criteria` also carries the assessments. */
export const SUB_PAGES = ['core', 'criteria', 'min-safeguards'] as const;
export type SubPage = (typeof SUB_PAGES)[number];

/** One step of the wizard: core data, criteria selection, a criterion's assessment, one of its DNSH checks, minimum safeguards. */
export type WizardStep =
  | { kind: 'core' }
  | { kind: 'criteria' }
  | { kind: 'crit'; critId: string }
  | { kind: 'dnsh'; critId: string; dnshId: string }
  | { kind: 'minSafe' };

/** A selected criterion with the DNSH checks it brings (the other objectives). */
export type SelectedCriterion = { id: string; dnsh: readonly string[] };

/** Every step of an activity with these criteria selected: core, selection, each criterion then its DNSH checks, minimum safeguards. */
export function wizardSteps(criteria: readonly SelectedCriterion[]): WizardStep[] {
  const steps: WizardStep[] = [{ kind: 'core' }, { kind: 'criteria' }];
  for (const c of criteria) {
    steps.push({ kind: 'crit', critId: c.id });
    for (const d of c.dnsh) steps.push({ kind: 'dnsh', critId: c.id, dnshId: d });
  }
  steps.push({ kind: 'minSafe' });
  return steps;
}

export function sameStep(a: WizardStep, b: WizardStep): boolean {
  return stepKey(a) === stepKey(b);
}

function stepKey(s: WizardStep): string {
  if (s.kind === 'crit') return `crit:${s.critId}`;
  if (s.kind === 'dnsh') return `dnsh:${s.critId}:${s.dnshId}`;
  return s.kind;
}

/** The step after (`+1`) or before (`-1`) the current one, or null at either end or when the current step is not in the list. */
export function neighbourStep(
  steps: readonly WizardStep[],
  current: WizardStep,
  dir: 1 | -1,
): WizardStep | null {
  const i = steps.findIndex((s) => sameStep(s, current));
  if (i < 0) return null;
  return steps[i + dir] ?? null;
}

/** The address of a step; a new activity has only the core data and the selection (it is saved from there). */
export function stepPath(activityId: string | 'new', step: WizardStep): string {
  const base = `${TAX_BASE}/activity/${activityId}`;
  switch (step.kind) {
    case 'core':
      return `${base}/core`;
    case 'criteria':
      return `${base}/criteria`;
    case 'crit':
      return `${base}/criteria/${encodeURIComponent(step.critId)}`;
    case 'dnsh':
      return `${base}/criteria/${encodeURIComponent(step.critId)}/dnsh/${encodeURIComponent(step.dnshId)}`;
    case 'minSafe':
      return `${base}/min-safeguards`;
  }
}

/** The step the route's parameters name, or null for an unknown sub page. */
export function stepOf(params: { subPage?: string; critId?: string; dnshId?: string }): WizardStep | null {
  const { subPage, critId, dnshId } = params;
  if (subPage === 'core' && !critId) return { kind: 'core' };
  if (subPage === 'min-safeguards' && !critId) return { kind: 'minSafe' };
  if (subPage !== 'criteria') return null;
  if (!critId) return { kind: 'criteria' };
  if (dnshId) return { kind: 'dnsh', critId, dnshId };
  return { kind: 'crit', critId };
}

/** Whether a sub page is valid in the address of a new activity (it is saved from the selection). */
export function isNewActivityStep(step: WizardStep): boolean {
  return step.kind === 'core' || step.kind === 'criteria';
}

/**
 * Why the wizard may not leave the criteria selection: the EU activity must be chosen first and
 * at least one criterion selected (seed 001 §5).
 */
export function selectionProblem(
  euActivity: string | null | undefined,
  selected: readonly string[],
): 'euActivityFirst' | 'atLeastOneCriterion' | null {
  if (!euActivity) return 'euActivityFirst';
  if (selected.length === 0) return 'atLeastOneCriterion';
  return null;
}

/**
 * The criteria a change of the selection removes, of those that are saved: each of them loses its
 * assessment, DNSH checks and files, so the screen asks first (seed 001 §4).
 */
export function removedCriteria(saved: readonly string[], selected: readonly string[]): string[] {
  return saved.filter((id) => !selected.includes(id));
}

/** The minimum safeguards of a financial year: 14 flags (seed 001 §9). */
export const MIN_SAFEGUARD_FLAGS = 14;

/** Packs the 14 flags into one number: flag i is bit i (flag 0 the lowest bit). */
export function packFlags(flags: readonly boolean[]): number {
  let n = 0;
  for (let i = 0; i < MIN_SAFEGUARD_FLAGS; i++) if (flags[i]) n |= 1 << i;
  return n;
}

/** The 14 flags of a packed number (bits above the 14th are ignored). */
export function unpackFlags(packed: number): boolean[] {
  return Array.from({ length: MIN_SAFEGUARD_FLAGS }, (_, i) => (packed & (1 << i)) !== 0);
}

/** The activity keeps the 14 checks as one boolean: met when every one is met (seed 001 §3). */
export function collapseFlags(flags: readonly boolean[]): boolean {
  return flags.length === MIN_SAFEGUARD_FLAGS && flags.every(Boolean);
}

/**
 * A typed amount in EUR as the API takes it: German `1.234,56`, English `1,234.56`, rounded to
 * two decimals, never negative, non-numbers 0 (seed 001 §9; `toAmount` of format.ts).
 */
export function taxAmount(text: string, lang: Language): number {
  return toAmount(text, lang);
}

/** An amount in EUR as an input shows it (two decimals, grouped the language's way). */
export function amountText(value: number | null | undefined, lang: Language): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '';
  return new Intl.NumberFormat(lang === 'de' ? 'de-DE' : 'en-US', {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }).format(value);
}

/** A share 0..1 as a percentage with up to two decimals (seed 001 §9): `12,5 %` / `12.5%`. */
export function formatShare(share: number | null | undefined, lang: Language): string {
  if (share === null || share === undefined || !Number.isFinite(share)) return '–';
  return new Intl.NumberFormat(lang === 'de' ? 'de-DE' : 'en-US', {
    style: 'percent',
    maximumFractionDigits: 2,
  }).format(share);
}

/** Whole days from `today` until the demo's last day, counting that day (0 once it has passed). */
export function demoDaysLeft(end: string | null, today: Date): number {
  if (!end) return 0;
  const last = Date.UTC(Number(end.slice(0, 4)), Number(end.slice(5, 7)) - 1, Number(end.slice(8, 10)));
  const now = Date.UTC(today.getFullYear(), today.getMonth(), today.getDate());
  const days = Math.round((last - now) / 86_400_000) + 1;
  return Math.max(0, days);
}

/**
 * The criteria list of an activity's PATCH with one criterion changed: the list is complete (a
 * criterion left out is removed with its data, seed 001 §4), the others are named only, so they
 * keep their answers.
 */
export function criteriaWith<C extends string, X extends object>(
  criteria: readonly { criterion: C }[],
  target: C,
  change: X,
): ({ criterion: C } | ({ criterion: C } & X))[] {
  return criteria.map((c) =>
    c.criterion === target ? { criterion: c.criterion, ...change } : { criterion: c.criterion },
  );
}

/** The help text key of a step (seed 001 §3 help keys: core, critCCM … dnshBIO, minSafe). */
export function helpKeyOf(step: WizardStep): string | null {
  switch (step.kind) {
    case 'core':
      return 'core';
    case 'crit':
      return `crit${step.critId}`;
    case 'dnsh':
      return `dnsh${step.dnshId}`;
    case 'minSafe':
      return 'minSafe';
    default:
      return null;
  }
}
