import type { z } from 'zod';
import type { TaxObjective, TaxText, taxonomyCatalogueSchemas as c } from '@klimadesk/contract';
import { type Actor, isPlatformAdmin } from '../../platform/access.ts';
import type { AppContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import {
  type DnshCriterion,
  HELP_KEYS,
  type HelpKey,
  type Lang,
  activityCriteriaSets,
  appendicesIn,
  criteriaOf,
  criteriaSet,
  dnshCriterion,
  dnshOf,
  euActivities,
  editionLabel,
  euActivity,
  helpKeys,
} from './taxonomy.catalogue.ts';
import type { CatalogueCriteriaSet } from './taxonomy.catalogue.data.ts';
import { type TextKind, type TextRow, textRows, upsertText } from './taxonomy.texts.repository.ts';

/**
 * The tax texts (seed 001 §3 Tax text, §7): the acts' substantial-contribution and DNSH texts and
 * the help texts, each overridable per language by platform admins (seed 001 §6). The sources are
 * English; German exists once the provider writes it, and the request language falls back to English.
 */

export type TaxHelpText = z.infer<typeof c.taxHelpText>;
type PatchBody = z.output<typeof c.taxTextPatchBody>;

/** An empty text clears the override (the default shows again); absent keeps it. */
const patchValue = (v: string | undefined): string | null | undefined =>
  v === undefined ? undefined : v.trim() || null;

const inLang = (lang: Lang, de: string | null, en: string | null) =>
  lang === 'de' ? (de ?? en) : (en ?? de);

function toText(
  lang: Lang,
  id: string,
  set: CatalogueCriteriaSet,
  dnsh: TaxObjective | null,
  sourceEn: string | null,
  row: TextRow | undefined,
): TaxText {
  const textDe = row?.textDe ?? null;
  const textEn = row?.textEn ?? sourceEn;
  const firstAdopted = set.firstAdopted;
  const firstAdoptedEn = firstAdopted
    ? dnsh
      ? (firstAdopted.dnshEn[dnsh] ?? null)
      : firstAdopted.substantialContributionEn
    : null;
  return {
    id,
    euActivity: set.activityId,
    criteria: set.objective,
    dnsh,
    text: inLang(lang, textDe, textEn),
    textDe,
    textEn,
    isEdited: Boolean(row?.textDe ?? row?.textEn),
    edition: sourceEn === null ? null : editionLabel(set.edition, lang),
    firstAdoptedEn,
    category: dnsh
      ? null
      : { objective: set.objective, category: set.category, isKnown: set.isCategoryKnown },
    appendices: dnsh
      ? appendicesIn(sourceEn, dnsh).map((a) => ({
          id: a.letter,
          dnsh: a.dnsh,
          title: a.titleEn,
          text: a.textEn,
          referencedBy: a.referencedBy,
        }))
      : [],
  };
}

async function overrides(
  ctx: AppContext,
  kind: TextKind,
  keys?: readonly string[],
): Promise<Map<string, TextRow>> {
  return new Map((await textRows(ctx.db, kind, keys)).map((r) => [r.key, r]));
}

/** The criteria sets a filter names: one activity's, or all of them, optionally for one objective. */
function setsOf(filter: { euActivity?: string; criteria?: TaxObjective }): CatalogueCriteriaSet[] {
  // One activity's sets include those its siblings in other acts hold (`activityCriteriaSets`).
  const sets = filter.euActivity
    ? activityCriteriaSets(filter.euActivity)
    : euActivities().flatMap((a) => criteriaOf(a.id));
  return sets.filter((c) => !filter.criteria || c.objective === filter.criteria);
}

/** Substantial-contribution texts (`tax-eu-activity-criteria-text`, `tax-eu-activities/{id}/criteria`). */
export async function criterionTexts(
  ctx: AppContext,
  lang: Lang,
  filter: { euActivity?: string; criteria?: TaxObjective },
): Promise<TaxText[]> {
  const sets = setsOf(filter);
  // Without a filter every override of the kind is read once rather than naming 244 keys.
  const rows = await overrides(ctx, 'criterion', filter.euActivity ? sets.map((s) => s.id) : undefined);
  return sets.map((s) => toText(lang, s.id, s, null, s.substantialContributionEn, rows.get(s.id)));
}

/** The criteria of one EU activity; an unknown activity is not found. */
export async function activityCriterionTexts(
  ctx: AppContext,
  lang: Lang,
  activityId: string,
): Promise<TaxText[]> {
  if (!euActivity(activityId)) throw new AppError('notFound');
  return criterionTexts(ctx, lang, { euActivity: activityId });
}

function dnshText(lang: Lang, d: DnshCriterion, row: TextRow | undefined): TaxText {
  const set = criteriaSet(d.criteriaId) as CatalogueCriteriaSet;
  return toText(lang, d.id, set, d.dnsh, d.textEn, row);
}

/** DNSH texts (`tax-eu-activity-criteria-dnsh-text`, `tax-eu-activity-criteria/dnsh`). */
export async function dnshTexts(
  ctx: AppContext,
  lang: Lang,
  filter: { euActivity?: string; criteria?: TaxObjective; dnsh?: TaxObjective },
): Promise<TaxText[]> {
  const entries = setsOf(filter)
    .flatMap((s) => dnshOf(s.activityId, s.objective))
    .filter((d) => !filter.dnsh || d.dnsh === filter.dnsh);
  const rows = await overrides(ctx, 'dnsh', filter.euActivity ? entries.map((d) => d.id) : undefined);
  return entries.map((d) => dnshText(lang, d, rows.get(d.id)));
}

function assertTextEditor(actor: Actor): void {
  // Seed 001 §6: only provider admins edit the tax texts (the route table says the same).
  if (!isPlatformAdmin(actor)) throw new AppError('forbidden');
}

const patchOf = (body: PatchBody) => ({ textDe: patchValue(body.textDe), textEn: patchValue(body.textEn) });

/**
 * The update of one kind of provider text: the entry `find` answers for the id (404 when the catalogue
 * has none) with its patched text, as `show` builds it.
 */
function textUpdate<E, T>(
  kind: TextKind,
  find: (id: string) => E | undefined,
  show: (lang: Lang, entry: E, row: TextRow, id: string) => T,
) {
  return async (ctx: AppContext, actor: Actor, lang: Lang, id: string, body: PatchBody): Promise<T> => {
    assertTextEditor(actor);
    const entry = find(id);
    if (!entry) throw new AppError('notFound');
    return show(lang, entry, await upsertText(ctx.db, kind, id, patchOf(body)), id);
  };
}

export const updateCriterionText = textUpdate('criterion', criteriaSet, (lang, set, row, id): TaxText =>
  toText(lang, id, set, null, set.substantialContributionEn, row),
);

export const updateDnshText = textUpdate('dnsh', dnshCriterion, dnshText);

function toHelp(lang: Lang, key: HelpKey, row: TextRow | undefined): TaxHelpText {
  const fallback = helpKeys().find((h) => h.key === key) as { textDe: string; textEn: string };
  const textDe = row?.textDe ?? fallback.textDe;
  const textEn = row?.textEn ?? fallback.textEn;
  return { id: key, internalName: key, text: lang === 'de' ? textDe : textEn, textDe, textEn };
}

const isHelpKey = (id: string): id is HelpKey => (HELP_KEYS as readonly string[]).includes(id);

/** The 15 help texts of seed 001 §3 (`tax-help-texts`). */
export async function helpTexts(ctx: AppContext, lang: Lang): Promise<TaxHelpText[]> {
  const rows = await overrides(ctx, 'help');
  return HELP_KEYS.map((k) => toHelp(lang, k, rows.get(k)));
}

export async function helpText(ctx: AppContext, lang: Lang, id: string): Promise<TaxHelpText> {
  if (!isHelpKey(id)) throw new AppError('notFound');
  const rows = await overrides(ctx, 'help', [id]);
  return toHelp(lang, id, rows.get(id));
}

export const updateHelpText = textUpdate('help', (id) => (isHelpKey(id) ? id : undefined), toHelp);
