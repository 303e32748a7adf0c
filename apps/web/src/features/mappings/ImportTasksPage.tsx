import { useMemo, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import CancelOutlined from '@mui/icons-material/CancelOutlined';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import ListAltOutlined from '@mui/icons-material/ListAltOutlined';
import FileUploadOutlined from '@mui/icons-material/FileUploadOutlined';
import type { GridColDef } from '@mui/x-data-grid';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { Language } from '@klimadesk/contract/constants';
import { IMPORT_TASK_PAGE_SIZE } from '@klimadesk/contract/mappings/schemas';
import { call, queryOptions } from '../../app/client.ts';
import { currentLanguage } from '../../app/i18n.ts';
import { useMe } from '../../app/useMe.ts';
import { TableEmpty } from '../../components/DataTable.tsx';
import { EntityListPage, useEntityList, type RowAction } from '../../components/EntityListPage.tsx';
import { notifyError } from '../../components/errors.ts';
import { downloadFile } from '../../components/files.ts';
import { formatDateTime } from '../../components/format.ts';
import { useConfirmedWrite } from '../../components/ConfirmDialog.tsx';
import { MappingUpgradeHint } from './MappingUpgradeHint.tsx';
import { mappingAccess, type ImportTask } from './mappingsApi.ts';
import { TourCodesDialog } from './TourCodesDialog.tsx';
import { UploadImportDialog } from './UploadImportDialog.tsx';

const POLL_MS = 2000;
const STATE_COLOR = { processing: 'info', success: 'success', warning: 'warning', failed: 'error' } as const;

function FileCell({ row }: { row: ImportTask }) {
  const { t } = useTranslation('mappings');
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography variant="body2" sx={{ fontWeight: 600, wordBreak: 'break-word' }}>
        {row.fileName}
      </Typography>
      <Typography variant="caption" color="text.secondary">
        {row.source === 'api' ? t('tasks.viaApi') : (row.importMapping?.templateName ?? '–')}
      </Typography>
    </Box>
  );
}

/** The task's state with its status (or the share of rejected rows), and its progress while it runs. */
function StatusCell({ row }: { row: ImportTask }) {
  const { t } = useTranslation('mappings');
  return (
    <Box sx={{ width: '100%', display: 'grid', gap: 0.5 }} data-testid="task-status">
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
        <Chip
          size="small"
          color={STATE_COLOR[row.state]}
          label={t(`tasks.state.${row.state}`)}
          data-state={row.state}
        />
        <Typography variant="caption" color="text.secondary">
          {row.status === 'success' && row.rejected > 0
            ? t('tasks.rejectedOf', {
                count: row.rejected,
                total: row.imported + row.updated + row.rejected,
              })
            : t(`tasks.status.${row.status}`)}
        </Typography>
      </Box>
      {!row.done && (
        <LinearProgress
          variant="determinate"
          value={row.progress}
          aria-label={t('tasks.progressAria', { file: row.fileName, percent: row.progress })}
        />
      )}
    </Box>
  );
}

function CountsCell({ row, onIssues }: { row: ImportTask; onIssues: (task: ImportTask) => void }) {
  const { t } = useTranslation('mappings');
  return (
    <Box data-testid="task-counts">
      <Typography variant="body2">
        {t('tasks.counts', { imported: row.imported, updated: row.updated, rejected: row.rejected })}
      </Typography>
      {row.rejected > 0 && (
        // The row issues are one click away from the result they explain.
        <Link
          component="button"
          variant="body2"
          onClick={() => onIssues(row)}
          data-testid="task-show-issues"
          aria-label={t('tasks.showIssuesAria', { file: row.fileName })}
        >
          {t('tasks.showIssues', { count: row.rejected })}
        </Link>
      )}
    </Box>
  );
}

/** File with its template, upload time, importer, state and counts; `onIssues` opens a task's codes. */
function importTaskColumns(
  t: TFunction,
  lang: Language,
  onIssues: (task: ImportTask) => void,
): GridColDef<ImportTask>[] {
  return [
    {
      field: 'fileName',
      headerName: t('tasks.columns.file'),
      flex: 1.3,
      minWidth: 180,
      sortable: false,
      renderCell: ({ row }) => <FileCell row={row} />,
    },
    {
      field: 'uploadedAt',
      headerName: t('tasks.columns.uploadedAt'),
      width: 160,
      sortable: false,
      valueFormatter: (v: string) => formatDateTime(v, lang),
    },
    {
      field: 'importer',
      headerName: t('tasks.columns.importer'),
      width: 160,
      sortable: false,
      valueFormatter: (v: string | null) => v ?? '–',
    },
    {
      field: 'status',
      headerName: t('tasks.columns.status'),
      width: 210,
      sortable: false,
      renderCell: ({ row }) => <StatusCell row={row} />,
    },
    {
      field: 'counts',
      headerName: t('tasks.columns.counts'),
      width: 240,
      sortable: false,
      renderCell: ({ row }) => <CountsCell row={row} onIssues={onIssues} />,
    },
  ];
}

/** The codes of a task; the error report where rows were rejected; cancel while it runs. */
function taskActions(
  t: TFunction,
  row: ImportTask,
  a: {
    onCodes: () => void;
    onReport: () => void;
    reportBusy: boolean;
    onCancel: (() => void) | null;
  },
): RowAction[] {
  return [
    {
      key: 'codes',
      label: t('tasks.actions.codes'),
      aria: t('tasks.actions.codesAria', { file: row.fileName }),
      icon: <ListAltOutlined fontSize="small" />,
      onClick: a.onCodes,
    },
    ...(row.rejected > 0
      ? [
          {
            key: 'report',
            label: t('tasks.actions.report'),
            aria: t('tasks.actions.reportAria', { file: row.fileName }),
            icon: <FileDownloadOutlined fontSize="small" />,
            onClick: a.onReport,
            disabled: a.reportBusy,
          },
        ]
      : []),
    ...(!row.done && a.onCancel
      ? [
          {
            key: 'cancel',
            label: t('tasks.actions.cancel'),
            aria: t('tasks.actions.cancelAria', { file: row.fileName }),
            icon: <CancelOutlined fontSize="small" />,
            onClick: a.onCancel,
          },
        ]
      : []),
  ];
}

/** The row actions of the task list and the cancel's confirm dialog. */
function useTaskRowActions(canImport: boolean, onCodes: (task: ImportTask) => void) {
  const { t } = useTranslation(['mappings', 'common']);
  const [downloading, setDownloading] = useState<string | null>(null);
  const cancel = useConfirmedWrite<ImportTask>({
    mutate: (task) => call('cancelImportTask', { params: { id: task.id } }),
    invalidate: [['importTasks']],
    success: (_r, task) => t('tasks.cancelled', { file: task.fileName }),
    confirm: (task) => ({
      title: t('tasks.cancelTitle'),
      text: t('tasks.cancelText', { file: task.fileName }),
      confirmLabel: t('tasks.actions.cancel'),
    }),
  });

  const download = async (task: ImportTask) => {
    setDownloading(task.id);
    try {
      downloadFile(await call('importErrorReport', { params: { id: task.id } }));
    } catch (err) {
      notifyError(err);
    } finally {
      setDownloading(null);
    }
  };

  const rowActions = useMemo(
    () => ({
      header: t('tasks.columns.actions'),
      width: 140,
      actions: (row: ImportTask): RowAction[] =>
        taskActions(t, row, {
          onCodes: () => onCodes(row),
          onReport: () => void download(row),
          reportBusy: downloading === row.id,
          onCancel: canImport ? () => cancel.ask(row) : null,
        }),
    }),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [t, canImport, downloading],
  );
  return { rowActions, cancelDialog: cancel.dialog };
}

/** Import tasks, newest first; running tasks are polled until they finish. */
export function ImportTasksPage() {
  const { t } = useTranslation(['mappings', 'common']);
  const me = useMe();
  const access = mappingAccess(me);
  const lang = currentLanguage();
  // The server sorts by upload time only, so the table offers no sorting.
  const list = useEntityList<ImportTask>({
    table: 'import-tasks',
    pageSize: IMPORT_TASK_PAGE_SIZE,
    source: ({ page, limit }) => queryOptions('importTasks', { query: { page, limit } }),
    refetchInterval: (data) => (data?.['hydra:member'].some((x) => !x.done) ? POLL_MS : false),
  });
  const [uploadOpen, setUploadOpen] = useState(false);
  const [codes, setCodes] = useState<ImportTask | null>(null);
  const { rowActions, cancelDialog } = useTaskRowActions(access.canImport, setCodes);
  const columns = useMemo(() => importTaskColumns(t, lang, setCodes), [t, lang]);

  return (
    <EntityListPage
      list={list}
      title={t('tasks.title')}
      subtitle={t('tasks.subtitle')}
      help="import"
      actions={
        access.canImport && (
          <Button
            variant="contained"
            startIcon={<FileUploadOutlined />}
            onClick={() => setUploadOpen(true)}
            data-testid="import-open"
          >
            {t('tasks.upload')}
          </Button>
        )
      }
      banner={<MappingUpgradeHint show={access.basic} />}
      label={t('tasks.tableLabel')}
      testId="import-task-table"
      columns={columns}
      rowActions={rowActions}
      // Polling refetches in the background; only the first load shows the spinner.
      loading={list.isFetching && !list.data}
      empty={
        <TableEmpty
          title={t('empty.tasksTitle')}
          text={t(access.basic ? 'empty.tasksBasic' : 'empty.tasks')}
        />
      }
    >
      {uploadOpen && (
        <UploadImportDialog
          onClose={() => setUploadOpen(false)}
          onUploaded={() => {
            setUploadOpen(false);
            list.state.setPage(0);
          }}
        />
      )}
      {cancelDialog}
      {codes && <TourCodesDialog task={codes} onClose={() => setCodes(null)} />}
    </EntityListPage>
  );
}
