import type { Language, ModuleCode } from '@klimadesk/contract';
import { texts } from '@klimadesk/contract/messages';
import { t } from '@klimadesk/contract/messages';

const documentTexts = (lang: Language) => ({
  title: t(lang, 'invoicing.document.title'),
  number: t(lang, 'invoicing.document.number'),
  period: t(lang, 'invoicing.document.period'),
  customerNr: t(lang, 'invoicing.document.customerNr'),
  vatId: t(lang, 'invoicing.document.vatId'),
  date: t(lang, 'invoicing.document.date'),
  recipient: t(lang, 'invoicing.document.recipient'),
  position: t(lang, 'invoicing.document.position'),
  quantity: t(lang, 'invoicing.document.quantity'),
  unitPrice: t(lang, 'invoicing.document.unitPrice'),
  total: t(lang, 'invoicing.document.total'),
  net: t(lang, 'invoicing.document.net'),
  vat: t(lang, 'invoicing.document.vat'),
  gross: t(lang, 'invoicing.document.gross'),
  none: t(lang, 'invoicing.document.none'),
  shipments: (module: string, tariff: string) => t(lang, 'invoicing.document.shipments', { module, tariff }),
  uploads: (module: string) => t(lang, 'invoicing.document.uploads', { module }),
  basicFee: (module: string, tariff: string) => t(lang, 'invoicing.document.basicFee', { module, tariff }),
  consulting: (number: string) => t(lang, 'invoicing.document.consulting', { number }),
  standardTariff: t(lang, 'invoicing.document.standardTariff'),
  footer: t(lang, 'invoicing.document.footer'),
  fileName: t(lang, 'invoicing.document.fileName'),
});

/** Texts of the monthly invoice document, German and English (by the company's communication language). */
export const DOCUMENT_TEXTS = {
  de: documentTexts('de'),
  en: documentTexts('en'),
} as const satisfies Record<Language, unknown>;

export const MODULE_NAMES: Record<ModuleCode, Record<Language, string>> = {
  cft: texts('invoicing.modules.cft'),
  cfc: texts('invoicing.modules.cfc'),
  tax: texts('invoicing.modules.tax'),
  csrd: texts('invoicing.modules.csrd'),
  vsme: texts('invoicing.modules.vsme'),
};
