import type { ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { Language } from '@klimadesk/contract/constants';
import type { Answer } from '../../app/client.ts';
import { currentLanguage } from '../../app/i18n.ts';
import { EmissionFilterBar } from '../../components/EmissionFilterBar.tsx';
import {
  useEmissionFilters,
  type EmissionFilterState,
  type FilterScope,
} from '../../components/emissionFilters.ts';
import { errorText } from '../../components/errors.ts';
import { PageHeader } from '../../components/PageHeader.tsx';
import { co2Quantity, quantity, type Quantity } from '../../components/units.ts';
import { WelcomeCard } from '../help/WelcomeCard.tsx';
import { UpgradeHint } from '../tours/UpgradeHint.tsx';
import { ChartCard, type DashboardChart } from './DashboardCharts.tsx';
import { useStats, type StatsRoute } from './dashboardsApi.ts';
import { KpiCard, KpiGrid } from './KpiCard.tsx';

/** What the parts of a dashboard page get besides the stats. */
export type DashboardContext = { t: TFunction; lang: Language; filters: EmissionFilterState };

type NumberKey<S> = { [K in keyof S]: S[K] extends number | null ? K : never }[keyof S] & string;

/**
 * A figure of the KPI grid: test id `kpi-<id>`, label `kpi.<id>` (and `kpi.<id>Hint` with `hint`).
 * The figure is the stats field named `id` unless `value` computes it; `co2` figures are kg CO2e,
 * shown in tonnes when large, the others a unit (none for counts) and their decimals.
 */
export type Kpi<S> = (
  { id: NumberKey<S>; value?: undefined } | { id: string; value(stats: S): number | null }
) &
  ({ co2: true } | { co2?: undefined; unit?: string; digits: number }) & { hint?: true };

export type DashboardSpec<Id extends StatsRoute> = {
  /** Texts `<id>.title` and `<id>.subtitle` (namespace `dashboards`), test id `<id>-dashboard`. */
  id: string;
  /** The stats route; it answers for the filters below. */
  stats: Id;
  /** Which remembered date range and suggestions the filter bar uses. */
  filters: FilterScope;
  kpis: Kpi<Answer<Id>>[];
  charts: DashboardChart<Answer<Id>>[];
  /** Above the figures, e.g. whose data they are. */
  notice?(stats: Answer<Id>, ctx: DashboardContext): ReactNode;
  /** Below the charts, e.g. a document to download for the figures. */
  footer?(stats: Answer<Id>, ctx: DashboardContext): ReactNode;
};

function kpiQuantity<S>(kpi: Kpi<S>, stats: S, lang: Language): Quantity {
  const value = kpi.value ? kpi.value(stats) : (stats[kpi.id as keyof S] as number | null);
  return kpi.co2 ? co2Quantity(value, lang) : quantity(value, kpi.unit ?? '', lang, kpi.digits);
}

/** A dashboard as `DashboardPage` shows it: any stats route's parts. */
export type Dashboard = DashboardSpec<StatsRoute>;

/**
 * A KPI + chart dashboard: checks the parts against the stats of its route (a KPI names a numeric
 * field, a chart reads fields that exist) and gives the configuration `DashboardPage` renders.
 */
export function defineDashboard<Id extends StatsRoute>(spec: DashboardSpec<Id>): Dashboard {
  // Checked here against its own route; the page passes each part the answer of that route.
  return spec as unknown as Dashboard;
}

/**
 * A dashboard page: title, sample-data hint, filter bar, the stats for the filters (the last ones
 * stay while new ones load), errors, the KPI grid, the chart cards and the optional notice and footer.
 */
export function DashboardPage({ dashboard }: { dashboard: Dashboard }) {
  const { t } = useTranslation(['dashboards', 'tours']);
  const lang = currentLanguage();
  const filters = useEmissionFilters(dashboard.filters);
  const stats = useStats(dashboard.stats, filters.applied, filters.ready);
  const s = stats.data;
  const ctx: DashboardContext = { t, lang, filters };
  const card = (c: DashboardChart<Answer<StatsRoute>>, stats: Answer<StatsRoute>) => (
    <ChartCard key={c.testId} title={t(c.title)} testId={c.testId}>
      {c.render(stats, ctx)}
    </ChartCard>
  );
  return (
    <>
      <PageHeader title={t(`${dashboard.id}.title`)} subtitle={t(`${dashboard.id}.subtitle`)} />
      <WelcomeCard />
      <UpgradeHint show={s?.sample ?? false} />
      <EmissionFilterBar filters={filters} />
      {stats.isError && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {errorText(stats.error)}
        </Alert>
      )}
      {!s ? (
        !stats.isError && <Skeleton variant="rounded" height={360} />
      ) : (
        <Box data-testid={`${dashboard.id}-dashboard`} aria-busy={stats.isFetching}>
          {dashboard.notice?.(s, ctx)}
          <KpiGrid>
            {dashboard.kpis.map((k) => (
              <KpiCard
                key={k.id}
                id={k.id}
                label={t(`kpi.${k.id}`)}
                quantity={kpiQuantity(k, s, lang)}
                hint={k.hint ? t(`kpi.${k.id}Hint`) : undefined}
              />
            ))}
          </KpiGrid>
          <Box sx={{ display: 'flex', flexDirection: 'column', gap: 3 }}>
            <Box
              sx={{
                display: 'grid',
                gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'repeat(2, minmax(0, 1fr))' },
                gap: 3,
              }}
            >
              {dashboard.charts.filter((c) => !c.wide).map((c) => card(c, s))}
            </Box>
            {dashboard.charts.filter((c) => c.wide).map((c) => card(c, s))}
            {dashboard.footer?.(s, ctx)}
          </Box>
        </Box>
      )}
    </>
  );
}
