/**
 * Source register. Keys follow the reference notes (docs: shared reference `glec.md`, section
 * "Sources"); every factor in a factor set points at one of these keys plus the table it came from.
 */

export type GlecEdition = 'v3.0' | 'v3.1' | 'v3.2' | 'non-GLEC';

export interface SourceDocument {
  key: string;
  title: string;
  reliability: string;
}

export const SOURCE_DOCUMENTS: readonly SourceDocument[] = [
  {
    key: 'S1',
    title:
      'CLECAT / Umweltbundesamt, "Greenhouse gas emissions in the transport sector - Guide to ISO 14083: Application and examples" (ifeu, Fraunhofer IML), English edition',
    reliability: 'primary-grade guide citing ISO 14083 tables',
  },
  {
    key: 'S2',
    title: 'iLEAP Technical Specifications (sine-fdn/ileap-extension, specs/index.bs)',
    reliability: 'primary (SFC co-edited)',
  },
  {
    key: 'S3',
    title:
      'Research note 02, section 4 "GLEC Framework e ISO 14083" (secondary reading of the GLEC v3.2 PDF)',
    reliability: 'secondary',
  },
  {
    key: 'S5',
    title: 'TEMT factor library (values tagged glec-3.2 with GLEC v3.2 Module 1/2 table references)',
    reliability: 'secondary (code), cross-checked',
  },
  {
    key: 'S6',
    title: 'AIOXY core_physics.js (comments quoting GLEC v3.2 pp. 88-160)',
    reliability: 'secondary (code)',
  },
  {
    key: 'S8',
    title: 'Climatiq emission-factor pages (GLEC v3.0 / v3.1 / v3.2 transcriptions)',
    reliability: 'secondary, reliable transcription',
  },
  {
    key: 'S11',
    title:
      'Public repository demo data: "Artic truck up to 40 t GVW, Average/mixed, Diesel", GLEC Framework v3.0',
    reliability: 'secondary',
  },
  {
    key: 'DESNZ',
    title:
      'UK Department for Energy Security and Net Zero, GHG conversion factors for company reporting 2025, flat file v1.0 (Open Government Licence v3.0)',
    reliability: 'primary (official publication), UK fleet data',
  },
  {
    key: 'S14',
    title: 'LeTRON design document (GLEC v3.2 p.77/118 diesel factors)',
    reliability: 'secondary',
  },
  {
    key: 'S15',
    title: 'Public research note on HBI freight, section 4 (GLEC v3.2 rail values)',
    reliability: 'secondary',
  },
];

/** Versions of the method and data sources the API serves under GET /source-versions. */
export interface SourceVersion {
  id: string;
  name: string;
  version: string;
  published: string;
  note: { de: string; en: string };
}

export const SOURCE_VERSIONS: readonly SourceVersion[] = [
  {
    id: 'glec-v3.0',
    name: 'GLEC Framework',
    version: '3.0',
    published: '2023-09',
    note: {
      de: 'Ältere Ausgabe; einzelne Werte stammen daraus (markiert).',
      en: 'Earlier edition; a few values come from it (marked).',
    },
  },
  {
    id: 'glec-v3.1',
    name: 'GLEC Framework',
    version: '3.1',
    published: '2024-10 (revised 2025-03)',
    note: {
      de: 'Zielausgabe der Methode (DAF eingeführt).',
      en: 'Target edition of the method (introduced the DAF).',
    },
  },
  {
    id: 'glec-v3.2',
    name: 'GLEC Framework',
    version: '3.2',
    published: '2025-10-21',
    note: {
      de: 'Quelle der meisten Standardwerte, da v3.1-Tabellen nicht vorlagen (markiert).',
      en: 'Source of most default values because the v3.1 tables were not available (marked).',
    },
  },
  {
    id: 'iso-14083',
    name: 'ISO 14083',
    version: '2023',
    published: '2023-03',
    note: { de: 'Norm, der die Methode folgt.', en: 'Standard the method follows.' },
  },
  {
    id: 'clecat-iso14083-guide',
    name: 'CLECAT/UBA Guide to ISO 14083 (ifeu energy factors, Table 17; refrigerant GWP, Table 19)',
    version: 'EN edition',
    published: '2024',
    note: {
      de: 'Energieträger ohne GLEC-Wert und Kältemittel-GWP.',
      en: 'Energy carriers without a GLEC value and refrigerant GWPs.',
    },
  },
  {
    id: 'desnz-2025',
    name: 'UK DESNZ GHG conversion factors (Freighting goods, WTT- delivery vehs & freight)',
    version: '2025 v1.0',
    published: '2025-06-10',
    note: {
      de: 'Europäische Lkw-Klassen, wo die GLEC-v3.1-Europatabelle nicht vorlag; GWP nach IPCC AR5.',
      en: 'European truck classes where the GLEC v3.1 Europe table was not available; IPCC AR5 GWP.',
    },
  },
  {
    id: 'ipcc-ar6',
    name: 'IPCC AR6 GWP100',
    version: 'AR6',
    published: '2021',
    note: { de: 'Treibhauspotenziale.', en: 'Global warming potentials.' },
  },
];
