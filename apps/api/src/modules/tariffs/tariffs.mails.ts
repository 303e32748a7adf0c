import type { Language } from '@klimadesk/contract';
import { t } from '@klimadesk/contract/messages';

type Template = { subject: string; text: string };
export type BookingMailKind = 'booking' | 'change' | 'cancellation';
export type BookingMailFacts = {
  company: string;
  tariff: string;
  module: string;
  beginDate: string;
  endDate: string | null;
};

const MODULE_NAMES: Record<Language, Record<string, string>> = {
  de: {
    cft: t('de', 'tariffs.modules.cft'),
    cfc: t('de', 'tariffs.modules.cfc'),
    tax: t('de', 'tariffs.modules.tax'),
    csrd: t('de', 'tariffs.modules.csrd'),
  },
  en: {
    cft: t('en', 'tariffs.modules.cft'),
    cfc: t('en', 'tariffs.modules.cfc'),
    tax: t('en', 'tariffs.modules.tax'),
    csrd: t('en', 'tariffs.modules.csrd'),
  },
};

const day = (lang: Language, iso: string) => {
  const [y, m, d] = iso.split('-');
  return lang === 'de' ? `${d}.${m}.${y}` : `${y}-${m}-${d}`;
};

/** Booking, change and cancellation mails in the company's communication language (seed 002 §4). */
export function bookingMail(kind: BookingMailKind, lang: Language, p: BookingMailFacts): Template {
  const module = MODULE_NAMES[lang][p.module] ?? p.module;
  if (lang === 'de') {
    const until = p.endDate ? `bis ${day('de', p.endDate)}` : 'ohne Enddatum';
    const subject = {
      booking: `Klimadesk: Tarif ${p.tariff} gebucht`,
      change: `Klimadesk: Buchung des Tarifs ${p.tariff} geändert`,
      cancellation: `Klimadesk: Tarif ${p.tariff} gekündigt`,
    }[kind];
    const lead = {
      booking: `für ${p.company} wurde der Tarif „${p.tariff}“ (${module}) gebucht`,
      change: `die Buchung des Tarifs „${p.tariff}“ (${module}) für ${p.company} wurde geändert`,
      cancellation: `der Tarif „${p.tariff}“ (${module}) für ${p.company} wurde gekündigt`,
    }[kind];
    return {
      subject,
      text: `Guten Tag,\n\n${lead}. Laufzeit: ab ${day('de', p.beginDate)} ${until}.\n\nBei Fragen wenden Sie sich bitte an den Support.`,
    };
  }
  const until = p.endDate ? `until ${day('en', p.endDate)}` : 'without an end date';
  const subject = {
    booking: `Klimadesk: tariff ${p.tariff} booked`,
    change: `Klimadesk: booking of tariff ${p.tariff} changed`,
    cancellation: `Klimadesk: tariff ${p.tariff} cancelled`,
  }[kind];
  const lead = {
    booking: `the tariff "${p.tariff}" (${module}) was booked for ${p.company}`,
    change: `the booking of the tariff "${p.tariff}" (${module}) for ${p.company} was changed`,
    cancellation: `the tariff "${p.tariff}" (${module}) for ${p.company} was cancelled`,
  }[kind];
  return {
    subject,
    text: `Hello,\n\n${lead}. Term: from ${day('en', p.beginDate)} ${until}.\n\nIf you have questions, please contact support.`,
  };
}
