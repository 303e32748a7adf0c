import { useMemo } from 'react';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import type { GridColDef } from '@mui/x-data-grid';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { Language } from '@klimadesk/contract/constants';
import { EXPORT_FILE_DAYS, EXPORT_JOB_STATUS } from '@klimadesk/contract/exports/schemas';
import { currentLanguage } from '../../app/i18n.ts';
import { DataTable, TableEmpty } from '../../components/DataTable.tsx';
import { formatDateTime } from '../../components/format.ts';
import { PageHeader } from '../../components/PageHeader.tsx';
import { useTableState } from '../../components/tableState.ts';
import { formatCount } from '../../components/units.ts';
import {
  isUnfinished,
  useExportJobs,
  useExportProgress,
  type ExportJob,
  type JobProgress,
} from './exportsApi.ts';

const STATUS_COLOUR = {
  [EXPORT_JOB_STATUS.queued]: 'default',
  [EXPORT_JOB_STATUS.running]: 'info',
  [EXPORT_JOB_STATUS.finished]: 'success',
  [EXPORT_JOB_STATUS.failed]: 'error',
  [EXPORT_JOB_STATUS.expired]: 'default',
} as const;

/** Shown on request: the download link and the key times fit a 1440 px screen without it. */
const HIDDEN_COLUMNS = ['exportEndTime'];

/** An unfinished job's live progress bar, else its final status. */
function StatusCell({ row, live }: { row: ExportJob; live: JobProgress | undefined }) {
  const { t } = useTranslation(['exports', 'common']);
  const status = live && isUnfinished(row.status) ? live.status : row.status;
  const percent = live?.progress ?? row.progress;
  if (isUnfinished(status)) {
    return (
      <Box sx={{ width: '100%' }} data-testid="export-progress">
        <LinearProgress
          variant="determinate"
          value={percent}
          aria-label={t('progressAria', { file: row.fileName })}
        />
        <Typography variant="caption" color="text.secondary">
          {t(`status.${status}`)} · {percent} %
        </Typography>
      </Box>
    );
  }
  return (
    <Chip
      size="small"
      variant="outlined"
      color={STATUS_COLOUR[status as keyof typeof STATUS_COLOUR] ?? 'default'}
      label={t(`status.${status}`)}
      data-testid="export-status"
    />
  );
}

function DownloadCell({ row }: { row: ExportJob }) {
  const { t } = useTranslation(['exports', 'common']);
  return row.downloadUrl ? (
    <Link
      href={row.downloadUrl}
      download={row.fileName}
      aria-label={t('downloadAria', { file: row.fileName })}
      sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}
      data-testid="export-download"
    >
      <FileDownloadOutlined fontSize="small" />
      {t('download')}
    </Link>
  ) : (
    '–'
  );
}

/** A column of a time of the job. */
function timeColumn(
  field: 'exportStartTime' | 'exportEndTime' | 'availableUntil',
  headerName: string,
  lang: Language,
): GridColDef<ExportJob> {
  return {
    field,
    headerName,
    width: 150,
    sortable: false,
    valueGetter: (_v, row) => formatDateTime(row[field], lang),
  };
}

/** Kind, status (live while unfinished), download, rows, start and end, exporter and availability. */
function exportJobColumns(
  t: TFunction,
  lang: Language,
  progress: Map<string, JobProgress>,
): GridColDef<ExportJob>[] {
  return [
    {
      field: 'kind',
      headerName: t('columns.kind'),
      width: 110,
      sortable: false,
      valueGetter: (_v, row) => t(`kind.${row.kind}`),
    },
    {
      field: 'status',
      headerName: t('columns.status'),
      minWidth: 180,
      flex: 1,
      sortable: false,
      renderCell: ({ row }) => <StatusCell row={row} live={progress.get(row.id)} />,
    },
    {
      field: 'download',
      headerName: t('columns.download'),
      width: 150,
      sortable: false,
      renderCell: ({ row }) => <DownloadCell row={row} />,
    },
    {
      field: 'totalRows',
      headerName: t('columns.totalRows'),
      width: 100,
      sortable: false,
      align: 'right',
      headerAlign: 'right',
      valueGetter: (_v, row) => (isUnfinished(row.status) ? '–' : formatCount(row.totalRows, lang)),
    },
    timeColumn('exportStartTime', t('columns.start'), lang),
    timeColumn('exportEndTime', t('columns.end'), lang),
    {
      field: 'exportedBy',
      headerName: t('columns.exportedBy'),
      width: 170,
      sortable: false,
      valueGetter: (_v, row) => row.exportedBy ?? '–',
    },
    timeColumn('availableUntil', t('columns.availableUntil'), lang),
  ];
}

/** The company's export jobs; unfinished ones show live progress (seed 000 §4). */
export function ExportJobsPage({ pollMs }: { pollMs?: number } = {}) {
  const { t } = useTranslation(['exports', 'common']);
  const lang = currentLanguage();
  const state = useTableState('export-jobs');
  const { page, limit } = state.query;
  const { data, isFetching } = useExportJobs({ page, limit });
  const jobs = useMemo(() => data?.['hydra:member'] ?? [], [data]);
  const progress = useExportProgress(jobs, pollMs);
  const columns = useMemo(() => exportJobColumns(t, lang, progress), [t, lang, progress]);

  return (
    <>
      <PageHeader title={t('title')} subtitle={t('subtitle', { days: EXPORT_FILE_DAYS })} />
      <DataTable
        label={t('title')}
        columns={columns}
        rows={jobs}
        rowCount={data?.['hydra:totalItems'] ?? 0}
        loading={isFetching && !data}
        state={state}
        testId="export-jobs-table"
        hiddenByDefault={HIDDEN_COLUMNS}
        empty={<TableEmpty title={t('empty.title')} text={t('empty.text')} />}
      />
    </>
  );
}
