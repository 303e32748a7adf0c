import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import ListAltOutlined from '@mui/icons-material/ListAltOutlined';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import type { Language } from '@klimadesk/contract/constants';
import { type Answer, can, queryOptions } from '../../app/client.ts';
import { currentLanguage } from '../../app/i18n.ts';
import { useMe } from '../../app/useMe.ts';
import { errorText } from '../../components/errors.ts';
import { PageHeader } from '../../components/PageHeader.tsx';
import { SearchField } from '../../components/SearchField.tsx';
import { formatNumber } from '../../components/format.ts';
import { co2Quantity, formatCo2, formatCount, quantity } from '../../components/units.ts';
import { useDebounced } from '../../components/useDebounced.ts';
import { ChartCard, FigureTable } from '../dashboards/DashboardCharts.tsx';
import { KpiCard } from '../dashboards/KpiCard.tsx';
import {
  ORDER_FILTERS_OPEN,
  OrderListFilters,
  orderFilterQuery,
  type OrderFilterValues,
} from './OrderListFilters.tsx';
import { OrderQuota } from './OrderQuota.tsx';
import { OrdersOverviewModeChart, OrdersOverviewMonthChart } from './OrdersOverviewCharts.tsx';
import { masterName, useMasters } from './orderQueries.ts';

type OrderDashboard = Answer<'orderDashboard'>;
type ClimateMonth = Answer<'orderClimateMonths'>['hydra:member'][number];

/** The filters and search of the overview and the figures and months they select. */
function useOverviewFigures() {
  const [search, setSearch] = useState('');
  const [filters, setFilters] = useState<OrderFilterValues>(ORDER_FILTERS_OPEN);
  const applied = useDebounced({ filters, search: search.trim() });
  const query = {
    ...orderFilterQuery(applied.filters),
    ...(applied.search ? { search: applied.search } : {}),
  };
  const figures = useQuery({
    ...queryOptions('orderDashboard', { query }),
    placeholderData: keepPreviousData,
  });
  const months = useQuery({
    ...queryOptions('orderClimateMonths', { query }),
    placeholderData: keepPreviousData,
  });
  const changed = search !== '' || JSON.stringify(filters) !== JSON.stringify(ORDER_FILTERS_OPEN);
  return { search, setSearch, filters, setFilters, figures, months, changed };
}

/** Search, the list's filters and a reset, each field filling its cell. */
function OverviewFilters({
  search,
  setSearch,
  filters,
  setFilters,
  changed,
}: Pick<
  ReturnType<typeof useOverviewFigures>,
  'search' | 'setSearch' | 'filters' | 'setFilters' | 'changed'
>) {
  const { t } = useTranslation(['orders', 'common']);
  return (
    <Box
      // <search> is not yet in every supported browser's nor the test tools' (aria-query) role table.
      // oxlint-disable-next-line jsx-a11y/prefer-tag-over-role
      role="search"
      aria-label={t('common:table.filters')}
      sx={{
        display: 'grid',
        gridTemplateColumns: {
          xs: 'minmax(0, 1fr)',
          sm: 'repeat(2, minmax(0, 1fr))',
          md: 'repeat(4, minmax(0, 1fr))',
        },
        gap: 2,
        mb: 3,
        alignItems: 'center',
        // Each field fills its cell (the search field keeps a width of its own in lists).
        '& > .MuiFormControl-root, & > .MuiAutocomplete-root': {
          maxWidth: 'none',
          minWidth: 0,
          width: '100%',
        },
      }}
    >
      <SearchField label={t('overview.search')} value={search} onChange={setSearch} />
      <OrderListFilters
        values={filters}
        onChange={(key, value) => setFilters((f) => ({ ...f, [key]: value }))}
      />
      <Button
        sx={{ justifySelf: 'start' }}
        disabled={!changed}
        onClick={() => {
          setSearch('');
          setFilters(ORDER_FILTERS_OPEN);
        }}
        data-testid="overview-reset"
      >
        {t('common:actions.reset')}
      </Button>
    </Box>
  );
}

/** The key figures: WtW (with the hubs' share), TtW, WtT, tkm, intensity and the number of orders. */
function OverviewKpis({ d, lang }: { d: OrderDashboard; lang: Language }) {
  const { t } = useTranslation('orders');
  return (
    <Box
      sx={{
        display: 'grid',
        // One figure a line on a phone: tkm and kg figures run to nine digits.
        gridTemplateColumns: {
          xs: 'minmax(0, 1fr)',
          sm: 'repeat(2, minmax(0, 1fr))',
          md: 'repeat(3, minmax(0, 1fr))',
          xl: 'repeat(6, minmax(0, 1fr))',
        },
        gap: 2,
        mb: 3,
      }}
    >
      <KpiCard
        id="co2Wtw"
        label={t('overview.kpi.co2Wtw')}
        quantity={co2Quantity(d.co2Wtw, lang)}
        hint={
          d.hubCo2Wtw > 0 ? t('overview.kpi.co2WtwHint', { hubs: formatCo2(d.hubCo2Wtw, lang) }) : undefined
        }
      />
      <KpiCard id="co2Ttw" label={t('overview.kpi.co2Ttw')} quantity={co2Quantity(d.co2Ttw, lang)} />
      <KpiCard id="co2Wtt" label={t('overview.kpi.co2Wtt')} quantity={co2Quantity(d.co2Wtt, lang)} />
      <KpiCard id="tkm" label={t('overview.kpi.tkm')} quantity={quantity(d.tkm, 'tkm', lang, 1)} />
      <KpiCard
        id="intensity"
        label={t('overview.kpi.intensity')}
        quantity={quantity(d.intensity, 'g CO₂e/tkm', lang, 1)}
      />
      <KpiCard id="orders" label={t('overview.kpi.orders')} quantity={quantity(d.orders, '', lang, 0)} />
    </Box>
  );
}

/** The figures by mode as a table, emissions in kg. */
function ModeTable({
  d,
  lang,
  modeName,
}: {
  d: OrderDashboard;
  lang: Language;
  modeName: (m: string) => string;
}) {
  const { t } = useTranslation('orders');
  // The mode table in kg throughout (the header names the unit), so its rows compare at a glance.
  const kg = (value: number) => formatNumber(value, lang, 2);
  return (
    <ChartCard title={t('overview.charts.modeTable')} testId="order-modes">
      <FigureTable
        label={t('overview.charts.modeTable')}
        testId="order-mode-table"
        rows={d.byMode}
        rowKey={(m) => m.transportMode}
        columns={[
          { label: t('overview.columns.mode'), cell: (m) => modeName(m.transportMode) },
          { label: t('overview.columns.orders'), numeric: true, cell: (m) => formatCount(m.orders, lang) },
          { label: t('overview.columns.legs'), numeric: true, cell: (m) => formatCount(m.legs, lang) },
          { label: t('list.columns.co2Wtw'), numeric: true, cell: (m) => kg(m.co2Wtw) },
          { label: t('list.columns.co2Ttw'), numeric: true, cell: (m) => kg(m.co2Ttw) },
          { label: t('list.columns.co2Wtt'), numeric: true, cell: (m) => kg(m.co2Wtt) },
          { label: t('list.columns.tkm'), numeric: true, cell: (m) => formatNumber(m.tkm, lang, 1) },
          {
            label: t('list.columns.intensity'),
            numeric: true,
            cell: (m) => formatNumber(m.intensity, lang, 1),
          },
        ]}
      />
      {d.byMode.length > 0 && (
        <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 1 }}>
          {t('overview.modeNote')}
        </Typography>
      )}
    </ChartCard>
  );
}

/** The charts by month and by mode side by side, then the mode table. */
function OverviewCharts({ d, months, lang }: { d: OrderDashboard; months: ClimateMonth[]; lang: Language }) {
  const { t } = useTranslation('orders');
  const masters = useMasters().data;
  const modeName = (m: string) => masterName(masters, 'transportMode', m);
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 3 }}>
      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'repeat(2, minmax(0, 1fr))' },
          gap: 3,
        }}
      >
        <ChartCard title={t('overview.charts.byMonth')} testId="chart-order-months">
          <OrdersOverviewMonthChart months={months} lang={lang} />
        </ChartCard>
        <ChartCard title={t('overview.charts.byMode')} testId="chart-order-modes">
          <OrdersOverviewModeChart modes={d.byMode} hubs={d.hubCo2Wtw} modeName={modeName} lang={lang} />
        </ChartCard>
      </Box>
      <ModeTable d={d} lang={lang} modeName={modeName} />
    </Box>
  );
}

/**
 * The basic edition's order overview (`/basic/overview`, seed 000 §2, §7): the figures of the
 * basic tours (first alternatives) matching the list's filters from route `orderDashboard`,
 * in total and by mode, and per month from `orderClimateMonths`.
 */
export function OrdersOverviewPage() {
  const { t } = useTranslation(['orders', 'common']);
  const lang = currentLanguage();
  const me = useMe();
  const navigate = useNavigate();
  const { figures, months, ...filtering } = useOverviewFigures();
  const { changed } = filtering;
  const d = figures.data;
  const error = figures.error ?? months.error;

  return (
    <>
      <PageHeader
        title={t('overview.title')}
        subtitle={t('overview.subtitle')}
        actions={
          <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
            <OrderQuota show="counter" />
            <Button
              variant="outlined"
              startIcon={<ListAltOutlined />}
              onClick={() => void navigate({ to: '/basic/orders' })}
            >
              {t('overview.toList')}
            </Button>
          </Box>
        }
      />
      <OverviewFilters {...filtering} />
      {error && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {errorText(error)}
        </Alert>
      )}
      {!d ? (
        !error && <Skeleton variant="rounded" height={360} />
      ) : (
        <Box data-testid="orders-overview" aria-busy={figures.isFetching || months.isFetching}>
          {d.orders === 0 && (
            <Alert severity="info" sx={{ mb: 2 }} data-testid="overview-empty">
              {changed ? t('overview.empty') : t('overview.none')}{' '}
              {!changed && can(me, 'createOrder') && t('overview.emptyCreate')}
            </Alert>
          )}
          <OverviewKpis d={d} lang={lang} />
          <OverviewCharts d={d} months={months.data?.['hydra:member'] ?? []} lang={lang} />
        </Box>
      )}
    </>
  );
}
