import { LANGUAGES } from '../constants.ts';
import type { BillingPeriod, BookingState, TariffTranslation, TariffType } from './schemas.ts';
import { TRIAL_DAYS } from './constants.ts';

/** All three texts filled (seed 002 §5). */
export function isCompleteTranslation(
  t: Pick<TariffTranslation, 'name' | 'shortDescription' | 'longDescription'>,
) {
  return t.name.trim() !== '' && t.shortDescription.trim() !== '' && t.longDescription.trim() !== '';
}

/**
 * Seed 002 §5: at least one translation has name, short and long description; a missing or
 * incomplete locale is filled from the first complete one. Null when none is complete.
 */
export function fillTranslations(
  translations: readonly Pick<
    TariffTranslation,
    'locale' | 'name' | 'shortDescription' | 'longDescription'
  >[],
):
  | { locale: (typeof LANGUAGES)[number]; name: string; shortDescription: string; longDescription: string }[]
  | null {
  const source = translations.find(isCompleteTranslation);
  if (!source) return null;
  return LANGUAGES.map((locale) => {
    const own = translations.find((t) => t.locale === locale);
    const from = own && isCompleteTranslation(own) ? own : source;
    return {
      locale,
      name: from.name.trim(),
      shortDescription: from.shortDescription.trim(),
      longDescription: from.longDescription.trim(),
    };
  });
}

export type TariffMoney = {
  type: TariffType;
  isFreeOfCharge: boolean;
  basicFee: number;
  billingPeriod?: BillingPeriod | null;
  staticCostPerShipment: number;
  minCostPerShipment: number;
};

/**
 * Seed 002 §4 (tariff save): free of charge stores a basic fee of 0; a billing period only with a
 * basic fee above 0.
 */
export function normaliseFees<T extends TariffMoney>(t: T): T & { billingPeriod: BillingPeriod | null } {
  const basicFee = t.isFreeOfCharge ? 0 : t.basicFee;
  return { ...t, basicFee, billingPeriod: basicFee > 0 ? (t.billingPeriod ?? null) : null };
}

/**
 * Seed 002 §5: the minimum cost per shipment is above 0 where a per-shipment price applies
 * (a pay-per-use tariff, or any tariff with a static cost per shipment, unless free of charge).
 */
export function needsMinCostPerShipment(t: TariffMoney): boolean {
  if (t.isFreeOfCharge) return false;
  return t.type === 'payPerUse' || t.staticCostPerShipment > 0;
}

/** `YYYY-MM-DD` plus days (calendar days, no time zone). */
export function addDays(isoDate: string, days: number): string {
  const d = new Date(`${isoDate}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** Seed 002 §4: a time-limited free-of-charge tariff is a trial. */
export function isTrialTariff(t: { type: TariffType; isFreeOfCharge: boolean }): boolean {
  return t.type === 'limited' && t.isFreeOfCharge;
}

/** A trial booked without an end runs 14 days from its begin (seed 002 §4); others keep theirs. */
export function bookingEnd(
  tariff: { type: TariffType; isFreeOfCharge: boolean },
  beginDate: string,
  endDate: string | null | undefined,
): string | null {
  if (endDate) return endDate;
  return isTrialTariff(tariff) ? addDays(beginDate, TRIAL_DAYS) : null;
}

/**
 * Seed 002 §3/§4: expired once the end date has passed; cancelled while a cancelled booking still
 * runs to its end; otherwise active. `today` is `YYYY-MM-DD`.
 */
export function bookingState(
  b: { endDate: string | null; cancelledAt: string | Date | null },
  today: string,
): BookingState {
  if (b.endDate !== null && b.endDate < today) return 'expired';
  return b.cancelledAt ? 'cancelled' : 'active';
}

/** A booking grants its module from its begin to its end (a cancelled one until its end). */
export function isRunning(b: { beginDate: string; endDate: string | null }, today: string): boolean {
  return b.beginDate <= today && (b.endDate === null || b.endDate >= today);
}

/** Whole days from `today` to `end` (0 on the last day). */
export function daysLeft(end: string, today: string): number {
  const ms = Date.parse(`${end}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`);
  return Math.max(0, Math.round(ms / 86_400_000));
}

export type TaxBookingFacts = {
  beginDate: string;
  endDate: string | null;
  type: TariffType;
  isFreeOfCharge: boolean;
};

/**
 * The taxonomy module's state from the company's tax bookings (seed 002 §4): a running paid tariff
 * has no limits (null); a running trial is DEMO until its end; a trial that ran out is EXPIRED; the
 * default tariff is RESTRICTED and may book a demo; no tariff is RESTRICTED.
 */
export function taxStatusOf(
  bookings: readonly TaxBookingFacts[],
  today: string,
): { taxType: 'RESTRICTED' | 'DEMO' | 'EXPIRED' | null; taxDemoEnd: string | null; canBookDemo: boolean } {
  const running = bookings.filter((b) => isRunning(b, today));
  if (running.some((b) => !isTrialTariff(b) && b.type !== 'default'))
    return { taxType: null, taxDemoEnd: null, canBookDemo: false };
  const demo = running.find(isTrialTariff);
  if (demo) return { taxType: 'DEMO', taxDemoEnd: demo.endDate, canBookDemo: false };
  const pastDemos = bookings.filter((b) => isTrialTariff(b) && b.beginDate <= today);
  if (pastDemos.length) {
    const ends = pastDemos.map((b) => b.endDate ?? '').sort();
    return { taxType: 'EXPIRED', taxDemoEnd: ends[ends.length - 1] || null, canBookDemo: false };
  }
  return { taxType: 'RESTRICTED', taxDemoEnd: null, canBookDemo: running.some((b) => b.type === 'default') };
}
