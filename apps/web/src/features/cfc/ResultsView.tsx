import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Skeleton from '@mui/material/Skeleton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import PictureAsPdfOutlined from '@mui/icons-material/PictureAsPdfOutlined';
import { BarChart } from '@mui/x-charts/BarChart';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Language } from '@klimadesk/contract/constants';
import type { CfcReportDetail } from '@klimadesk/contract/cfc/schemas';
import type { CfcReportResults } from '@klimadesk/contract/cfc/results';
import type { Me } from '@klimadesk/contract/platform/schemas';
import { call, can, queryOptions } from '../../app/client.ts';
import { currentLanguage } from '../../app/i18n.ts';
import { MOBILE_QUERY } from '../../app/theme.ts';
import { useMe } from '../../app/useMe.ts';
import { notifyError } from '../../components/errors.ts';
import { downloadFile } from '../../components/files.ts';
import { formatNumber } from '../../components/format.ts';
import { SectionCard } from '../../components/PageHeader.tsx';
import { ChartCard, FigureTable } from '../dashboards/DashboardCharts.tsx';
import { KpiCard } from '../dashboards/KpiCard.tsx';
import { formatShare, formatTonnes } from './cfc.ts';

const SCOPE_COLOURS: Record<number, string> = { 1: '#0f766e', 2: '#f59e0b', 3: '#2563eb' };
const QUALITY_COLOURS = { high: '#0f766e', medium: '#f59e0b', low: '#dc2626', unknown: '#94a3b8' } as const;

/** t CO2e with three decimals for the figures of the view (seed 001 §9). */
const tonnes = (kg: number, lang: Language) => ({ value: formatNumber(kg / 1000, lang, 3), unit: 't CO₂e' });

/** Whether the company runs the carbon footprint on a trial booking: the demo, where export is off (seed 001 §2). */
export function isCfcDemo(me: Pick<Me, 'company'>): boolean {
  return (me.company.moduleBookings ?? []).some((b) => b.module === 'cfc' && b.state === 'trial');
}

/**
 * The results of a report (seed 001 §2, issue 19): totals per scope with scope 2 location- and
 * market-based, a chart and table per category with its share, the business units of the year,
 * the change against the base year, the data-quality share, and the export as xlsx or PDF.
 */
export function ResultsView({ report }: { report: CfcReportDetail }) {
  const { t } = useTranslation(['cfc', 'common']);
  const lang = currentLanguage();
  const me = useMe();
  const results = useQuery(queryOptions('cfcReportResults', { params: { id: report.id } }));
  const canExport = can(me, 'cfcExportReports');

  if (results.isError) return <Alert severity="error">{t('loadFailed')}</Alert>;
  if (!results.data) return <Skeleton variant="rounded" height={420} />;
  const r = results.data;
  const rows = r.sections.filter((s) => s.co2eKg > 0 || s.entryCount > 0);

  return (
    <Box sx={{ display: 'grid', gap: 3, minWidth: 0, gridTemplateColumns: 'minmax(0, 1fr)' }}>
      {canExport && <ExportButtons report={report} />}
      {r.incompleteEntries > 0 && (
        <Alert severity="warning" data-testid="cfc-results-incomplete">
          {t('results.incomplete', { count: r.incompleteEntries })}
        </Alert>
      )}
      <ResultKpis results={r} lang={lang} />
      <CategoryChart rows={rows} lang={lang} />
      <SectionCard title={t('results.categoriesTitle')}>
        {rows.length === 0 ? (
          <Typography color="text.secondary">{t('results.noFigures')}</Typography>
        ) : (
          <FigureTable
            label={t('results.categoriesTitle')}
            testId="cfc-results-categories"
            rows={rows}
            rowKey={(s) => s.section}
            columns={[
              { label: t('results.category'), cell: (s) => s.name },
              { label: t('results.scopeColumn'), cell: (s) => String(s.scope) },
              { label: 't CO₂e', numeric: true, cell: (s) => formatNumber(s.co2eKg / 1000, lang, 3) },
              {
                label: t('results.wttColumn'),
                numeric: true,
                cell: (s) => (s.wttKg > 0 ? formatNumber(s.wttKg / 1000, lang, 3) : '–'),
              },
              { label: t('results.share'), numeric: true, cell: (s) => formatShare(s.share, lang) },
              { label: t('results.entries'), numeric: true, cell: (s) => String(s.entryCount) },
            ]}
          />
        )}
      </SectionCard>
      <GasesCard results={r} lang={lang} />
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: '1fr 1fr' } }}>
        <Scope2Card results={r} lang={lang} />
        <BaseYearCard results={r} lang={lang} />
        <QualityCard results={r} lang={lang} />
        <UnitsCard results={r} lang={lang} />
      </Box>
    </Box>
  );
}

type CardProps = { results: CfcReportResults; lang: Language };

/** The export as xlsx or PDF; off in the demo, which says why. */
function ExportButtons({ report }: { report: CfcReportDetail }) {
  const { t } = useTranslation(['cfc', 'common']);
  const lang = currentLanguage();
  const demo = isCfcDemo(useMe());
  const [exporting, setExporting] = useState<'xlsx' | 'pdf' | null>(null);

  const exportAs = async (format: 'xlsx' | 'pdf') => {
    setExporting(format);
    try {
      downloadFile(
        await call('cfcExportReports', {
          body: { year: report.year, businessUnits: [report.businessUnit.id], format, lang },
        }),
      );
    } catch (err) {
      notifyError(err);
    } finally {
      setExporting(null);
    }
  };

  return (
    <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
      <Tooltip title={demo ? t('results.exportDemo') : ''}>
        <span>
          <Button
            variant="outlined"
            startIcon={<FileDownloadOutlined />}
            disabled={demo || exporting !== null}
            onClick={() => void exportAs('xlsx')}
            data-testid="cfc-export-xlsx"
          >
            {t('results.exportXlsx')}
          </Button>
        </span>
      </Tooltip>
      <Tooltip title={demo ? t('results.exportDemo') : ''}>
        <span>
          <Button
            variant="outlined"
            startIcon={<PictureAsPdfOutlined />}
            disabled={demo || exporting !== null}
            onClick={() => void exportAs('pdf')}
            data-testid="cfc-export-pdf"
          >
            {t('results.exportPdf')}
          </Button>
        </span>
      </Tooltip>
      {demo && (
        <Typography variant="body2" color="text.secondary" data-testid="cfc-export-demo">
          {t('results.exportDemo')}
        </Typography>
      )}
    </Box>
  );
}

/** The total, the three scopes (scope 2 as the report counts it) and the number of entries. */
function ResultKpis({ results: r, lang }: CardProps) {
  const { t } = useTranslation(['cfc', 'common']);
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fill, minmax(190px, 1fr))' }}>
      <KpiCard id="cfc-total" label={t('results.total')} quantity={tonnes(r.totals.total, lang)} />
      <KpiCard
        id="cfc-scope1"
        label={t('results.scope', { scope: 1 })}
        quantity={tonnes(r.totals.scope1, lang)}
      />
      <KpiCard
        id="cfc-scope2"
        label={t('results.scope', { scope: 2 })}
        quantity={tonnes(r.totals.scope2, lang)}
        hint={t(r.powerMarketbased || r.thermalMarketbased ? 'results.asMarket' : 'results.asLocation')}
      />
      <KpiCard
        id="cfc-scope3"
        label={t('results.scope', { scope: 3 })}
        quantity={tonnes(r.totals.scope3, lang)}
      />
      <KpiCard
        id="cfc-entries"
        label={t('results.entries')}
        quantity={{ value: formatNumber(r.entryCount, lang, 0), unit: '' }}
      />
    </Box>
  );
}

/** The categories with figures as horizontal bars in their scope's colour. */
function CategoryChart({ rows, lang }: { rows: CfcReportResults['sections']; lang: Language }) {
  const { t } = useTranslation(['cfc', 'common']);
  // On a phone the category names get less room, so the bars keep theirs.
  const phone = useMediaQuery(MOBILE_QUERY);
  return (
    <ChartCard title={t('results.chartTitle')} testId="cfc-results-chart">
      {rows.length === 0 ? (
        <Typography color="text.secondary" sx={{ py: 6, textAlign: 'center' }}>
          {t('results.noFigures')}
        </Typography>
      ) : (
        <BarChart
          height={Math.max(220, rows.length * 40 + 70)}
          layout="horizontal"
          yAxis={[
            {
              scaleType: 'band',
              data: rows.map((s) => s.name),
              width: phone ? 120 : 200,
              // Bars in their scope's colour.
              colorMap: {
                type: 'ordinal',
                values: rows.map((s) => s.name),
                colors: rows.map((s) => SCOPE_COLOURS[s.scope] ?? '#0f766e'),
              },
            },
          ]}
          xAxis={[{ label: 't CO₂e', min: 0, valueFormatter: (v: number) => formatNumber(v, lang, 1) }]}
          series={[
            {
              data: rows.map((s) => s.co2eKg / 1000),
              label: t('results.co2e'),
              valueFormatter: (v: number | null) => (v === null ? '–' : `${formatNumber(v, lang, 3)} t CO₂e`),
            },
          ]}
          hideLegend
        />
      )}
    </ChartCard>
  );
}

/** The gases per scope, the biogenic CO₂ beside them, and the GWP set of the figures. */
function GasesCard({ results: r, lang }: CardProps) {
  const { t } = useTranslation(['cfc', 'common']);
  return (
    <SectionCard title={t('results.gasesTitle')} description={t('results.gasesText')}>
      <FigureTable
        label={t('results.gasesTitle')}
        testId="cfc-results-gases"
        rows={[
          { key: 'scope1', label: t('results.scope', { scope: 1 }), g: r.gases.scope1 },
          { key: 'scope2', label: t('results.scope2Location'), g: r.gases.scope2LocationBased },
          { key: 'scope3', label: t('results.scope', { scope: 3 }), g: r.gases.scope3 },
        ]}
        rowKey={(x) => x.key}
        columns={[
          { label: t('results.scopeColumn'), cell: (x) => x.label },
          { label: 'CO₂', numeric: true, cell: (x) => formatTonnes(x.g.co2, lang) },
          { label: 'CH₄', numeric: true, cell: (x) => formatTonnes(x.g.ch4, lang) },
          { label: 'N₂O', numeric: true, cell: (x) => formatTonnes(x.g.n2o, lang) },
          { label: t('results.notSplit'), numeric: true, cell: (x) => formatTonnes(x.g.notSplit, lang) },
        ]}
      />
      <Typography variant="body2" sx={{ mt: 1.5 }} data-testid="cfc-results-biogenic">
        {t('results.biogenic', { figure: formatTonnes(r.biogenicCo2Kg, lang) })}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }} data-testid="cfc-results-gwp">
        {t('results.gwpSet', { gwpSet: r.gwpSet })}
      </Typography>
    </SectionCard>
  );
}

/** Scope 2 and the total both location- and market-based. */
function Scope2Card({ results: r, lang }: CardProps) {
  const { t } = useTranslation(['cfc', 'common']);
  return (
    <SectionCard title={t('results.scope2Title')} description={t('results.scope2Text')}>
      <FigureTable
        label={t('results.scope2Title')}
        testId="cfc-results-scope2"
        rows={[
          {
            key: 'location',
            label: t('results.locationBased'),
            scope2: r.totals.scope2LocationBased,
            total: r.totals.totalLocationBased,
          },
          {
            key: 'market',
            label: t('results.marketBased'),
            scope2: r.totals.scope2MarketBased,
            total: r.totals.totalMarketBased,
          },
        ]}
        rowKey={(x) => x.key}
        columns={[
          { label: t('results.method'), cell: (x) => x.label },
          { label: t('results.scope2Column'), numeric: true, cell: (x) => formatTonnes(x.scope2, lang) },
          { label: t('results.total'), numeric: true, cell: (x) => formatTonnes(x.total, lang) },
        ]}
      />
    </SectionCard>
  );
}

/** The business units of the year with their shares. */
function UnitsCard({ results: r, lang }: CardProps) {
  const { t } = useTranslation(['cfc', 'common']);
  // Units of different GWP sets: each share is of its own set, and the table says which set.
  const mixedSets = new Set(r.businessUnits.map((u) => u.gwpSet)).size > 1;
  return (
    <SectionCard
      title={t('results.unitsTitle', { year: r.year })}
      description={mixedSets ? t('results.unitsBySet') : undefined}
    >
      <FigureTable
        label={t('results.unitsTitle', { year: r.year })}
        testId="cfc-results-units"
        rows={r.businessUnits}
        rowKey={(u) => u.id}
        columns={[
          { label: t('results.unit'), cell: (u) => (mixedSets ? `${u.name} · ${u.gwpSet}` : u.name) },
          { label: 't CO₂e', numeric: true, cell: (u) => formatNumber(u.co2eKg / 1000, lang, 3) },
          { label: t('results.share'), numeric: true, cell: (u) => formatShare(u.share, lang) },
        ]}
      />
    </SectionCard>
  );
}

function BaseYearCard({ results, lang }: CardProps) {
  const { t } = useTranslation('cfc');
  const b = results.baseYear;
  // The results answer no comparison for the base-year report itself: say so instead of "no report".
  const settings = useQuery({ ...queryOptions('cfcCompanySettings'), enabled: !b });
  const baseYear = settings.data?.baseYear ?? null;
  const none =
    baseYear === results.year
      ? t('results.isBaseYear', { year: results.year })
      : baseYear === null && settings.isSuccess
        ? t('results.baseYearNotSet')
        : t('results.noBaseYear');
  return (
    <SectionCard title={t('results.baseYearTitle')}>
      {!b ? (
        <Typography color="text.secondary" data-testid="cfc-results-base-none">
          {none}
        </Typography>
      ) : (
        <Box data-testid="cfc-results-base">
          <Typography>
            {t('results.baseYearTotal', { year: b.year, total: formatTonnes(b.totals.total, lang) })}
          </Typography>
          {b.changeKg === null ? (
            <Alert severity="warning" sx={{ mt: 1 }} data-testid="cfc-results-base-not-comparable">
              {t('results.baseYearNotComparable', { baseSet: b.gwpSet, ownSet: results.gwpSet })}
            </Alert>
          ) : (
            <Typography
              variant="h3"
              component="p"
              sx={{ mt: 1, color: b.changeKg > 0 ? 'error.main' : 'success.main' }}
            >
              {b.changeKg > 0 ? '+' : ''}
              {formatTonnes(b.changeKg, lang)}
              {b.changeRatio !== null &&
                ` (${b.changeRatio > 0 ? '+' : ''}${formatShare(b.changeRatio, lang)})`}
            </Typography>
          )}
        </Box>
      )}
    </SectionCard>
  );
}

function QualityCard({ results, lang }: CardProps) {
  const { t } = useTranslation('cfc');
  const keys = ['high', 'medium', 'low', 'unknown'] as const;
  return (
    <SectionCard title={t('results.qualityTitle')} description={t('results.qualityText')}>
      <Box sx={{ display: 'grid', gap: 1.5 }} data-testid="cfc-results-quality">
        {keys.map((k) => (
          <Box key={k}>
            <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 2 }}>
              <Typography variant="body2">{t(`results.quality.${k}`)}</Typography>
              <Typography variant="body2" sx={{ fontVariantNumeric: 'tabular-nums' }}>
                {formatShare(results.dataQuality[k], lang)} · {formatTonnes(results.dataQualityKg[k], lang)}
              </Typography>
            </Box>
            <LinearProgress
              variant="determinate"
              value={Math.min(100, results.dataQuality[k] * 100)}
              aria-label={t(`results.quality.${k}`)}
              sx={{
                height: 8,
                borderRadius: 4,
                bgcolor: 'action.hover',
                '& .MuiLinearProgress-bar': { bgcolor: QUALITY_COLOURS[k] },
              }}
            />
          </Box>
        ))}
      </Box>
    </SectionCard>
  );
}
