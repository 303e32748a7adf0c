import type { ModuleCode } from '@klimadesk/contract';
import type { AppContext } from '../../platform/context.ts';
import type { DbOrTx } from '../../platform/db/index.ts';
import * as repo from './releases.repository.ts';

type SeedNote = {
  module: ModuleCode;
  de: [title: string, short: string, description: string];
  en: [title: string, short: string, description: string];
};

/**
 * The product's release history as shipped (the app's version label is v2.9.0, seed 002 §9), freight
 * tool (cft) first. Descriptions use the editor's HTML subset.
 */
export const RELEASE_HISTORY: { version: string; releaseDate: string; notes: SeedNote[] }[] = [
  {
    version: '2.8.0',
    releaseDate: '2026-09-15',
    notes: [
      {
        module: 'cft',
        de: [
          'Import mit Zuordnungsvorlagen',
          'Touren und Sendungen aus Excel- und CSV-Dateien oder per REST-API übernehmen.',
          '<p>Legen Sie unter <strong>System › Zuordnungen</strong> fest, welche Spalte Ihrer Datei welches Feld füllt, und verwenden Sie die Vorlage bei jedem Import wieder.</p><ul><li>Excel (xlsx) und CSV bis 20 MB</li><li>Importe mit Status und Tourcode-Protokoll</li><li>Professional: Daten per REST-API mit API-Schlüssel übertragen</li></ul>',
        ],
        en: [
          'Import with mapping templates',
          'Bring in tours and shipments from Excel and CSV files or through the REST API.',
          '<p>Under <strong>System › Mappings</strong> you decide which column of your file fills which field, and reuse the template for every import.</p><ul><li>Excel (xlsx) and CSV up to 20 MB</li><li>Imports with status and tour code protocol</li><li>Professional: send data through the REST API with an API key</li></ul>',
        ],
      },
      {
        module: 'cft',
        de: [
          'Fuhrparkverwaltung',
          'Fahrzeuge und Auflieger mit GLEC-Fahrzeugtyp pflegen, importieren und stilllegen.',
          '<p>Tragen Sie Ihre Fahrzeuge und Auflieger mit Kennzeichen und GLEC-Fahrzeugtyp ein oder importieren Sie sie als Liste. Touren mit bekanntem Kennzeichen erhalten den passenden Fahrzeugtyp automatisch.</p><p>Stillgelegte Fahrzeuge bleiben für frühere Touren erhalten und lassen sich wiederherstellen.</p>',
        ],
        en: [
          'Fleet management',
          'Keep vehicles and trailers with their GLEC vehicle type, import and decommission them.',
          '<p>Enter your vehicles and trailers with licence plate and GLEC vehicle type, or import them as a list. Tours with a known licence plate get the matching vehicle type automatically.</p><p>Decommissioned vehicles stay with earlier tours and can be restored.</p>',
        ],
      },
      {
        module: 'cft',
        de: [
          'Tag-Gruppen',
          'Touren und Sendungen mit farbigen Tags kennzeichnen und filtern.',
          '<p>Unter <strong>System › Tag-Gruppen</strong> legen Sie farbige Gruppen von Tags an, zum Beispiel nach Niederlassung oder Kunde. Die Tour- und Sendungslisten und die Dashboards lassen sich nach Tags filtern.</p>',
        ],
        en: [
          'Tag groups',
          'Mark and filter tours and shipments with coloured tags.',
          '<p>Under <strong>System › Tag groups</strong> you create coloured groups of tags, for example by branch or customer. The tour and shipment lists and the dashboards can be filtered by tags.</p>',
        ],
      },
    ],
  },
  {
    version: '2.9.0',
    releaseDate: '2026-11-10',
    notes: [
      {
        module: 'cft',
        de: [
          'Emissionsfaktoren nach GLEC v3.1',
          'Berechnung nach GLEC-Framework v3.1 und ISO 14083 mit nachvollziehbarem Rechenweg.',
          '<p>Alle Touren und Sendungen werden nach dem GLEC-Framework v3.1 berechnet (Well-to-Wheel, Tank-to-Wheel und Well-to-Tank). Europäische Straßenklassen nutzen die Faktoren von UK DESNZ 2025.</p><ul><li>Transportentfernung als SFD (gefahrene km / DAF, Luftfracht GCD + 95 km)</li><li>Rechenweg je Sendung in Ihrer Sprache</li></ul>',
        ],
        en: [
          'Emission factors per GLEC v3.1',
          'Calculation per GLEC Framework v3.1 and ISO 14083 with a traceable calculation sheet.',
          '<p>Every tour and shipment is calculated per GLEC Framework v3.1 (well-to-wheel, tank-to-wheel and well-to-tank). European road classes use the UK DESNZ 2025 factors.</p><ul><li>Transport distance as SFD (driven km / DAF, air freight GCD + 95 km)</li><li>Calculation sheet per shipment in your language</li></ul>',
        ],
      },
      {
        module: 'cft',
        de: [
          'Tour- und Sendungs-Dashboard',
          'Emissionen, Intensität und Transportleistung auf einen Blick, nach Monaten und Filtern.',
          'Das Tour-Dashboard zeigt die Emissionen Ihrer Touren, das Sendungs-Dashboard die Ihrer Sendungen je Versender: CO2e nach Standardwerten und, wo Kraftstoffdaten vorliegen, individuell berechnet, die Intensität in g CO2e/tkm, die Transportleistung in tkm und den Verlauf nach Monaten. Zeitraum und Filter bleiben für Ihre Sitzung erhalten.',
        ],
        en: [
          'Tour and shipment dashboards',
          'Emissions, intensity and transport activity at a glance, by month and filter.',
          'The tour dashboard shows the emissions of your tours, the shipment dashboard those of your shipments by shipper: CO2e from default values and, where fuel data is given, calculated individually, the intensity in g CO2e/tkm, the transport activity in tkm and the monthly trend. Period and filters stay for your session.',
        ],
      },
      {
        module: 'cft',
        de: [
          'Exporte und Emissionsberichte für Versender',
          'Gefilterte Listen als Excel exportieren und Berichte für Versender erstellen.',
          '<p>Touren- und Sendungslisten werden mit Ihren Filtern als Excel-Datei erzeugt; Sie finden sie unter <strong>System › Exporte</strong>.</p><p>Der Emissionsbericht für Versender im Sendungs-Dashboard fasst die Emissionen eines Versenders in einem Zeitraum nach ISO 14083 und GLEC v3.1 als PDF oder Excel zusammen.</p>',
        ],
        en: [
          'Exports and shipper emission reports',
          'Export filtered lists to Excel and issue reports for shippers.',
          '<p>Tour and shipment lists are written with your filters as an Excel file; find them under <strong>System › Exports</strong>.</p><p>The shipper emission report on the shipment dashboard sums up a shipper’s emissions over a period per ISO 14083 and GLEC v3.1 as PDF or Excel.</p>',
        ],
      },
      {
        module: 'cft',
        de: [
          'Tarife, Abrechnung und Preisrechner',
          'Nutzungsbasierte Abrechnung mit Tarifübersicht, Rechnungen und Bestpreis-Rechner.',
          '<p>Professional wird nutzungsbasiert abgerechnet: 0,25 EUR pro Sendung zzgl. MwSt., ohne monatliche Grundgebühr, mit sinkendem Preis bei steigender Menge. Ab 40.000 Sendungen im Monat erhalten Sie ein individuelles Angebot.</p><ul><li>Meine Tarife: gebuchte Tarife Ihres Unternehmens</li><li>Sendungsabrechnung: ausgewertete Sendungen und Preis je Monat</li><li>Zahlungsdaten: Rechnungsadresse und Monatsrechnungen als PDF</li><li>Preisrechner für Ihr Sendungsvolumen</li></ul>',
        ],
        en: [
          'Tariffs, invoicing and price calculator',
          'Pay-per-use billing with tariff overview, invoices and a best-price calculator.',
          '<p>Professional is billed per use: 0.25 EUR per shipment excluding VAT, no monthly base fee, falling with volume. From 40,000 shipments a month you get an individual offer.</p><ul><li>My tariffs: the tariffs your company booked</li><li>Shipment invoicing: evaluated shipments and their price per month</li><li>Payment: billing address and monthly invoices as PDF</li><li>Price calculator for your shipment volume</li></ul>',
        ],
      },
      {
        module: 'cfc',
        de: [
          'Unternehmens-CO2-Bilanz nach GHG Protocol',
          'Scope 1 bis 3 je Geschäftsbereich und Jahr erfassen, auswerten und als PDF oder Excel ausgeben.',
          '<p>Legen Sie Geschäftsbereiche an und erfassen Sie je Berichtsjahr die Einträge der Kategorien von Scope 1 bis 3, jeweils mit dem Emissionsfaktor aus der Emissionsdatenbank (Quelle, Version und GWP-Satz).</p><ul><li>Scope 2 standort- und marktbasiert (GHG Protocol Scope 2 Guidance)</li><li>Vergleich mit dem Basisjahr</li><li>Frachtemissionen aus dem Frachtmodul übernehmen</li><li>Ergebnisse als PDF und Excel</li></ul>',
        ],
        en: [
          'Carbon footprint per GHG Protocol',
          'Record scopes 1 to 3 per business unit and year, evaluate them and export them as PDF or Excel.',
          '<p>Create business units and, for each reporting year, record the entries of the categories of scopes 1 to 3, each with its emission factor from the emission database (source, version and GWP set).</p><ul><li>Scope 2 location- and market-based (GHG Protocol Scope 2 Guidance)</li><li>Comparison with the base year</li><li>Take over freight emissions from the freight module</li><li>Results as PDF and Excel</li></ul>',
        ],
      },
      {
        module: 'tax',
        de: [
          'EU-Taxonomie: Tätigkeiten bewerten, nach Artikel 8 berichten',
          'Geschäftsjahre, bewertete Tätigkeiten, Kennzahlen und der Meldebogen als PDF und Excel.',
          '<p>Erfassen Sie je Geschäftsjahr Umsatz, CapEx und OpEx und den Mindestschutz. Jede Tätigkeit führt ein Assistent durch Kerndaten, Umweltziele, wesentlichen Beitrag, DNSH-Kriterien und Mindestschutz.</p><ul><li>Dashboard mit den Anteilen taxonomiefähig und taxonomiekonform</li><li>Meldebogen nach Artikel 8 (Delegierte Verordnung 2021/2178, vereinfacht nach 2026/73) als PDF und Excel</li></ul>',
        ],
        en: [
          'EU taxonomy: assess activities, report per Article 8',
          'Financial years, assessed activities, KPIs and the disclosure templates as PDF and Excel.',
          '<p>Record turnover, CapEx and OpEx and the minimum safeguards of each financial year. A wizard takes each activity through core data, environmental objectives, substantial contribution, DNSH criteria and minimum safeguards.</p><ul><li>Dashboard with the taxonomy-eligible and taxonomy-aligned shares</li><li>Article 8 disclosure templates (Delegated Regulation 2021/2178, simplified per 2026/73) as PDF and Excel</li></ul>',
        ],
      },
      {
        module: 'csrd',
        de: [
          'Wesentlichkeitsanalyse und CSRD-Bericht',
          'Doppelte Wesentlichkeit bewerten und den Bericht nach ESRS-Themen erstellen.',
          '<p>Bewerten Sie Auswirkungen, Risiken und Chancen in der Wesentlichkeitsanalyse; die Wesentlichkeitsmatrix zeigt, welche Themen wesentlich sind. Der CSRD-Bericht eines Jahres führt die Angabepflichten der wesentlichen ESRS-Themen mit Verantwortlichen und Status.</p><ul><li>E1-6 aus der Unternehmens-CO2-Bilanz übernehmen</li><li>Bericht als PDF</li></ul>',
        ],
        en: [
          'Materiality analysis and CSRD report',
          'Assess double materiality and write the report by ESRS topic.',
          '<p>Assess impacts, risks and opportunities in the materiality analysis; the materiality matrix shows which topics are material. A year’s CSRD report lists the disclosure requirements of the material ESRS topics with the people responsible and their status.</p><ul><li>Take over E1-6 from the carbon footprint</li><li>Report as PDF</li></ul>',
        ],
      },
      {
        module: 'cfc',
        de: [
          'Unternehmens-CO2-Bilanz: Tarifbuchungen',
          'Administratoren sehen die gebuchten Tarife der Unternehmens-CO2-Bilanz ihres Unternehmens.',
          'Unter Tarifbuchungen sehen Unternehmensadministratoren Laufzeit, Mindestlaufzeit und Berichtsjahre der gebuchten Tarife für die Unternehmens-CO2-Bilanz.',
        ],
        en: [
          'Carbon footprint: tariff bookings',
          'Administrators see the carbon footprint tariffs their company booked.',
          'Under tariff bookings, company administrators see the term, minimum term and report years of the tariffs booked for the carbon footprint.',
        ],
      },
    ],
  },
];

async function seedVersion(db: DbOrTx, release: (typeof RELEASE_HISTORY)[number]): Promise<void> {
  // A version that exists is the platform admin's to change: the seed writes only missing versions.
  if (await repo.findVersionByNumber(db, release.version)) return;
  const versionId = await repo.insertVersion(db, {
    version: release.version,
    releaseDate: release.releaseDate,
    released: true,
  });
  const position = new Map<string, number>();
  for (const n of release.notes) {
    const next = (position.get(n.module) ?? 0) + 1;
    position.set(n.module, next);
    await repo.insertNote(db, {
      releaseVersionId: versionId,
      module: n.module,
      position: next,
      titleDe: n.de[0],
      shortDescriptionDe: n.de[1],
      descriptionDe: n.de[2],
      titleEn: n.en[0],
      shortDescriptionEn: n.en[1],
      descriptionEn: n.en[2],
    });
  }
}

/** The release history on every start with demo data; idempotent. */
export async function seedReleaseHistory(ctx: AppContext): Promise<void> {
  if (!ctx.config.seedDemo) return;
  await ctx.db.transaction(async (tx) => {
    for (const release of RELEASE_HISTORY) await seedVersion(tx, release);
  });
}
