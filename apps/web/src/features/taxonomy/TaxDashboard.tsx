import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { PieChart } from '@mui/x-charts/PieChart';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import {
  TAX_OBJECTIVES,
  type TaxAmountKind,
  type TaxDashboardStats,
} from '@klimadesk/contract/taxonomy/schemas';
import { queryOptions } from '../../app/client.ts';
import { currentLanguage } from '../../app/i18n.ts';
import { formatEur } from '../../components/format.ts';
import { SectionCard } from '../../components/PageHeader.tsx';
import { useDebounced } from '../../components/useDebounced.ts';
import { TagFilter, YearFilter } from './TaxFilters.tsx';
import { formatShare } from './taxonomyModel.ts';

/** Seed 001 §9: the tax dashboard follows its filters after 100 ms. */
const DASHBOARD_DEBOUNCE_MS = 100;
const KINDS: readonly TaxAmountKind[] = ['turnover', 'capex', 'opex'];
/** Aligned, eligible but not aligned, not eligible: darkest for the best outcome, AA contrast on white for the legend. */
const COLOURS = {
  conform: '#0f766e',
  eligibleOnly: '#5eead4',
  ineligible: '#cbd5e1',
  notMaterial: '#f1f5f9',
};

/** The dashboard of the home (seed 001 §2): KPIs and charts of turnover, CapEx and OpEx by year and tag. */
export function TaxDashboard({
  years,
  tags,
  onYears,
  onTags,
}: {
  years: number[];
  tags: string[];
  onYears: (v: number[]) => void;
  onTags: (v: string[]) => void;
}) {
  const { t } = useTranslation('taxonomy');
  const lang = currentLanguage();
  const filters = useDebounced({ years, tags }, DASHBOARD_DEBOUNCE_MS);
  const stats = useQuery({
    ...queryOptions('taxActivityDashboardStats', {
      query: {
        ...(filters.years.length ? { years: filters.years } : {}),
        ...(filters.tags.length ? { tags: filters.tags } : {}),
      },
    }),
    placeholderData: keepPreviousData,
  });
  const data = stats.data;

  return (
    <Box component="section" aria-labelledby="tax-dashboard-title" data-testid="tax-dashboard">
      <Box
        sx={{
          display: 'flex',
          alignItems: 'flex-end',
          justifyContent: 'space-between',
          gap: 2,
          mb: 2,
          flexWrap: 'wrap',
        }}
      >
        <Box>
          <Typography id="tax-dashboard-title" variant="h2" sx={{ fontSize: '1.3rem' }}>
            {t('dashboard.title')}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {data && data.years.length > 0
              ? t('dashboard.covers', { count: data.activityCount, years: data.years.join(', ') })
              : t('dashboard.intro')}
          </Typography>
          <Typography
            variant="body2"
            color="text.secondary"
            sx={{ maxWidth: 760 }}
            data-testid="tax-dashboard-scope"
          >
            {t('dashboard.scope')}
          </Typography>
        </Box>
        <Box
          sx={{
            display: 'grid',
            gap: 2,
            gridTemplateColumns: { xs: '1fr', sm: '220px 260px' },
            width: { xs: '100%', sm: 'auto' },
          }}
        >
          <YearFilter value={years} onChange={onYears} />
          <TagFilter value={tags} onChange={onTags} />
        </Box>
      </Box>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: 'repeat(3, 1fr)' } }}>
        {KINDS.map((kind) => (
          <FigureCard key={kind} kind={kind} stats={data} lang={lang} />
        ))}
      </Box>
    </Box>
  );
}

function FigureCard({
  kind,
  stats,
  lang,
}: {
  kind: TaxAmountKind;
  stats: TaxDashboardStats | undefined;
  lang: 'de' | 'en';
}) {
  const { t } = useTranslation('taxonomy');
  const chart = stats?.charts[kind];
  const kpi = stats?.kpis[kind];
  const title = t(`figures.${kind}`);
  const empty = !chart || chart.eligible + chart.ineligible + chart.notMaterial === 0;
  const eur = (v: number) => formatEur(v, lang);
  const slices = chart ? figureSlices(chart, t) : [];
  return (
    <SectionCard title={title}>
      <Box
        data-testid={`tax-kpi-${kind}`}
        sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 1.5, mb: 2 }}
      >
        <Box sx={{ gridColumn: '1 / -1' }}>
          <Kpi
            label={t('dashboard.total')}
            value={kpi ? eur(kpi.total) : '–'}
            testId={`tax-kpi-${kind}-total`}
          />
        </Box>
        <Kpi
          label={t('dashboard.eligible')}
          value={formatShare(kpi?.eligible, lang)}
          testId={`tax-kpi-${kind}-eligible`}
        />
        <Kpi
          label={t('dashboard.conform')}
          value={formatShare(kpi?.conformShare, lang)}
          testId={`tax-kpi-${kind}-conform`}
        />
      </Box>
      {chart?.notReported ? (
        <Alert severity="info" data-testid={`tax-not-reported-${kind}`}>
          {t('dashboard.notReported')}
        </Alert>
      ) : (
        <>
          {chart && kpi && <ObjectiveSplit kind={kind} chart={chart} total={kpi.total} lang={lang} />}
          <FigureChart title={title} kind={kind} empty={empty} slices={slices} eur={eur} />
        </>
      )}
    </SectionCard>
  );
}

type Slice = { id: string; value: number; label: string; color: string };

/** The pie's slices: conform, eligible only, not eligible, and not material where the rule set has it. */
function figureSlices(chart: TaxDashboardStats['charts'][TaxAmountKind], t: TFunction<'taxonomy'>): Slice[] {
  const eligibleOnly = Math.max(0, chart.eligible - chart.conformShare);
  return [
    {
      id: 'conform',
      value: chart.conformShare,
      label: t('dashboard.series.conform'),
      color: COLOURS.conform,
    },
    {
      id: 'eligible',
      value: eligibleOnly,
      label: t('dashboard.series.eligibleOnly'),
      color: COLOURS.eligibleOnly,
    },
    {
      id: 'ineligible',
      value: chart.ineligible,
      label: t('dashboard.series.ineligible'),
      color: COLOURS.ineligible,
    },
    // Delegated Regulation (EU) 2026/73: activities not assessed as not material, apart from B.
    ...(chart.notMaterial > 0
      ? [
          {
            id: 'notMaterial',
            value: chart.notMaterial,
            label: t('dashboard.notMaterial'),
            color: COLOURS.notMaterial,
          },
        ]
      : []),
  ];
}

function FigureChart({
  title,
  kind,
  empty,
  slices,
  eur,
}: {
  title: string;
  kind: TaxAmountKind;
  empty: boolean;
  slices: Slice[];
  eur: (v: number) => string;
}) {
  const { t } = useTranslation('taxonomy');
  return (
    <Box
      component="figure"
      aria-label={t('dashboard.chartOf', { figure: title })}
      data-testid={`tax-chart-${kind}`}
      sx={{ m: 0 }}
    >
      {empty ? (
        <Typography color="text.secondary" sx={{ py: 6, textAlign: 'center' }}>
          {t('dashboard.noData')}
        </Typography>
      ) : (
        <>
          <PieChart
            height={200}
            hideLegend
            series={[
              {
                innerRadius: 48,
                outerRadius: 90,
                valueFormatter: (v) => eur(v.value),
                data: slices.map((sl) => ({
                  id: sl.id,
                  value: sl.value,
                  label: sl.label,
                  color: sl.color,
                })),
              },
            ]}
          />
          <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, mt: 1, display: 'grid', gap: 0.5 }}>
            {slices.map((sl) => (
              <Box
                component="li"
                key={sl.id}
                sx={{ display: 'flex', alignItems: 'center', gap: 1, minWidth: 0 }}
              >
                <Box
                  aria-hidden
                  sx={{ width: 12, height: 12, borderRadius: '50%', bgcolor: sl.color, flex: '0 0 auto' }}
                />
                <Typography variant="body2" sx={{ flex: 1, minWidth: 0 }} noWrap>
                  {sl.label}
                </Typography>
                <Typography variant="body2" sx={{ fontVariantNumeric: 'tabular-nums' }}>
                  {eur(sl.value)}
                </Typography>
              </Box>
            ))}
          </Box>
        </>
      )}
    </Box>
  );
}

/**
 * Beside the totals, the eligible and aligned shares per objective (2021/2178 Annex I 1.1.2.2 and
 * 1.1.3.2 as amended by 2023/2486: each euro once, split by objective), the eligible part split to
 * no objective, and a year whose activities exceed its total.
 */
function ObjectiveSplit({
  kind,
  chart,
  total,
  lang,
}: {
  kind: TaxAmountKind;
  chart: TaxDashboardStats['charts'][TaxAmountKind];
  total: number;
  lang: 'de' | 'en';
}) {
  const { t } = useTranslation('taxonomy');
  const share = (v: number) => formatShare(total > 0 ? v / total : 0, lang);
  const shown = TAX_OBJECTIVES.filter((o) => chart.eligibleByObjective[o] > 0 || chart.byObjective[o] > 0);
  return (
    <Box sx={{ mb: 2 }} data-testid={`tax-objectives-${kind}`}>
      {shown.length > 0 && (
        <Box component="table" sx={{ width: '100%', borderCollapse: 'collapse', fontSize: '0.875rem' }}>
          <caption style={{ textAlign: 'left', fontWeight: 600, paddingBottom: 4 }}>
            {t('dashboard.byObjective')}
          </caption>
          <thead>
            <tr>
              <Box
                component="th"
                scope="col"
                sx={{ textAlign: 'left', fontWeight: 500, color: 'text.secondary' }}
              >
                {t('dashboard.objective')}
              </Box>
              <Box
                component="th"
                scope="col"
                sx={{ textAlign: 'right', fontWeight: 500, color: 'text.secondary' }}
              >
                {t('dashboard.eligible')}
              </Box>
              <Box
                component="th"
                scope="col"
                sx={{ textAlign: 'right', fontWeight: 500, color: 'text.secondary' }}
              >
                {t('dashboard.conform')}
              </Box>
            </tr>
          </thead>
          <tbody>
            {shown.map((o) => (
              <tr key={o} data-testid={`tax-objective-${kind}-${o}`}>
                <Box component="th" scope="row" sx={{ textAlign: 'left', fontWeight: 400 }}>
                  {o}
                </Box>
                <Box component="td" sx={{ textAlign: 'right', fontVariantNumeric: 'tabular-nums' }}>
                  {share(chart.eligibleByObjective[o])}
                </Box>
                <Box component="td" sx={{ textAlign: 'right', fontVariantNumeric: 'tabular-nums' }}>
                  {share(chart.byObjective[o])}
                </Box>
              </tr>
            ))}
          </tbody>
        </Box>
      )}
      {chart.unsplit > 0 && (
        <Alert severity="info" sx={{ mt: 1 }} data-testid={`tax-unsplit-${kind}`}>
          {t('dashboard.unsplit', { amount: formatEur(chart.unsplit, lang), share: share(chart.unsplit) })}
        </Alert>
      )}
      {chart.exceedsTotal && (
        <Alert severity="warning" sx={{ mt: 1 }}>
          {t('dashboard.exceedsTotal')}
        </Alert>
      )}
    </Box>
  );
}

function Kpi({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography variant="caption" color="text.secondary" component="div" noWrap title={label}>
        {label}
      </Typography>
      <Typography
        sx={{ fontWeight: 700, fontVariantNumeric: 'tabular-nums', fontSize: '1.05rem' }}
        data-testid={testId}
        noWrap
        title={value}
      >
        {value}
      </Typography>
    </Box>
  );
}
