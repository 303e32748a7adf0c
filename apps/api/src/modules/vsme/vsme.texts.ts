/** Texts of the VSME documents (PDF, xlsx, the Inline XBRL body) in German and English. */
import type { Language, VsmeSource } from '@klimadesk/contract';
import { t } from '@klimadesk/contract/messages';

const FIGURES: Record<Language, Record<string, string>> = {
  de: {
    scope1: t('de', 'vsme.figures.scope1'),
    scope2LocationBased: t('de', 'vsme.figures.scope2LocationBased'),
    scope2MarketBased: t('de', 'vsme.figures.scope2MarketBased'),
    scope1And2LocationBased: t('de', 'vsme.figures.scope1And2LocationBased'),
    scope1And2MarketBased: t('de', 'vsme.figures.scope1And2MarketBased'),
    scope3: t('de', 'vsme.figures.scope3'),
    totalLocationBased: t('de', 'vsme.figures.totalLocationBased'),
    totalMarketBased: t('de', 'vsme.figures.totalMarketBased'),
    electricity: t('de', 'vsme.figures.electricity'),
    fuels: t('de', 'vsme.figures.fuels'),
    'electricity+heat+fuels': t('de', 'vsme.figures.electricity+heat+fuels'),
    comprehensive: t('de', 'vsme.figures.comprehensive'),
  },
  en: {
    scope1: t('en', 'vsme.figures.scope1'),
    scope2LocationBased: t('en', 'vsme.figures.scope2LocationBased'),
    scope2MarketBased: t('en', 'vsme.figures.scope2MarketBased'),
    scope1And2LocationBased: t('en', 'vsme.figures.scope1And2LocationBased'),
    scope1And2MarketBased: t('en', 'vsme.figures.scope1And2MarketBased'),
    scope3: t('en', 'vsme.figures.scope3'),
    totalLocationBased: t('en', 'vsme.figures.totalLocationBased'),
    totalMarketBased: t('en', 'vsme.figures.totalMarketBased'),
    electricity: t('en', 'vsme.figures.electricity'),
    fuels: t('en', 'vsme.figures.fuels'),
    'electricity+heat+fuels': t('en', 'vsme.figures.electricity+heat+fuels'),
    comprehensive: t('en', 'vsme.figures.comprehensive'),
  },
};

export const VSME_TEXTS = {
  de: {
    title: (year: number) => t('de', 'vsme.texts.title', { year }),
    subtitle: t('de', 'vsme.texts.subtitle'),
    company: t('de', 'vsme.texts.company'),
    identifier: t('de', 'vsme.texts.identifier'),
    period: t('de', 'vsme.texts.period'),
    option: t('de', 'vsme.texts.option'),
    optionA: t('de', 'vsme.texts.optionA'),
    optionB: t('de', 'vsme.texts.optionB'),
    completeness: t('de', 'vsme.texts.completeness'),
    disclosure: t('de', 'vsme.texts.disclosure'),
    filled: t('de', 'vsme.texts.filled'),
    datapoint: t('de', 'vsme.texts.datapoint'),
    value: t('de', 'vsme.texts.value'),
    source: t('de', 'vsme.texts.source'),
    member: t('de', 'vsme.texts.member'),
    notApplicable: t('de', 'vsme.texts.notApplicable'),
    nothing: t('de', 'vsme.texts.nothing'),
    entered: t('de', 'vsme.texts.entered'),
    prefilled: t('de', 'vsme.texts.prefilled'),
    overridden: t('de', 'vsme.texts.overridden'),
    settings: t('de', 'vsme.texts.settings'),
    reason: t('de', 'vsme.texts.reason'),
    footprintWas: t('de', 'vsme.texts.footprintWas'),
    sourceOf: (s: VsmeSource) => sourceText(s, 'de'),
    methodTitle: t('de', 'vsme.texts.methodTitle'),
    method: [t('de', 'vsme.texts.method.0'), t('de', 'vsme.texts.method.1'), t('de', 'vsme.texts.method.2')],
    sheet: t('de', 'vsme.texts.sheet'),
    completenessSheet: t('de', 'vsme.texts.completenessSheet'),
    concept: t('de', 'vsme.texts.concept'),
    unit: t('de', 'vsme.texts.unit'),
    included: t('de', 'vsme.texts.included'),
    applicable: t('de', 'vsme.texts.applicable'),
    yes: t('de', 'vsme.texts.yes'),
    no: t('de', 'vsme.texts.no'),
  },
  en: {
    title: (year: number) => t('en', 'vsme.texts.title', { year }),
    subtitle: t('en', 'vsme.texts.subtitle'),
    company: t('en', 'vsme.texts.company'),
    identifier: t('en', 'vsme.texts.identifier'),
    period: t('en', 'vsme.texts.period'),
    option: t('en', 'vsme.texts.option'),
    optionA: t('en', 'vsme.texts.optionA'),
    optionB: t('en', 'vsme.texts.optionB'),
    completeness: t('en', 'vsme.texts.completeness'),
    disclosure: t('en', 'vsme.texts.disclosure'),
    filled: t('en', 'vsme.texts.filled'),
    datapoint: t('en', 'vsme.texts.datapoint'),
    value: t('en', 'vsme.texts.value'),
    source: t('en', 'vsme.texts.source'),
    member: t('en', 'vsme.texts.member'),
    notApplicable: t('en', 'vsme.texts.notApplicable'),
    nothing: t('en', 'vsme.texts.nothing'),
    entered: t('en', 'vsme.texts.entered'),
    prefilled: t('en', 'vsme.texts.prefilled'),
    overridden: t('en', 'vsme.texts.overridden'),
    settings: t('en', 'vsme.texts.settings'),
    reason: t('en', 'vsme.texts.reason'),
    footprintWas: t('en', 'vsme.texts.footprintWas'),
    sourceOf: (s: VsmeSource) => sourceText(s, 'en'),
    methodTitle: t('en', 'vsme.texts.methodTitle'),
    method: [t('en', 'vsme.texts.method.0'), t('en', 'vsme.texts.method.1'), t('en', 'vsme.texts.method.2')],
    sheet: t('en', 'vsme.texts.sheet'),
    completenessSheet: t('en', 'vsme.texts.completenessSheet'),
    concept: t('en', 'vsme.texts.concept'),
    unit: t('en', 'vsme.texts.unit'),
    included: t('en', 'vsme.texts.included'),
    applicable: t('en', 'vsme.texts.applicable'),
    yes: t('en', 'vsme.texts.yes'),
    no: t('en', 'vsme.texts.no'),
  },
} as const;

export const vsmeTexts = (lang: Language) => VSME_TEXTS[lang];

/** `CO2-Bilanz 2026, Scope 1 (Zentrale Hamburg)` / `… je Umsatzerlös`. */
export function sourceText(s: VsmeSource, lang: Language): string {
  if (s.kind === 'settings') return t(lang, 'vsme.source.settings');
  const figure = FIGURES[lang][s.figure] ?? s.figure;
  const units = [...new Set(s.reports.map((r) => r.businessUnit).filter(Boolean))].join(', ');
  const base = t(lang, 'vsme.source.footprint', { year: s.year, figure, units: units ? ` (${units})` : '' });
  if (s.kind === 'footprintPerTurnover') return t(lang, 'vsme.source.perTurnover', { base });
  return base;
}
