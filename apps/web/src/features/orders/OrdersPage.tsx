import { useCallback, useMemo, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip, { type ChipProps } from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import AltRouteOutlined from '@mui/icons-material/AltRouteOutlined';
import BlockOutlined from '@mui/icons-material/BlockOutlined';
import ContentCopyOutlined from '@mui/icons-material/ContentCopyOutlined';
import PictureAsPdfOutlined from '@mui/icons-material/PictureAsPdfOutlined';
import SyncAltOutlined from '@mui/icons-material/SyncAltOutlined';
import type { GridColDef } from '@mui/x-data-grid';
import { useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { ORDER_PAGE_SIZE, type OrderStatus, type OrderSummary } from '@klimadesk/contract/orders/schemas';
import { call, callFile, can, queryOptions } from '../../app/client.ts';
import { currentLanguage } from '../../app/i18n.ts';
import { useMe } from '../../app/useMe.ts';
import { useConfirmedWrite } from '../../components/ConfirmDialog.tsx';
import { TableEmpty } from '../../components/DataTable.tsx';
import {
  CreateButton,
  EntityListPage,
  ExportListButton,
  deleteAction,
  editAction,
  useEntityList,
  type ListSource,
  type RowAction,
} from '../../components/EntityListPage.tsx';
import { notifyError } from '../../components/errors.ts';
import { saveBlob } from '../../components/files.ts';
import { formatNumber } from '../../components/format.ts';
import { notify } from '../../components/notify.ts';
import { formatDay } from '../../components/units.ts';
import { useApiMutation } from '../../components/useApiMutation.ts';
import {
  ORDER_FILTERS_OPEN,
  OrderListFilters,
  orderListFilterQuery,
  type OrderFilterValues,
} from './OrderListFilters.tsx';
import { OrderListModes } from './OrderListModes.tsx';
import { OrderListStatusDialog } from './OrderListStatusDialog.tsx';
import { OrderQuota } from './OrderQuota.tsx';
import { ORDER_QUERY_KEYS, masterName, useMasters, useOrderQuota } from './orderQueries.ts';

/** Status chips: open and cancelled outlined, the others filled (colours with AA contrast on white). */
const STATUS_CHIPS: Record<OrderStatus, Pick<ChipProps, 'color' | 'variant'>> = {
  open: { color: 'primary', variant: 'outlined' },
  confirmed: { color: 'primary', variant: 'filled' },
  completed: { color: 'success', variant: 'filled' },
  cancelled: { color: 'default', variant: 'outlined' },
};

/** Fetches the order's emission certificate (PDF in the UI language) and saves it. */
async function downloadCertificate(order: OrderSummary): Promise<void> {
  const { blob, fileName } = await callFile('orderCertificate', { params: { id: order.id } });
  saveBlob(blob, fileName ?? `certificate-${order.number}.pdf`.replace(/[^\w.-]+/g, '_'));
}

/**
 * The basic edition's order list (`/basic/orders`, seed 000 §2, §7 "Orders"): 10 per page, sorted
 * by date, with the filters, the monthly quota, the export of the filtered list and the actions on
 * an order (edit, alternatives, certificate, clone, status, cancel, delete). Read-only users see
 * the list, the alternatives and the certificates.
 */
export function OrdersPage() {
  const { t } = useTranslation(['orders', 'common']);
  const lang = currentLanguage();
  const me = useMe();
  const navigate = useNavigate();
  const masters = useMasters().data;
  const quota = useOrderQuota();
  const canCreate = can(me, 'createOrder');
  const canWrite = can(me, 'updateOrder');
  const list = useEntityList<OrderSummary, never, OrderFilterValues>({
    table: 'orders',
    pageSize: ORDER_PAGE_SIZE,
    sort: [{ field: 'date', sort: 'desc' }],
    filters: ORDER_FILTERS_OPEN,
    source: ({ status: _status, ...query }, filters) =>
      queryOptions('orders', {
        query: { ...query, ...orderListFilterQuery(filters) },
      }) as ListSource<OrderSummary>,
  });
  const [statusOf, setStatusOf] = useState<OrderSummary | null>(null);
  // Emissions in the table in kg throughout (the header names the unit), so rows compare at a glance.
  const kg = useCallback((value: number) => formatNumber(value, lang, 2), [lang]);
  const name = useCallback(
    (list: Parameters<typeof masterName>[1], id: string | null) => masterName(masters, list, id),
    [masters],
  );

  const clone = useApiMutation({
    mutate: (o: OrderSummary) => call('cloneOrder', { params: { id: o.id } }),
    invalidate: ORDER_QUERY_KEYS,
    success: (_copy, o) => t('list.notify.cloned', { number: o.number }),
  });
  // The quota may be reached since the list loaded: the refusal shows in the snackbar.
  const { runOrThrow: cloneOrder } = clone;
  const runClone = useCallback((o: OrderSummary) => void cloneOrder(o).catch(notifyError), [cloneOrder]);
  const cancel = useConfirmedWrite<OrderSummary>({
    mutate: (o) => call('changeOrderStatus', { params: { id: o.id }, body: { status: 'cancelled' } }),
    invalidate: ORDER_QUERY_KEYS,
    success: (_r, o) => t('list.notify.cancelled', { number: o.number }),
    confirm: (o) => ({
      title: t('list.cancelDialog.title'),
      text: t('list.cancelDialog.text', { number: o.number, client: o.client }),
      confirmLabel: t('list.actions.cancel'),
    }),
  });
  const remove = useConfirmedWrite<OrderSummary>({
    mutate: (o) => call('deleteOrder', { params: { id: o.id } }),
    invalidate: ORDER_QUERY_KEYS,
    success: (_r, o) => t('list.notify.deleted', { number: o.number }),
    confirm: (o) => ({
      title: t('list.deleteDialog.title'),
      text: t(o.position === 1 ? 'list.deleteDialog.textFirst' : 'list.deleteDialog.text', {
        number: o.number,
        client: o.client,
      }),
      confirmLabel: t('common:actions.delete'),
    }),
  });

  const { ask: askCancel } = cancel;
  const { ask: askRemove } = remove;

  const columns = useMemo<GridColDef<OrderSummary>[]>(
    () => [
      {
        field: 'number',
        headerName: t('common.orderNumber'),
        flex: 1,
        minWidth: 110,
        renderCell: ({ row }) => (
          <Box sx={{ py: 1, minWidth: 0 }} title={row.number}>
            <Typography variant="body2" sx={{ fontWeight: 600 }} noWrap>
              {row.number}
            </Typography>
            {(row.label || row.position > 1) && (
              <Box sx={{ display: 'flex', gap: 0.5, alignItems: 'center', flexWrap: 'wrap' }}>
                {row.position > 1 && (
                  <Chip
                    size="small"
                    variant="outlined"
                    label={t('list.alternative', { position: row.position })}
                    data-testid="order-alternative-marker"
                  />
                )}
                {row.isAutoAlternative && (
                  <Chip size="small" variant="outlined" color="secondary" label={t('list.auto')} />
                )}
                {row.label && (
                  <Typography variant="caption" color="text.secondary" noWrap>
                    {row.label}
                  </Typography>
                )}
              </Box>
            )}
          </Box>
        ),
      },
      { field: 'client', headerName: t('common.client'), flex: 1, minWidth: 90 },
      {
        field: 'date',
        headerName: t('common.date'),
        width: 100,
        valueGetter: (_v, row) => formatDay(row.date, lang),
      },
      {
        field: 'freightType',
        headerName: t('common.cargo'),
        flex: 1,
        minWidth: 110,
        sortable: false,
        renderCell: ({ row }) => (
          <Box sx={{ py: 1, minWidth: 0 }} title={name('cargo', row.cargoType)}>
            <Typography variant="body2" noWrap>
              {name('freightType', row.freightType)}
              {row.containerSpec ? ` ${row.containerSpec}` : ''}
            </Typography>
            <Typography variant="caption" color="text.secondary" noWrap component="div">
              {`${formatNumber(row.grossWeight, lang, row.grossWeightUnit === 't' ? 2 : 0)} ${row.grossWeightUnit}`}{' '}
              · {name('cargo', row.cargoType)}
            </Typography>
          </Box>
        ),
      },
      {
        field: 'modes',
        headerName: t('common.modes'),
        width: 98,
        sortable: false,
        renderCell: ({ row }) => <OrderListModes modes={row.modes} name={(m) => name('transportMode', m)} />,
      },
      {
        field: 'co2Wtw',
        headerName: t('list.columns.co2Wtw'),
        width: 100,
        align: 'right',
        headerAlign: 'right',
        valueGetter: (_v, row) => kg(row.co2Wtw),
      },
      {
        field: 'tkm',
        headerName: t('list.columns.tkm'),
        width: 85,
        sortable: false,
        align: 'right',
        headerAlign: 'right',
        valueGetter: (_v, row) => formatNumber(row.tkm, lang, 1),
      },
      {
        field: 'intensity',
        headerName: t('list.columns.intensity'),
        width: 97,
        sortable: false,
        align: 'right',
        headerAlign: 'right',
        valueGetter: (_v, row) => formatNumber(row.intensity, lang, 1),
      },
      {
        field: 'co2Ttw',
        headerName: t('list.columns.co2Ttw'),
        width: 120,
        sortable: false,
        align: 'right',
        headerAlign: 'right',
        valueGetter: (_v, row) => kg(row.co2Ttw),
      },
      {
        field: 'co2Wtt',
        headerName: t('list.columns.co2Wtt'),
        width: 120,
        sortable: false,
        align: 'right',
        headerAlign: 'right',
        valueGetter: (_v, row) => kg(row.co2Wtt),
      },
      {
        field: 'status',
        headerName: t('common.status'),
        width: 140,
        renderCell: ({ row }) => (
          <Chip
            size="small"
            {...STATUS_CHIPS[row.status]}
            label={masters ? name('orderStatus', row.status) : t(`status.${row.status}`)}
            data-testid="order-status"
          />
        ),
      },
      {
        field: 'createdAt',
        headerName: t('list.columns.createdAt'),
        width: 110,
        valueGetter: (_v, row) => formatDay(row.createdAt, lang),
      },
    ],
    [t, lang, masters, kg, name],
  );

  const rowActions = useMemo(
    () => ({
      header: t('list.columns.actions'),
      width: canWrite ? 115 : 85,
      moreAria: (o: OrderSummary) => t('list.actions.moreAria', { number: o.number }),
      actions: (o: OrderSummary): RowAction[] => [
        ...(canWrite
          ? [
              editAction(
                t('list.actions.editAria', { number: o.number }),
                () => void navigate({ to: '/basic/orders/edit/$id', params: { id: o.id } }),
              ),
            ]
          : []),
        {
          key: 'alternatives',
          label: t('list.actions.alternatives'),
          aria: t('list.actions.alternativesAria', { number: o.number }),
          icon: <AltRouteOutlined fontSize="small" />,
          onClick: () => void navigate({ to: '/basic/orders/$id/alternatives', params: { id: o.id } }),
          testId: 'order-alternatives',
        },
        {
          key: 'certificate',
          label: t('list.actions.certificate'),
          aria: t('list.actions.certificateAria', { number: o.number }),
          icon: <PictureAsPdfOutlined fontSize="small" />,
          onClick: () =>
            void downloadCertificate(o).then(
              () => notify(t('list.notify.certificate', { number: o.number })),
              notifyError,
            ),
          inMenu: true,
          testId: 'order-certificate',
        },
        ...(canWrite
          ? [
              {
                key: 'clone',
                label: t('list.actions.clone'),
                icon: <ContentCopyOutlined fontSize="small" />,
                onClick: () => runClone(o),
                inMenu: true,
                // A copy is a new order of the month (seed 000 §9 quota).
                disabled: quota.reached || clone.busy,
                testId: 'order-clone',
              },
              {
                key: 'status',
                label: t('list.actions.status'),
                icon: <SyncAltOutlined fontSize="small" />,
                onClick: () => setStatusOf(o),
                inMenu: true,
                testId: 'order-change-status',
              },
              ...(o.status === 'cancelled'
                ? []
                : [
                    {
                      key: 'cancel',
                      label: t('list.actions.cancel'),
                      icon: <BlockOutlined fontSize="small" />,
                      onClick: () => askCancel(o),
                      inMenu: true,
                      testId: 'order-cancel',
                    },
                  ]),
              { ...deleteAction(() => askRemove(o), { inMenu: true }), testId: 'order-delete' },
            ]
          : []),
      ],
    }),
    [t, canWrite, quota.reached, clone.busy, navigate, runClone, askCancel, askRemove],
  );

  const createButton = canCreate && (
    <CreateButton
      label={t('list.create')}
      onClick={() => void navigate({ to: '/basic/orders/new' })}
      disabled={quota.reached}
      testId="order-create"
    />
  );

  return (
    <EntityListPage
      list={list}
      title={t('list.title')}
      subtitle={t('list.subtitle')}
      actions={
        <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
          <OrderQuota show="counter" />
          <ExportListButton
            label={t('list.export')}
            download={() =>
              call('exportOrders', {
                query: {
                  ...orderListFilterQuery(list.appliedFilters),
                  search: list.filter.search,
                  ...Object.fromEntries(
                    Object.entries(list.state.query).filter(([k]) => k.startsWith('order[')),
                  ),
                },
              })
            }
            testId="order-export"
          />
          {createButton}
        </Box>
      }
      banner={
        <>
          {canCreate && <OrderQuota show="reached" />}
          {!canWrite && (
            <Alert severity="info" sx={{ mb: 2 }} data-testid="orders-read-only">
              {t('list.readOnly')}
            </Alert>
          )}
        </>
      }
      search={{ label: t('list.search') }}
      filters={<OrderListFilters values={list.filters} onChange={list.setFilter} alternatives />}
      label={t('list.tableLabel')}
      testId="order-table"
      columns={columns}
      rowActions={rowActions}
      hiddenByDefault={['co2Ttw', 'co2Wtt', 'createdAt']}
      empty={<TableEmpty title={t('list.noMatch.title')} text={t('list.noMatch.text')} />}
      blank={
        <Box
          data-testid="orders-blank"
          sx={{
            bgcolor: 'background.paper',
            border: 1,
            borderColor: 'divider',
            borderRadius: 3,
            py: 6,
            px: 3,
            display: 'grid',
            justifyItems: 'center',
            gap: 1.5,
            textAlign: 'center',
          }}
        >
          <Typography variant="h3">{t('list.blank.title')}</Typography>
          <Typography color="text.secondary" sx={{ maxWidth: 620 }}>
            {t(canCreate ? 'list.blank.text' : 'list.blank.readOnly')}
          </Typography>
          {canCreate && (
            <Box
              component="ol"
              sx={{ textAlign: 'left', color: 'text.secondary', m: 0, pl: 3, maxWidth: 620 }}
            >
              <li>{t('list.blank.step1')}</li>
              <li>{t('list.blank.step2')}</li>
              <li>{t('list.blank.step3')}</li>
            </Box>
          )}
          {createButton}
        </Box>
      }
    >
      {statusOf && <OrderListStatusDialog order={statusOf} onClose={() => setStatusOf(null)} />}
      {cancel.dialog}
      {remove.dialog}
    </EntityListPage>
  );
}
