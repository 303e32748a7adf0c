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
    wtw: 'THG-Emissionen WTW einschl. Umschlag (kg CO2e)',
    ttw: 'THG-Emissionen TTW der Transporte (kg CO2e)',
    wtt: 'THG-Emissionen WTT der Transporte (kg CO2e)',
    hub: 'davon Umschlag WTW (kg CO2e)',
    intensity: 'Intensität WTW einschl. Umschlag (g CO2e/tkm)',
    primaryShare: 'Anteil Primärdaten (% der WTW-Emissionen)',
    byMode: 'Nach Verkehrsträger',
    figure: 'Kennzahl',
    value: 'Wert',
    chart: 'THG-Emissionen WTW je Verkehrsträger (kg CO2e)',
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
      'Standardwert: Masse der Sendung × ihre eigene Transportentfernung × GLEC-Standardintensität des Fahrzeugtyps, ohne Verteilung (Transportentfernung: kürzeste mögliche Entfernung, tatsächliche km ÷ Entfernungsanpassungsfaktor; Luftfracht Großkreis + 95 km).',
      'Individueller Wert: der gemessene Tourwert wird nach dem tkm-Anteil der Sendungen verteilt (Restgrößenverfahren auf das Gramm).',
      'Umschlag: ein Umschlagpunkt, wo die Ware das Fahrzeug wechselt (GLEC-Standardwert je Tonne, nur WTW); er ist in WTW und Intensität enthalten und als eigene Zeile ausgewiesen; TTW und WTT betreffen die Transporte.',
      'Die GWP-Basis steht bei jedem Faktorsatz (DESNZ-Werte: IPCC AR5, GLEC-Werte: IPCC AR6).',
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
    wtw: 'GHG emissions WTW incl. hubs (kg CO2e)',
    ttw: 'GHG emissions TTW of transport (kg CO2e)',
    wtt: 'GHG emissions WTT of transport (kg CO2e)',
    hub: 'of which hub operations WTW (kg CO2e)',
    intensity: 'Intensity WTW incl. hubs (g CO2e/tkm)',
    primaryShare: 'Share of primary data (% of WTW emissions)',
    byMode: 'By transport mode',
    figure: 'Figure',
    value: 'Value',
    chart: 'GHG emissions WTW by transport mode (kg CO2e)',
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
      "Default value: the shipment's mass × its own transport distance × the GLEC default intensity of the vehicle type, without allocation (transport distance: shortest feasible distance, actual km ÷ distance adjustment factor; air great circle + 95 km).",
      "Individual value: the tour's measured total is allocated by the shipments' tkm shares (largest remainder, to the gram).",
      'Hubs: a hub wherever the goods change vehicle (GLEC default per tonne, WTW only); included in WTW and intensity and shown as its own line; TTW and WTT cover transport.',
      'Each factor set names its GWP basis (DESNZ values: IPCC AR5, GLEC values: IPCC AR6).',
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
