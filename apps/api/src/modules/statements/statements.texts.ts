import type { Language } from '@klimadesk/contract';
import { t } from '@klimadesk/contract/messages';

type Texts = {
  title: string;
  issuer: string;
  shipper: string;
  period: string;
  generated: string;
  summary: string;
  shipments: string;
  weight: string;
  tkm: string;
  wtw: string;
  ttw: string;
  wtt: string;
  hub: string;
  intensity: string;
  primaryShare: string;
  byMode: string;
  figure: string;
  value: string;
  chart: string;
  mode: string;
  methods: string;
  factorSets: string;
  notes: string;
  none: string;
  page: (n: number, of: number) => string;
  method: Record<'default' | 'fuel', string>;
  modes: Record<string, string>;
  noteLines: string[];
};

const statementTexts = (lang: Language) => ({
  title: t(lang, 'statements.title'),
  issuer: t(lang, 'statements.issuer'),
  shipper: t(lang, 'statements.shipper'),
  period: t(lang, 'statements.period'),
  generated: t(lang, 'statements.generated'),
  summary: t(lang, 'statements.summary'),
  shipments: t(lang, 'statements.shipments'),
  weight: t(lang, 'statements.weight'),
  tkm: t(lang, 'statements.tkm'),
  wtw: t(lang, 'statements.wtw'),
  ttw: t(lang, 'statements.ttw'),
  wtt: t(lang, 'statements.wtt'),
  hub: t(lang, 'statements.hub'),
  intensity: t(lang, 'statements.intensity'),
  primaryShare: t(lang, 'statements.primaryShare'),
  byMode: t(lang, 'statements.byMode'),
  figure: t(lang, 'statements.figure'),
  value: t(lang, 'statements.value'),
  chart: t(lang, 'statements.chart'),
  mode: t(lang, 'statements.mode'),
  methods: t(lang, 'statements.methods'),
  factorSets: t(lang, 'statements.factorSets'),
  notes: t(lang, 'statements.notes'),
  none: t(lang, 'statements.none'),
  page: (n: number, of: number) => t(lang, 'statements.page', { n, of }),
  method: {
    default: t(lang, 'statements.method.default'),
    fuel: t(lang, 'statements.method.fuel'),
  },
  modes: {
    road: t(lang, 'statements.modes.road'),
    rail: t(lang, 'statements.modes.rail'),
    sea: t(lang, 'statements.modes.sea'),
    inland_waterway: t(lang, 'statements.modes.inland_waterway'),
    air: t(lang, 'statements.modes.air'),
  },
  noteLines: [
    t(lang, 'statements.noteLines.0'),
    t(lang, 'statements.noteLines.1'),
    t(lang, 'statements.noteLines.2'),
    t(lang, 'statements.noteLines.3'),
    t(lang, 'statements.noteLines.4'),
    t(lang, 'statements.noteLines.5'),
    t(lang, 'statements.noteLines.6'),
  ],
});

export const STATEMENT_TEXTS: Record<Language, Texts> = {
  de: statementTexts('de'),
  en: statementTexts('en'),
};

/** A calendar day `YYYY-MM-DD` as the language writes it. */
export function formatDay(day: string, lang: Language): string {
  const [y, m, d] = day.split('-');
  return lang === 'de' ? `${d}.${m}.${y}` : `${d}/${m}/${y}`;
}

/** An instant as date and time where the user is. */
export function formatInstant(iso: string, lang: Language, timeZone: string): string {
  return new Intl.DateTimeFormat(lang === 'de' ? 'de-DE' : 'en-GB', {
    timeZone,
    dateStyle: 'medium',
    timeStyle: 'short',
  }).format(new Date(iso));
}
