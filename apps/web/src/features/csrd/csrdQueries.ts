import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Language } from '@klimadesk/contract/constants';
import type { CsrdScopeCode } from '@klimadesk/contract/csrd/reference';
import type { CsrdScope, MaterialityAnalysis, TopicResult } from '@klimadesk/contract/csrd/schemas';
import { queryOptions } from '../../app/client.ts';
import { currentLanguage } from '../../app/i18n.ts';
import type { MatrixTopic } from './csrdModel.ts';

/** Query keys (route ids) a write of the reporting screens refetches. */
export const ANALYSIS_KEYS = [
  ['materialityAnalyses'],
  ['getMaterialityAnalysis'],
  ['materialityInventory'],
  ['iroEntries'],
  ['maScopesNavigation'],
] as const;
export const REPORT_KEYS = [
  ['csrdReports'],
  ['getCsrdReport'],
  ['csrdReportScopes'],
  ['csrdReportNavigation'],
  ['csrdScopeEntries'],
  ['csrdIndicatorValues'],
  ['csrdExcelImports'],
] as const;

/**
 * A read whose answer the server writes in the request language (ESRS titles, AR 16 names, NACE
 * sections): the language is part of its key, so switching the language loads it again at once and
 * a screen never shows the other language's cached copy. Prefix invalidation by route id still hits it.
 */
export function inLanguage<T extends { queryKey: readonly unknown[] }>(options: T, lang: Language): T {
  return { ...options, queryKey: [...options.queryKey, { lang }] };
}

/** The ESRS standards with their disclosure requirements in the user's language; static per language. */
export function useCsrdScopes() {
  // Subscribes to language changes, so the hook asks for the new language's titles.
  useTranslation();
  return useQuery({
    ...inLanguage(queryOptions('csrdScopes'), currentLanguage()),
    staleTime: Infinity,
    select: (d) => d['hydra:member'],
  });
}

/** The name of an ESRS standard in the user's language, from the catalogue (the code until it loaded). */
export function scopeName(
  scopes: readonly CsrdScope[] | undefined,
  id: CsrdScopeCode,
  lang: Language,
): string {
  const s = scopes?.find((x) => x.id === id);
  return s ? `${id} ${s.name[lang]}` : id;
}

/** The topic results of an analysis as matrix topics: topics without a score of either kind count as 0. */
export function matrixTopics(
  results: readonly TopicResult[],
  scopes: readonly CsrdScope[] | undefined,
  lang: Language,
): MatrixTopic[] {
  return results.map((r) => ({
    key: r.scope,
    label: scopeName(scopes, r.scope, lang),
    impact: r.impactScore ?? 0,
    financial: r.financialScore ?? 0,
  }));
}

/** Hours left until a marked analysis or report is purged; null while it is not marked. */
export function hoursLeft(item: Pick<MaterialityAnalysis, 'deletedAt'>, now = Date.now()): number | null {
  if (!item.deletedAt) return null;
  return Math.max(0, Math.ceil((new Date(item.deletedAt).getTime() - now) / 3_600_000));
}
