import { useMemo, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import CancelOutlined from '@mui/icons-material/CancelOutlined';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import ListAltOutlined from '@mui/icons-material/ListAltOutlined';
import FileUploadOutlined from '@mui/icons-material/FileUploadOutlined';
import type { GridColDef } from '@mui/x-data-grid';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { IMPORT_TASK_PAGE_SIZE } from '@klimadesk/contract/mappings/schemas';
import { call, queryOptions } from '../../app/client.ts';
import { currentLanguage } from '../../app/i18n.ts';
import { useMe } from '../../app/useMe.ts';
import { DataTable, TableEmpty } from '../../components/DataTable.tsx';
import { notifyError } from '../../components/errors.ts';
import { downloadFile } from '../../components/files.ts';
import { formatDateTime } from '../../components/format.ts';
import { notify } from '../../components/notify.ts';
import { PageHeader } from '../../components/PageHeader.tsx';
import { useTableState } from '../../components/tableState.ts';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { UpgradeHint } from '../tours/UpgradeHint.tsx';
import { IMPORT_TASKS_KEY, mappingAccess, type ImportTask } from './mappingsApi.ts';
import { TourCodesDialog } from './TourCodesDialog.tsx';
import { UploadImportDialog } from './UploadImportDialog.tsx';

const POLL_MS = 2000;
const STATE_COLOR = { processing: 'info', success: 'success', failed: 'error' } as const;

/** Import tasks, newest first; running tasks are polled until they finish. */
export function ImportTasksPage() {
  const { t } = useTranslation(['mappings', 'common']);
  const me = useMe();
  const access = mappingAccess(me);
  const qc = useQueryClient();
  const lang = currentLanguage();
  // The server sorts by upload time only, so the table offers no sorting.
  const state = useTableState('import-tasks', { pageSize: IMPORT_TASK_PAGE_SIZE });
  const [uploadOpen, setUploadOpen] = useState(false);
  const [cancel, setCancel] = useState<ImportTask | null>(null);
  const [codes, setCodes] = useState<ImportTask | null>(null);
  const [downloading, setDownloading] = useState<string | null>(null);
  const params = { page: state.query.page, limit: state.query.limit };
  const { data, isFetching } = useQuery({
    ...queryOptions('importTasks', { query: params }),
    placeholderData: keepPreviousData,
    refetchInterval: (q) => (q.state.data?.['hydra:member'].some((x) => !x.done) ? POLL_MS : false),
  });
  const reload = () => qc.invalidateQueries({ queryKey: IMPORT_TASKS_KEY });

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

  const columns = useMemo<GridColDef<ImportTask>[]>(
    () => [
      {
        field: 'fileName',
        headerName: t('tasks.columns.file'),
        flex: 1.3,
        minWidth: 180,
        sortable: false,
        renderCell: ({ row }) => (
          <Box sx={{ minWidth: 0 }}>
            <Typography variant="body2" sx={{ fontWeight: 600, wordBreak: 'break-word' }}>
              {row.fileName}
            </Typography>
            <Typography variant="caption" color="text.secondary">
              {row.source === 'api' ? t('tasks.viaApi') : (row.importMapping?.templateName ?? '–')}
            </Typography>
          </Box>
        ),
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
        renderCell: ({ row }) => (
          <Box sx={{ width: '100%', display: 'grid', gap: 0.5 }} data-testid="task-status">
            <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
              <Chip size="small" color={STATE_COLOR[row.state]} label={t(`tasks.state.${row.state}`)} />
              <Typography variant="caption" color="text.secondary">
                {t(`tasks.status.${row.status}`)}
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
        ),
      },
      {
        field: 'counts',
        headerName: t('tasks.columns.counts'),
        width: 220,
        sortable: false,
        renderCell: ({ row }) => (
          <Typography variant="body2" data-testid="task-counts">
            {t('tasks.counts', { imported: row.imported, updated: row.updated, rejected: row.rejected })}
          </Typography>
        ),
      },
      {
        field: 'actions',
        headerName: t('tasks.columns.actions'),
        width: 140,
        sortable: false,
        resizable: false,
        align: 'right',
        headerAlign: 'right',
        renderCell: ({ row }) => (
          <Box>
            <Tooltip title={t('tasks.actions.codes')}>
              <IconButton
                size="small"
                aria-label={t('tasks.actions.codesAria', { file: row.fileName })}
                onClick={() => setCodes(row)}
              >
                <ListAltOutlined fontSize="small" />
              </IconButton>
            </Tooltip>
            {row.rejected > 0 && (
              <Tooltip title={t('tasks.actions.report')}>
                <span>
                  <IconButton
                    size="small"
                    aria-label={t('tasks.actions.reportAria', { file: row.fileName })}
                    disabled={downloading === row.id}
                    onClick={() => void download(row)}
                  >
                    <FileDownloadOutlined fontSize="small" />
                  </IconButton>
                </span>
              </Tooltip>
            )}
            {!row.done && access.canImport && (
              <Tooltip title={t('tasks.actions.cancel')}>
                <IconButton
                  size="small"
                  aria-label={t('tasks.actions.cancelAria', { file: row.fileName })}
                  onClick={() => setCancel(row)}
                >
                  <CancelOutlined fontSize="small" />
                </IconButton>
              </Tooltip>
            )}
          </Box>
        ),
      },
    ],
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [t, lang, access.canImport, downloading],
  );

  return (
    <>
      <PageHeader
        title={t('tasks.title')}
        subtitle={t('tasks.subtitle')}
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
      />
      <UpgradeHint
        show={access.basic}
        title={t('upgrade.title')}
        text={t('upgrade.text')}
        testId="mapping-upgrade-hint"
      />
      <DataTable
        label={t('tasks.tableLabel')}
        columns={columns}
        rows={data?.['hydra:member'] ?? []}
        rowCount={data?.['hydra:totalItems'] ?? 0}
        loading={isFetching && !data}
        state={state}
        testId="import-task-table"
        empty={
          <TableEmpty
            title={t('empty.tasksTitle')}
            text={t(access.basic ? 'empty.tasksBasic' : 'empty.tasks')}
          />
        }
      />
      {uploadOpen && (
        <UploadImportDialog
          onClose={() => setUploadOpen(false)}
          onUploaded={(task) => {
            setUploadOpen(false);
            notify(t('tasks.uploaded', { file: task.fileName }), 'success', { log: true });
            state.setPage(0);
            void reload();
          }}
        />
      )}
      {cancel && (
        <ConfirmDialog
          title={t('tasks.cancelTitle')}
          text={t('tasks.cancelText', { file: cancel.fileName })}
          confirmLabel={t('tasks.actions.cancel')}
          onClose={() => setCancel(null)}
          onConfirm={async () => {
            try {
              await call('cancelImportTask', { params: { id: cancel.id } });
            } finally {
              void reload();
            }
            setCancel(null);
            notify(t('tasks.cancelled', { file: cancel.fileName }), 'success', { log: true });
          }}
        />
      )}
      {codes && <TourCodesDialog task={codes} onClose={() => setCodes(null)} />}
    </>
  );
}
