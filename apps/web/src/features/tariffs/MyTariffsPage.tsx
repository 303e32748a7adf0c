import { useMemo, useState } from 'react';
import EventBusyOutlined from '@mui/icons-material/EventBusyOutlined';
import type { GridColDef } from '@mui/x-data-grid';
import { useTranslation } from 'react-i18next';
import type { ModuleCode } from '@klimadesk/contract/platform/roles';
import type { TariffBooking } from '@klimadesk/contract/tariffs/schemas';
import { can, queryOptions } from '../../app/client.ts';
import { useMe } from '../../app/useMe.ts';
import {
  EntityListPage,
  useEntityList,
  type ListSource,
  type RowAction,
} from '../../components/EntityListPage.tsx';
import { CancelBookingDialog } from './BookingDialogs.tsx';
import { BookingStateChip } from './BookingState.tsx';
import { formatDay } from './tariffsFormat.ts';

/**
 * "My tariffs" (`/invoicing/tariffs`): the company's bookings with state, period and dates, by end
 * date. The platform admin sees every company's bookings here and may cancel them.
 */
export function MyTariffsPage({ module }: { module?: ModuleCode } = {}) {
  const { t, i18n } = useTranslation(['tariffs', 'common']);
  const lang = i18n.language === 'en' ? 'en' : 'de';
  const me = useMe();
  const canCancel = can(me, 'cancelTariffBooking');
  const list = useEntityList<TariffBooking>({
    table: module ? `tariff-bookings-${module}` : 'tariff-bookings',
    sort: [{ field: 'endDate', sort: 'asc' }],
    source: ({ search: _search, status: _status, ...query }) =>
      queryOptions('tariffBookings', {
        query: { ...query, locale: lang, ...(module ? { module } : {}) },
      }) as ListSource<TariffBooking>,
  });
  const [cancel, setCancel] = useState<TariffBooking | null>(null);

  const columns = useMemo<GridColDef<TariffBooking>[]>(
    () => [
      ...(canCancel
        ? [
            {
              field: 'company',
              headerName: t('columns.company'),
              flex: 1,
              minWidth: 160,
              sortable: false,
              valueGetter: (_v: unknown, row: TariffBooking) => row.company.name,
            },
          ]
        : []),
      {
        field: 'tariff',
        headerName: t('columns.tariff'),
        flex: 1,
        minWidth: 180,
        sortable: false,
        valueGetter: (_v, row) => row.tariff.name,
      },
      {
        field: 'module',
        headerName: t('columns.module'),
        width: 190,
        sortable: false,
        valueGetter: (_v, row) => t(`modules.${row.tariff.module}`),
      },
      {
        field: 'type',
        headerName: t('columns.type'),
        width: 140,
        sortable: false,
        valueGetter: (_v, row) =>
          t(`types.${row.type}`) + (row.tariff.isFreeOfCharge ? ` · ${t('columns.free')}` : ''),
      },
      {
        field: 'state',
        headerName: t('columns.state'),
        width: 130,
        sortable: false,
        renderCell: ({ row }) => <BookingStateChip state={row.state} />,
      },
      {
        field: 'period',
        headerName: t('columns.period'),
        width: 130,
        sortable: false,
        valueGetter: (_v, row) => (row.period ? t(`periods.${row.period}`) : '–'),
      },
      {
        field: 'beginDate',
        headerName: t('columns.beginDate'),
        width: 120,
        valueGetter: (_v, row) => formatDay(row.beginDate, lang),
      },
      {
        field: 'endDate',
        headerName: t('columns.endDate'),
        width: 120,
        valueGetter: (_v, row) => formatDay(row.endDate, lang),
      },
      {
        field: 'minimumTerm',
        headerName: t('columns.minimumTerm'),
        width: 140,
        sortable: false,
        valueGetter: (_v, row) => (row.minimumTerm ? t('columns.months', { count: row.minimumTerm }) : '–'),
      },
      {
        field: 'years',
        headerName: t('columns.years'),
        width: 140,
        sortable: false,
        valueGetter: (_v, row) =>
          row.minimumBaseYear || row.maximumReportYear
            ? `${row.minimumBaseYear ?? '…'}–${row.maximumReportYear ?? '…'}`
            : '–',
      },
    ],
    [t, lang, canCancel],
  );

  const rowActions = useMemo(
    () =>
      canCancel
        ? {
            header: t('columns.actions'),
            actions: (row: TariffBooking): RowAction[] =>
              row.state === 'expired'
                ? []
                : [
                    {
                      key: 'cancel',
                      label: t('companyDialog.cancel'),
                      aria: t('companyDialog.cancelAria', { tariff: row.tariff.name }),
                      icon: <EventBusyOutlined fontSize="small" />,
                      onClick: () => setCancel(row),
                    },
                  ],
          }
        : undefined,
    [t, canCancel],
  );

  return (
    <EntityListPage
      list={list}
      title={t(module ? 'myTariffs.cfcTitle' : 'myTariffs.title')}
      subtitle={t('myTariffs.subtitle')}
      label={t('myTariffs.tableLabel')}
      testId="tariff-bookings-table"
      columns={columns}
      rowActions={rowActions}
      hiddenByDefault={['years']}
    >
      {cancel && (
        <CancelBookingDialog company={cancel.company} booking={cancel} onClose={() => setCancel(null)} />
      )}
    </EntityListPage>
  );
}
