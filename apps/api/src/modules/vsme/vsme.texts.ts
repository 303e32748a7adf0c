/** Texts of the VSME documents (PDF, xlsx, the Inline XBRL body) in German and English. */
import type { Language, VsmeSource } from '@klimadesk/contract';

const FIGURES: Record<Language, Record<string, string>> = {
  de: {
    scope1: 'Scope 1',
    scope2LocationBased: 'Scope 2 standortbasiert',
    scope2MarketBased: 'Scope 2 marktbasiert',
    scope1And2LocationBased: 'Scope 1 + 2 standortbasiert',
    scope1And2MarketBased: 'Scope 1 + 2 marktbasiert',
    scope3: 'Scope 3',
    totalLocationBased: 'Gesamt standortbasiert',
    totalMarketBased: 'Gesamt marktbasiert',
    electricity: 'Strom',
    fuels: 'Brennstoffe',
    'electricity+heat+fuels': 'Strom, Wärme und Brennstoffe',
    comprehensive: 'Berichtsoption',
  },
  en: {
    scope1: 'scope 1',
    scope2LocationBased: 'scope 2 location-based',
    scope2MarketBased: 'scope 2 market-based',
    scope1And2LocationBased: 'scope 1 + 2 location-based',
    scope1And2MarketBased: 'scope 1 + 2 market-based',
    scope3: 'scope 3',
    totalLocationBased: 'total location-based',
    totalMarketBased: 'total market-based',
    electricity: 'electricity',
    fuels: 'fuels',
    'electricity+heat+fuels': 'electricity, heat and fuels',
    comprehensive: 'reporting option',
  },
};

export const VSME_TEXTS = {
  de: {
    title: (year: number) => `Nachhaltigkeitsbericht nach VSME ${year}`,
    subtitle:
      'Erstellt nach dem freiwilligen Standard für die Nachhaltigkeitsberichterstattung nicht börsennotierter KMU (VSME) der EFRAG, Empfehlung der Kommission vom 30. Juli 2025',
    company: 'Unternehmen',
    identifier: 'Kennung',
    period: 'Berichtszeitraum',
    option: 'Berichtsoption',
    optionA: 'Option A: nur Basismodul (B1–B11)',
    optionB: 'Option B: Basismodul und Zusatzmodul (B1–B11, C1–C9)',
    completeness: 'Vollständigkeit',
    disclosure: 'Angabe',
    filled: 'Erfasst',
    datapoint: 'Datenpunkt',
    value: 'Wert',
    source: 'Herkunft',
    member: 'Zeile',
    notApplicable: 'Für das Unternehmen nicht zutreffend.',
    nothing: 'Keine Angaben.',
    entered: 'erfasst',
    prefilled: 'aus der CO2-Bilanz',
    overridden: 'abweichend von der CO2-Bilanz',
    settings: 'aus den Berichtseinstellungen',
    reason: 'Grund',
    footprintWas: 'CO2-Bilanz',
    sourceOf: (s: VsmeSource) => sourceText(s, 'de'),
    methodTitle: 'Methode und Quellen',
    method: [
      'Gliederung und Datenpunkte nach der XBRL-Taxonomie VSME der EFRAG (Einstiegspunkt 2026-05-01).',
      'B3 Treibhausgasemissionen aus der CO2-Bilanz des Berichtsjahres nach dem GHG Protocol (alle Geschäftseinheiten, Scope 2 standort- und marktbasiert); Intensität je Umsatzerlös nach VSME B3 §31.',
      'B3 Energie aus den Einträgen der CO2-Bilanz in Energieeinheiten (Strom, Wärme, Brennstoffe).',
    ],
    sheet: 'VSME',
    completenessSheet: 'Vollständigkeit',
    concept: 'Konzept (XBRL)',
    unit: 'Einheit',
    included: 'im Bericht',
    applicable: 'zutreffend',
    yes: 'ja',
    no: 'nein',
  },
  en: {
    title: (year: number) => `VSME sustainability report ${year}`,
    subtitle:
      'Prepared in accordance with EFRAG’s Voluntary Sustainability Reporting Standard for non-listed SMEs (VSME), Commission Recommendation of 30 July 2025',
    company: 'Company',
    identifier: 'Identifier',
    period: 'Reporting period',
    option: 'Reporting option',
    optionA: 'Option A: basic module only (B1–B11)',
    optionB: 'Option B: basic and comprehensive module (B1–B11, C1–C9)',
    completeness: 'Completeness',
    disclosure: 'Disclosure',
    filled: 'Filled',
    datapoint: 'Datapoint',
    value: 'Value',
    source: 'Origin',
    member: 'Row',
    notApplicable: 'Not applicable to the company.',
    nothing: 'Nothing reported.',
    entered: 'entered',
    prefilled: 'from the carbon footprint',
    overridden: 'differs from the carbon footprint',
    settings: 'from the report settings',
    reason: 'Reason',
    footprintWas: 'Carbon footprint',
    sourceOf: (s: VsmeSource) => sourceText(s, 'en'),
    methodTitle: 'Method and sources',
    method: [
      'Structure and datapoints after EFRAG’s VSME XBRL taxonomy (entry point 2026-05-01).',
      'B3 greenhouse gas emissions from the carbon footprint of the reporting year after the GHG Protocol (all business units, scope 2 location- and market-based); intensity per turnover after VSME B3 §31.',
      'B3 energy from the carbon footprint’s entries in energy units (electricity, heat, fuels).',
    ],
    sheet: 'VSME',
    completenessSheet: 'Completeness',
    concept: 'Concept (XBRL)',
    unit: 'Unit',
    included: 'in the report',
    applicable: 'applicable',
    yes: 'yes',
    no: 'no',
  },
} as const;

export const vsmeTexts = (lang: Language) => VSME_TEXTS[lang];

/** `CO2-Bilanz 2026, Scope 1 (Zentrale Hamburg)` / `… je Umsatzerlös`. */
export function sourceText(s: VsmeSource, lang: Language): string {
  if (s.kind === 'settings') return lang === 'de' ? 'Berichtseinstellungen' : 'Report settings';
  const figure = FIGURES[lang][s.figure] ?? s.figure;
  const units = [...new Set(s.reports.map((r) => r.businessUnit).filter(Boolean))].join(', ');
  const base = `${lang === 'de' ? 'CO2-Bilanz' : 'Carbon footprint'} ${s.year}, ${figure}${units ? ` (${units})` : ''}`;
  if (s.kind === 'footprintPerTurnover') return `${base} ${lang === 'de' ? '÷ Umsatzerlöse' : '÷ turnover'}`;
  return base;
}
