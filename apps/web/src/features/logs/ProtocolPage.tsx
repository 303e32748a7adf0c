import { useMemo, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import type { GridColDef } from '@mui/x-data-grid';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { EXPORT_DEBOUNCE_MS } from '@klimadesk/contract/constants';
import { type Answer, type Query, call, queryOptions } from '../../app/client.ts';
import { currentLanguage } from '../../app/i18n.ts';
import { DataTable } from '../../components/DataTable.tsx';
import { DatesProvider, DayPicker } from '../../components/DayPicker.tsx';
import { formatDateTime } from '../../components/format.ts';
import { notifyError } from '../../components/errors.ts';
import { notify } from '../../components/notify.ts';
import { PageHeader } from '../../components/PageHeader.tsx';
import { useTableState } from '../../components/tableState.ts';
import { useDebounced } from '../../components/useDebounced.ts';
import { download, toCsv } from './csv.ts';

type LogEntry = Answer<'userActionLogs'>['hydra:member'][number];

const ENTITIES = ['access', 'users', 'user-groups', 'companies', 'logs'] as const;

type Filters = { action: string; entity: string; status: string; from: string; to: string };
const EMPTY: Filters = { action: '', entity: '', status: '', from: '', to: '' };

/** The user action log of the company with filters and a spreadsheet export. */
export function ProtocolPage() {
  const { t } = useTranslation(['logs', 'common']);
  const lang = currentLanguage();
  const state = useTableState('user-action-log', {
    pageSize: 20,
    sort: [{ field: 'createdAt', sort: 'desc' }],
  });
  const [filters, setFilters] = useState<Filters>(EMPTY);
  const debounced = useDebounced(filters);
  const [exporting, setExporting] = useState(false);
  const filterQuery = {
    action: debounced.action.trim() || undefined,
    entity: debounced.entity || undefined,
    // The select offers only the contract's statuses.
    status: (debounced.status || undefined) as Query<'userActionLogs'>['status'],
    'createdAt[after]': debounced.from || undefined,
    'createdAt[before]': debounced.to || undefined,
  };
  const { data, isFetching } = useQuery({
    ...queryOptions('userActionLogs', { query: { ...state.query, ...filterQuery } }),
    placeholderData: keepPreviousData,
  });
  const set = (k: keyof Filters) => (e: React.ChangeEvent<HTMLInputElement>) => {
    setFilters((f) => ({ ...f, [k]: e.target.value }));
    state.setPage(0);
  };
  const setDay = (k: 'from' | 'to') => (day: string | null) => {
    setFilters((f) => ({ ...f, [k]: day ?? '' }));
    state.setPage(0);
  };
  const actionLabel = (a: string) => t(`actions.${a}`, { defaultValue: a });

  const columns = useMemo<GridColDef<LogEntry>[]>(
    () => [
      {
        field: 'createdAt',
        headerName: t('columns.createdAt'),
        width: 180,
        valueFormatter: (v: string) => formatDateTime(v, lang),
      },
      { field: 'userEmail', headerName: t('columns.user'), flex: 1, minWidth: 200, sortable: false },
      {
        field: 'action',
        headerName: t('columns.action'),
        flex: 1,
        minWidth: 200,
        sortable: false,
        valueFormatter: (v: string) => actionLabel(v),
      },
      {
        field: 'entity',
        headerName: t('columns.entity'),
        width: 150,
        sortable: false,
        valueFormatter: (v: string) => t(`entities.${v}`, { defaultValue: v }),
      },
      {
        field: 'status',
        headerName: t('columns.status'),
        width: 130,
        sortable: false,
        renderCell: ({ row }) => (
          <Chip
            size="small"
            variant="outlined"
            color={row.status === 'success' ? 'success' : 'error'}
            label={t(`status.${row.status}`)}
          />
        ),
      },
      {
        field: 'impersonatorEmail',
        headerName: t('columns.impersonator'),
        flex: 1,
        minWidth: 180,
        sortable: false,
        valueFormatter: (v: string | null) => v ?? '',
      },
    ],
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [t, lang],
  );

  const exportCsv = async () => {
    setExporting(true);
    try {
      const all = await call('userActionLogs', {
        query: { ...filterQuery, ...state.query, page: 1, limit: 100, pagination: 'false' },
      });
      const rows = all['hydra:member'];
      if (rows.length === 0) {
        notify(t('errors:emptyExport'), 'warning');
        return;
      }
      const header = ['createdAt', 'user', 'action', 'entity', 'entityId', 'status', 'impersonator'].map(
        (c) => t(`columns.${c}`),
      );
      const body = rows.map((r) => [
        formatDateTime(r.createdAt, lang),
        r.userEmail ?? '',
        actionLabel(r.action),
        t(`entities.${r.entity}`, { defaultValue: r.entity }),
        r.entityId ?? '',
        t(`status.${r.status}`),
        r.impersonatorEmail ?? '',
      ]);
      download(
        `klimadesk-protocol-${new Date().toISOString().slice(0, 10)}.csv`,
        toCsv([header, ...body], lang),
      );
      notify(t('common:notify.exportStarted'));
    } catch (err) {
      notifyError(err);
    } finally {
      // Keeps a double click from starting two downloads (export debounce, seed 000 §9).
      setTimeout(() => setExporting(false), EXPORT_DEBOUNCE_MS);
    }
  };

  return (
    <>
      <PageHeader
        title={t('title')}
        subtitle={t('subtitle')}
        actions={
          <Button
            variant="outlined"
            startIcon={<FileDownloadOutlined />}
            onClick={() => void exportCsv()}
            disabled={exporting}
          >
            {t('common:actions.export')}
          </Button>
        }
      />
      <Box
        role="search"
        aria-label={t('filters')}
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', lg: '2fr 1fr 1fr 1fr 1fr auto' },
          mb: 2,
          alignItems: 'center',
        }}
      >
        <TextField label={t('columns.action')} value={filters.action} onChange={set('action')} />
        <TextField select label={t('columns.entity')} value={filters.entity} onChange={set('entity')}>
          <MenuItem value="">{t('all')}</MenuItem>
          {ENTITIES.map((e) => (
            <MenuItem key={e} value={e}>
              {t(`entities.${e}`)}
            </MenuItem>
          ))}
        </TextField>
        <TextField select label={t('columns.status')} value={filters.status} onChange={set('status')}>
          <MenuItem value="">{t('all')}</MenuItem>
          <MenuItem value="success">{t('status.success')}</MenuItem>
          <MenuItem value="failure">{t('status.failure')}</MenuItem>
        </TextField>
        {/* The app's date fields, not the browser's: one date format per language. */}
        <DatesProvider>
          <DayPicker label={t('from')} value={filters.from || null} onChange={setDay('from')} />
          <DayPicker label={t('to')} value={filters.to || null} onChange={setDay('to')} />
        </DatesProvider>
        <Button
          onClick={() => setFilters(EMPTY)}
          disabled={JSON.stringify(filters) === JSON.stringify(EMPTY)}
        >
          {t('common:actions.reset')}
        </Button>
      </Box>
      <DataTable
        label={t('title')}
        columns={columns}
        rows={data?.['hydra:member'] ?? []}
        rowCount={data?.['hydra:totalItems'] ?? 0}
        loading={isFetching}
        state={state}
      />
    </>
  );
}
