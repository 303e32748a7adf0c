/**
 * The section tree as the company sees it (seed 001 §1, §4, §6): which sections its tariff opens
 * (`CFC_FREE_RULE`: without the paid CFC tariff scopes 1 and 2 and the free scope 3 categories),
 * which it selected, the help texts (the platform admin's, else the built-in ones) and the counts.
 */
import {
  CFC_LEAF_SECTIONS,
  CFC_SECTIONS,
  type CfcSection,
  type CfcSectionDef,
  type CfcSectionTreeNode,
  type Language,
  cfcSection,
  cfcSubsections,
  scope3Category,
} from '@klimadesk/contract';
import type { AppContext } from '../../platform/context.ts';
import type { CompanyId } from '../../platform/tenant.ts';
import { activeBooking } from '../tariffs/index.ts';
import * as repo from './cfc.repository.ts';

/** The paid CFC tariff: a running booking of a CFC tariff that is not free of charge (trials are). */
export async function isPaidCfc(ctx: Pick<AppContext, 'db'>, companyId: CompanyId): Promise<boolean> {
  const booking = await activeBooking(ctx, companyId, 'cfc');
  return booking !== null && !booking.tariff.isFreeOfCharge;
}

export const sectionAvailable = (def: CfcSectionDef, isPaid: boolean) => isPaid || def.free;

/** A leaf is selected when it or one of its parents is; no selection selects everything. */
function selected(def: CfcSectionDef, selection: readonly string[]): boolean {
  if (!selection.length) return true;
  let s: CfcSectionDef | undefined = def;
  while (s) {
    if (selection.includes(s.id)) return true;
    s = s.parent ? cfcSection(s.parent) : undefined;
  }
  return false;
}

/** Leaves the company reports: open in its tariff and selected, in tree order. */
export function activeLeaves(isPaid: boolean, selection: readonly string[]): string[] {
  return CFC_LEAF_SECTIONS.filter((d) => sectionAvailable(d, isPaid) && selected(d, selection)).map(
    (d) => d.id,
  );
}

export type HelpOverrides = Map<string, Partial<Record<Language, string>>>;

export async function helpOverrides(ctx: Pick<AppContext, 'db'>): Promise<HelpOverrides> {
  const out: HelpOverrides = new Map();
  for (const r of await repo.listHelpTexts(ctx.db)) {
    const entry = out.get(r.section) ?? {};
    entry[r.language as Language] = r.text;
    out.set(r.section, entry);
  }
  return out;
}

export function helpText(def: CfcSectionDef, lang: Language, overrides: HelpOverrides): string {
  return overrides.get(def.id)?.[lang] ?? def.help[lang];
}

export function sectionDto(
  def: CfcSectionDef,
  lang: Language,
  overrides: HelpOverrides,
  isPaid: boolean,
): CfcSection {
  return {
    id: def.id,
    internalName: def.id,
    scope: def.scope,
    parentSection: def.parent,
    subsections: cfcSubsections(def.id).map((s) => s.id),
    derivativeSection: def.derivativeSection,
    energyMethod: def.energyMethod,
    activityCategory: def.activityCategory,
    weight: def.weight,
    name: def.names[lang],
    helpText: helpText(def, lang, overrides),
    free: def.free,
    available: sectionAvailable(def, isPaid),
    category: scope3Category(def.id),
  };
}

export function sectionList(lang: Language, overrides: HelpOverrides, isPaid: boolean): CfcSection[] {
  return CFC_SECTIONS.map((d) => sectionDto(d, lang, overrides, isPaid));
}

export function sectionTree(sections: CfcSection[]): CfcSectionTreeNode[] {
  const node = (s: CfcSection): CfcSectionTreeNode => ({
    ...s,
    children: sections.filter((c) => c.parentSection === s.id).map(node),
  });
  return sections.filter((s) => s.parentSection === null).map(node);
}

/** Counts per section, parents summing their subsections (a scope sums its sections). */
export function countsWithParents(
  counts: { section: string; count: number; incomplete: number }[],
): Map<string, { count: number; incomplete: number }> {
  const out = new Map<string, { count: number; incomplete: number }>();
  for (const c of counts) {
    let s = cfcSection(c.section);
    while (s) {
      const cur = out.get(s.id) ?? { count: 0, incomplete: 0 };
      out.set(s.id, { count: cur.count + c.count, incomplete: cur.incomplete + c.incomplete });
      s = s.parent ? cfcSection(s.parent) : undefined;
    }
  }
  return out;
}
