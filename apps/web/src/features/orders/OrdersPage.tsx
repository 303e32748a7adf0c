import { type ReactNode, useCallback, useMemo, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import AltRouteOutlined from '@mui/icons-material/AltRouteOutlined';
import BlockOutlined from '@mui/icons-material/BlockOutlined';
import ContentCopyOutlined from '@mui/icons-material/ContentCopyOutlined';
import PictureAsPdfOutlined from '@mui/icons-material/PictureAsPdfOutlined';
import SyncAltOutlined from '@mui/icons-material/SyncAltOutlined';
import { useNavigate } from '@tanstack/react-router';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { ORDER_PAGE_SIZE, type OrderSummary } from '@klimadesk/contract/orders/schemas';
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
  type EntityList,
  type ListSource,
  type RowAction,
} from '../../components/EntityListPage.tsx';
import { notifyError } from '../../components/errors.ts';
import { saveBlob } from '../../components/files.ts';
import { formatNumber } from '../../components/format.ts';
import { notify } from '../../components/notify.ts';
import { useApiMutation } from '../../components/useApiMutation.ts';
import {
  ORDER_FILTERS_OPEN,
  OrderListFilters,
  orderListFilterQuery,
  type OrderFilterValues,
} from './OrderListFilters.tsx';
import { OrderListStatusDialog } from './OrderListStatusDialog.tsx';
import { OrderQuota } from './OrderQuota.tsx';
import { orderColumns } from './orderListColumns.tsx';
import { ORDER_QUERY_KEYS, masterName, useMasters, useOrderQuota } from './orderQueries.ts';

/** Fetches the order's emission certificate (PDF in the UI language) and saves it. */
async function downloadCertificate(order: OrderSummary): Promise<void> {
  const { blob, fileName } = await callFile('orderCertificate', { params: { id: order.id } });
  saveBlob(blob, fileName ?? `certificate-${order.number}.pdf`.replace(/[^\w.-]+/g, '_'));
}

type OrderList = EntityList<OrderSummary, never, OrderFilterValues>;

/** What the row actions of an order do. */
type OrderActionHandlers = {
  canWrite: boolean;
  /** A copy is a new order of the month (seed 000 §9 quota). */
  cloneDisabled: boolean;
  navigate: ReturnType<typeof useNavigate>;
  clone: (o: OrderSummary) => void;
  changeStatus: (o: OrderSummary) => void;
  cancel: (o: OrderSummary) => void;
  remove: (o: OrderSummary) => void;
};

/** The actions on an order: edit, alternatives and certificate; clone, status, cancel and delete in the menu. */
function orderActions(t: TFunction, o: OrderSummary, h: OrderActionHandlers): RowAction[] {
  return [
    ...(h.canWrite
      ? [
          editAction(
            t('list.actions.editAria', { number: o.number }),
            () => void h.navigate({ to: '/basic/orders/edit/$id', params: { id: o.id } }),
          ),
        ]
      : []),
    {
      key: 'alternatives',
      label: t('list.actions.alternatives'),
      aria: t('list.actions.alternativesAria', { number: o.number }),
      icon: <AltRouteOutlined fontSize="small" />,
      onClick: () => void h.navigate({ to: '/basic/orders/$id/alternatives', params: { id: o.id } }),
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
    ...(h.canWrite
      ? [
          {
            key: 'clone',
            label: t('list.actions.clone'),
            icon: <ContentCopyOutlined fontSize="small" />,
            onClick: () => h.clone(o),
            inMenu: true,
            disabled: h.cloneDisabled,
            testId: 'order-clone',
          },
          {
            key: 'status',
            label: t('list.actions.status'),
            icon: <SyncAltOutlined fontSize="small" />,
            onClick: () => h.changeStatus(o),
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
                  onClick: () => h.cancel(o),
                  inMenu: true,
                  testId: 'order-cancel',
                },
              ]),
          { ...deleteAction(() => h.remove(o), { inMenu: true }), testId: 'order-delete' },
        ]
      : []),
  ];
}

/** The writes on a listed order: clone, and cancel and delete after a confirmation. */
function useOrderWrites() {
  const { t } = useTranslation(['orders', 'common']);
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
  return { cloneBusy: clone.busy, runClone, cancel, remove };
}

/** The row actions of the order list and the dialogs they open (status, cancel, delete). */
function useOrderRowActions(canWrite: boolean, quotaReached: boolean) {
  const { t } = useTranslation(['orders', 'common']);
  const navigate = useNavigate();
  const [statusOf, setStatusOf] = useState<OrderSummary | null>(null);
  const { cloneBusy, runClone, cancel, remove } = useOrderWrites();
  const { ask: askCancel } = cancel;
  const { ask: askRemove } = remove;

  const rowActions = useMemo(
    () => ({
      header: t('list.columns.actions'),
      width: canWrite ? 115 : 85,
      moreAria: (o: OrderSummary) => t('list.actions.moreAria', { number: o.number }),
      actions: (o: OrderSummary): RowAction[] =>
        orderActions(t, o, {
          canWrite,
          cloneDisabled: quotaReached || cloneBusy,
          navigate,
          clone: runClone,
          changeStatus: setStatusOf,
          cancel: askCancel,
          remove: askRemove,
        }),
    }),
    [t, canWrite, quotaReached, cloneBusy, navigate, runClone, askCancel, askRemove],
  );
  const dialogs = (
    <>
      {statusOf && <OrderListStatusDialog order={statusOf} onClose={() => setStatusOf(null)} />}
      {cancel.dialog}
      {remove.dialog}
    </>
  );
  return { rowActions, dialogs };
}

/** The list of orders, 10 a page by date, filtered on the server. */
function useOrderList(): OrderList {
  return useEntityList<OrderSummary, never, OrderFilterValues>({
    table: 'orders',
    pageSize: ORDER_PAGE_SIZE,
    sort: [{ field: 'date', sort: 'desc' }],
    filters: ORDER_FILTERS_OPEN,
    source: ({ status: _status, ...query }, filters) =>
      queryOptions('orders', {
        query: { ...query, ...orderListFilterQuery(filters) },
      }) as ListSource<OrderSummary>,
  });
}

/** The header's quota counter, the export of the filtered list and the create button. */
function OrdersHeaderActions({ list, createButton }: { list: OrderList; createButton: ReactNode }) {
  const { t } = useTranslation('orders');
  return (
    <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
      <OrderQuota show="counter" />
      <ExportListButton
        label={t('list.export')}
        download={() =>
          call('exportOrders', {
            query: {
              ...orderListFilterQuery(list.appliedFilters),
              search: list.filter.search,
              ...Object.fromEntries(Object.entries(list.state.query).filter(([k]) => k.startsWith('order['))),
            },
          })
        }
        testId="order-export"
      />
      {createButton}
    </Box>
  );
}

/** What shows instead of the table while the company has no order yet. */
function OrdersBlank({ canCreate, createButton }: { canCreate: boolean; createButton: ReactNode }) {
  const { t } = useTranslation('orders');
  return (
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
        <Box component="ol" sx={{ textAlign: 'left', color: 'text.secondary', m: 0, pl: 3, maxWidth: 620 }}>
          <li>{t('list.blank.step1')}</li>
          <li>{t('list.blank.step2')}</li>
          <li>{t('list.blank.step3')}</li>
        </Box>
      )}
      {createButton}
    </Box>
  );
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
  const list = useOrderList();
  const { rowActions, dialogs } = useOrderRowActions(canWrite, quota.reached);
  // Emissions in the table in kg throughout (the header names the unit), so rows compare at a glance.
  const kg = useCallback((value: number) => formatNumber(value, lang, 2), [lang]);
  const name = useCallback(
    (list: Parameters<typeof masterName>[1], id: string | null) => masterName(masters, list, id),
    [masters],
  );
  const columns = useMemo(() => orderColumns(t, lang, masters, kg, name), [t, lang, masters, kg, name]);

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
      actions={<OrdersHeaderActions list={list} createButton={createButton} />}
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
      blank={<OrdersBlank canCreate={canCreate} createButton={createButton} />}
    >
      {dialogs}
    </EntityListPage>
  );
}
