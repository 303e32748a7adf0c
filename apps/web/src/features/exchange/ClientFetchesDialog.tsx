import { useMemo } from 'react';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import type { GridColDef } from '@mui/x-data-grid';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Language } from '@klimadesk/contract/constants';
import type { ExchangeClient, ExchangeFetch } from '@klimadesk/contract/exchange/schemas';
import { queryOptions } from '../../app/client.ts';
import { currentLanguage } from '../../app/i18n.ts';
import { DataTable } from '../../components/DataTable.tsx';
import { formatDateTime } from '../../components/format.ts';
import { useTableState } from '../../components/tableState.ts';
import { ViewDialog } from '../../components/ViewDialog.tsx';

type T = ReturnType<typeof useTranslation<['exchange', 'common']>>['t'];

/** The fetch list's columns: product, kind, version with status, count and first/last fetch. */
function fetchColumns(t: T, lang: Language): GridColDef<ExchangeFetch>[] {
  return [
    {
      field: 'productKey',
      headerName: t('fetches.product'),
      flex: 1,
      minWidth: 160,
      sortable: false,
      renderCell: ({ row }) => (
        <Typography variant="body2" title={row.pfId} sx={{ overflowWrap: 'anywhere', lineHeight: 1.3 }}>
          {row.productKey}
        </Typography>
      ),
    },
    {
      field: 'kind',
      headerName: t('fetches.kind'),
      width: 110,
      sortable: false,
      valueFormatter: (v: ExchangeFetch['kind']) => t(`fetches.kinds.${v}`),
    },
    {
      field: 'version',
      headerName: t('fetches.version'),
      width: 150,
      sortable: false,
      renderCell: ({ row }) => (
        <Chip
          size="small"
          variant="outlined"
          color={row.status === 'Active' ? 'success' : 'default'}
          label={`${row.version} · ${t(`partners.footprints.status${row.status}`)}`}
        />
      ),
    },
    {
      field: 'fetchCount',
      headerName: t('fetches.count'),
      width: 90,
      sortable: false,
      align: 'right',
      headerAlign: 'right',
    },
    ...(['firstFetchedAt', 'lastFetchedAt'] as const).map((field) => ({
      field,
      headerName: t(field === 'firstFetchedAt' ? 'fetches.first' : 'fetches.last'),
      width: 160,
      sortable: false,
      valueFormatter: (v: string) => formatDateTime(v, lang),
    })),
  ];
}

/** The shipper view: which footprints an exchange client (a customer's software) fetched. */
export function ClientFetchesDialog({ client, onClose }: { client: ExchangeClient; onClose: () => void }) {
  const { t } = useTranslation(['exchange', 'common']);
  const lang = currentLanguage();
  const state = useTableState('exchange-client-fetches');
  const { data, isFetching } = useQuery({
    ...queryOptions('exchangeClientFetches', {
      params: { id: client.id },
      query: { page: state.page + 1, limit: state.pageSize },
    }),
    placeholderData: keepPreviousData,
  });
  const columns = useMemo(() => fetchColumns(t, lang), [t, lang]);
  return (
    <ViewDialog
      id="exchange-client-fetches"
      title={t('fetches.title', { name: client.name })}
      onClose={onClose}
      maxWidth="lg"
      close={{ label: t('fetches.close'), testId: 'exchange-client-fetches-close' }}
    >
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        {t('fetches.text')}
      </Typography>
      <DataTable
        label={t('fetches.aria', { name: client.name })}
        columns={columns}
        rows={data?.['hydra:member'] ?? []}
        rowCount={data?.['hydra:totalItems'] ?? 0}
        loading={isFetching}
        state={state}
        getRowId={(r) => r.pfId}
        testId="exchange-client-fetches-table"
        empty={t('fetches.empty')}
      />
    </ViewDialog>
  );
}
