import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { BarChart } from '@mui/x-charts/BarChart';
import { LineChart } from '@mui/x-charts/LineChart';
import { useTranslation } from 'react-i18next';
import type { Language } from '@klimadesk/contract/constants';
import type { TourStats } from '@klimadesk/contract/dashboards/schemas';
import { formatNumber } from '../../components/format.ts';
import { SectionCard } from '../../components/PageHeader.tsx';
import { formatMonth } from '../../components/units.ts';
import { useVehicleTypeName } from '../../components/vehicleTypes.ts';

type MonthPoint = TourStats['byMonth'][number];
type TypePoint = TourStats['byVehicleType'][number];

const CHART_HEIGHT = 280;
const COLOURS = { default: '#0f766e', individual: '#f59e0b', intensity: '#2563eb' };

const tonnes = (kg: number | null) => (kg === null ? null : kg / 1000);
/** Axis ticks: as many decimals as the tick needs (0,05 / 0,1 / 1), at most two. */
const tick = (lang: Language) => {
  const nf = new Intl.NumberFormat(lang === 'de' ? 'de-DE' : 'en-US', { maximumFractionDigits: 2 });
  return (v: number) => nf.format(v);
};
const fmt = (lang: Language, digits: number) => (v: number | null) =>
  v === null ? '–' : formatNumber(v, lang, digits);

/** A chart with a title; the figure is named so screen readers announce what it shows. */
/** Default against individual emissions, in t CO2e: the two bar series of the emission charts. */
function co2Series(
  points: { co2Default: number; co2Individual: number | null }[],
  t: (key: string) => string,
  lang: Language,
) {
  return [
    {
      label: t('series.default'),
      data: points.map((p) => tonnes(p.co2Default)),
      color: COLOURS.default,
      valueFormatter: fmt(lang, 2),
    },
    {
      label: t('series.individual'),
      data: points.map((p) => tonnes(p.co2Individual)),
      color: COLOURS.individual,
      valueFormatter: fmt(lang, 2),
    },
  ];
}

export function ChartCard({
  title,
  children,
  testId,
}: {
  title: string;
  children: ReactNode;
  testId: string;
}) {
  return (
    <SectionCard title={title}>
      <Box role="figure" aria-label={title} data-testid={testId} sx={{ width: '100%', minWidth: 0 }}>
        {children}
      </Box>
    </SectionCard>
  );
}

function Empty() {
  const { t } = useTranslation('dashboards');
  return (
    <Typography color="text.secondary" sx={{ py: 6, textAlign: 'center' }}>
      {t('noData')}
    </Typography>
  );
}

/** Emissions per month, default (GLEC intensity) against individual (fuel-based), in t CO2e. */
export function MonthEmissionsChart({ points, lang }: { points: MonthPoint[]; lang: Language }) {
  const { t } = useTranslation('dashboards');
  if (points.length === 0) return <Empty />;
  return (
    <BarChart
      height={CHART_HEIGHT}
      xAxis={[{ scaleType: 'band', data: points.map((p) => formatMonth(p.month, lang)) }]}
      yAxis={[{ label: 't CO₂e', width: 64, valueFormatter: tick(lang) }]}
      series={co2Series(points, t, lang)}
    />
  );
}

/** Intensity (g CO2e per tkm, default WTW) per month. */
export function IntensityChart({ points, lang }: { points: MonthPoint[]; lang: Language }) {
  const { t } = useTranslation('dashboards');
  if (points.length === 0) return <Empty />;
  return (
    <LineChart
      height={CHART_HEIGHT}
      xAxis={[{ scaleType: 'band', data: points.map((p) => formatMonth(p.month, lang)) }]}
      // From zero, so a small change does not look like a jump.
      yAxis={[{ label: 'g CO₂e/tkm', width: 64, min: 0, valueFormatter: tick(lang) }]}
      series={[
        {
          label: t('series.intensity'),
          data: points.map((p) => p.intensity),
          color: COLOURS.intensity,
          valueFormatter: fmt(lang, 1),
          connectNulls: true,
        },
      ]}
    />
  );
}

/** Emissions per GLEC vehicle type, default against individual, in t CO2e. */
export function VehicleTypeChart({ points, lang }: { points: TypePoint[]; lang: Language }) {
  const { t } = useTranslation('dashboards');
  const typeName = useVehicleTypeName();
  if (points.length === 0) return <Empty />;
  return (
    <BarChart
      height={Math.max(CHART_HEIGHT, points.length * 44 + 80)}
      layout="horizontal"
      yAxis={[{ scaleType: 'band', data: points.map((p) => typeName(p.glecVehicleType)), width: 220 }]}
      xAxis={[{ label: 't CO₂e', valueFormatter: tick(lang) }]}
      series={co2Series(points, t, lang)}
    />
  );
}

/** A small table of figures (top vehicles, shippers) with numbers right-aligned. */
export function FigureTable({
  label,
  head,
  rows,
  testId,
}: {
  label: string;
  head: { label: string; numeric?: boolean }[];
  rows: { key: string; cells: string[] }[];
  testId: string;
}) {
  if (rows.length === 0) return <Empty />;
  return (
    // Wide tables scroll sideways; the region is focusable so keyboard users can scroll it too.
    <Box sx={{ overflowX: 'auto' }} tabIndex={0} role="region" aria-label={label}>
      <Table size="small" aria-label={label} data-testid={testId}>
        <TableHead>
          <TableRow>
            {head.map((h) => (
              <TableCell key={h.label} align={h.numeric ? 'right' : 'left'} sx={{ fontWeight: 650 }}>
                {h.label}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((r) => (
            <TableRow key={r.key}>
              {r.cells.map((c, i) => (
                <TableCell
                  key={head[i].label}
                  align={head[i].numeric ? 'right' : 'left'}
                  sx={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}
                >
                  {c}
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}

/** A horizontal bar per row (e.g. shipper), default emissions in t CO2e. */
export function RankingChart({ names, values, lang }: { names: string[]; values: number[]; lang: Language }) {
  const { t } = useTranslation('dashboards');
  if (names.length === 0) return <Empty />;
  return (
    <BarChart
      height={Math.max(CHART_HEIGHT, names.length * 36 + 80)}
      layout="horizontal"
      hideLegend
      yAxis={[{ scaleType: 'band', data: names, width: 160 }]}
      xAxis={[{ label: 't CO₂e', valueFormatter: tick(lang) }]}
      series={[
        {
          label: t('series.default'),
          data: values.map((v) => v / 1000),
          color: COLOURS.default,
          valueFormatter: fmt(lang, 2),
        },
      ]}
    />
  );
}

/** The charts both dashboards show: emissions and intensity per month, emissions per vehicle type. */
export function TrendCharts({
  stats,
  lang,
}: {
  stats: Pick<TourStats, 'byMonth' | 'byVehicleType'>;
  lang: Language;
}) {
  const { t } = useTranslation('dashboards');
  return (
    <>
      <ChartCard title={t('charts.byMonth')} testId="chart-by-month">
        <MonthEmissionsChart points={stats.byMonth} lang={lang} />
      </ChartCard>
      <ChartCard title={t('charts.intensity')} testId="chart-intensity">
        <IntensityChart points={stats.byMonth} lang={lang} />
      </ChartCard>
      <ChartCard title={t('charts.byVehicleType')} testId="chart-by-vehicle-type">
        <VehicleTypeChart points={stats.byVehicleType} lang={lang} />
      </ChartCard>
    </>
  );
}
