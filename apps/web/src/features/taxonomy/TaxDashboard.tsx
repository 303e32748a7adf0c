import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { PieChart } from '@mui/x-charts/PieChart';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { TaxAmountKind, TaxDashboardStats } from '@klimadesk/contract/taxonomy/schemas';
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
const COLOURS = { conform: '#0f766e', eligibleOnly: '#5eead4', ineligible: '#cbd5e1' };

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
  const eligibleOnly = chart ? Math.max(0, chart.eligible - chart.conformShare) : 0;
  const empty = !chart || chart.eligible + chart.ineligible === 0;
  const eur = (v: number) => formatEur(v, lang);
  const slices = chart
    ? [
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
      ]
    : [];
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
      <Box
        role="figure"
        aria-label={t('dashboard.chartOf', { figure: title })}
        data-testid={`tax-chart-${kind}`}
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
    </SectionCard>
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
