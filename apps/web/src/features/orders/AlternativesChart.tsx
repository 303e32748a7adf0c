import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { BarChart } from '@mui/x-charts/BarChart';
import { useTranslation } from 'react-i18next';
import type { Language } from '@klimadesk/contract/constants';
import type { Order } from '@klimadesk/contract/orders/schemas';
import { formatNumber } from '../../components/format.ts';
import { ChartCard } from '../dashboards/DashboardCharts.tsx';

const HEIGHT = 220;
const COLOURS = { wtw: '#0f766e', tkm: '#f59e0b', intensity: '#2563eb' };

/** Axis ticks with as many decimals as they need, at most two. */
const tick = (lang: Language) => {
  const nf = new Intl.NumberFormat(lang === 'de' ? 'de-DE' : 'en-US', { maximumFractionDigits: 2 });
  return (v: number) => nf.format(v);
};

/**
 * WTW, tonne-kilometres and intensity of the alternatives side by side: three bar charts, one per
 * unit, each starting at zero so the bars compare by length. The x axis names the alternatives.
 */
export function AlternativesChart({ orders, lang }: { orders: Order[]; lang: Language }) {
  const { t } = useTranslation('orders');
  const names = orders.map((o) =>
    o.position === 1
      ? t('alternatives.basicTourShort')
      : t('alternatives.alternativeShort', { position: o.position }),
  );
  const panels = [
    {
      key: 'wtw',
      title: t('alternatives.chart.wtw'),
      unit: 'kg CO₂e',
      data: orders.map((o) => o.co2Wtw),
      digits: 2,
    },
    {
      key: 'tkm',
      title: t('alternatives.chart.tkm'),
      unit: 'tkm',
      data: orders.map((o) => o.tkm),
      digits: 1,
    },
    {
      key: 'intensity',
      title: t('alternatives.chart.intensity'),
      unit: 'g CO₂e/tkm',
      data: orders.map((o) => o.intensity),
      digits: 1,
    },
  ] as const;
  return (
    <ChartCard title={t('alternatives.chart.title')} testId="alternatives-chart">
      <Box
        sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: 'repeat(3, minmax(0, 1fr))' }, gap: 2 }}
      >
        {panels.map((p) => (
          <Box key={p.key} sx={{ minWidth: 0 }} data-testid={`alternatives-chart-${p.key}`}>
            <Typography variant="subtitle2" component="h3">
              {p.title}
            </Typography>
            <BarChart
              height={HEIGHT}
              xAxis={[{ scaleType: 'band', data: names }]}
              yAxis={[{ label: p.unit, width: 64, min: 0, valueFormatter: tick(lang) }]}
              series={[
                {
                  label: p.title,
                  data: [...p.data],
                  color: COLOURS[p.key],
                  valueFormatter: (v: number | null) =>
                    v === null ? '–' : `${formatNumber(v, lang, p.digits)} ${p.unit}`,
                },
              ]}
              hideLegend
            />
          </Box>
        ))}
      </Box>
    </ChartCard>
  );
}
