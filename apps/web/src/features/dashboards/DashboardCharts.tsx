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
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { Language } from '@klimadesk/contract/constants';
import type { TourStats } from './dashboardsApi.ts';
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

/** A chart with a title; the figure is named so screen readers announce what it shows. */
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
      <Box
        component="figure"
        aria-label={title}
        data-testid={testId}
        sx={{ width: '100%', minWidth: 0, m: 0 }}
      >
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

/** The months of a chart along its x axis. */
const monthAxis = (points: MonthPoint[], lang: Language) => [
  { scaleType: 'band' as const, data: points.map((p) => formatMonth(p.month, lang)) },
];

/** Emissions per month, default (GLEC intensity) against individual (fuel-based), in t CO2e. */
export function MonthEmissionsChart({ points, lang }: { points: MonthPoint[]; lang: Language }) {
  const { t } = useTranslation('dashboards');
  if (points.length === 0) return <Empty />;
  return (
    <BarChart
      height={CHART_HEIGHT}
      xAxis={monthAxis(points, lang)}
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
      xAxis={monthAxis(points, lang)}
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

/** A column of a figure table: its head, whether it holds numbers, and a row's cell text. */
export type FigureColumn<R> = { label: string; numeric?: boolean; cell: (row: R) => string };

/** A small table of figures (top vehicles, shippers) with numbers right-aligned. */
export function FigureTable<R>({
  label,
  columns,
  rows,
  rowKey,
  testId,
}: {
  label: string;
  columns: FigureColumn<R>[];
  rows: R[];
  rowKey: (row: R, index: number) => string;
  testId: string;
}) {
  if (rows.length === 0) return <Empty />;
  const align = (c: FigureColumn<R>) => (c.numeric ? 'right' : 'left');
  return (
    // Wide tables scroll sideways; the region is focusable so keyboard users can scroll it too.
    <Box component="section" sx={{ overflowX: 'auto' }} tabIndex={0} aria-label={label}>
      <Table size="small" aria-label={label} data-testid={testId}>
        <TableHead>
          <TableRow>
            {columns.map((c) => (
              <TableCell key={c.label} align={align(c)} sx={{ fontWeight: 650 }}>
                {c.label}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((r, i) => (
            <TableRow key={rowKey(r, i)}>
              {columns.map((c) => (
                <TableCell
                  key={c.label}
                  align={align(c)}
                  sx={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}
                >
                  {c.cell(r)}
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

/**
 * A chart card of a dashboard page: title (a `dashboards` text key), test id and what it shows for
 * the stats. Cards fill a two-column grid; `wide` ones span the page below it.
 */
export type DashboardChart<S> = {
  title: string;
  testId: string;
  wide?: boolean;
  render(stats: S, ctx: { t: TFunction; lang: Language }): ReactNode;
};

type Trends = Pick<TourStats, 'byMonth' | 'byVehicleType'>;

/** The charts every emission dashboard shows: emissions and intensity per month, emissions per vehicle type. */
export const trendCharts: DashboardChart<Trends>[] = [
  {
    title: 'charts.byMonth',
    testId: 'chart-by-month',
    render: (s, { lang }) => <MonthEmissionsChart points={s.byMonth} lang={lang} />,
  },
  {
    title: 'charts.intensity',
    testId: 'chart-intensity',
    render: (s, { lang }) => <IntensityChart points={s.byMonth} lang={lang} />,
  },
  {
    title: 'charts.byVehicleType',
    testId: 'chart-by-vehicle-type',
    render: (s, { lang }) => <VehicleTypeChart points={s.byVehicleType} lang={lang} />,
  },
];
