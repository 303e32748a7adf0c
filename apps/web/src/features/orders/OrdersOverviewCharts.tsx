import Typography from '@mui/material/Typography';
import { BarChart } from '@mui/x-charts/BarChart';
import { useTranslation } from 'react-i18next';
import type { Language } from '@klimadesk/contract/constants';
import type { Answer } from '../../app/client.ts';
import { formatNumber } from '../../components/format.ts';
import { TONNES_FROM_KG, formatMonth } from '../../components/units.ts';

export type OrderMonth = Answer<'orderClimateMonths'>['hydra:member'][number];
export type OrderModeFigures = Answer<'orderDashboard'>['byMode'][number];

const CHART_HEIGHT = 300;
const COLOURS = { ttw: '#0f766e', wtt: '#5eead4', hubs: '#f59e0b', wtw: '#0f766e' };

/**
 * The unit a chart's kg CO2e read best in: tonnes once the largest value reaches the point where
 * the figures elsewhere switch to tonnes (`TONNES_FROM_KG`), else kg.
 */
export function co2Scale(maxKg: number): { unit: string; factor: number } {
  return Math.abs(maxKg) >= TONNES_FROM_KG
    ? { unit: 't CO₂e', factor: 1000 }
    : { unit: 'kg CO₂e', factor: 1 };
}

const tick = (lang: Language) => {
  const nf = new Intl.NumberFormat(lang === 'de' ? 'de-DE' : 'en-US', { maximumFractionDigits: 2 });
  return (v: number) => nf.format(v);
};

function Empty() {
  const { t } = useTranslation('orders');
  return (
    <Typography color="text.secondary" sx={{ py: 6, textAlign: 'center' }}>
      {t('overview.empty')}
    </Typography>
  );
}

/**
 * Emissions per month of the order date as stacked bars: TTW, WTT and the hubs' WTW add up to the
 * month's WTW (the figures of route `orderClimateMonths`; hubs have no TTW/WTT split).
 */
export function OrdersOverviewMonthChart({ months, lang }: { months: OrderMonth[]; lang: Language }) {
  const { t } = useTranslation('orders');
  if (months.length === 0) return <Empty />;
  const { unit, factor } = co2Scale(Math.max(...months.map((m) => m.co2Wtw)));
  const value = (kg: number) => kg / factor;
  const fmt = (v: number | null) => (v === null ? '–' : `${formatNumber(v, lang, 2)} ${unit}`);
  return (
    <BarChart
      height={CHART_HEIGHT}
      xAxis={[{ scaleType: 'band', data: months.map((m) => formatMonth(m.month, lang)) }]}
      yAxis={[{ label: unit, width: 72, valueFormatter: tick(lang) }]}
      series={[
        {
          label: t('overview.series.ttw'),
          data: months.map((m) => value(m.co2Ttw)),
          stack: 'co2',
          color: COLOURS.ttw,
          valueFormatter: fmt,
        },
        {
          label: t('overview.series.wtt'),
          data: months.map((m) => value(m.co2Wtt)),
          stack: 'co2',
          color: COLOURS.wtt,
          valueFormatter: fmt,
        },
        {
          label: t('overview.series.hubs'),
          // Rounding of the stored sums may leave a hair below zero where a month has no hub.
          data: months.map((m) => value(Math.max(0, m.co2Wtw - m.co2Ttw - m.co2Wtt))),
          stack: 'co2',
          color: COLOURS.hubs,
          valueFormatter: fmt,
        },
      ]}
    />
  );
}

/** WTW per transport mode, with the hubs as a bar of their own (they belong to no mode). */
export function OrdersOverviewModeChart({
  modes,
  hubs,
  modeName,
  lang,
}: {
  modes: OrderModeFigures[];
  hubs: number;
  modeName: (mode: string) => string;
  lang: Language;
}) {
  const { t } = useTranslation('orders');
  if (modes.length === 0) return <Empty />;
  const bars = [
    ...modes.map((m) => ({ name: modeName(m.transportMode), kg: m.co2Wtw })),
    ...(hubs > 0 ? [{ name: t('overview.charts.hubs'), kg: hubs }] : []),
  ];
  const { unit, factor } = co2Scale(Math.max(...bars.map((b) => b.kg)));
  return (
    <BarChart
      height={Math.max(CHART_HEIGHT, bars.length * 44 + 80)}
      layout="horizontal"
      hideLegend
      yAxis={[{ scaleType: 'band', data: bars.map((b) => b.name), width: 130 }]}
      xAxis={[{ label: unit, valueFormatter: tick(lang) }]}
      series={[
        {
          label: t('overview.series.wtw'),
          data: bars.map((b) => b.kg / factor),
          color: COLOURS.wtw,
          valueFormatter: (v) => (v === null ? '–' : `${formatNumber(v, lang, 2)} ${unit}`),
        },
      ]}
    />
  );
}
