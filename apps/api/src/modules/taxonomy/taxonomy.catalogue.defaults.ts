import type { ObjectiveCode } from './taxonomy.catalogue.data.ts';

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

const crit = (o: ObjectiveCode) => ({
  de: `${OBJECTIVE_TEXTS[o].titleDe}: Prüfen Sie die technischen Bewertungskriterien des Delegierten Rechtsakts für diese Tätigkeit und belegen Sie, dass sie erfüllt sind (Nachweise als Dateien anhängen). Der Anteil an Umsatz, CapEx und OpEx, der diesem Umweltziel zugeordnet ist, zählt nur einmal, auch wenn die Tätigkeit zu mehreren Zielen beiträgt.`,
  en: `${OBJECTIVE_TEXTS[o].titleEn}: check the technical screening criteria of the delegated act for this activity and document that they are met (attach evidence as files). The share of turnover, CapEx and OpEx assigned to this objective counts once, even when the activity contributes to several objectives.`,
});
const dnsh = (o: ObjectiveCode) => ({
  de: `${OBJECTIVE_TEXTS[o].dnshDe}: Die Tätigkeit darf dieses Umweltziel nicht erheblich beeinträchtigen (Artikel 17 der Verordnung (EU) 2020/852). Bestätigen Sie, dass die DNSH-Kriterien eingehalten sind, oder dass sie für diese Tätigkeit stets als erfüllt gelten.`,
  en: `${OBJECTIVE_TEXTS[o].dnshEn}: the activity must not significantly harm this objective (Article 17 of Regulation (EU) 2020/852). Confirm that the DNSH criteria are complied with, or that they are always met for this activity.`,
});

export const HELP_DEFAULTS: Record<HelpKey, { de: string; en: string }> = {
  core: {
    de: 'Stammdaten der Wirtschaftstätigkeit: Name, Geschäftsjahr, NACE-Code und die EU-Tätigkeit aus der Taxonomie (Delegierte Verordnungen (EU) 2021/2139 und 2023/2486). Die EU-Tätigkeit ist nach dem Speichern fest. Eine Tätigkeit ist taxonomiefähig, wenn sie einer beschriebenen EU-Tätigkeit entspricht.',
    en: 'Core data of the economic activity: name, financial year, NACE code and the EU activity of the taxonomy (Delegated Regulations (EU) 2021/2139 and 2023/2486). The EU activity is fixed once saved. An activity is taxonomy-eligible when it matches a described EU activity.',
  },
  finance: {
    de: 'Umsatz, Investitionsausgaben (CapEx) und Betriebsausgaben (OpEx) der Tätigkeit im Geschäftsjahr, wie in Anhang I der Delegierten Verordnung (EU) 2021/2178 definiert. Die Nenner der Kennzahlen sind die Gesamtwerte des Geschäftsjahres.',
    en: 'Turnover, capital expenditure (CapEx) and operating expenditure (OpEx) of the activity in the financial year, as defined in Annex I of Delegated Regulation (EU) 2021/2178. The denominators of the KPIs are the totals of the financial year.',
  },
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
  minSafe: {
    de: 'Mindestschutz (Artikel 18 der Verordnung (EU) 2020/852): Verfahren, die die OECD-Leitsätze für multinationale Unternehmen, die UN-Leitprinzipien für Wirtschaft und Menschenrechte, die ILO-Kernarbeitsnormen und die Internationale Menschenrechtscharta einhalten, und keine der Anzeichen für Verstöße bei Menschenrechten, Korruption, Besteuerung und fairem Wettbewerb (Plattform für nachhaltiges Finanzwesen, Bericht vom Oktober 2022). Die 14 Prüfpunkte gelten für das Geschäftsjahr.',
    en: 'Minimum safeguards (Article 18 of Regulation (EU) 2020/852): procedures aligned with the OECD Guidelines for Multinational Enterprises, the UN Guiding Principles on Business and Human Rights, the ILO core conventions and the International Bill of Human Rights, and none of the signs of non-compliance on human rights, corruption, taxation and fair competition (Platform on Sustainable Finance, report of October 2022). The 14 checks apply to the financial year.',
  },
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
