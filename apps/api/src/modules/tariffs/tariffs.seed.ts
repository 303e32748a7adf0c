import { type TariffBody, addDays, bookingEnd } from '@klimadesk/contract';
import type { DbOrTx } from '../../platform/db/index.ts';
import type { CompanyId } from '../../platform/tenant.ts';
import * as repo from './tariffs.repository.ts';
import { tariffValues } from './tariffs.service.ts';

const texts = (de: [string, string, string], en: [string, string, string]): TariffBody['translations'] => [
  { locale: 'de', name: de[0], shortDescription: de[1], longDescription: de[2] },
  { locale: 'en', name: en[0], shortDescription: en[1], longDescription: en[2] },
];

const base = {
  billingPeriod: null,
  basicFee: 0,
  costPerUpload: 0,
  staticCostPerShipment: 0,
  minCostPerShipment: 0,
  maxCostPerShipment: null,
  regressionFactor: -0.000003,
  freeNumberOfShipments: 0,
  businessUnitsLimit: null,
  isCategoryDefaultTariff: false,
  isFreeOfCharge: false,
  endDate: null,
} satisfies Partial<TariffBody>;

/**
 * The demo tariff catalogue. The basic edition's free quota is the tariff's freeNumberOfShipments:
 * the seeds disagree (500 shipments or 50 orders a month, seed 002 §1); the demo uses 50 orders.
 */
export const DEMO_TARIFFS = {
  cftBasic: {
    ...base,
    type: 'default',
    module: 'cft',
    isFreeOfCharge: true,
    isCategoryDefaultTariff: true,
    freeNumberOfShipments: 50,
    translations: texts(
      [
        'Basis',
        'Kostenlos: 50 Aufträge pro Monat',
        'Die Basisversion des Transport-CO2-Rechners: bis zu 50 manuell erfasste Aufträge pro Monat kostenlos, mit Beispieldaten statt eigener Listen.',
      ],
      [
        'Basic',
        'Free: 50 orders a month',
        'The basic edition of the transport carbon calculator: up to 50 manually entered orders a month free of charge, with sample data in place of own lists.',
      ],
    ),
  },
  cftProfessional: {
    ...base,
    type: 'payPerUse',
    module: 'cft',
    staticCostPerShipment: 25,
    minCostPerShipment: 10,
    translations: texts(
      [
        'Professional',
        '0,25 € je Sendung, ohne Grundgebühr',
        'Import über Zuordnungsvorlagen, REST-API, Fuhrpark, Export und Dashboards. Abrechnung monatlich nach Nutzung: 0,25 € je Sendung zzgl. USt., mit steigender Menge günstiger; ab 40.000 Sendungen im Monat ein individuelles Angebot.',
      ],
      [
        'Professional',
        'EUR 0.25 per shipment, no base fee',
        'Import through mapping templates, REST API, fleet, export and dashboards. Billed monthly by use: EUR 0.25 per shipment excluding VAT, falling with volume; from 40,000 shipments a month an individual offer.',
      ],
    ),
  },
  cftIndividual: {
    ...base,
    type: 'individual',
    module: 'cft',
    translations: texts(
      [
        'Individuell',
        'Individuelles Angebot',
        'Für mehr als 40.000 Sendungen im Monat: Preis nach Vereinbarung.',
      ],
      ['Individual', 'Individual offer', 'For more than 40,000 shipments a month: price by agreement.'],
    ),
  },
  cfcProfessional: {
    ...base,
    type: 'individual',
    module: 'cfc',
    basicFee: 199_000,
    billingPeriod: 'yearly',
    businessUnitsLimit: 10,
    translations: texts(
      [
        'CO2-Bilanz Professional',
        'Bis zu 10 Geschäftsbereiche',
        'Unternehmens-CO2-Bilanz mit Scope 1 bis 3 für bis zu 10 Geschäftsbereiche, jährlich abgerechnet.',
      ],
      [
        'Carbon footprint Professional',
        'Up to 10 business units',
        'Corporate carbon footprint with scopes 1 to 3 for up to 10 business units, billed yearly.',
      ],
    ),
  },
  cfcTrial: {
    ...base,
    type: 'limited',
    module: 'cfc',
    isFreeOfCharge: true,
    businessUnitsLimit: 3,
    translations: texts(
      [
        'CO2-Bilanz Test',
        '14 Tage kostenlos',
        'Die Unternehmens-CO2-Bilanz 14 Tage kostenlos testen, mit bis zu 3 Geschäftsbereichen.',
      ],
      [
        'Carbon footprint trial',
        '14 days free',
        'Try the corporate carbon footprint for 14 days free of charge, with up to 3 business units.',
      ],
    ),
  },
  taxBasic: {
    ...base,
    type: 'default',
    module: 'tax',
    isFreeOfCharge: true,
    isCategoryDefaultTariff: true,
    translations: texts(
      [
        'EU-Taxonomie Basis',
        'Eingeschränkt, Demo buchbar',
        'Die EU-Taxonomie eingeschränkt; eine 14-tägige Demo kann gebucht werden.',
      ],
      [
        'EU taxonomy basic',
        'Restricted, demo bookable',
        'The EU taxonomy restricted; a 14-day demo can be booked.',
      ],
    ),
  },
  taxProfessional: {
    ...base,
    type: 'individual',
    module: 'tax',
    basicFee: 149_000,
    billingPeriod: 'yearly',
    translations: texts(
      [
        'EU-Taxonomie Professional',
        'Voller Umfang',
        'Die EU-Taxonomie im vollen Umfang, jährlich abgerechnet.',
      ],
      ['EU taxonomy Professional', 'Full scope', 'The EU taxonomy in full, billed yearly.'],
    ),
  },
  taxTrial: {
    ...base,
    type: 'limited',
    module: 'tax',
    isFreeOfCharge: true,
    translations: texts(
      ['EU-Taxonomie Demo', '14 Tage kostenlos', 'Die EU-Taxonomie 14 Tage kostenlos testen.'],
      ['EU taxonomy demo', '14 days free', 'Try the EU taxonomy for 14 days free of charge.'],
    ),
  },
  csrdProfessional: {
    ...base,
    type: 'individual',
    module: 'csrd',
    basicFee: 249_000,
    billingPeriod: 'yearly',
    translations: texts(
      [
        'Nachhaltigkeitsbericht Professional',
        'CSRD-Bericht',
        'Der Nachhaltigkeitsbericht nach CSRD mit Wesentlichkeitsanalyse, jährlich abgerechnet.',
      ],
      [
        'Sustainability report Professional',
        'CSRD report',
        'The CSRD sustainability report with materiality analysis, billed yearly.',
      ],
    ),
  },
  csrdTrial: {
    ...base,
    type: 'limited',
    module: 'csrd',
    isFreeOfCharge: true,
    translations: texts(
      [
        'Nachhaltigkeitsbericht Test',
        '14 Tage kostenlos',
        'Den Nachhaltigkeitsbericht 14 Tage kostenlos testen.',
      ],
      [
        'Sustainability report trial',
        '14 days free',
        'Try the sustainability report for 14 days free of charge.',
      ],
    ),
  },
  // The VSME report booked alone (issue 40); a CSRD booking includes it.
  vsmeProfessional: {
    ...base,
    type: 'individual',
    module: 'vsme',
    basicFee: 49_000,
    billingPeriod: 'yearly',
    translations: texts(
      [
        'VSME-Bericht',
        'Nachhaltigkeitsbericht für KMU',
        'Der VSME-Bericht nach EFRAG (Basis- und umfassendes Modul) mit Übernahme aus der CO2-Bilanz, PDF, Excel und Inline XBRL, jährlich abgerechnet. In der CSRD-Berichterstattung enthalten.',
      ],
      [
        'VSME report',
        'Sustainability report for SMEs',
        "EFRAG's VSME report (basic and comprehensive module) filled from the carbon footprint, as PDF, Excel and Inline XBRL, billed yearly. Included in the CSRD reporting.",
      ],
    ),
  },
  vsmeTrial: {
    ...base,
    type: 'limited',
    module: 'vsme',
    isFreeOfCharge: true,
    translations: texts(
      ['VSME-Bericht Test', '14 Tage kostenlos', 'Den VSME-Bericht 14 Tage kostenlos testen.'],
      ['VSME report trial', '14 days free', 'Try the VSME report for 14 days free of charge.'],
    ),
  },
} satisfies Record<string, TariffBody>;

export type DemoTariffKey = keyof typeof DEMO_TARIFFS;

/** Writes the demo catalogue through the same save rules as the API; answers the ids by key. */
export async function seedTariffCatalogue(db: DbOrTx): Promise<Record<DemoTariffKey, string>> {
  const ids = {} as Record<DemoTariffKey, string>;
  for (const [key, body] of Object.entries(DEMO_TARIFFS) as [DemoTariffKey, TariffBody][]) {
    ids[key] = (await repo.insertTariff(db, tariffValues(body))).id;
  }
  return ids;
}

export type DemoBooking = {
  companyId: CompanyId;
  tariff: DemoTariffKey;
  email: string;
  /** Days from today the booking began (trials begin today, so their countdown shows). */
  beganDaysAgo: number;
  minimumBaseYear?: number;
  maximumReportYear?: number;
};

/** Bookings of the demo companies, without mails (nobody asked for them). */
export async function seedDemoBookings(
  db: DbOrTx,
  tariffIds: Record<DemoTariffKey, string>,
  bookings: DemoBooking[],
  today: string,
): Promise<void> {
  for (const b of bookings) {
    const tariff = DEMO_TARIFFS[b.tariff];
    const beginDate = addDays(today, -b.beganDaysAgo);
    await repo.insertBooking(db, {
      companyId: b.companyId,
      tariffId: tariffIds[b.tariff],
      beginDate,
      endDate: bookingEnd(tariff, beginDate, null),
      minimumBaseYear: b.minimumBaseYear ?? null,
      maximumReportYear: b.maximumReportYear ?? null,
      period: tariff.billingPeriod,
      emailBooking: b.email,
    });
  }
}
