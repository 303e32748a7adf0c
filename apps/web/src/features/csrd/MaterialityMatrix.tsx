import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import { ChartsReferenceLine } from '@mui/x-charts/ChartsReferenceLine';
import { ScatterChart } from '@mui/x-charts/ScatterChart';
import { useXScale, useYScale } from '@mui/x-charts/hooks';
import { useTranslation } from 'react-i18next';
import type { Language } from '@klimadesk/contract/constants';
import type { MaterialityAnalysis } from '@klimadesk/contract/csrd/schemas';
import { call } from '../../app/client.ts';
import { currentLanguage } from '../../app/i18n.ts';
import { downloadOrNotify } from '../../components/download.ts';
import { formatFigure } from '../../components/format.ts';
import { ChartCard } from '../dashboards/DashboardCharts.tsx';
import { placeMatrix, type MatrixPoint, type MatrixTopic } from './csrdModel.ts';
import { matrixTopics, useCsrdScopes } from './csrdQueries.ts';

const COLOURS = { material: '#0f766e', other: '#94a3b8', threshold: '#dc2626' };

/**
 * The double-materiality matrix (ESRS 1 §3.3): financial materiality on x, impact materiality on y,
 * both on the analysis's scale, with the threshold as a line on each axis. Material topics are
 * drawn in the accent colour and listed below, so the result reads without the chart too.
 */
export function MaterialityMatrix({
  topics,
  scale,
  threshold,
  lang,
}: {
  topics: readonly MatrixTopic[];
  scale: number;
  threshold: number;
  lang: Language;
}) {
  const { t } = useTranslation('csrd');
  const points = placeMatrix(topics, scale, threshold);
  const fmt = (v: number | null) => (v === null ? '–' : formatFigure(v, lang, 2));
  const series = (material: boolean) => ({
    id: material ? 'material' : 'other',
    label: material ? t('matrix.material') : t('matrix.notMaterial'),
    color: material ? COLOURS.material : COLOURS.other,
    markerSize: 7,
    data: points
      .filter((p) => p.material === material)
      .map((p) => ({ id: p.key, x: p.x, y: p.y, label: p.label })),
    valueFormatter: (v: { id?: string | number } | null) => {
      const p = points.find((q) => q.key === v?.id);
      return p
        ? `${p.label}: ${t('matrix.impact')} ${fmt(p.impact)}, ${t('matrix.financial')} ${fmt(p.financial)}`
        : '';
    },
  });
  const material = points.filter((p) => p.material);
  return (
    <ChartCard title={t('matrix.title')} testId="materiality-matrix">
      {points.length === 0 ? (
        <Typography color="text.secondary" sx={{ py: 4, textAlign: 'center' }}>
          {t('matrix.empty')}
        </Typography>
      ) : (
        <>
          <ScatterChart
            height={340}
            series={[series(true), series(false)]}
            xAxis={[{ min: 0, max: scale, label: t('matrix.financial'), valueFormatter: fmt }]}
            yAxis={[{ min: 0, max: scale, label: t('matrix.impact'), valueFormatter: fmt }]}
            grid={{ horizontal: true, vertical: true }}
          >
            <ChartsReferenceLine
              x={threshold}
              label={t('matrix.threshold')}
              labelAlign="end"
              lineStyle={{ stroke: COLOURS.threshold, strokeDasharray: '6 4' }}
              labelStyle={{ fontSize: 11, fill: COLOURS.threshold }}
            />
            <ChartsReferenceLine
              y={threshold}
              lineStyle={{ stroke: COLOURS.threshold, strokeDasharray: '6 4' }}
            />
            <DotLabels points={points} />
          </ScatterChart>
          <Box
            sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mt: 1 }}
            data-testid="materiality-matrix-material"
          >
            <Typography variant="body2" color="text.secondary" sx={{ mr: 1, alignSelf: 'center' }}>
              {t('matrix.materialTopics', { count: material.length })}
            </Typography>
            {material.map((p) => (
              <Chip
                key={p.key}
                size="small"
                color="primary"
                variant="outlined"
                label={`${p.label} (${t(`matrix.quadrant.${p.quadrant}`)})`}
              />
            ))}
          </Box>
        </>
      )}
    </ChartCard>
  );
}

/** The topic's code beside each dot (E1, S2 …), so the matrix reads without hovering. */
function DotLabels({ points }: { points: readonly MatrixPoint[] }) {
  const x = useXScale<'linear'>();
  const y = useYScale<'linear'>();
  return (
    <g data-testid="materiality-matrix-labels" aria-hidden>
      {points.map((p) => (
        <text
          key={p.key}
          x={x(p.x) + 7}
          y={y(p.y) - 6}
          fontSize={11}
          fill={p.material ? COLOURS.material : '#475569'}
          style={{ pointerEvents: 'none' }}
        >
          {p.key}
        </text>
      ))}
    </g>
  );
}

/** The matrix of an analysis's topic results, as the right column of its pages. */
export function AnalysisMatrix({ analysis }: { analysis: MaterialityAnalysis }) {
  const scopes = useCsrdScopes();
  const lang = currentLanguage();
  return (
    <Box sx={{ minWidth: 0 }}>
      <MaterialityMatrix
        topics={matrixTopics(analysis.results, scopes.data, lang)}
        scale={analysis.scaleUpperLimit}
        threshold={analysis.threshold}
        lang={lang}
      />
    </Box>
  );
}

/** Downloads the workbook of an analysis (seed 001 §7). */
export const exportAnalysis = (id: string) =>
  downloadOrNotify(call('exportMaterialityAnalysis', { params: { id } }));

/** The header button that downloads the analysis. */
export function ExportAnalysisButton({ id }: { id: string }) {
  const { t } = useTranslation('csrd');
  return (
    <Button startIcon={<FileDownloadOutlined />} variant="outlined" onClick={() => void exportAnalysis(id)}>
      {t('analysis.export')}
    </Button>
  );
}
