import { useMemo, useState } from 'react';
import EventBusyOutlined from '@mui/icons-material/EventBusyOutlined';
import type { GridColDef } from '@mui/x-data-grid';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { Language } from '@klimadesk/contract/constants';
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

/** A column of the booking the server does not sort by. */
function textColumn(
  field: string,
  headerName: string,
  width: number,
  value: (row: TariffBooking) => string,
): GridColDef<TariffBooking> {
  return { field, headerName, width, sortable: false, valueGetter: (_v, row) => value(row) };
}

/** The booking's term: begin and end, minimum term and the years it covers. */
function termColumns(t: TFunction, lang: Language): GridColDef<TariffBooking>[] {
  return [
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
    textColumn('minimumTerm', t('columns.minimumTerm'), 140, (row) =>
      row.minimumTerm ? t('columns.months', { count: row.minimumTerm }) : '–',
    ),
    textColumn('years', t('columns.years'), 140, (row) =>
      row.minimumBaseYear || row.maximumReportYear
        ? `${row.minimumBaseYear ?? '…'}–${row.maximumReportYear ?? '…'}`
        : '–',
    ),
  ];
}

/** Company (platform admin), tariff, module, type, state and period, then the term. */
function bookingColumns(t: TFunction, lang: Language, withCompany: boolean): GridColDef<TariffBooking>[] {
  return [
    ...(withCompany
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
    textColumn('module', t('columns.module'), 190, (row) => t(`modules.${row.tariff.module}`)),
    textColumn(
      'type',
      t('columns.type'),
      140,
      (row) => t(`types.${row.type}`) + (row.tariff.isFreeOfCharge ? ` · ${t('columns.free')}` : ''),
    ),
    {
      field: 'state',
      headerName: t('columns.state'),
      width: 130,
      sortable: false,
      renderCell: ({ row }) => <BookingStateChip state={row.state} />,
    },
    textColumn('period', t('columns.period'), 130, (row) => (row.period ? t(`periods.${row.period}`) : '–')),
    ...termColumns(t, lang),
  ];
}

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

  const columns = useMemo(() => bookingColumns(t, lang, canCancel), [t, lang, canCancel]);

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
