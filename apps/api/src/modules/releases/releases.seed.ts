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
          '<p>Legen Sie unter <strong>System › Zuordnungen</strong> fest, welche Spalte Ihrer Datei welches Feld füllt, und verwenden Sie die Vorlage bei jedem Import wieder.</p><ul><li>Excel (xlsx) und CSV bis 20 MB</li><li>Importaufträge mit Status und Tourcode-Protokoll</li><li>Professional: Daten per REST-API mit API-Schlüssel übertragen</li></ul>',
        ],
        en: [
          'Import with mapping templates',
          'Bring in tours and shipments from Excel and CSV files or through the REST API.',
          '<p>Under <strong>System › Mappings</strong> you decide which column of your file fills which field, and reuse the template for every import.</p><ul><li>Excel (xlsx) and CSV up to 20 MB</li><li>Import tasks with status and tour code protocol</li><li>Professional: send data through the REST API with an API key</li></ul>',
        ],
      },
      {
        module: 'cft',
        de: [
          'Fuhrparkverwaltung',
          'Fahrzeuge und Anhänger mit GLEC-Fahrzeugtyp pflegen, importieren und stilllegen.',
          '<p>Tragen Sie Ihre Fahrzeuge und Anhänger mit Kennzeichen und GLEC-Fahrzeugtyp ein oder importieren Sie sie als Liste. Touren mit bekanntem Kennzeichen erhalten den passenden Fahrzeugtyp automatisch.</p><p>Stillgelegte Fahrzeuge bleiben für frühere Touren erhalten und lassen sich wiederherstellen.</p>',
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
          'Schlagwortgruppen',
          'Touren und Sendungen mit farbigen Schlagworten gruppieren und filtern.',
          'Schlagwortgruppen mit Farbe ordnen Ihre Touren und Sendungen, zum Beispiel nach Niederlassung oder Kunde. In allen Listen und Dashboards lässt sich nach Schlagworten filtern.',
        ],
        en: [
          'Tag groups',
          'Group and filter tours and shipments with coloured tags.',
          'Tag groups with a colour sort your tours and shipments, for example by branch or customer. Every list and dashboard can be filtered by tags.',
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
          'Frachtführer- und Versender-Dashboard',
          'Emissionen, Intensität und Primärdatenanteil auf einen Blick, nach Monaten und Filtern.',
          'Das Frachtführer-Dashboard zeigt die Emissionen Ihrer Touren, das Versender-Dashboard die Ihrer Sendungen: Summen in t CO2e, Intensität in g CO2e/tkm, Primärdatenanteil und Verlauf nach Monaten. Zeitraum und Filter bleiben für Ihre Sitzung erhalten.',
        ],
        en: [
          'Carrier and shipper dashboards',
          'Emissions, intensity and share of primary data at a glance, by month and filter.',
          'The carrier dashboard shows the emissions of your tours, the shipper dashboard those of your shipments: totals in t CO2e, intensity in g CO2e/tkm, share of primary data and the monthly trend. Period and filters stay for your session.',
        ],
      },
      {
        module: 'cft',
        de: [
          'Exporte und Emissionsbescheinigungen',
          'Gefilterte Listen als Excel exportieren und Bescheinigungen für Versender erstellen.',
          '<p>Touren- und Sendungslisten werden mit Ihren Filtern als Excel-Datei erzeugt; Sie finden sie unter <strong>System › Exportaufträge</strong>.</p><p>Die Emissionsbescheinigung für Versender fasst die Emissionen eines Auftraggebers nach ISO 14083 als PDF oder Excel zusammen.</p>',
        ],
        en: [
          'Exports and emission statements',
          'Export filtered lists to Excel and issue statements for shippers.',
          '<p>Tour and shipment lists are written with your filters as an Excel file; find them under <strong>System › Export jobs</strong>.</p><p>The shipper emission statement sums up a customer’s emissions per ISO 14083 as PDF or Excel.</p>',
        ],
      },
      {
        module: 'cft',
        de: [
          'Tarife, Abrechnung und Preisrechner',
          'Nutzungsbasierte Abrechnung mit Tarifübersicht, Rechnungen und Bestpreis-Rechner.',
          '<p>Professional wird nutzungsbasiert abgerechnet: 0,25 EUR pro Sendung zzgl. MwSt., ohne monatliche Grundgebühr, mit sinkendem Preis bei steigender Menge. Ab 40.000 Sendungen im Monat erhalten Sie ein individuelles Angebot.</p><ul><li>Meine Tarife: gebuchte Tarife Ihres Unternehmens</li><li>Zahlung: Rechnungen und Verbrauch je Monat</li><li>Preisrechner für Ihr Sendungsvolumen</li></ul>',
        ],
        en: [
          'Tariffs, invoicing and price calculator',
          'Pay-per-use billing with tariff overview, invoices and a best-price calculator.',
          '<p>Professional is billed per use: 0.25 EUR per shipment excluding VAT, no monthly base fee, falling with volume. From 40,000 shipments a month you get an individual offer.</p><ul><li>My tariffs: the tariffs your company booked</li><li>Payment: invoices and usage per month</li><li>Price calculator for your shipment volume</li></ul>',
        ],
      },
      {
        module: 'cfc',
        de: [
          'Unternehmens-CO2-Bilanz: Tarifbuchungen',
          'Administratoren sehen die gebuchten Tarife der CO2-Bilanz ihres Unternehmens.',
          'Unter Tarifbuchungen sehen Unternehmensadministratoren Laufzeit, Mindestlaufzeit und Berichtsjahre der gebuchten Tarife für die Unternehmens-CO2-Bilanz.',
        ],
        en: [
          'Corporate carbon footprint: tariff bookings',
          'Administrators see the carbon footprint tariffs their company booked.',
          'Under tariff bookings, company administrators see the term, minimum term and report years of the tariffs booked for the corporate carbon footprint.',
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
