import type { Language } from '@klimadesk/contract';

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

export const STATEMENT_TEXTS: Record<Language, Texts> = {
  de: {
    title: 'Emissionsbescheinigung für Versender',
    issuer: 'Aussteller',
    shipper: 'Versender',
    period: 'Zeitraum',
    generated: 'Erstellt am',
    summary: 'Zusammenfassung',
    shipments: 'Sendungen',
    weight: 'Gewicht (kg)',
    tkm: 'Transportleistung (tkm)',
    wtw: 'THG-Emissionen WTW (kg CO2e)',
    ttw: 'THG-Emissionen TTW (kg CO2e)',
    wtt: 'THG-Emissionen WTT (kg CO2e)',
    hub: 'Umschlag WTW (kg CO2e)',
    intensity: 'Intensität WTW (g CO2e/tkm)',
    primaryShare: 'Anteil Primärdaten (% der WTW-Emissionen)',
    byMode: 'Nach Verkehrsträger',
    mode: 'Verkehrsträger',
    methods: 'Berechnungsmethoden',
    factorSets: 'Emissionsfaktor-Sätze',
    notes: 'Hinweise zur Methodik',
    none: '–',
    page: (n, of) => `Seite ${n} von ${of}`,
    method: {
      default: 'Standardwerte (modellierte Verbrauchswerte je GLEC-Fahrzeugtyp)',
      fuel: 'Primärdaten (gemessener oder fahrzeugbezogener Kraftstoffverbrauch)',
    },
    modes: {
      road: 'Straße',
      rail: 'Schiene',
      sea: 'See',
      inland_waterway: 'Binnenschiff',
      air: 'Luft',
    },
    noteLines: [
      'Berechnet nach DIN EN ISO 14083:2023 und dem GLEC Framework v3.1 (Smart Freight Centre).',
      'WTW (Well-to-Wheel) = TTW (Tank-to-Wheel, Betrieb des Fahrzeugs) + WTT (Well-to-Tank, Bereitstellung der Energie).',
      'Je Sendungsabschnitt wird das individuelle (kraftstoffbasierte) Ergebnis ausgewiesen, sofern vorhanden, sonst der Standardwert.',
      'Die Emissionen einer Tour werden nach Tonnenkilometern auf ihre Sendungen verteilt; Umschlagemissionen sind gesondert ausgewiesen und nicht in der Intensität enthalten.',
    ],
  },
  en: {
    title: 'Shipper emission statement',
    issuer: 'Issued by',
    shipper: 'Shipper',
    period: 'Period',
    generated: 'Generated on',
    summary: 'Summary',
    shipments: 'Shipments',
    weight: 'Weight (kg)',
    tkm: 'Transport activity (tkm)',
    wtw: 'GHG emissions WTW (kg CO2e)',
    ttw: 'GHG emissions TTW (kg CO2e)',
    wtt: 'GHG emissions WTT (kg CO2e)',
    hub: 'Hub operations WTW (kg CO2e)',
    intensity: 'Intensity WTW (g CO2e/tkm)',
    primaryShare: 'Share of primary data (% of WTW emissions)',
    byMode: 'By transport mode',
    mode: 'Mode',
    methods: 'Calculation methods',
    factorSets: 'Emission factor sets',
    notes: 'Method notes',
    none: '–',
    page: (n, of) => `Page ${n} of ${of}`,
    method: {
      default: 'Default values (modelled consumption per GLEC vehicle type)',
      fuel: 'Primary data (measured or vehicle-specific fuel consumption)',
    },
    modes: {
      road: 'Road',
      rail: 'Rail',
      sea: 'Sea',
      inland_waterway: 'Inland waterway',
      air: 'Air',
    },
    noteLines: [
      'Calculated according to ISO 14083:2023 and the GLEC Framework v3.1 (Smart Freight Centre).',
      'WTW (well-to-wheel) = TTW (tank-to-wheel, vehicle operation) + WTT (well-to-tank, energy provision).',
      'Per shipment leg the individual (fuel-based) result is reported where one exists, the default value otherwise.',
      "A tour's emissions are allocated to its shipments by tonne-kilometres; hub emissions are shown separately and are not part of the intensity.",
    ],
  },
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
