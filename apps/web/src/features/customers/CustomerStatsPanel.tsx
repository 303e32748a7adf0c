import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { BarChart } from '@mui/x-charts/BarChart';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Language } from '@klimadesk/contract/constants';
import type { ModuleCode } from '@klimadesk/contract/platform/roles';
import { type Answer, queryOptions } from '../../app/client.ts';
import { currentLanguage } from '../../app/i18n.ts';
import { errorText } from '../../components/errors.ts';
import { formatCents } from '../../components/format.ts';
import { useNow } from '../../components/useNow.ts';
import { formatCount, formatMonth } from '../../components/units.ts';
import { ChartCard } from '../dashboards/DashboardCharts.tsx';
import { KpiCard } from '../dashboards/KpiCard.tsx';

const COLOURS = { licenses: '#0f766e', consulting: '#f59e0b' };
/** Two rows of four on wide screens: customers and users, then the sales. */
const KPI_GRID = {
  display: 'grid',
  gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(4, 1fr)' },
  gap: 2,
  mb: 3,
} as const;
const MONEY_CELL = { gridColumn: { xs: 'span 2', md: 'auto' }, display: 'grid' } as const;
/** Years offered in the period select: this one and the four before it. */
const YEARS_BACK = 4;

type CustomerStats = Answer<'customerStats'>;

/** Customers and users of today, the sales of the year. */
function StatsKpis({ s, year, lang }: { s: CustomerStats; year: number; lang: Language }) {
  const { t } = useTranslation('customers');
  const count = (n: number) => ({ value: formatCount(n, lang), unit: '' });
  const money = (cents: number) => ({ value: formatCents(cents, lang), unit: '' });
  return (
    <Box sx={KPI_GRID}>
      <KpiCard id="payingCustomers" label={t('stats.payingCustomers')} quantity={count(s.payingCustomers)} />
      <KpiCard id="freeCustomers" label={t('stats.freeCustomers')} quantity={count(s.freeCustomers)} />
      <KpiCard
        id="usersPayingCustomers"
        label={t('stats.usersPayingCustomers')}
        quantity={count(s.usersPayingCustomers)}
      />
      <KpiCard id="freeUsers" label={t('stats.freeUsers')} quantity={count(s.freeUsers)} />
      <KpiCard id="usersTotal" label={t('stats.usersTotal')} quantity={count(s.usersTotal)} />
      {/* Euro figures need the width of two cards on a phone. */}
      <Box sx={MONEY_CELL}>
        <KpiCard id="sales" label={t('stats.sales', { year })} quantity={money(s.sales)} />
      </Box>
      <Box sx={MONEY_CELL}>
        <KpiCard id="salesLicenses" label={t('stats.salesLicenses')} quantity={money(s.salesLicenses)} />
      </Box>
      <Box sx={MONEY_CELL}>
        <KpiCard
          id="salesConsulting"
          label={t('stats.salesConsulting')}
          quantity={money(s.salesConsulting)}
        />
      </Box>
    </Box>
  );
}

/** The monthly sales, licenses stacked on consulting. */
function SalesChart({ s, year, lang }: { s: CustomerStats; year: number; lang: Language }) {
  const { t } = useTranslation('customers');
  return (
    <ChartCard title={t('stats.chartTitle', { year })} testId="customer-sales-chart">
      {s.sales === 0 ? (
        <Typography color="text.secondary" sx={{ py: 6, textAlign: 'center' }}>
          {t('stats.noSales')}
        </Typography>
      ) : (
        <BarChart
          height={280}
          xAxis={[{ scaleType: 'band', data: s.months.map((m) => formatMonth(m.month, lang)) }]}
          yAxis={[{ width: 88, valueFormatter: (v: number) => formatCents(v, lang) }]}
          series={[
            {
              label: t('stats.licenses'),
              data: s.months.map((m) => m.licenses),
              stack: 'sales',
              color: COLOURS.licenses,
              valueFormatter: (v) => (v === null ? '–' : formatCents(v, lang)),
            },
            {
              label: t('stats.consulting'),
              data: s.months.map((m) => m.consulting),
              stack: 'sales',
              color: COLOURS.consulting,
              valueFormatter: (v) => (v === null ? '–' : formatCents(v, lang)),
            },
          ]}
        />
      )}
    </ChartCard>
  );
}

/**
 * The customer statistics of a year (seed 002 §3): KPI cards for customers, users and sales and the
 * monthly sales chart, licenses against consulting. Counts are of today, sales of the chosen year.
 */
export function CustomerStatsPanel({
  module,
  year,
  onYearChange,
}: {
  module: ModuleCode | null;
  year: number;
  onYearChange: (year: number) => void;
}) {
  const { t } = useTranslation('customers');
  const lang = currentLanguage();
  const stats = useQuery({
    ...queryOptions('customerStats', {
      query: { from: `${year}-01`, to: `${year}-12`, ...(module ? { module } : {}) },
    }),
    placeholderData: keepPreviousData,
  });
  const thisYear = useNow().getFullYear();
  const years = Array.from({ length: YEARS_BACK + 1 }, (_, i) => thisYear - i);
  const s = stats.data;
  return (
    <Box sx={{ mb: 3 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mb: 2 }}>
        <TextField
          select
          size="small"
          label={t('stats.period')}
          value={year}
          onChange={(e) => onYearChange(Number(e.target.value))}
          fullWidth={false}
          sx={{ width: 180 }}
          data-testid="customer-stats-year"
        >
          {years.map((y) => (
            <MenuItem key={y} value={y}>
              {y}
            </MenuItem>
          ))}
        </TextField>
      </Box>
      {stats.isError && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {t('stats.loadFailed')} {errorText(stats.error)}
        </Alert>
      )}
      {!s ? (
        <Skeleton variant="rounded" height={220} />
      ) : (
        <>
          <StatsKpis s={s} year={year} lang={lang} />
          <SalesChart s={s} year={year} lang={lang} />
        </>
      )}
    </Box>
  );
}
