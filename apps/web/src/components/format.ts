import type { Language } from '@klimadesk/contract/constants';

const localeOf = (lang: Language) => (lang === 'de' ? 'de-DE' : 'en-US');

/**
 * Reads a number typed by a user. Comma or dot may be the decimal separator; when both appear the
 * last one is the decimal separator. A lone group pattern is read the way the language writes it:
 * German "1.234" is 1234, English "1,234" is 1234. Anything else gives NaN.
 */
export function parseNumber(input: string | number | null | undefined, lang: Language): number {
  if (typeof input === 'number') return input;
  if (input == null) return Number.NaN;
  let s = input.trim().replace(/[\s\u00a0\u202f']/g, '');
  if (s === '') return Number.NaN;
  const lastComma = s.lastIndexOf(',');
  const lastDot = s.lastIndexOf('.');
  if (lastComma >= 0 && lastDot >= 0) {
    const dec = lastComma > lastDot ? ',' : '.';
    const group = dec === ',' ? '.' : ',';
    s = s.split(group).join('');
    if (s.indexOf(dec) !== s.lastIndexOf(dec)) return Number.NaN;
    s = s.replace(dec, '.');
  } else if (lastComma >= 0) {
    if (lang === 'en' && /^-?\d{1,3}(,\d{3})+$/.test(s)) s = s.replace(/,/g, '');
    else if (s.indexOf(',') !== lastComma) return Number.NaN;
    else s = s.replace(',', '.');
  } else if (lastDot >= 0) {
    if (lang === 'de' && /^-?\d{1,3}(\.\d{3})+$/.test(s)) s = s.replace(/\./g, '');
    else if (s.indexOf('.') !== lastDot) return Number.NaN;
  }
  if (!/^-?(\d+\.?\d*|\.\d+)$/.test(s)) return Number.NaN;
  return Number(s);
}

/** Amounts: non-numbers become 0, rounded to 2 decimals and never below 0 (seed 002 §5). */
export function toAmount(input: string | number | null | undefined, lang: Language): number {
  const n = parseNumber(input, lang);
  if (!Number.isFinite(n) || n <= 0) return 0;
  return Math.round(n * 100) / 100;
}

/** Euros typed as decimal text (German comma or dot) as whole cents, by `toAmount`: never negative. */
export function typedCents(input: string, lang: Language): number {
  return Math.round(toAmount(input, lang) * 100);
}

export function formatNumber(value: number, lang: Language, fractionDigits = 2): string {
  return new Intl.NumberFormat(localeOf(lang), {
    minimumFractionDigits: fractionDigits,
    maximumFractionDigits: fractionDigits,
  }).format(value);
}

/**
 * A figure with as many decimals as it has, up to `maxDigits` (emission factors such as 2.51279
 * kg CO2e per litre keep their published precision): German `2,51279`, English `2.51279`.
 */
export function formatFigure(value: number, lang: Language, maxDigits = 6): string {
  return new Intl.NumberFormat(localeOf(lang), { maximumFractionDigits: maxDigits }).format(value);
}

export function formatEur(value: number, lang: Language): string {
  return new Intl.NumberFormat(localeOf(lang), {
    style: 'currency',
    currency: 'EUR',
    minimumFractionDigits: 2,
  }).format(value);
}

/** Money is stored in cents. */
export function formatCents(cents: number, lang: Language): string {
  return formatEur(cents / 100, lang);
}

export function formatDateTime(iso: string | null | undefined, lang: Language): string {
  if (!iso) return '–';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '–';
  // English dates in day-month-year order like every other date of the app (en-GB), German as usual.
  return new Intl.DateTimeFormat(lang === 'de' ? 'de-DE' : 'en-GB', {
    dateStyle: 'medium',
    timeStyle: 'short',
  }).format(d);
}
