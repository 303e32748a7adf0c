/**
 * How a VSME value is shown in the documents (PDF, xlsx, the Inline XBRL body) and in which
 * precision it is stated: tonnes, MWh and m³ to three decimals (the kilogram, kWh and litre the
 * footprint is kept in; the CFC results show tonnes so too), hectares to four, money to the cent,
 * percentages in per cent to two decimals (stored as a fraction, XBRL `pure`), GHG intensity per
 * EUR million to three decimals (stored per euro, the UTR unit tCO2e/EUR).
 */
import type { Language, VsmeDatapointData, VsmeKind, VsmeValue } from '@klimadesk/contract';
import { documentDate } from '../../platform/pdf.ts';
import { domainMember, labelIn } from './vsme.catalogue.ts';
import { t } from '@klimadesk/contract/messages';

/** `scale`: the shown figure is the value × 10^-scale (iXBRL `scale`); `digits`: decimals shown. */
export const DISPLAY: Partial<Record<VsmeKind, { scale: number; digits: number }>> = {
  monetary: { scale: 0, digits: 2 },
  ghg: { scale: 0, digits: 3 },
  energy: { scale: 0, digits: 3 },
  mass: { scale: 0, digits: 3 },
  volume: { scale: 0, digits: 3 },
  area: { scale: 0, digits: 4 },
  percent: { scale: -2, digits: 2 },
  intensity: { scale: -6, digits: 3 },
};

const UNIT_TEXT: Record<Language, Partial<Record<VsmeKind, string>>> = {
  de: {
    monetary: t('de', 'vsme.units.monetary'),
    ghg: t('de', 'vsme.units.ghg'),
    energy: t('de', 'vsme.units.energy'),
    mass: t('de', 'vsme.units.mass'),
    volume: t('de', 'vsme.units.volume'),
    area: t('de', 'vsme.units.area'),
    percent: t('de', 'vsme.units.percent'),
    intensity: t('de', 'vsme.units.intensity'),
  },
  en: {
    monetary: t('en', 'vsme.units.monetary'),
    ghg: t('en', 'vsme.units.ghg'),
    energy: t('en', 'vsme.units.energy'),
    mass: t('en', 'vsme.units.mass'),
    volume: t('en', 'vsme.units.volume'),
    area: t('en', 'vsme.units.area'),
    percent: t('en', 'vsme.units.percent'),
    intensity: t('en', 'vsme.units.intensity'),
  },
};

export const unitText = (kind: VsmeKind, lang: Language) => UNIT_TEXT[lang][kind] ?? '';

/** Decimals a plain decimal (a count, a ratio) is shown with: as entered, at most four. */
const ownDigits = (v: number) => Math.min(4, (String(v).split('.')[1] ?? '').length);

/** A figure as shown: the absolute amount in the kind's display unit, its sign, and the XBRL precision. */
export function shownFigure(kind: VsmeKind, value: number) {
  const d = DISPLAY[kind] ?? { scale: 0, digits: ownDigits(value) };
  const shown = Math.abs(value) * 10 ** -d.scale;
  return { shown, negative: value < 0, scale: d.scale, digits: d.digits, decimals: d.digits - d.scale };
}

export function formatNumber(value: number, digits: number, lang: Language): string {
  return new Intl.NumberFormat(lang === 'de' ? 'de-DE' : 'en-GB', {
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
    useGrouping: true,
  }).format(value);
}

const YES_NO: Record<Language, [string, string]> = { de: ['Ja', 'Nein'], en: ['Yes', 'No'] };
export const yesNo = (v: boolean, lang: Language) => YES_NO[lang][v ? 0 : 1];

/** The label of a member of a datapoint's enumeration (or a table's member list). */
export function memberLabel(domain: string | null, qname: string, lang: Language): string {
  const m = domain ? domainMember(domain, qname) : undefined;
  return m ? labelIn(m.labels, lang, qname) : qname;
}

/** A value as the documents show it, with its unit: `1.234,567 t CO₂e`, `Ja`, member labels. */
export function formatValue(dp: VsmeDatapointData, value: VsmeValue, lang: Language): string {
  if (typeof value === 'number') {
    const f = shownFigure(dp.kind, value);
    const unit = unitText(dp.kind, lang);
    return `${value < 0 ? '−' : ''}${formatNumber(f.shown, f.digits, lang)}${unit ? ` ${unit}` : ''}`;
  }
  if (typeof value === 'boolean') return yesNo(value, lang);
  if (Array.isArray(value)) return value.map((m) => memberLabel(dp.domain, m, lang)).join('; ');
  if (dp.kind === 'enum') return memberLabel(dp.domain, value, lang);
  if (dp.kind === 'date') return documentDate(value, lang);
  return value;
}
