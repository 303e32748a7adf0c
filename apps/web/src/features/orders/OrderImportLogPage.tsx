import { useMemo, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import ListAltOutlined from '@mui/icons-material/ListAltOutlined';
import type { GridColDef } from '@mui/x-data-grid';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { Language } from '@klimadesk/contract/constants';
import {
  ORDER_IMPORT_LEVELS,
  ORDER_IMPORT_STATUSES,
  ORDER_IMPORT_TASK_PAGE_SIZE,
  type OrderImportStatus,
  type OrderImportTask,
} from '@klimadesk/contract/orders/import';
import { queryOptions } from '../../app/client.ts';
import { currentLanguage } from '../../app/i18n.ts';
import { TableEmpty } from '../../components/DataTable.tsx';
import {
  EntityListPage,
  useEntityList,
  type EntityList,
  type RowAction,
} from '../../components/EntityListPage.tsx';
import { formatDateTime } from '../../components/format.ts';
import { ImportLogDialog } from './ImportLogDialog.tsx';
import { ImportLogChip, LEVEL_COLOR, STATUS_COLOR } from './ImportLogParts.tsx';

const POLL_MS = 2000;
const RUNNING: OrderImportStatus[] = ['queued', 'processing'];

type ImportTaskList = EntityList<OrderImportTask, never, { status: OrderImportStatus | '' }>;

function UploadedCell({ row, lang }: { row: OrderImportTask; lang: Language }) {
  const { t } = useTranslation('orders');
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography variant="body2">{formatDateTime(row.uploadedAt, lang)}</Typography>
      {row.uploadId && (
        <Typography
          variant="caption"
          color="text.secondary"
          sx={{ display: 'block', wordBreak: 'break-word' }}
        >
          {t('importLog.uploadId', { id: row.uploadId })}
        </Typography>
      )}
    </Box>
  );
}

function CountsCell({ row }: { row: OrderImportTask }) {
  const { t } = useTranslation('orders');
  return (
    <Box data-testid="import-task-counts">
      <Typography variant="body2">
        {t('importLog.counts', { saved: row.saved, received: row.received })}
      </Typography>
      {row.failed > 0 && (
        <Typography variant="caption" color="error.main">
          {t('importLog.failedCount', { failed: row.failed })}
        </Typography>
      )}
    </Box>
  );
}

function MessagesCell({ row }: { row: OrderImportTask }) {
  const { t } = useTranslation('orders');
  return (
    <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap' }} data-testid="import-task-messages">
      {ORDER_IMPORT_LEVELS.filter((level) => row.messages[level] > 0).map((level) => (
        <ImportLogChip
          key={level}
          tone={LEVEL_COLOR[level]}
          filled={level === 'critical'}
          label={`${t(`importLog.level.${level}`)}: ${row.messages[level]}`}
        />
      ))}
    </Box>
  );
}

/** Date and status first: what a phone shows without scrolling the table. */
function importTaskColumns(t: TFunction, lang: Language): GridColDef<OrderImportTask>[] {
  return [
    {
      field: 'uploadedAt',
      headerName: t('importLog.columns.uploadedAt'),
      width: 200,
      sortable: false,
      renderCell: ({ row }) => <UploadedCell row={row} lang={lang} />,
    },
    {
      field: 'status',
      headerName: t('importLog.columns.status'),
      width: 150,
      sortable: false,
      renderCell: ({ row }) => (
        <ImportLogChip
          tone={STATUS_COLOR[row.status]}
          filled={row.status === 'success' || row.status === 'failed'}
          label={t(`importLog.status.${row.status}`)}
          testId="import-task-status"
        />
      ),
    },
    {
      field: 'counts',
      headerName: t('importLog.columns.counts'),
      width: 180,
      sortable: false,
      renderCell: ({ row }) => <CountsCell row={row} />,
    },
    {
      field: 'pushedBy',
      headerName: t('importLog.columns.pushedBy'),
      flex: 1,
      minWidth: 170,
      sortable: false,
      renderCell: ({ row }) => (
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="body2" sx={{ fontWeight: 600, wordBreak: 'break-word' }}>
            {row.pushedBy}
          </Typography>
          <Typography variant="caption" color="text.secondary">
            {t(`importLog.source.${row.source}`)}
          </Typography>
        </Box>
      ),
    },
    {
      field: 'messages',
      headerName: t('importLog.columns.messages'),
      width: 250,
      sortable: false,
      renderCell: ({ row }) => <MessagesCell row={row} />,
    },
  ];
}

/** The pushes, polled while one of the page is queued or running. */
function useImportTasks(): ImportTaskList {
  return useEntityList<OrderImportTask, never, { status: OrderImportStatus | '' }>({
    table: 'order-import-tasks',
    pageSize: ORDER_IMPORT_TASK_PAGE_SIZE,
    sort: [],
    filters: { status: '' },
    source: ({ page, limit }, f) =>
      queryOptions('orderImportTasks', { query: { page, limit, status: f.status || undefined } }),
    refetchInterval: (data) =>
      data?.['hydra:member'].some((x) => RUNNING.includes(x.status)) ? POLL_MS : false,
  });
}

function StatusFilter({ list }: { list: ImportTaskList }) {
  const { t } = useTranslation('orders');
  return (
    <TextField
      select
      label={t('importLog.filters.status')}
      value={list.filters.status}
      onChange={(e) => list.setFilter('status', e.target.value as OrderImportStatus | '')}
      slotProps={{
        select: { displayEmpty: true },
        inputLabel: { shrink: true },
        htmlInput: { 'data-testid': 'import-filter-status' },
      }}
    >
      <MenuItem value="">{t('importLog.filters.allStatuses')}</MenuItem>
      {ORDER_IMPORT_STATUSES.map((s) => (
        <MenuItem key={s} value={s}>
          {t(`importLog.status.${s}`)}
        </MenuItem>
      ))}
    </TextField>
  );
}

/**
 * The import log of the partner variant (seed 000 §2 `/basic/import-log`): orders pushed by API key,
 * 30 pushes per page, newest first; each push opens its coded messages (seed 000 §8).
 */
export function OrderImportLogPage() {
  const { t } = useTranslation(['orders', 'common']);
  const lang = currentLanguage();
  const list = useImportTasks();
  const [open, setOpen] = useState<OrderImportTask | null>(null);
  const columns = useMemo(() => importTaskColumns(t, lang), [t, lang]);

  const rowActions = useMemo(
    () => ({
      header: t('importLog.columns.actions'),
      width: 110,
      actions: (row: OrderImportTask): RowAction[] => [
        {
          key: 'log',
          label: t('importLog.actions.log'),
          aria: t('importLog.actions.logAria', { date: formatDateTime(row.uploadedAt, lang) }),
          icon: <ListAltOutlined fontSize="small" />,
          onClick: () => setOpen(row),
          testId: 'import-task-open',
        },
      ],
    }),
    [t, lang],
  );

  return (
    <EntityListPage
      list={list}
      title={t('importLog.title')}
      subtitle={t('importLog.subtitle')}
      banner={
        <Alert severity="info" sx={{ mb: 2 }}>
          {t('importLog.hint')}
        </Alert>
      }
      filters={<StatusFilter list={list} />}
      label={t('importLog.tableLabel')}
      testId="import-task-table"
      columns={columns}
      rowActions={rowActions}
      loading={list.isFetching && !list.data}
      empty={
        list.filtered ? (
          <TableEmpty title={t('importLog.noMatch.title')} text={t('importLog.noMatch.text')} />
        ) : (
          <TableEmpty title={t('importLog.empty.title')} text={t('importLog.empty.text')} />
        )
      }
    >
      {open && <ImportLogDialog task={open} onClose={() => setOpen(null)} />}
    </EntityListPage>
  );
}
