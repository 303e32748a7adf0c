import type { Language } from '@klimadesk/contract/constants';
import { formatCents, parseNumber } from '../../components/format.ts';

/** A day `YYYY-MM-DD` in the user's language: German `31.12.2026`, English `31/12/2026`. */
export function formatDay(iso: string | null | undefined, lang: Language): string {
  if (!iso) return '–';
  const [y, m, d] = iso.slice(0, 10).split('-');
  return lang === 'de' ? `${d}.${m}.${y}` : `${d}/${m}/${y}`;
}

/** Money in cents shown as EUR in the user's language. */
export const money = (cents: number | null | undefined, lang: Language) =>
  cents === null || cents === undefined ? '–' : formatCents(cents, lang);

/** Euros typed by the user (comma or dot) as cents; null when not a number at or above 0. */
export function centsOf(text: string, lang: Language): number | null {
  if (text.trim() === '') return 0;
  const n = parseNumber(text, lang);
  if (!Number.isFinite(n) || n < 0) return null;
  return Math.round(n * 100);
}

/** Cents as the text of a euro input field (`0,25` in German, `0.25` in English). */
export function euroText(cents: number | null | undefined, lang: Language): string {
  if (cents === null || cents === undefined) return '';
  const text = (cents / 100).toFixed(2);
  return lang === 'de' ? text.replace('.', ',') : text;
}
