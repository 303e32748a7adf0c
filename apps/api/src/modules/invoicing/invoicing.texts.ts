import type { Language, ModuleCode } from '@klimadesk/contract';

/** Texts of the monthly invoice document, German and English (by the company's communication language). */
export const DOCUMENT_TEXTS = {
  de: {
    title: 'Rechnung',
    number: 'Rechnungsnummer',
    period: 'Leistungszeitraum',
    customerNr: 'Kundennummer',
    vatId: 'USt-IdNr.',
    date: 'Rechnungsdatum',
    position: 'Position',
    quantity: 'Menge',
    unitPrice: 'Einzelpreis',
    total: 'Betrag',
    net: 'Nettobetrag',
    vat: 'USt. 19 %',
    gross: 'Gesamtbetrag',
    none: 'Keine abrechenbaren Leistungen in diesem Monat.',
    shipments: (module: string, tariff: string) => `${module}: ausgewertete Sendungen (Tarif ${tariff})`,
    uploads: (module: string) => `${module}: Uploads`,
    basicFee: (module: string, tariff: string) => `${module}: Grundgebühr (Tarif ${tariff})`,
    consulting: (number: string) => `Beratung, Rechnung ${number}`,
    standardTariff: 'Professional (Standardpreis)',
    footer: 'Alle Beträge in EUR. Zahlbar innerhalb von 14 Tagen ohne Abzug.',
    fileName: 'rechnung',
  },
  en: {
    title: 'Invoice',
    number: 'Invoice number',
    period: 'Service period',
    customerNr: 'Customer number',
    vatId: 'VAT ID',
    date: 'Invoice date',
    position: 'Item',
    quantity: 'Quantity',
    unitPrice: 'Unit price',
    total: 'Amount',
    net: 'Net amount',
    vat: 'VAT 19 %',
    gross: 'Total amount',
    none: 'No billable services in this month.',
    shipments: (module: string, tariff: string) => `${module}: evaluated shipments (tariff ${tariff})`,
    uploads: (module: string) => `${module}: uploads`,
    basicFee: (module: string, tariff: string) => `${module}: basic fee (tariff ${tariff})`,
    consulting: (number: string) => `Consulting, invoice ${number}`,
    standardTariff: 'Professional (standard price)',
    footer: 'All amounts in EUR. Payable within 14 days without deduction.',
    fileName: 'invoice',
  },
} as const satisfies Record<Language, unknown>;

export const MODULE_NAMES: Record<ModuleCode, Record<Language, string>> = {
  cft: { de: 'Frachtemissionen', en: 'Freight emissions' },
  cfc: { de: 'Unternehmens-CO2-Bilanz', en: 'Carbon footprint' },
  tax: { de: 'EU-Taxonomie', en: 'EU taxonomy' },
  csrd: { de: 'Nachhaltigkeitsbericht', en: 'Sustainability report' },
};

/** `2026-03` as "März 2026" / "March 2026". */
export function monthLabel(month: string, lang: Language): string {
  const d = new Date(`${month}-01T00:00:00Z`);
  return new Intl.DateTimeFormat(lang === 'de' ? 'de-DE' : 'en-GB', {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(d);
}
