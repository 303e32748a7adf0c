import type { Language } from '@klimadesk/contract/constants';
import { formatNumber } from './format.ts';

/** From this many kg CO2e on, emissions read better in tonnes. */
export const TONNES_FROM_KG = 10_000;

export type Quantity = { value: string; unit: string };

const dash = '–';

/** Emissions in kg CO2e, switched to tonnes when large; rounded here and nowhere before. */
export function co2Quantity(kg: number | null | undefined, lang: Language): Quantity {
  if (kg == null || !Number.isFinite(kg)) return { value: dash, unit: 'kg CO₂e' };
  if (Math.abs(kg) >= TONNES_FROM_KG) return { value: formatNumber(kg / 1000, lang, 2), unit: 't CO₂e' };
  return { value: formatNumber(kg, lang, 2), unit: 'kg CO₂e' };
}

export function quantity(
  value: number | null | undefined,
  unit: string,
  lang: Language,
  digits = 2,
): Quantity {
  if (value == null || !Number.isFinite(value)) return { value: dash, unit };
  return { value: formatNumber(value, lang, digits), unit };
}

export const text = (q: Quantity) => (q.value === dash ? dash : `${q.value} ${q.unit}`.trim());

export const formatCo2 = (kg: number | null | undefined, lang: Language) => text(co2Quantity(kg, lang));

/**
 * One unit for a whole column of emissions: tonnes when its largest figure reads better in
 * tonnes, else kg, so "10,07 t" never stands beside "9.359,59 kg".
 */
export function co2ColumnFormat(kgs: readonly (number | null | undefined)[], lang: Language) {
  const max = Math.max(0, ...kgs.map((k) => (k == null || !Number.isFinite(k) ? 0 : Math.abs(k))));
  const tonnes = max >= TONNES_FROM_KG;
  return (kg: number | null | undefined) =>
    kg == null || !Number.isFinite(kg)
      ? dash
      : tonnes
        ? `${formatNumber(kg / 1000, lang, 2)} t CO₂e`
        : `${formatNumber(kg, lang, 2)} kg CO₂e`;
}
export const formatKm = (km: number | null | undefined, lang: Language) => text(quantity(km, 'km', lang, 1));
export const formatTkm = (tkm: number | null | undefined, lang: Language) =>
  text(quantity(tkm, 'tkm', lang, 1));
export const formatKg = (kg: number | null | undefined, lang: Language) => text(quantity(kg, 'kg', lang, 0));
export const formatIntensity = (g: number | null | undefined, lang: Language) =>
  text(quantity(g, 'g CO₂e/tkm', lang, 1));
export const formatCount = (n: number | null | undefined, lang: Language) => text(quantity(n, '', lang, 0));
export const formatPercent = (p: number | null | undefined, lang: Language) =>
  text(quantity(p, '%', lang, 1));

/** `YYYY-MM-DD` or an ISO time as a short date in the UI language. */
export function formatDay(iso: string | null | undefined, lang: Language): string {
  if (!iso) return dash;
  const d = new Date(iso.length === 10 ? `${iso}T12:00:00` : iso);
  if (Number.isNaN(d.getTime())) return dash;
  return new Intl.DateTimeFormat(lang === 'de' ? 'de-DE' : 'en-GB', { dateStyle: 'medium' }).format(d);
}

/** `YYYY-MM` as a short month label ("Mär. 2026" / "Mar 2026"). */
export function formatMonth(month: string, lang: Language): string {
  const d = new Date(`${month}-15T12:00:00`);
  if (Number.isNaN(d.getTime())) return month;
  return new Intl.DateTimeFormat(lang === 'de' ? 'de-DE' : 'en-GB', {
    month: 'short',
    year: 'numeric',
  }).format(d);
}
