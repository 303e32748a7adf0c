/**
 * Reads a number typed by a person: comma or dot as the decimal separator (seed 000 §5).
 * With both present the last one separates decimals ("1.234,5" and "1,234.5" are 1234.5);
 * a separator that appears more than once groups thousands ("1.234.567"); a single one is
 * the decimal separator ("12,5" is 12.5). Returns null for empty text and NaN for non-numbers.
 */
export function parseDecimal(input: string): number | null {
  const t = input.trim().replace(/[\s\u00a0']/g, '');
  if (t === '') return null;
  if (!/^[+-]?[\d.,]+$/.test(t)) return Number.NaN;
  const lastComma = t.lastIndexOf(',');
  const lastDot = t.lastIndexOf('.');
  let normalised: string;
  if (lastComma >= 0 && lastDot >= 0) {
    const decimal = lastComma > lastDot ? ',' : '.';
    const group = decimal === ',' ? '.' : ',';
    normalised = t.split(group).join('').replace(decimal, '.');
  } else if (lastComma >= 0) {
    normalised = t.split(',').length > 2 ? t.split(',').join('') : t.replace(',', '.');
  } else if (lastDot >= 0) {
    normalised = t.split('.').length > 2 ? t.split('.').join('') : t;
  } else {
    normalised = t;
  }
  if ((normalised.match(/\./g) ?? []).length > 1) return Number.NaN;
  return Number(normalised);
}

const formatters = new Map<string, Intl.NumberFormat>();

/** `1.234,56` in German, `1,234.56` in English; rounding happens here, at the edge only. */
export function formatNumber(value: number, lang: 'de' | 'en', fractionDigits = 2): string {
  const key = `${lang}:${fractionDigits}`;
  let f = formatters.get(key);
  if (!f) {
    f = new Intl.NumberFormat(lang === 'de' ? 'de-DE' : 'en-US', {
      minimumFractionDigits: fractionDigits,
      maximumFractionDigits: fractionDigits,
    });
    formatters.set(key, f);
  }
  return f.format(value);
}

/** Money is kept in cents; shown in EUR with two decimals. */
export function formatCents(cents: number, lang: 'de' | 'en'): string {
  return new Intl.NumberFormat(lang === 'de' ? 'de-DE' : 'en-US', {
    style: 'currency',
    currency: 'EUR',
  }).format(cents / 100);
}
