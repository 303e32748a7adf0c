import type { Language } from '@klimadesk/contract/constants';
import type { CfcEntryBody, CfcReportDetail } from '@klimadesk/contract/cfc/schemas';
import { formatNumber } from '../../components/format.ts';

/** Query keys the CFC screens refetch after a write (route ids: every input of the route). */
export const REPORT_KEYS = [
  ['cfcReports'],
  ['cfcReportByUrl'],
  ['cfcSectionCounts'],
  ['cfcReportResults'],
] as const;
export const ENTRY_KEYS = [['cfcEntries'], ...REPORT_KEYS] as const;
export const UNIT_KEYS = [['cfcBusinessUnits'], ['cfcCompanySettings'], ...REPORT_KEYS] as const;
export const SETTINGS_KEYS = [
  ['cfcCompanySettings'],
  ['cfcSections'],
  ['cfcCategoriesTree'],
  ...REPORT_KEYS,
] as const;

export type ReportSection = CfcReportDetail['sections'][number];
/** A section id as the calls take it. */
export type CfcSectionId = CfcEntryBody['section'];

/** A section of the editor's tree: the report's section with its active subsections, counts summed. */
export type SectionNode = {
  internalName: string;
  name: string;
  scope: number;
  count: number;
  hasIncompleteEntries: boolean;
  section: ReportSection;
  subsections: SectionNode[];
};

/**
 * The report's sections as a tree by scope, holding only the leaves the company reports
 * (`activeSections`: selected and in the tariff) and the parents above them; a parent counts the
 * entries of its subsections and is incomplete when one of them is.
 */
export function sectionTree(sections: readonly ReportSection[], active: readonly string[]): SectionNode[] {
  const byId = new Map(sections.map((s) => [s.id, s]));
  const build = (s: ReportSection): SectionNode | null => {
    const children = s.subsections
      .map((id) => byId.get(id))
      .filter((c): c is ReportSection => c !== undefined)
      .sort((a, b) => a.weight - b.weight)
      .map(build)
      .filter((c): c is SectionNode => c !== null);
    const isLeaf = s.subsections.length === 0;
    if (isLeaf ? !active.includes(s.id) : children.length === 0) return null;
    return {
      internalName: s.id,
      name: s.name,
      scope: s.scope,
      count: isLeaf ? s.count : children.reduce((n, c) => n + c.count, 0),
      hasIncompleteEntries: isLeaf ? s.hasIncompleteEntries : children.some((c) => c.hasIncompleteEntries),
      section: s,
      subsections: children,
    };
  };
  return sections
    .filter((s) => s.parentSection === null)
    .sort((a, b) => a.weight - b.weight)
    .map(build)
    .filter((n): n is SectionNode => n !== null);
}

/** kg CO2e as tonnes for the screen: `1.234,568 t` (three decimals, seed 001 §9). */
export function formatTonnes(kg: number, lang: Language): string {
  return `${formatNumber(kg / 1000, lang, 3)} t`;
}

/** A share 0–1 as percent with up to two decimals (seed 001 §9). */
export function formatShare(share: number, lang: Language): string {
  return `${new Intl.NumberFormat(lang === 'de' ? 'de-DE' : 'en-US', { maximumFractionDigits: 2 }).format(share * 100)} %`;
}

/** Years a report may be created for: the base year (or the current year) up to the latest year. */
export function reportYears(baseYear: number | null, max: number, currentYear: number): number[] {
  const from = Math.min(baseYear ?? currentYear, max);
  const out: number[] = [];
  for (let y = max; y >= from; y--) out.push(y);
  return out;
}
