import type { ObjectiveCode } from './taxonomy.catalogue.data.ts';
import { texts } from '@klimadesk/contract/messages';

/**
 * Texts the sources of the catalogue do not carry: the German names of the objectives (German
 * version of Regulation (EU) 2020/852, Article 9), the navigation titles, the default help texts of
 * the help keys (seed 001 §3) and the German wording of the minimum-safeguard checks. Platform
 * admins override help texts through `taxonomy.texts.ts`.
 */
export const OBJECTIVE_TEXTS: Record<
  ObjectiveCode,
  { nameDe: string; nameEn: string; titleDe: string; titleEn: string; dnshDe: string; dnshEn: string }
> = {
  CCM: {
    nameDe: 'Klimaschutz',
    nameEn: 'Climate change mitigation',
    titleDe: 'Wesentlicher Beitrag zum Klimaschutz',
    titleEn: 'Substantial contribution to climate change mitigation',
    dnshDe: 'Keine erhebliche Beeinträchtigung des Klimaschutzes',
    dnshEn: 'Do no significant harm to climate change mitigation',
  },
  CCA: {
    nameDe: 'Anpassung an den Klimawandel',
    nameEn: 'Climate change adaptation',
    titleDe: 'Wesentlicher Beitrag zur Anpassung an den Klimawandel',
    titleEn: 'Substantial contribution to climate change adaptation',
    dnshDe: 'Keine erhebliche Beeinträchtigung der Anpassung an den Klimawandel',
    dnshEn: 'Do no significant harm to climate change adaptation',
  },
  WTR: {
    nameDe: 'Wasser- und Meeresressourcen',
    nameEn: 'Water and marine resources',
    titleDe: 'Wesentlicher Beitrag zur nachhaltigen Nutzung und zum Schutz von Wasser- und Meeresressourcen',
    titleEn: 'Substantial contribution to the sustainable use and protection of water and marine resources',
    dnshDe: 'Keine erhebliche Beeinträchtigung der Wasser- und Meeresressourcen',
    dnshEn: 'Do no significant harm to water and marine resources',
  },
  CE: {
    nameDe: 'Kreislaufwirtschaft',
    nameEn: 'Circular economy',
    titleDe: 'Wesentlicher Beitrag zum Übergang zu einer Kreislaufwirtschaft',
    titleEn: 'Substantial contribution to the transition to a circular economy',
    dnshDe: 'Keine erhebliche Beeinträchtigung der Kreislaufwirtschaft',
    dnshEn: 'Do no significant harm to the circular economy',
  },
  PPC: {
    nameDe: 'Vermeidung und Verminderung der Umweltverschmutzung',
    nameEn: 'Pollution prevention and control',
    titleDe: 'Wesentlicher Beitrag zur Vermeidung und Verminderung der Umweltverschmutzung',
    titleEn: 'Substantial contribution to pollution prevention and control',
    dnshDe: 'Keine erhebliche Beeinträchtigung der Vermeidung und Verminderung der Umweltverschmutzung',
    dnshEn: 'Do no significant harm to pollution prevention and control',
  },
  BIO: {
    nameDe: 'Biodiversität und Ökosysteme',
    nameEn: 'Biodiversity and ecosystems',
    titleDe: 'Wesentlicher Beitrag zum Schutz und zur Wiederherstellung der Biodiversität und der Ökosysteme',
    titleEn: 'Substantial contribution to the protection and restoration of biodiversity and ecosystems',
    dnshDe: 'Keine erhebliche Beeinträchtigung der Biodiversität und der Ökosysteme',
    dnshEn: 'Do no significant harm to biodiversity and ecosystems',
  },
};

/** The help keys of seed 001 §3, in the wizard's order. */
export const HELP_KEYS = [
  'core',
  'finance',
  'critCCM',
  'critCCA',
  'critWTR',
  'critCE',
  'critPPC',
  'critBIO',
  'dnshCCM',
  'dnshCCA',
  'dnshWTR',
  'dnshCE',
  'dnshPPC',
  'dnshBIO',
  'minSafe',
] as const;
export type HelpKey = (typeof HELP_KEYS)[number];

const crit = (o: ObjectiveCode) =>
  texts('taxonomy.help.criteria', (lang) => ({
    objective: lang === 'de' ? OBJECTIVE_TEXTS[o].titleDe : OBJECTIVE_TEXTS[o].titleEn,
  }));
const dnsh = (o: ObjectiveCode) =>
  texts('taxonomy.help.dnsh', (lang) => ({
    objective: lang === 'de' ? OBJECTIVE_TEXTS[o].dnshDe : OBJECTIVE_TEXTS[o].dnshEn,
  }));
export const HELP_DEFAULTS: Record<HelpKey, { de: string; en: string }> = {
  core: texts('taxonomy.help.core'),
  finance: texts('taxonomy.help.finance'),
  critCCM: crit('CCM'),
  critCCA: crit('CCA'),
  critWTR: crit('WTR'),
  critCE: crit('CE'),
  critPPC: crit('PPC'),
  critBIO: crit('BIO'),
  dnshCCM: dnsh('CCM'),
  dnshCCA: dnsh('CCA'),
  dnshWTR: dnsh('WTR'),
  dnshCE: dnsh('CE'),
  dnshPPC: dnsh('PPC'),
  dnshBIO: dnsh('BIO'),
  minSafe: texts('taxonomy.help.minSafe'),
};

/** German wording of the 14 minimum-safeguard checks, by key (English from the catalogue). */
export const SAFEGUARD_TEXTS_DE: Record<string, { topicDe: string; textDe: string }> = {
  oecdGuidelines: {
    topicDe: 'Menschenrechte (einschließlich Arbeits- und Verbraucherrechte)',
    textDe: 'Die Verfahren stehen im Einklang mit den OECD-Leitsätzen für multinationale Unternehmen',
  },
  ungp: {
    topicDe: 'Menschenrechte (einschließlich Arbeits- und Verbraucherrechte)',
    textDe: 'Die Verfahren stehen im Einklang mit den UN-Leitprinzipien für Wirtschaft und Menschenrechte',
  },
  iloCoreConventions: {
    topicDe: 'Menschenrechte (einschließlich Arbeits- und Verbraucherrechte)',
    textDe:
      'Die Verfahren achten die Grundsätze und Rechte der acht ILO-Kernübereinkommen (ILO-Erklärung über grundlegende Prinzipien und Rechte bei der Arbeit)',
  },
  billOfHumanRights: {
    topicDe: 'Menschenrechte (einschließlich Arbeits- und Verbraucherrechte)',
    textDe: 'Die Verfahren achten die Internationale Menschenrechtscharta',
  },
  'humanRights.a': {
    topicDe: 'Menschenrechte (einschließlich Arbeits- und Verbraucherrechte)',
    textDe: 'Es fehlt ein angemessenes Verfahren zur menschenrechtlichen Sorgfaltspflicht',
  },
  'humanRights.b': {
    topicDe: 'Menschenrechte (einschließlich Arbeits- und Verbraucherrechte)',
    textDe:
      'Rechtskräftiges Urteil gegen das Unternehmen oder seine Geschäftsleitung wegen Verstößen gegen Arbeitsrecht oder Menschenrechte',
  },
  'humanRights.c': {
    topicDe: 'Menschenrechte (einschließlich Arbeits- und Verbraucherrechte)',
    textDe:
      'Das Unternehmen arbeitet nicht mit einer Nationalen Kontaktstelle der OECD zusammen, die einen Fall angenommen hat',
  },
  'humanRights.d': {
    topicDe: 'Menschenrechte (einschließlich Arbeits- und Verbraucherrechte)',
    textDe: 'Über das Business and Human Rights Resource Centre erhobene Vorwürfe bleiben unbeantwortet',
  },
  'corruption.a': {
    topicDe: 'Bestechung und Korruption',
    textDe: 'Es fehlen angemessene Verfahren zur Korruptionsbekämpfung',
  },
  'corruption.b': {
    topicDe: 'Bestechung und Korruption',
    textDe: 'Das Unternehmen oder seine Geschäftsleitung wurde rechtskräftig wegen Korruption verurteilt',
  },
  'taxation.a': {
    topicDe: 'Besteuerung',
    textDe:
      'Steuer-Governance und Steuer-Compliance werden nicht als wichtige Teile der Aufsicht behandelt, ohne angemessene Strategien und Verfahren für das Steuerrisikomanagement',
  },
  'taxation.b': {
    topicDe: 'Besteuerung',
    textDe:
      'Das Unternehmen oder seine Tochtergesellschaften wurden wegen Verstößen gegen Steuergesetze verurteilt',
  },
  'competition.a': {
    topicDe: 'Fairer Wettbewerb',
    textDe: 'Das Bewusstsein der Beschäftigten für die Einhaltung des Wettbewerbsrechts wird nicht gefördert',
  },
  'competition.b': {
    topicDe: 'Fairer Wettbewerb',
    textDe:
      'Das Unternehmen oder seine Geschäftsleitung wurde rechtskräftig wegen Verstößen gegen das Wettbewerbsrecht verurteilt',
  },
};

/** The first tax year: alignment KPIs are reported from financial year 2022 (Delegated Regulation (EU) 2021/2178, Article 10(3)). */
export const FIRST_TAX_YEAR = 2022;
