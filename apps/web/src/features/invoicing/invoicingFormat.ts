import type { Language } from '@klimadesk/contract/constants';
import { formatNumber } from '../../components/format.ts';

/** A volume price is fractional: "24,9250 ct" / "24.9250 ct". */
export function formatUnitCents(cents: number, lang: Language): string {
  return `${formatNumber(cents, lang, 4)} ct`;
}

/** Cents as the decimal text a euro field starts with. */
export function centsToEuroText(cents: number, lang: Language): string {
  return formatNumber(cents / 100, lang, 2).replace(/[.,](?=\d{3}(\D|$))/g, '');
}

export const currentMonth = () => new Date().toISOString().slice(0, 7);
